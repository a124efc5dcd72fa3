import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

@Suite("Exact pitch, heard", .serialized)
struct ExactPitchRenderingTests {
  /// Twenty overlapping notes of 1.5 s at fractional pitches, six or seven at once, rendered with a
  /// buffer per synth channel: in the middle of every note, its channel sounds at the note's exact
  /// pitch within 5 cents, while the other notes sound on theirs.
  @Test func everyOverlappingNoteHoldsItsPitch() throws {
    let length = Axis.numeric(NumericAxis(title: "Length", range: 0...1))
    let points = (0..<20).map { index in
      DataPoint(
        x: .number(Double(index) / 4), y: 10 + Double(index * 37 % 80) + 0.37,
        additionalValues: [.number(1)])
    }
    let chart = ChartDescriptor(
      title: "Chord", xAxis: .numeric(NumericAxis(title: "X", range: 0...10)),
      yAxis: NumericAxis(title: "Y", range: 0...100), additionalAxes: [length],
      series: [DataSeries(name: "S", isContinuous: false, dataPoints: points)])
    var options = SonificationOptions()
    options.scale = .exact
    options.durationRange = 1.5...1.5
    options.programs = ["S": 73]  // a flute: a clear fundamental
    let score = try ChartMapper(options: options).makeScore(for: chart)
    var performance = Performance(score: score)
    let channels = score.tracks[0].memberChannels.map { Int($0.value) }
    performance.stems = channels.map { Performance.Stem(name: "channel \($0)", channels: [$0]) }
    var render = RenderOptions()
    render.rendersStems = true
    let rendering = try FluidSynthRenderer(soundFont: try soundFont(), options: render)
      .render(performance)
    // The notes, from the score: onset, channel, exact pitch.
    var checked = 0
    for event in score.tracks[0].events {
      guard case .noteOn = event.message, let channel = event.channel else { continue }
      let point = points[Int((event.time * 4).rounded())]
      let exact = 48 + point.y! / 100 * 36
      let stem = try #require(rendering.stems.first { $0.name == "channel \(channel.value)" })
      let middle = Int((event.time + 0.75) * Double(rendering.sampleRate))
      let window = stem.audio.left[(middle - 2205)..<(middle + 2205)]
      let measured = fundamental(window, sampleRate: rendering.sampleRate)
      let cents = 1200 * log2(measured / (440 * pow(2, (exact - 69) / 12)))
      #expect(abs(cents) < 5, "note at \(event.time) s on channel \(channel.value): \(cents) cents")
      checked += 1
    }
    #expect(checked == 20)
  }
}
