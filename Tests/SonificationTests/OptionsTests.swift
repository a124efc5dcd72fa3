import Chart2MIDIChart
import Chart2MIDIInput
import Foundation
import Testing

@testable import Chart2MIDISonification

@Suite("Mapping options")
struct OptionsTests {
  func pitches(
    _ options: SonificationOptions, ys: [Double],
    yAxis: NumericAxis = NumericAxis(title: "Y", range: 0...100)
  ) throws -> [Int] {
    var chart = simpleChart(
      points: ys.enumerated().map {
        DataPoint(x: .number(Double($0.offset) * 10 / Double(ys.count)), y: $0.element)
      })
    chart.yAxis = yAxis
    let score = try ChartMapper(options: options).makeScore(for: chart)
    try expectFileAgrees(score)
    return notes(of: score.tracks[0]).map(\.pitch)
  }

  @Test(
    "notes stay in the scale and never fall when y rises",
    arguments: [
      (SonificationOptions.Scale.chromatic, Set(0..<12)), (.major, [0, 2, 4, 5, 7, 9, 11]),
      (.minor, [0, 2, 3, 5, 7, 8, 10]), (.pentatonic, [0, 2, 4, 7, 9]),
    ] as [(SonificationOptions.Scale, Set<Int>)])
  func scales(scale: SonificationOptions.Scale, degrees: Set<Int>) throws {
    var options = SonificationOptions()
    options.scale = scale
    options.noteRange = 50...74  // root D
    options.totalDuration = 30  // 75 ms between points: no two notes closer than the shortest note
    let ys = stride(from: 0.0, through: 100, by: 0.25).map { $0 }
    let heard = try pitches(options, ys: ys)
    #expect(heard.count == ys.count)
    #expect(heard.allSatisfy { degrees.contains(($0 - 50) % 12) })
    #expect(zip(heard, heard.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(heard.first == 50)
    #expect(heard.last == 74)
    // Every note of the scale in the range is reached.
    #expect(Set(heard).count == (50...74).filter { degrees.contains(($0 - 50) % 12) }.count)
  }

  @Test func aLog10YAxisMapsInLogSpace() throws {
    // 1, 10, 100, 1000 on a log10 axis 1...1000 are equally spaced: notes 48, 60, 72, 84.
    let heard = try pitches(
      SonificationOptions(), ys: [1, 10, 100, 1000],
      yAxis: NumericAxis(title: "Y", range: 1...1000, scaleType: .log10))
    #expect(heard == [48, 60, 72, 84])
  }

  @Test func aLnXAxisMapsTimeInLogSpace() throws {
    let e = M_E
    let chart = simpleChart(
      points: [1, e, e * e].map { DataPoint(x: .number($0), y: 50) },
      xAxis: .numeric(NumericAxis(title: "X", range: 1...(e * e), scaleType: .ln)))
    let score = try ChartMapper().makeScore(for: chart)
    try expectFileAgrees(score)
    #expect(notes(of: score.tracks[0]).map(\.onset) == [0, 5, 10])
  }

  @Test func sequentialSeriesFollowOneAnotherWithAGap() throws {
    var chart = simpleChart(points: [
      DataPoint(x: .number(0), y: 10), DataPoint(x: .number(10), y: 20),
    ])
    chart.series.append(
      DataSeries(name: "B", isContinuous: false, dataPoints: [DataPoint(x: .number(0), y: 30)]))
    var options = SonificationOptions()
    options.arrangement = .sequential
    options.totalDuration = 4
    options.gap = 0.5
    let score = try ChartMapper(options: options).makeScore(for: chart)
    try expectFileAgrees(score)
    #expect(notes(of: score.tracks[0]).map(\.onset) == [0, 4])
    #expect(notes(of: score.tracks[1]).map(\.onset) == [4.5])
  }

