import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// A glide sounds each point's pitch at the time the timeline gives for that point, which is
/// where captions, markers and questions place it.
@Suite("a glide reaches each point at its time")
struct GlideTimingTests {
  @Test func thePeakSoundsAtItsTimeInTheTimeline() throws {
    let chart = try ChartDescriptor(contentsOf: example("birth-rate"))
    let score = try ChartMapper().makeScore(for: chart)
    let index = try #require(chart.series[0].dataPoints.firstIndex { $0.y == 268 })
    let time = try #require(score.timeline.time(ofPoint: index, inSeries: 0))
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let glide = PitchInterpreter.reading(file.tracks[1]).glidePitches
    let atPeak = try #require(glide.first { abs($0.time - time) < 1e-6 })
    // 268 on the y axis 100...300, over the default notes 48...84, to a cent.
    let expected: Double = 48 + (268.0 - 100) / 200 * 36
    #expect(abs(atPeak.pitch - expected) * 100 < 1)
  }
}
