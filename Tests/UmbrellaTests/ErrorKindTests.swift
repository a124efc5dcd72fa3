import Chart2MIDIKit
import Testing

/// Every module's error codes, each with the kind of failure it is: the one classification the
/// command line's exit statuses and the service's HTTP statuses both switch on. The table is the
/// statuses each code ended with before the kinds (the exit status: usage 64, data 65, no input
/// 66, unavailable 69, software 70, cannot create 73, input/output 74), written out by hand; a code
/// added without a kind here fails.
@Suite("each error code is classified once")
struct ErrorKindTests {
  static let expected: [String: ErrorKind] = [
    // The chart's (DescriptorError).
    "chart.malformed": .invalidInput, "chart.invalidValue": .invalidInput,
    "chart.unsupported": .invalidInput, "chart.limitExceeded": .beyondLimits,
    "chart.missingFile": .missingInput, "chart.unreadableFile": .missingInput,
    // The MIDI reader's.
    "smf.missingFile": .missingInput, "smf.unreadableFile": .missingInput,
    "smf.malformed": .invalidInput, "smf.unsupported": .invalidInput,
    // The mapping's.
    "map.invalidSetting": .usage, "map.settingDoesNotFitChart": .usage,
    "map.exceedsMIDI": .invalidInput,
    // The synthesizer's and the speaker's.
    "synth.soundFontMissing": .unavailable, "synth.soundFontUnusable": .invalidInput,
    "synth.recordingMissing": .missingInput, "synth.recordingUnusable": .invalidInput,
    "synth.unrenderable": .invalidInput, "synth.narrationTooLong": .beyondLimits,
    "synth.invalidRequest": .usage, "synth.unknownVoice": .usage,
    "synth.speechUnavailable": .unavailable, "synth.formatUnavailable": .unavailable,
    "synth.scratchFile": .storageFailed, "synth.libraryFailed": .fault,
    // The exports'.
    "export.cannotWrite": .cannotCreate, "export.writeFailed": .storageFailed,
    "export.outputConflict": .usage, "export.invalidSetting": .usage,
    "export.missingFile": .missingInput, "export.invalidFile": .invalidInput,
    "export.exceedsLimits": .beyondLimits,
    // The exercises'.
    "exercise.invalidRequest": .usage, "exercise.invalidQuestions": .invalidInput,
    "exercise.noQuestions": .invalidInput, "exercise.outputConflict": .usage,
    "exercise.cannotWrite": .cannotCreate, "exercise.cannotRead": .storageFailed,
    "exercise.internalFailure": .fault,
  ]

  /// Every code of every module, by `module.code`, with its kind.
  static var actual: [String: ErrorKind] {
    func kinds<Code: ErrorCode & CaseIterable & RawRepresentable>(
      _ module: String, _ codes: Code.Type
    ) -> [(String, ErrorKind)] where Code.RawValue == String {
      Code.allCases.map { ("\(module).\($0.rawValue)", $0.kind) }
    }
    return Dictionary(
      uniqueKeysWithValues: kinds("chart", ChartErrors.Code.self)
        + kinds("smf", SMFReaderErrors.Code.self) + kinds("map", MIDIMapErrors.Code.self)
        + kinds("synth", SynthErrors.Code.self) + kinds("export", ExportErrors.Code.self)
        + kinds("exercise", ExerciseErrors.Code.self))
  }

  @Test func everyCodeHasTheKindItsStatusesSay() {
    #expect(Self.actual == Self.expected)
  }

  /// Whose mistake a code is follows from its kind, as it was said before the kinds.
  @Test func theSourceFollowsTheKind() {
    #expect(MIDIMapErrors.Code.invalidSetting.source == .settings)
    #expect(ExportErrors.Code.exceedsLimits.source == .input)
    #expect(SynthErrors.Code.libraryFailed.source == .machine)
    #expect(
      ErrorKind.allCases.filter { $0.source == .input } == [
        .invalidInput, .missingInput, .beyondLimits,
      ])
  }

  /// A setting made inside a chart (its `sonification` object) is a mistake in the input; the
  /// same setting on the command line is the caller's.
  @Test func aSettingInsideTheChartIsAMistakeInTheInput() {
    let inChart = MIDIMapError(
      "bad", at: .path("sonification.tempo"), code: .invalidSetting)
    let onTheLine = MIDIMapError("bad", at: .flag("--tempo"), code: .invalidSetting)
    #expect(inChart.kind == .invalidInput)
    #expect(onTheLine.kind == .usage)
    #expect(inChart.codeName == "invalidSetting")
  }
}
