import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// One narration or audio setting's mistake, made in a chart's `sonification` object and with a
/// flag.
struct AudioMistake: Sendable, CustomTestStringConvertible {
  var key: ExportSettings.Key
  var json: JSONValue
  var flag: String
  var argument: String
  var message: String
  var testDescription: String { "\(flag) \(argument)" }
}

@Suite("Every export setting checked once, for flags and JSON alike")
struct ExportSettingsTests {
  static let mistakes: [AudioMistake] = [
    AudioMistake(
      key: .speechRate, json: .number(600), flag: "--speech-rate", argument: "600",
      message: "expected 80 to 450 words a minute, found 600"),
    AudioMistake(
      key: .narrate, json: .string("all"), flag: "--narration", argument: "all",
      message: "expected one of \"intro\", \"details\", \"both\", \"full\", found \"all\""),
    AudioMistake(
      key: .narrationPause, json: .number(11), flag: "--narration-pause", argument: "11",
      message: "expected 0 to 10 seconds, found 11"),
    AudioMistake(
      key: .voice, json: .string(""), flag: "--voice", argument: "",
      message: "expected an eSpeak NG voice such as \"en\" or \"de\", found \"\""),
    AudioMistake(
      key: .sampleRate, json: .number(22050), flag: "--sample-rate", argument: "22050",
      message: "expected 44100 or 48000, found 22050"),
    AudioMistake(
      key: .bitDepth, json: .number(8), flag: "--bit-depth", argument: "8",
      message: "expected 16, 24 or float, found 8"),
    AudioMistake(
      key: .tailCap, json: .number(61), flag: "--tail-cap", argument: "61",
      message: "expected 0 to 60 seconds, found 61"),
    AudioMistake(
      key: .reverb, json: .number(2), flag: "--reverb", argument: "2",
      message: "expected 0 (none) to 1, found 2"),
    AudioMistake(
      key: .loudness, json: .string("loud"), flag: "--loudness", argument: "loud",
      message:
        "expected -70 to 0 LUFS, broadcast (-23), atsc (-24), web (-16), streaming (-27) or peak (the mix's peak at -1 dBFS), found \"loud\""
    ),
    AudioMistake(
      key: .loudness, json: .number(-80), flag: "--loudness", argument: "-80",
      message:
        "expected -70 to 0 LUFS, broadcast (-23), atsc (-24), web (-16), streaming (-27) or peak (the mix's peak at -1 dBFS), found -80"
    ),
    AudioMistake(
      key: .stemsBy, json: .string("instrument"), flag: "--stems-by", argument: "instrument",
      message: "expected one of \"series\", \"track\", \"channel\", found \"instrument\""),
    AudioMistake(
      key: .soundfont, json: .number(3), flag: "--soundfont", argument: "",
      message: "expected a soundfont file's path, or \"gm\", found \(String(reflecting: ""))"),
  ]

