import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

@Suite("Glides keep sounding", .serialized)
struct GlideAudibilityTests {
  /// One continuous series per program of the default palette, decaying ones among them, each a
  /// slow wave over 10 s: every stem sounds in every 100 ms from the first point to the last.
  @Test func everyPaletteProgramSoundsFromTheFirstPointToTheLast() throws {
    let series = Instruments.palette.enumerated().map { index, _ in
      DataSeries(
        name: "P\(index)", isContinuous: true,
        dataPoints: (0...40).map { step in
          let x = Double(step) / 4
          // Within a semitone of its start: no new note for the bend range.
          return DataPoint(x: .number(x), y: 50 + 2 * sin(x + Double(index)))
        })
    }
    let chart = ChartDescriptor(
      title: "Palette", xAxis: .numeric(NumericAxis(title: "X", range: 0...10)),
      yAxis: NumericAxis(title: "Y", range: 0...100), series: series)
    var options = SonificationOptions()
    for (index, program) in Instruments.palette.enumerated() {
      options.programs["P\(index)"] = Int(program.value)
    }
    let score = try ChartMapper(options: options).makeScore(for: chart)
    #expect(score.tracks.map(\.program) == Instruments.palette)
    var render = RenderOptions()
    render.rendersStems = true
    // Peak-normalised, the level the threshold below is set for.
    render.loudness = nil
    let rendering = try FluidSynthRenderer(soundFont: try soundFont(), options: render)
      .render(Performance(score: score))
    let window = rendering.sampleRate / 10
    for (stem, program) in zip(rendering.stems, Instruments.palette) {
      let quiet = stride(from: 0, to: 10 * rendering.sampleRate - window, by: window).filter {
        rms(stem.audio.left, from: $0, to: $0 + window) < 1e-3
      }
      #expect(
        quiet.isEmpty,
        "\(stem.name), program \(program) (\(Instruments.name(of: program))): quiet from \(quiet.first.map { Double($0) / Double(rendering.sampleRate) } ?? 0) s"
      )
    }
  }
}
