import Chart2MIDIBase
import Chart2MIDIChart

/// The domain of mapping errors.
public enum MIDIMapErrors: ErrorDomain {
  /// What is wrong with a mapping.
  public enum Code: String, ErrorCode, CaseIterable {
    /// A setting's value that no chart could take: `scale` "lydian", a note range upside down.
    case invalidSetting
    /// A setting that does not fit this chart: an additional axis it lacks, a series it does not
    /// hold, a start its frame rate cannot reach.
    case settingDoesNotFitChart
    /// A chart that needs more than MIDI holds: more series than its tracks and channels, music
    /// longer than a day.
    case exceedsMIDI

    /// A setting's mistake is the settings' (or the chart's, when the chart's `sonification`
    /// object made it); a chart too big for MIDI is the input's.
    public var kind: ErrorKind { self == .exceedsMIDI ? .invalidInput : .usage }
  }

  /// A mapping's mistakes are most often a setting's value.
  public static var commonCode: Code { .invalidSetting }
}

/// A mapping problem: an option that does not fit (at its flag or its place in the `sonification`
/// object), or a chart that needs more than MIDI holds.
public typealias MIDIMapError = ModuleError<MIDIMapErrors>
