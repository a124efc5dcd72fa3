import Descriptor

/// A failure to make what an export asked for: an output that cannot be written or replaced, a
/// request whose outputs contradict each other, a setting that does not fit, or a narration
/// script or lexicon that cannot be read. A rendering or mapping failure keeps its own type
/// (`SynthError`, `MIDIMapError`).
public struct ExportError: LocatedError, Hashable {
  /// What is wrong with an export.
  public enum Code: String, ErrorCode, CaseIterable {
    /// An output that cannot be made where it is asked for: its folder is missing or not
    /// writable, or a folder cannot be created.
    case cannotWrite
    /// An output whose writing failed on the way: the disk full, a rename refused.
    case writeFailed
    /// Outputs asked for that cannot be written together, or over what is there: an output that
    /// is an input or another output, a folder holding files that are not the output's, a
    /// session without stems, a name whose extension says another format.
    case outputConflict
    /// A narration, timeline or audio setting that does not fit (a start that would pad the audio
    /// past the hour rendered), or an environment variable that does not.
    case invalidSetting
    /// A narration script, lexicon or recording that is not there.
    case missingFile
    /// A narration script or lexicon that cannot be read as one.
    case invalidFile
    /// A chart beyond what an output carries: too many points for a page.
    case exceedsLimits

    /// Whose mistake an error of this code is.
    public var source: ErrorSource {
      switch self {
      case .cannotWrite, .writeFailed: .machine
      case .outputConflict, .invalidSetting: .settings
      case .missingFile, .invalidFile, .exceedsLimits: .input
      }
    }
  }

  /// What kind of failure it is.
  public var code: Code
  /// The output concerned, or the input a setting came from.
  public var file: String?
  /// Where the setting was made (`sonification.loudness` in a chart, `--loudness` on the command
  /// line), for a setting that does not fit; nil for an output that cannot be written.
  public var location: ErrorLocation?
  /// What went wrong, in one sentence that names the output or the setting.
  public var message: String

  /// An output failure is never about the input; a setting's is when it was made in the input.
  public var isAboutInput: Bool { location?.isInInput ?? false }

  /// Whose mistake it is: the code's, except that a setting made inside a chart is the chart's.
  public var source: ErrorSource {
    code.source == .settings && location?.isInInput == true ? .input : code.source
  }

  /// The sentence, after the input file and the setting's place when the mistake lies in a
  /// setting; an output failure's message names the output itself.
  public var description: String {
    guard let location else { return message }
    return ([isAboutInput ? file : nil, location.description].compactMap { $0 } + [message])
      .joined(separator: ": ")
  }

  /// Creates an error of `code`.
  public init(
    _ message: String, file: String? = nil, at location: ErrorLocation? = nil, code: Code
  ) {
    self.message = message
    self.file = file
    self.location = location
    self.code = code
  }
}
