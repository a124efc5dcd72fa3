import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDISonification

/// The domain of export failures: an output that cannot be written or replaced, a request whose
/// outputs contradict each other, a setting that does not fit, or a narration script or lexicon
/// that cannot be read. A rendering or mapping failure keeps its own type (`SynthError`,
/// `MIDIMapError`).
public enum ExportErrors: ErrorDomain {
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
    public var kind: ErrorKind {
      switch self {
      case .cannotWrite: .cannotCreate
      case .writeFailed: .storageFailed
      case .outputConflict, .invalidSetting: .usage
      case .missingFile: .missingInput
      case .invalidFile: .invalidInput
      case .exceedsLimits: .beyondLimits
      }
    }
  }

  /// An export's most common failure is an output that cannot be written together with another.
  public static var commonCode: Code { .outputConflict }

  /// An output failure is never about the input; a setting's is when it was made in the input.
  public static func isAboutInput(code: Code, location: ErrorLocation?) -> Bool {
    location?.isInInput ?? false
  }
}

/// A failure to make what an export asked for, naming the output, or the setting's place.
public typealias ExportError = ModuleError<ExportErrors>
