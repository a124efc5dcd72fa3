import Chart2MIDIChart
import Chart2MIDIInput
import Foundation
import Testing

@testable import Chart2MIDIBase
@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// One mistake, made in the descriptor's `sonification` object and with a flag.
struct OptionMistake: Sendable, CustomTestStringConvertible {
  var key: SonificationOptions.Key
  var json: JSONValue
  var flag: String
  var arguments: [String]
  /// The sentence after the place; `member` is added to the place for table entries.
  var message: String
  var member: String? = nil
  var testDescription: String { "\(flag) \(arguments.joined(separator: " "))" }
}

@Suite("One options check for flags and JSON")
struct OptionSettingTests {
  static let mistakes: [OptionMistake] = [
    OptionMistake(
      key: .noteRange, json: .array([.number(1e19), .number(2e19)]), flag: "--note-range",
      arguments: ["1e19:2e19"],
      message: "expected two MIDI notes from 0 to 127, the lower first, such as 48 and 84"),
    OptionMistake(
      key: .velocityRange, json: .array([.number(1), .number(1e19)]), flag: "--velocity-range",
      arguments: ["1:1e19"], message: "expected two velocities from 1 to 127, the lower first"),
    OptionMistake(
      key: .maximumNotesPerSecond, json: .number(1e300), flag: "--max-notes-per-second",
      arguments: ["1e300"], message: "expected a number above 0, at most 960, found 1e+300"),
    OptionMistake(
      key: .totalDuration, json: .number(0), flag: "--duration", arguments: ["0"],
      message: "expected a number above 0, found 0"),
    OptionMistake(
      key: .velocity, json: .number(200), flag: "--velocity", arguments: ["200"],
      message: "expected a whole number from 1 to 127, found 200"),
    OptionMistake(
      key: .scale, json: .string("lydian"), flag: "--scale", arguments: ["lydian"],
      message:
        "expected one of \"chromatic\", \"major\", \"minor\", \"pentatonic\", \"exact\", found \"lydian\""
    ),
    OptionMistake(
      key: .noteRange, json: .array([.number(90), .number(20)]), flag: "--note-range",
      arguments: ["90:20"],
      message: "expected two MIDI notes from 0 to 127, the lower first, such as 48 and 84"),
    OptionMistake(
      key: .bendRange, json: .number(30), flag: "--bend-range", arguments: ["30"],
      message: "expected \"auto\" or 1 to 24 semitones, found 30"),
    OptionMistake(
      key: .gap, json: .number(-1), flag: "--gap", arguments: ["-1"],
      message: "expected seconds, 0 or more, found -1"),
    OptionMistake(
      key: .programs, json: .object([("USA", .string("kazoo"))]), flag: "--program",
      arguments: ["USA=kazoo"],
      message:
        "expected a program number from 0 to 127 or a General MIDI name such as \"Flute\", found \"kazoo\"",
      member: "USA"),
    OptionMistake(
      key: .pan, json: .object([("Low", .number(300))]), flag: "--pan", arguments: ["Low=300"],
      message: "expected a whole number from 0 to 127, found 300", member: "Low"),
    OptionMistake(
      key: .durationAxis, json: .number(-2), flag: "--duration-axis", arguments: ["-2"],
      message: "expected an index into additionalAxes, or -1 (or \"none\") for none, found -2"),
    OptionMistake(
      key: .key, json: .string("H"), flag: "--key", arguments: ["H"],
      message: "expected a note name such as \"D\", \"F#\" or \"Bb\", found \"H\""),
    OptionMistake(
      key: .tempo, json: .number(400), flag: "--tempo", arguments: ["400"],
      message: "expected 20 to 300 beats a minute, found 400"),
    OptionMistake(
      key: .timeSignature, json: .string("3/5"), flag: "--time-signature", arguments: ["3/5"],
      message:
        "expected beats/note value such as \"3/4\" or \"6/8\" (1 to 32 beats of 1, 2, 4, 8, 16 or 32), found \"3/5\""
    ),
    OptionMistake(
      key: .start, json: .string("00:61:00:00"), flag: "--start", arguments: ["00:61:00:00"],
      message: "00:61:00:00 is not a timecode: minutes and seconds go from 00 to 59"),
    OptionMistake(
      key: .frameRate, json: .number(23), flag: "--frame-rate", arguments: ["23"],
      message:
        "expected one of \"23.976\", \"24\", \"25\", \"29.97df\", \"29.97\", \"30\", \"50\", \"59.94\", \"60\", found 23"
    ),
    OptionMistake(
      key: .markers, json: .string("some"), flag: "--markers", arguments: ["some"],
      message: "expected one of \"labelled\", \"all\", \"none\", found \"some\""),
  ]

