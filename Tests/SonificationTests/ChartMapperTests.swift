import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

@Suite("Default mapping")
struct ChartMapperTests {
  let mapper = ChartMapper()

  @Test func onsetGrowsLinearlyWithX() throws {
    let xs: [Double] = [0, 1, 2.5, 5, 7.5, 10]
    let chart = simpleChart(points: xs.map { DataPoint(x: .number($0), y: 50) })
    let score = try mapper.makeScore(for: chart)
    let onsets = notes(of: score.tracks[0]).map(\.onset)
    #expect(onsets.count == xs.count)
    for (x, onset) in zip(xs, onsets) {
      // 10 s over the x range 0...10, quantized to 1/960 s.
      #expect(abs(onset - x) <= 0.5 / 960)
    }
  }

  @Test func pitchNeverFallsWhenYRisesAndSpansTheRange() throws {
    let ys = stride(from: 0.0, through: 100, by: 0.5).map { $0 }
    let chart = simpleChart(
      points: ys.enumerated().map {
        DataPoint(x: .number(Double($0.offset) * 10 / Double(ys.count)), y: $0.element)
      })
    var options = SonificationOptions()
    options.totalDuration = 20  // 100 ms between points
    let pitches = notes(of: try ChartMapper(options: options).makeScore(for: chart).tracks[0])
      .map(\.pitch)
    #expect(pitches.count == ys.count)
    #expect(zip(pitches, pitches.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(pitches.first == 48)
    #expect(pitches.last == 84)
    #expect(Set(pitches).count == 37)
  }