  @Test func secondsPerUnitSetsTheSpan() throws {
    var options = SonificationOptions()
    options.secondsPerUnit = 0.5
    let chart = simpleChart(points: [DataPoint(x: .number(4), y: 10)])
    #expect(
      notes(of: try ChartMapper(options: options).makeScore(for: chart).tracks[0]).map(\.onset) == [
        2
      ])
  }

  @Test func aSubsetOfSeriesByName() throws {
    var chart = simpleChart(points: [DataPoint(x: .number(0), y: 10)])
    chart.series.append(
      DataSeries(name: "B", isContinuous: false, dataPoints: [DataPoint(x: .number(1), y: 30)]))
    var options = SonificationOptions()
    options.seriesNames = ["B"]
    let score = try ChartMapper(options: options).makeScore(for: chart)
    #expect(score.tracks.map(\.name) == ["B"])
  }

  @Test func pansSpreadLeftToRightUnlessSet() throws {
    var chart = simpleChart(points: [DataPoint(x: .number(0), y: 10)])
    for name in ["B", "C"] {
      chart.series.append(
        DataSeries(name: name, isContinuous: false, dataPoints: [DataPoint(x: .number(1), y: 30)]))
    }
    func pans(_ options: SonificationOptions) throws -> [Int] {
      let score = try ChartMapper(options: options).makeScore(for: chart)
      try expectFileAgrees(score)
      return score.tracks.map { track in
        track.events.compactMap { event -> Int? in
          if case .controlChange(10, let value) = event.message { return Int(value.value) }
          return nil
        }.first!
      }
    }
    #expect(try pans(SonificationOptions()) == [16, 64, 111])
    var options = SonificationOptions()
    options.pans = ["C": 0]
    #expect(try pans(options) == [16, 64, 0])
  }

  @Test func programsByCategoryName() throws {
    let country = Axis.categorical(
      CategoricalAxis(title: "Country", categoryOrder: ["USA", "Japan"]))
    let chart = simpleChart(
      points: [
        DataPoint(x: .number(0), y: 1, additionalValues: [.category("USA")]),
        DataPoint(x: .number(1), y: 1, additionalValues: [.category("Japan")]),
      ],
      additionalAxes: [country])
    let options = try SonificationOptions().applying(
      .object([("programs", .object([("Japan", .string("Trumpet")), ("USA", .number(40))]))]))
    let score = try ChartMapper(options: options).makeScore(for: chart)
    try expectFileAgrees(score)
    #expect(score.tracks.map(\.program) == [40, 56])
  }

  @Test func aSecondNumericAxisSetsLoudness() throws {
    let axes: [Axis] = [
      .numeric(NumericAxis(title: "Length", range: 0...1)),
      .numeric(NumericAxis(title: "Loudness", range: 0...10)),
    ]
    let chart = simpleChart(
      points: [0.0, 5, 10].enumerated().map {
        DataPoint(
          x: .number(Double($0.offset)), y: 1,
          additionalValues: [.number(0.5), .number($0.element)])
      },
      additionalAxes: axes)
    let score = try ChartMapper().makeScore(for: chart)
    try expectFileAgrees(score)
    let velocities = try expectFileAgrees(score).tracks[1].events.compactMap {
      $0.bytes[0] & 0xF0 == 0x90 ? Int($0.bytes[2]) : nil
    }
    #expect(notes(of: score.tracks[0]).map(\.velocity) == [50, 85, 120])
    #expect(velocities == [50, 85, 120])
  }

  @Test func markersForAllPointsOrNone() throws {
    let chart = simpleChart(points: [
      DataPoint(x: .number(2), y: 40, label: "two"), DataPoint(x: .number(3), y: 50),
    ])
    func markers(_ mode: SonificationOptions.Markers) throws -> [String] {
      var options = SonificationOptions()
      options.markers = mode
      let score = try ChartMapper(options: options).makeScore(for: chart)
      try expectFileAgrees(score)
      return score.conductorEvents.compactMap { event in
        if case .marker(let text) = event.message { return text }
        return nil
      }
    }
    #expect(try markers(.labelled) == ["two: 2, 40"])
    #expect(try markers(.all) == ["two, 2: 40", "3: 50"])
    #expect(try markers(.none) == [])
  }

  @Test func gridlinesCanBeTurnedOff() throws {
    let chart = simpleChart(
      points: [DataPoint(x: .number(1), y: 1)],
      xAxis: .numeric(NumericAxis(title: "X", range: 0...10, gridlinePositions: [0, 5])))
    var options = SonificationOptions()
    options.gridlines = false
    #expect(try ChartMapper(options: options).makeScore(for: chart).tracks.map(\.name) == ["S"])
  }
}

@Suite("Limits")
struct LimitTests {
  @Test(
    "a score longer than 24 hours is refused, not overflowed",
    arguments: [
      (
        108_000, nil, 0.25,
        "the music would last 30 hours, longer than the 24 hours a chart may play; lower the duration, the seconds per unit, the gap or the note lengths"
      ),
      (
        1e12, nil, 0.25,
        "the music would last more than a million hours, longer than the 24 hours a chart may play; lower the duration, the seconds per unit, the gap or the note lengths"
      ),
      (
        10, 1e300, 0.25,
        "the music would last more than a million hours, longer than the 24 hours a chart may play; lower the duration, the seconds per unit, the gap or the note lengths"
      ),
      (
        10, nil, .infinity,
        "the music would last forever, longer than the 24 hours a chart may play; lower the duration, the seconds per unit, the gap or the note lengths"
      ),
    ] as [(Double, Double?, Double, String)])
  func tooLong(total: Double, perUnit: Double?, note: Double, message: String) {
    var options = SonificationOptions()
    options.totalDuration = total
    options.secondsPerUnit = perUnit
    options.noteDuration = note
    let chart = simpleChart(points: [DataPoint(x: .number(10), y: 1)])
    #expect(
      throws: MIDIMapError(message, code: .exceedsMIDI)
    ) {
      try ChartMapper(options: options).makeScore(for: chart)
    }
  }

  @Test func twentyFourHoursFitInTheFile() throws {
    var options = SonificationOptions()
    options.totalDuration = 24 * 3600 - 1
    let score = try ChartMapper(options: options).makeScore(
      for: simpleChart(points: [DataPoint(x: .number(10), y: 1)]))
    try expectFileAgrees(score)
  }
}
