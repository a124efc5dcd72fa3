import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// The earcons of the context track: where a series crosses a line, read back from the file.
private func earcons(_ file: MIDIFile) -> [(track: Int, time: Double, key: UInt8)] {
  file.tracks.enumerated().flatMap { number, track in
    track.events.compactMap { event -> (Int, Double, UInt8)? in
      guard case (let channel, .noteOn(let note, _))? = event.channelMessage,
        channel == .percussion, note.value == 76 || note.value == 77
      else { return nil }
      return (number, event.seconds, note.value)
    }
  }
}

private func thresholds(_ texts: [String]) throws -> SonificationOptions {
  try SonificationOptions().applying([.commandLine(.thresholds, texts, flag: "--threshold")])
}

@Suite("Threshold crossings and gaps you can hear")
struct ThresholdTests {
  /// y = 50 + 40 sin(2π (x + 0.3) / 4) over 0...10, a point every 50 ms: it crosses 50 where
  /// x + 0.3 is a multiple of 2, falling at 1.7, 5.7, 9.7 and rising at 3.7, 7.7.
  static let wave = simpleChart(
    points: (0...200).map { step in
      let x = Double(step) / 20
      return DataPoint(x: .number(x), y: 50 + 40 * sin(2 * .pi * (x + 0.3) / 4))
    }, isContinuous: true)

  @Test func aSineLikeSeriesCrossesWhereItsPitchDoes() throws {
    let score = try ChartMapper(options: try thresholds(["50:zero line"])).makeScore(
      for: Self.wave)
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let found = earcons(file)
    let expected: [(Double, UInt8)] = [(1.7, 77), (3.7, 76), (5.7, 77), (7.7, 76), (9.7, 77)]
    #expect(found.count == expected.count)
    for (earcon, (time, key)) in zip(found, expected) {
      // Within a tick and the interpolation of a sine between points 50 ms apart.
      #expect(abs(earcon.time - time) < 0.002, "\(earcon.time) for \(time)")
      #expect(earcon.key == key)
    }
    // On a track of their own, which plays only them: the chart has no gridlines.
    let context = try #require(file.tracks.firstIndex { $0.name == "Thresholds" })
    #expect(found.allSatisfy { $0.track == context })
    #expect(score.tracks.filter(\.isPercussion).map(\.name) == ["Thresholds"])
    #expect(score.tracks.first { $0.isPercussion }?.noteCount == expected.count)
    // A marker says which line, which way.
    let markers = file.tracks[0].events.compactMap { event -> String? in
      event.isMeta(.marker) ? event.metaData.map { String(decoding: $0, as: UTF8.self) } : nil
    }
    #expect(markers.filter { $0 == "S falls below zero line (50)" }.count == 3)
    #expect(markers.filter { $0 == "S rises above zero line (50)" }.count == 2)
  }

  @Test func aSeriesThatNeverCrossesPlaysNoEarcon() throws {
    let chart = simpleChart(
      points: (0...100).map { DataPoint(x: .number(Double($0) / 10), y: 60 + Double($0 % 7)) })
    let score = try ChartMapper(options: try thresholds(["50", "mean:average"])).makeScore(
      for: simpleChart(points: [DataPoint(x: .number(1), y: 70), DataPoint(x: .number(2), y: 80)]))
    #expect(earcons(try MIDIFile(bytes: SMFEncoder().encode(score))).count == 1)  // the mean, 75
    let never = try ChartMapper(options: try thresholds(["50", "90"])).makeScore(for: chart)
    #expect(earcons(try MIDIFile(bytes: SMFEncoder().encode(never))).isEmpty)
    // With no gridlines either, there is no context track at all.
    #expect(!never.tracks.contains { $0.isPercussion })
  }

  @Test func aDiscreteSeriesCrossesAtTheNoteOnTheNewSide() throws {
    // Mean 25: up at x = 2, down at 4, up at 6.
    let chart = simpleChart(
      points: [(0, 10), (2, 30), (4, 20), (6, 40)].map {
        DataPoint(x: .number(Double($0.0)), y: Double($0.1))
      })
    let score = try ChartMapper(options: try thresholds(["mean"])).makeScore(for: chart)
    let found = earcons(try MIDIFile(bytes: SMFEncoder().encode(score)))
    #expect(found.map(\.time) == [2, 4, 6])
    #expect(found.map(\.key) == [76, 77, 76])
  }

