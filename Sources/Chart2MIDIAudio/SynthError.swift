import Chart2MIDIBase

/// The domain of rendering errors: no soundfont, a soundfont FluidSynth cannot load, a recording
/// or a voice that cannot be used, music that cannot be rendered, or a library call that failed.
public enum SynthErrors: ErrorDomain {
  /// What is wrong with a render.
  public enum Code: String, ErrorCode, CaseIterable {
    /// No soundfont where one is looked for: the project's own beside the program, the system's
    /// General MIDI soundfont, the one `CHART2MIDI_SOUNDFONT` names.
    case soundFontMissing
    /// A soundfont that is not a SoundFont file, or whose presets make no sound for the music.
    case soundFontUnusable
    /// A recording a narration names that is not there.
    case recordingMissing
    /// A recording that cannot be used: not audio, silent, too long, at another sample rate.
    case recordingUnusable
    /// Music that cannot be rendered: no notes, more channels than rendering handles, longer than
    /// an hour.
    case unrenderable
    /// A narration that would speak for more than 10 minutes: the chart's texts are too long.
    case narrationTooLong
    /// A request the renderer does not take: a sample rate, a loudness target it cannot reach.
    case invalidRequest
    /// A voice eSpeak NG does not have.
    case unknownVoice
    /// Speech that cannot be made: eSpeak NG's data missing, or a call that failed.
    case speechUnavailable
    /// A format the installed libsndfile cannot write.
    case formatUnavailable
    /// The audio's scratch files cannot be made, written or read.
    case scratchFile
    /// A call into FluidSynth, libebur128, libsoxr or libsndfile that failed.
    case libraryFailed

    /// Whose mistake an error of this code is.
    public var kind: ErrorKind {
      switch self {
      case .soundFontUnusable, .recordingUnusable, .unrenderable: .invalidInput
      case .recordingMissing: .missingInput
      case .narrationTooLong: .beyondLimits
      case .invalidRequest, .unknownVoice: .usage
      case .soundFontMissing, .speechUnavailable, .formatUnavailable: .unavailable
      case .scratchFile: .storageFailed
      case .libraryFailed: .fault
      }
    }
  }

  /// A render's most common failure is a library call's.
  public static var commonCode: Code { .libraryFailed }

  /// The input's content is the cause (no notes, music too long to render, texts too long to
  /// speak), so that the input's name belongs before the message; not for a soundfont, a recording
  /// (its message names it), an output or a failed call.
  public static func isAboutInput(code: Code, location: ErrorLocation?) -> Bool {
    code == .unrenderable || code == .narrationTooLong
  }
}

/// A rendering problem, with the file concerned (the soundfont, the recording) and the library
/// call that failed, when there are any.
public typealias SynthError = ModuleError<SynthErrors>