  @Test func durationGrowsWithTheNumericAdditionalAxis() throws {
    let msrp = Axis.numeric(NumericAxis(title: "MSRP", range: 0...100))
    let chart = simpleChart(
      points: [0.0, 25, 50, 100].enumerated().map {
        DataPoint(
          x: .number(Double($0.offset) * 2), y: Double(10 + $0.offset * 20),
          additionalValues: [.number($0.element)])
      }, additionalAxes: [msrp])
    let durations = notes(of: try mapper.makeScore(for: chart).tracks[0]).map { $0.end - $0.onset }
    let expected = [0.1, 0.275, 0.45, 0.8]
    #expect(durations.count == 4)
    for (duration, want) in zip(durations, expected) { #expect(abs(duration - want) <= 1.0 / 960) }
  }

  @Test func eachCategoryGetsItsOwnProgramAndChannel() throws {
    let country = Axis.categorical(
      CategoricalAxis(title: "Country", categoryOrder: ["USA", "Japan", "Germany"]))
    let chart = simpleChart(
      points: ["Germany", "USA", "Japan", "USA"].enumerated().map {
        DataPoint(x: .number(Double($0.offset)), y: 50, additionalValues: [.category($0.element)])
      }, additionalAxes: [country])
    let score = try mapper.makeScore(for: chart)
    #expect(score.tracks.map(\.name) == ["S: USA", "S: Japan", "S: Germany"])
    // The palette's programs by the categories' sorted names: Germany, Japan, USA.
    #expect(score.tracks.map(\.program) == [11, 73, 0])
    #expect(Set(score.tracks.map(\.channel)).count == 3)
    #expect(score.tracks.map { $0.noteCount } == [2, 1, 1])
    for track in score.tracks {
      #expect(track.events.contains { $0.message == .programChange(track.program) })
    }
  }

  /// A category has one program in every series of a chart, a line's or a scatter's, and the
  /// same in another chart with the same categories in another order.
  @Test func aCategoryHasOneProgramInEverySeriesAndChart() throws {
    func chart(_ order: [String]) -> ChartDescriptor {
      let axis = Axis.categorical(CategoricalAxis(title: "Weather", categoryOrder: order))
      let series = [true, false].map { continuous in
        DataSeries(
          name: continuous ? "Line" : "Dots", isContinuous: continuous,
          dataPoints: ["sun", "rain", "fog", "sun"].enumerated().map {
            DataPoint(
              x: .number(Double($0.offset)), y: 10 + Double($0.offset),
              additionalValues: [.category($0.element)])
          })
      }
      return ChartDescriptor(
        title: "W", xAxis: .numeric(NumericAxis(title: "x", range: 0...3)),
        yAxis: NumericAxis(title: "y", range: 0...20), additionalAxes: [axis], series: series)
    }
    var programs: [String: Set<UInt7>] = [:]
    for order in [["sun", "rain", "fog"], ["fog", "sun", "rain"]] {
      for track in try mapper.makeScore(for: chart(order)).tracks where track.name.contains(": ") {
        programs[String(track.name.split(separator: ": ")[1]), default: []].insert(track.program)
      }
    }
    #expect(programs.count == 3)
    #expect(programs.values.allSatisfy { $0.count == 1 }, "\(programs)")
    #expect(Set(programs.values.map { $0.first! }).count == 3)
  }

  @Test func nullYGivesNoNote() throws {
    let chart = simpleChart(points: [
      DataPoint(x: .number(1), y: 10), DataPoint(x: .number(2), y: nil),
      DataPoint(x: .number(3), y: 30),
    ])
    let heard = notes(of: try mapper.makeScore(for: chart).tracks[0])
    #expect(heard.count == 2)
    #expect(heard.map(\.onset).allSatisfy { abs($0 - 2) > 0.5 })
  }

  @Test func categoricalXGivesEqualSlotsInCategoryOrder() throws {
    let months = ["Jan", "Feb", "Mar", "Apr"]
    let chart = simpleChart(
      points: ["Mar", "Jan", "Apr", "Feb"].map {
        DataPoint(x: .category($0), y: Double(months.firstIndex(of: $0)! * 10))
      },
      xAxis: .categorical(CategoricalAxis(title: "Month", categoryOrder: months)))
    let heard = notes(of: try mapper.makeScore(for: chart).tracks[0])
    #expect(heard.map(\.onset) == [0, 2.5, 5, 7.5])
    // Onset order follows categoryOrder, so the rising y values rise in time.
    #expect(heard.map(\.pitch) == heard.map(\.pitch).sorted())
  }

  @Test func samePitchNotesNeverOverlapAndIdenticalPointsSoundOnce() throws {
    let chart = simpleChart(points: [
      DataPoint(x: .number(1), y: 50), DataPoint(x: .number(1), y: 50),  // identical
      DataPoint(x: .number(1.1), y: 50),  // starts inside the first note (0.25 s long)
      DataPoint(x: .number(5), y: 50),
    ])
    var options = SonificationOptions()
    options.grouping = .none  // three points in 0.1 s would be grouped
    let track = try ChartMapper(options: options).makeScore(for: chart).tracks[0]
    let heard = notes(of: track)
    #expect(heard.count == 3)
    #expect(abs(heard[0].end - heard[1].onset) < 1e-9)
    // At no time are two notes of one pitch sounding.
    var sounding = Set<UInt7>()
    for event in track.events {
      if case .noteOn(let note, _) = event.message { #expect(sounding.insert(note).inserted) }
      if case .noteOff(let note) = event.message { #expect(sounding.remove(note) != nil) }
    }
    #expect(sounding.isEmpty)
  }

  @Test func everyNoteOnHasItsNoteOffOnEveryExample() throws {
    for file in exampleFiles {
      let score = try mapper.makeScore(for: ChartDescriptor(contentsOf: file))
      for track in score.tracks {
        var sounding: [UInt7: Int] = [:]
        for event in track.events {
          if case .noteOn(let note, _) = event.message { sounding[note, default: 0] += 1 }
          if case .noteOff(let note) = event.message { sounding[note, default: 0] -= 1 }
          #expect(
            sounding.values.allSatisfy { $0 >= 0 && $0 <= 1 },
            "\(file.lastPathComponent) \(track.name)")
        }
        #expect(sounding.values.allSatisfy { $0 == 0 }, "\(file.lastPathComponent) \(track.name)")
        #expect(zip(track.events, track.events.dropFirst()).allSatisfy { $0.time <= $1.time })
      }
    }
  }

  @Test func continuousSeriesAsNotesPlaysLegato() throws {
    let chart = simpleChart(
      points: [0.0, 2, 4, 6].map { DataPoint(x: .number($0), y: $0 * 10) }, isContinuous: true)
    var options = SonificationOptions()
    options.continuous = .notes
    let heard = notes(of: try ChartMapper(options: options).makeScore(for: chart).tracks[0])
    #expect(heard.count == 4)
    #expect(heard.map(\.end).dropLast() == heard.map(\.onset).dropFirst())
  }

  @Test func channelTenIsNeverMelodicAndExtraTracksGetPorts() throws {
    let names = (0..<20).map { "c\($0)" }
    let instrument = Axis.categorical(CategoricalAxis(title: "C", categoryOrder: names))
    let chart = simpleChart(
      points: names.enumerated().map {
        DataPoint(
          x: .number(Double($0.offset) / 2), y: 50, additionalValues: [.category($0.element)])
      }, additionalAxes: [instrument])
    let score = try mapper.makeScore(for: chart)
    #expect(score.tracks.count == 20)
    #expect(score.tracks.allSatisfy { $0.channel != .percussion })
    #expect(score.tracks.prefix(15).allSatisfy { $0.port == 0 })
    #expect(score.tracks.suffix(5).allSatisfy { $0.port == 1 })
    let pairs = Set(score.tracks.map { "\($0.port)/\($0.channel)" })
    #expect(pairs.count == 20)
  }

  @Test func tooManyTracksIsAClearError() throws {
    let names = (0..<241).map { "c\($0)" }
    let instrument = Axis.categorical(CategoricalAxis(title: "C", categoryOrder: names))
    let chart = simpleChart(
      points: names.map { DataPoint(x: .number(1), y: 50, additionalValues: [.category($0)]) },
      additionalAxes: [instrument])
    #expect(
      throws: MIDIMapError(
        "the chart needs 241 melodic tracks, but MIDI has room for 240 (16 ports of 15 channels); choose fewer series to play",
        code: .exceedsMIDI)
    ) { try mapper.makeScore(for: chart) }
  }

  @Test func moreSeriesThanTracksAreRefusedBeforeAnyWork() throws {
    let series = (0..<241).map {
      DataSeries(name: "s\($0)", isContinuous: false, dataPoints: [DataPoint(x: .number(1), y: 50)])
    }
    var chart = simpleChart(points: [])
    chart.series = series
    let failure = MIDIMapError(
      "the chart has 241 series to play, each on a track of its own, but MIDI has room for 240 (16 ports of 15 channels); choose fewer series to play",
      code: .exceedsMIDI)
    #expect(throws: failure) { try mapper.checkFits(chart) }
    #expect(throws: failure) { try mapper.makeScore(for: chart) }
  }

  @Test func gridlinesBecomeTicksOnThePercussionChannel() throws {
    let chart = simpleChart(
      points: [DataPoint(x: .number(1), y: 1)],
      xAxis: .numeric(NumericAxis(title: "X", range: 0...10, gridlinePositions: [0, 2.5, 5, 20])))
    let score = try mapper.makeScore(for: chart)
    let file = try expectFileAgrees(score)
    let grid = try #require(score.tracks.last)
    #expect(grid.name == "Gridlines")
    let tickEvents = try #require(file.tracks.last).events.filter { $0.bytes.first == 0x99 }
    let tickTimes: [Int] = tickEvents.map(\.tick)
    #expect(tickTimes == [0, 2400, 4800])
    #expect(grid.channel == .percussion)
    #expect(notes(of: grid).map(\.onset) == [0, 2.5, 5])
  }

  @Test func titleSummaryAxesAndLabelsReachTheConductorTrack() throws {
    let chart = try ChartDescriptor(
      contentsOf: projectRoot.appendingPathComponent("Examples/birth-rate.json"))
    let score = try mapper.makeScore(for: chart)
    #expect(score.title == "Twentieth-century birth rates")
    let texts = score.conductor.compactMap { event -> String? in
      if case .text(let text) = event.message { return text }
      return nil
    }
    // The summary is longer than 127 bytes, so it takes two text events.
    #expect(texts.count == 4)
    #expect(texts[0] + texts[1] == chart.summary)
    #expect(texts[2] == "time (x): Year, 1917 to 1975")
    #expect(
      texts[3]
        == "pitch (y): Birth rate, 100 births per 10,000 people to 300 births per 10,000 people")
    let markers = score.conductorEvents.compactMap { event -> (Double, String)? in
      if case .marker(let text) = event.message { return (event.time, text) }
      return nil
    }
    #expect(
      markers.map(\.1) == [
        "Low: 1935, 185 births per 10,000 people", "Peak: 1960, 268 births per 10,000 people",
      ])
    // The 1960 marker sits at 1960's onset: (1960 - 1917) / 58 of 10 s.
    #expect(abs(markers[1].0 - 43.0 / 58 * 10) <= 0.5 / 960)
    // Markers are held once, as whole texts; the conductor's own events are texts only.
    #expect(score.markers.map(\.text) == markers.map(\.1))
    #expect(!score.conductor.contains { if case .marker = $0.message { true } else { false } })
  }

  @Test func unknownSeriesNameIsAnError() {
    var options = SonificationOptions()
    options.seriesNames = ["Nope"]
    #expect(
      throws: MIDIMapError(
        "no series is named \"Nope\"; the chart has \"S\"", at: .path("sonification.series"),
        code: .settingDoesNotFitChart)
    ) {
      try ChartMapper(options: options).makeScore(for: simpleChart(points: []))
    }
  }

  @Test func descriptorOptionsAreReadWithPlaces() throws {
    let options = try SonificationOptions().applying(
      .object([("noteRange", .array([.number(60), .number(72)])), ("scale", .string("major"))]))
    #expect(options.noteRange == 60...72)
    #expect(options.scale == .major)
    #expect(
      throws: MIDIMapError(
        "expected one of \"chromatic\", \"major\", \"minor\", \"pentatonic\", \"exact\", found \"lydian\"",
        at: .path("sonification.scale"))
    ) {
      try SonificationOptions().applying(.object([("scale", .string("lydian"))]))
    }
    // A name the mapping does not read is left to the settings that read the rest (see
    // `ExportSettingsTests`, which refuse a name no settings type reads).
    #expect(
      try SonificationOptions().applying(.object([("voice", .string("de"))]))
        == SonificationOptions())
  }

  @Test func theSameChartGivesTheSameBytes() throws {
    for file in exampleFiles {
      let chart = try ChartDescriptor(contentsOf: file)
      let first = SMFEncoder().encode(try mapper.makeScore(for: chart))
      let second = SMFEncoder().encode(
        try ChartMapper().makeScore(for: try ChartDescriptor(contentsOf: file)))
      #expect(first == second)
    }
  }
}