  @Test("the same sentence at the flag or at the path", arguments: mistakes)
  func sameSentence(_ mistake: OptionMistake) {
    var path = ErrorLocation.path("sonification.\(mistake.key.rawValue)")
    var flag = ErrorLocation.flag(mistake.flag)
    if let member = mistake.member {
      path = path.appending(member)
      flag = flag.appending(member)
    }
    #expect(throws: MIDIMapError(mistake.message, at: path)) {
      try SonificationOptions().applying(.object([(mistake.key.rawValue, mistake.json)]))
    }
    #expect(throws: MIDIMapError(mistake.message, at: flag)) {
      try SonificationOptions().applying([
        .commandLine(mistake.key, mistake.arguments, flag: mistake.flag)
      ])
    }
  }

  @Test func flagsAndJSONSetTheSameOptions() throws {
    let json = try SonificationOptions().applying(
      .object([
        ("totalDuration", .number(5)), ("noteRange", .array([.number(40), .number(90)])),
        ("scale", .string("minor")), ("programs", .object([("USA", .string("Trumpet"))])),
        ("series", .array([.string("A"), .string("B")])), ("instrumentAxis", .number(-1)),
        ("durationAxis", .string("none")), ("loudnessAxis", .number(2)),
      ]))
    let flags = try SonificationOptions().applying([
      .commandLine(.totalDuration, ["5"], flag: "--duration"),
      .commandLine(.noteRange, ["40:90"], flag: "--note-range"),
      .commandLine(.scale, ["minor"], flag: "--scale"),
      .commandLine(.programs, ["USA=56"], flag: "--program"),
      .commandLine(.series, ["A", "B"], flag: "--series"),
      .commandLine(.instrumentAxis, ["none"], flag: "--instrument-axis"),
      .commandLine(.durationAxis, ["-1"], flag: "--duration-axis"),
      .commandLine(.loudnessAxis, ["2"], flag: "--loudness-axis"),
    ])
    var expected = SonificationOptions()
    expected.totalDuration = 5
    expected.noteRange = 40...90
    expected.scale = .minor
    expected.programs = ["USA": 56]
    expected.seriesNames = ["A", "B"]
    expected.instrumentAxis = .none
    expected.durationAxis = .none
    expected.loudnessAxis = .axis(2)
    for options in [json, flags] {
      var withoutOrigins = options
      withoutOrigins.origins = [:]
      #expect(withoutOrigins == expected)
    }
    #expect(flags.origin(of: .scale) == .flag("--scale"))
    #expect(json.origin(of: .scale) == .path("sonification.scale"))
  }

  @Test func aMistakeTheChartRevealsNamesWhereTheOptionWasSet() {
    let chart = simpleChart(points: [DataPoint(x: .number(1), y: 1)])
    #expect(
      throws: MIDIMapError(
        "no series is named \"Nope\"; the chart has \"S\"", at: .flag("--series"),
        code: .settingDoesNotFitChart)
    ) {
      let options = try SonificationOptions.forChart(
        chart, overrides: [.commandLine(.series, ["Nope"], flag: "--series")])
      return try ChartMapper(options: options).makeScore(for: chart)
    }
    var withJSON = chart
    withJSON.sonification = .object([("durationAxis", .number(3))])
    #expect(
      throws: MIDIMapError(
        "there is no additionalAxes[3]; the chart has 0 additional axes",
        at: .path("sonification.durationAxis"), code: .settingDoesNotFitChart)
    ) {
      try ChartMapper(options: SonificationOptions.forChart(withJSON)).makeScore(for: withJSON)
    }
  }
}
