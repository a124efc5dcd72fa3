import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

/// What the context sounds are heard as: earcons that rise and fall, and a soft noise in a gap.
@Suite("Earcons and gap noise, rendered", .serialized)
struct ContextSoundTests {
  /// A slow wave over 0...10 s with no data from 3 to 5 s: it falls through 50 at 1.7 s and
  /// rises through it at 5.7 s (the first value after the gap, 5 s, is below 50).
  static let chart: ChartDescriptor = {
    let points = (0...100).map { step -> DataPoint in
      let x = Double(step) / 10
      return DataPoint(
        x: .number(x), y: (30..<50).contains(step) ? nil : 50 + 40 * sin(2 * .pi * (x + 0.3) / 4))
    }
    return ChartDescriptor(
      title: "Wave", xAxis: .numeric(NumericAxis(title: "X", range: 0...10)),
      yAxis: NumericAxis(title: "Y", range: 0...100),
      series: [DataSeries(name: "Wave", isContinuous: true, dataPoints: points)])
  }()

  static func render() throws -> (Score, Rendering) {
    let options = try SonificationOptions().applying([
      .commandLine(.thresholds, ["50"], flag: "--threshold"),
      .commandLine(.gaps, ["noise"], flag: "--gaps"),
    ])
    let score = try ChartMapper(options: options).makeScore(for: chart)
    var render = RenderOptions()
    render.rendersStems = true
    return (
      score,
      try FluidSynthRenderer(soundFont: try soundFont(), options: render)
        .render(Performance(score: score, stemsBy: .track))
    )
  }

  @Test func aRiseSoundsRisingAndAFallFalling() throws {
    let (score, rendering) = try Self.render()
    let context = try #require(rendering.stems.first { $0.name == "Thresholds" }).audio.left
    let rate = rendering.sampleRate
    func pitchChange(at time: Double) -> (start: Double, end: Double) {
      let onset = Int(time * Double(rate))
      // Two 35 ms windows of the 120 ms chirp (longer than the 20 ms longest period searched).
      let early = fundamental(context[(onset + rate / 200)..<(onset + rate / 25)], sampleRate: rate)
      let late = fundamental(
        context[(onset + rate * 7 / 100)..<(onset + rate * 105 / 1000)], sampleRate: rate)
      return (early, late)
    }
    // The earcons the score plays: a high wood block (76) for a rise, a low one (77) for a fall.
    let crossings = try #require(score.tracks.first { $0.isPercussion }).events.compactMap {
      event -> (time: Double, rising: Bool)? in
      guard case .noteOn(let note, _) = event.message, [76, 77].contains(note.value) else {
        return nil
      }
      return (event.time, note.value == 76)
    }
    #expect(crossings.map { $0.rising } == [false, true, false, true, false])
    for crossing in crossings {
      let (start, end) = pitchChange(at: crossing.time)
      // The chirps glide a fifth: over a fourth of it between the two windows.
      if crossing.rising {
        #expect(end > start * 1.1, "rise at \(crossing.time): \(start) Hz to \(end) Hz")
      } else {
        #expect(end < start / 1.1, "fall at \(crossing.time): \(start) Hz to \(end) Hz")
      }
    }
    // Between the earcons the context stem is silent.
    #expect(rms(context, from: rate * 2, to: rate * 3) < 1e-4)
  }

  @Test func aGapIsHeardAsSoftNoiseAndOnlyThere() throws {
    let (_, rendering) = try Self.render()
    let rate = rendering.sampleRate
    let gaps = try #require(rendering.stems.first { $0.name == "Wave gaps" }).audio.left
    let wave = try #require(rendering.stems.first { $0.name == "Wave" }).audio.left
    // Sound in every 100 ms of the gap (after the attack), none before it or once released.
    let windows = stride(from: 3.1, to: 4.9, by: 0.1).map { Int($0 * Double(rate)) }
    #expect(windows.allSatisfy { rms(gaps, from: $0, to: $0 + rate / 10) > 1e-3 })
    #expect(rms(gaps, from: 0, to: rate * 3) == 0)
    #expect(rms(gaps, from: Int(5.5 * Double(rate)), to: rate * 10) < 1e-5)
    // Soft: at least 10 dB under the series where it plays.
    let noise = rms(gaps, from: Int(3.2 * Double(rate)), to: Int(4.8 * Double(rate)))
    let tone = rms(wave, from: rate * 6, to: rate * 8)
    #expect(20 * log10(tone / noise) > 10, "noise \(noise), tone \(tone)")
    // And the series itself is silent in its gap, as without the option.
    #expect(rms(wave, from: Int(3.5 * Double(rate)), to: Int(4.9 * Double(rate))) < 1e-4)
  }

  @Test func ticksAndEarconsEachHaveAStemOfTheirOwn() throws {
    // The wave with gridlines every 2 s: ticks at 0, 2, ... 10 s.
    var chart = Self.chart
    chart.xAxis = .numeric(
      NumericAxis(title: "X", range: 0...10, gridlinePositions: [0, 2, 4, 6, 8, 10]))
    let options = try SonificationOptions().applying([
      .commandLine(.thresholds, ["50"], flag: "--threshold")
    ])
    let score = try ChartMapper(options: options).makeScore(for: chart)
    #expect(score.tracks.filter(\.isPercussion).map(\.name) == ["Gridlines", "Thresholds"])
    var render = RenderOptions()
    render.rendersStems = true
    let rendering = try FluidSynthRenderer(soundFont: try soundFont(), options: render)
      .render(Performance(score: score))
    #expect(rendering.stems.map(\.name) == ["Wave", "Gridlines", "Thresholds"])
    let rate = rendering.sampleRate
    let ticks = try #require(rendering.stems.first { $0.name == "Gridlines" }).audio.left
    let earcons = try #require(rendering.stems.first { $0.name == "Thresholds" }).audio.left
    func loudness(_ audio: [Float], at time: Double) -> Double {
      rms(audio, from: Int(time * Double(rate)), to: Int((time + 0.05) * Double(rate)))
    }
    // Each stem sounds at its own times and is silent at the other's.
    let crossings = try #require(score.tracks.last).events.compactMap { event -> Double? in
      if case .noteOn = event.message { event.time } else { nil }
    }
    #expect(crossings.count >= 3)
    for tick in [2.0, 4, 6, 8] where crossings.allSatisfy({ abs($0 - tick) > 0.5 }) {
      #expect(loudness(ticks, at: tick) > 1e-4, "tick at \(tick) s")
      #expect(loudness(earcons, at: tick) < 1e-6, "earcon stem at \(tick) s")
    }
    for crossing in crossings {
      #expect(loudness(earcons, at: crossing) > 1e-4, "earcon at \(crossing) s")
      #expect(loudness(ticks, at: crossing) < 1e-6, "tick stem at \(crossing) s")
    }
  }
}