  @Test func chatterAroundTheLineIsOneCrossing() {
    let axis = NumericAxis(title: "Y", range: 0...100)
    // Up and down every 10 ms, then above for good: one rise, at the first crossing.
    let chatter = [
      (0.0, 40.0), (0.01, 60), (0.02, 40), (0.03, 60), (0.04, 40), (0.05, 60), (1, 70),
    ]
    let rise = Crossings.find(
      in: chatter.map { ($0.0, $0.1) }, level: 50, axis: axis, interpolates: false)
    #expect(rise == [Crossings.Crossing(time: 0.01, rising: true)])
    // Back where it was: none.
    let back = Crossings.find(
      in: chatter.dropLast(2).map { ($0.0, $0.1) }, level: 50, axis: axis, interpolates: false)
    #expect(back.isEmpty)
    // A touch is no crossing; a pass through the line crosses at the point on it.
    let touch = Crossings.find(
      in: [(0, 40), (1, 50), (2, 40), (3, 50), (4, 60)], level: 50, axis: axis, interpolates: true)
    #expect(touch == [Crossings.Crossing(time: 3, rising: true)])
  }

  @Test func onALogAxisAGlideCrossesOnTheAxisScale() {
    var axis = NumericAxis(title: "Y", range: 1...1000)
    axis.scaleType = .log10
    // From 1 to 1000 in a second: 10 is a third of the way on a log axis.
    let found = Crossings.find(
      in: [(0, 1), (1, 1000)], level: 10, axis: axis, interpolates: true)
    #expect(found.count == 1)
    #expect(abs(found[0].time - 1.0 / 3) < 1e-9)
  }

  @Test func thresholdsAreReadFromFlagsAndJSON() throws {
    let flags = try thresholds(["0", "mean", "-2.5:floor"])
    #expect(
      flags.thresholds == [
        .init(.value(0)), .init(.mean), .init(.value(-2.5), name: "floor"),
      ])
    let json = try SonificationOptions().applying(
      .object([
        (
          "thresholds",
          .array([.number(3), .object([("value", .string("mean")), ("name", .string("avg"))])])
        )
      ]))
    #expect(json.thresholds == [.init(.value(3)), .init(.mean, name: "avg")])
    #expect(
      throws: MIDIMapError(
        "expected a y value or \"mean\", optionally followed by :NAME, found \"high\"",
        at: .flag("--threshold"))
    ) {
      try thresholds(["high"])
    }
    #expect(
      throws: MIDIMapError(
        "expected \"value\": a y value or \"mean\"", at: .path("sonification.thresholds[1].value"))
    ) {
      try SonificationOptions().applying(
        .object([("thresholds", .array([.number(3), .object([("name", .string("x"))])]))]))
    }
  }

  @Test func gapsPlayASoftNoiseOnTheSeriesOwnTrack() throws {
    // Values at 0...2.9 and 5...10 s, nulls between; a discrete series with a null run at the end.
    let wave = DataSeries(
      name: "Wave", isContinuous: true,
      dataPoints: (0...100).map { step in
        DataPoint(x: .number(Double(step) / 10), y: (30..<50).contains(step) ? nil : 50)
      })
    let dots = DataSeries(
      name: "Dots", isContinuous: false,
      dataPoints: (0..<10).map { DataPoint(x: .number(Double($0)), y: $0 >= 8 ? nil : 40) })
    var chart = Self.wave
    chart.series = [wave, dots]
    var options = SonificationOptions()
    let silent = try ChartMapper(options: options).makeScore(for: chart)
    #expect(silent.tracks.map(\.name) == ["Wave", "Dots"])
    options = try options.applying([.commandLine(.gaps, ["noise"], flag: "--gaps")])
    let score = try ChartMapper(options: options).makeScore(for: chart)
    #expect(score.tracks.map(\.name) == ["Wave", "Wave gaps", "Dots", "Dots gaps"])
    #expect(score.tracks.map(\.stem) == ["Wave", "Wave", "Dots", "Dots"])
    let waveGaps = notes(of: score.tracks[1])
    #expect(waveGaps.count == 1)
    #expect(abs(waveGaps[0].onset - 3) < 1e-9 && abs(waveGaps[0].end - 5) < 1e-9)
    // The run at the end lasts until a note's length past its last point.
    let dotGaps = notes(of: score.tracks[3])
    #expect(dotGaps.count == 1)
    #expect(abs(dotGaps[0].onset - 8) < 1e-9 && abs(dotGaps[0].end - 9.25) < 1e-9)
    #expect(score.tracks[1].program == 122)
    // Soft: under the notes' velocity.
    #expect(waveGaps[0].velocity < options.velocity)
    // The series' own notes are unchanged by it.
    #expect(notes(of: score.tracks[0]) == notes(of: silent.tracks[0]))
    try expectFileAgrees(score)
  }
}