  @Test("the same sentence at the flag or at the path", arguments: mistakes)
  func sameSentence(_ mistake: AudioMistake) throws {
    if mistake.key != .soundfont {
      #expect(
        throws: ExportError(
          mistake.message, at: .path("sonification.\(mistake.key.rawValue)"),
          code: .invalidSetting)
      ) {
        try ExportSettings().applying(
          OptionSetting.settings(fromJSON: .object([(mistake.key.rawValue, mistake.json)])))
      }
    }
    #expect(
      throws: ExportError(mistake.message, at: .flag(mistake.flag), code: .invalidSetting)
    ) {
      try ExportSettings().applying([
        .commandLine(mistake.key, [mistake.argument], flag: mistake.flag)
      ])
    }
  }

  @Test func aChartSetsItsAudioAndFlagsOverrideIt() throws {
    var chart = try ChartDescriptor(contentsOf: example("dice"))
    chart.sonification = .object([
      ("loudness", .string("broadcast")), ("sampleRate", .number(48000)),
      ("bitDepth", .string("float")), ("stemsBy", .string("track")), ("tempo", .number(90)),
    ])
    let settings = try ExportSettings.forChart(
      chart, overrides: [.commandLine(.loudness, ["web"], flag: "--loudness")])
    #expect(settings.render.loudness == LoudnessTarget.web)
    #expect(settings.render.sampleRate == 48000)
    #expect(settings.sampleFormat == .float32)
    #expect(settings.stemsBy == .track)
    #expect(settings.sonification.tempo == 90)
  }

  /// A broadcaster's preset implies 48 kHz, 24-bit where neither was set; a loudness after it
  /// that is no such preset takes that back; a rate or a depth set stays.
  @Test func aBroadcastPresetImpliesTheDeliveryFormat() throws {
    func settings(_ pairs: [(String, JSONValue)]) throws -> ExportSettings {
      try ExportSettings().applying(OptionSetting.settings(fromJSON: .object(pairs)))
    }
    for preset in ["broadcast", "atsc", "streaming"] {
      let implied = try settings([("loudness", .string(preset))])
      #expect(implied.render.sampleRate == 48000 && implied.sampleFormat == .int24, "\(preset)")
      #expect(implied.deliveryImplied)
    }
    let web = try settings([("loudness", .string("web"))])
    #expect(web.render.sampleRate == 44100 && web.sampleFormat == .int16 && !web.deliveryImplied)
    let rateSet = try settings([("loudness", .string("broadcast")), ("sampleRate", .number(44100))])
    #expect(rateSet.render.sampleRate == 44100 && rateSet.sampleFormat == .int24)
    let taken = try settings([("loudness", .string("atsc"))]).applying([
      .commandLine(.loudness, ["-20"], flag: "--loudness")
    ])
    #expect(taken.render.sampleRate == 44100 && taken.sampleFormat == .int16)
    #expect(!taken.deliveryImplied)
  }

  @Test func theMappingLeavesTheNarrationAndTheAudioToTheExport() throws {
    // The mapping's own check passes over them, and the export's sets them.
    let json = JSONValue.object([
      ("narrate", .string("intro")), ("voice", .string("de")), ("speechRate", .number(200)),
      ("narrationPause", .number(1)), ("loudness", .number(-20)),
    ])
    _ = try SonificationOptions().applying(json)
    let settings = try ExportSettings().applying(OptionSetting.settings(fromJSON: json))
    #expect(
      settings.narration
        == {
          var narration = NarrationSettings(parts: .intro)
          (narration.voice, narration.speechRate, narration.pause) = ("de", 200, 1)
          return narration
        }())
    #expect(settings.render.loudness == LoudnessTarget(-20))
  }

  @Test func aMissingSoundFontIsNamedAtItsSetting() throws {
    let chart = try ChartDescriptor(contentsOf: example("dice"))
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var settings = try ExportSettings.forChart(
      chart, overrides: [.commandLine(.soundfont, ["/no/such.sf2"], flag: "--soundfont")])
    settings.mix = folder.appendingPathComponent("d.wav")
    #expect(
      throws: ExportError(
        "the soundfont /no/such.sf2 does not exist", at: .flag("--soundfont"),
        code: .invalidSetting)
    ) {
      try ChartExport.export(chart, settings: settings)
    }
    #expect(files(in: folder).isEmpty)
  }

  @Test func anUnknownOptionListsTheKnownOnes() {
    // The outputs' settings read every option, the mapping's and their own: they judge the names.
    let error = #expect(throws: MIDIMapError.self) {
      try ExportSettings().applying(
        OptionSetting.settings(fromJSON: .object([("tempi", .number(3))])))
    }
    #expect(error?.location == .path("sonification.tempi"))
    let names =
      (SonificationOptions.Key.allCases.map(\.rawValue)
        + ExportSettings.Key.allCases.map(\.rawValue))
    #expect(error?.message == "unknown option; expected one of \(names.joined(separator: ", "))")
    #expect(error?.message.hasPrefix("unknown option; expected one of totalDuration, ") == true)
    #expect(error?.message.hasSuffix(", soundfont, stemsBy, audioFormat, quality, bitrate") == true)
  }
}

/// A program that renders charts from anyone takes no soundfont from them, unless it allows it.
@Suite("The chart's soundfont, by the program's leave")
struct ChartSoundFontPolicyTests {
  @Test func aProgramCanRefuseEveryChartsSoundFont() throws {
    var chart = try ChartDescriptor(contentsOf: example("dice"))
    chart.sonification = .object([("soundfont", .string("gm"))])
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var settings = try ExportSettings(chart: chart)
    settings.mix = folder.appendingPathComponent("d.wav")
    // Refused by default: a library caller renders charts from anyone unless it says otherwise.
    #expect(settings.chartMayNameSoundFont == false)
    #expect(
      throws: ExportError(
        "this program takes no soundfont from a chart; remove soundfont from the chart's sonification",
        at: .path("sonification.soundfont"), code: .invalidSetting)
    ) {
      try ChartExport.export(chart, settings: settings)
    }
    #expect(files(in: folder).isEmpty)
    // Allowed, gm is the system's soundfont; set in code, a soundfont is the program's own.
    settings.chartMayNameSoundFont = true
    _ = try ChartExport.export(chart, settings: settings)
    #expect(files(in: folder) == ["d.wav"])
    var coded = ExportSettings()
    coded.soundFont = projectRoot.appendingPathComponent("soundfonts/chart2midi.sf2").path
    coded.chartMayNameSoundFont = false
    coded.mix = folder.appendingPathComponent("e.wav")
    _ = try ChartExport.export(chart, settings: coded)
  }
}
