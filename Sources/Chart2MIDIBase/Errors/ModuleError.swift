/// Whose mistake an error is, which says what to do about it: mend the input (a chart, a MIDI
/// file, a script), change a setting (a flag, a `sonification` value given in code, a request), or
/// see to the machine (a folder that cannot be written, a soundfont or voice not installed, a
/// library call that failed).
public enum ErrorSource: String, Hashable, Sendable {
  /// The input read: a chart, a MIDI file, a narration script, a recording.
  case input
  /// A setting: a flag, an option or request made in code, or what the outputs asked for.
  case settings
  /// The machine: the file system, an installed file or program, a library call.
  case machine
}

/// What kind of failure an error is: the one classification of every module's codes, which every
/// front end reports an error by (the command line's exit status and the service's HTTP status
/// both switch on it, and on nothing else).
public enum ErrorKind: String, Hashable, Sendable, CaseIterable {
  /// The caller asked for what no chart could give: a flag, a setting, outputs that clash.
  case usage
  /// The input is wrong: a chart, a MIDI file, a script, a recording.
  case invalidInput
  /// The input is not there or cannot be read.
  case missingInput
  /// The input asks for more than the limits allow.
  case beyondLimits
  /// The machine lacks what it should have: a soundfont, a voice, an encoder.
  case unavailable
  /// An output cannot be made where it is asked for.
  case cannotCreate
  /// Reading or writing failed on the way, or scratch space could not be used.
  case storageFailed
  /// Work another process holds: worth trying again later.
  case busy
  /// A fault of chart2midi's: a bug, or a library call that should not fail.
  case fault

  /// Whose mistake an error of this kind is.
  public var source: ErrorSource {
    switch self {
    case .usage: .settings
    case .invalidInput, .missingInput, .beyondLimits: .input
    case .unavailable, .cannotCreate, .storageFailed, .busy, .fault: .machine
    }
  }
}

/// The code of an error: one enum per module, for a caller to switch on.
public protocol ErrorCode: Hashable, Sendable {
  /// What kind of failure an error of this code is, wherever it was made.
  var kind: ErrorKind { get }
}

extension ErrorCode {
  /// Whose mistake an error of this code is, wherever it was made.
  public var source: ErrorSource { kind.source }
}

/// The domain of a module's errors: a marker type that gives each module its own error type, with
/// its own codes, while they share one shape, `ModuleError`.
public protocol ErrorDomain: Sendable {
  /// The module's error codes.
  associatedtype Code: ErrorCode
  /// The code of an error made without one: the module's most common mistake.
  static var commonCode: Code { get }
  /// Whether an error of `code` at `location` lies in the input file, so that the file's name
  /// belongs before its sentence: by default, unless its place is a command-line flag.
  static func isAboutInput(code: Code, location: ErrorLocation?) -> Bool
}

extension ErrorDomain {
  /// True unless the location is a command-line flag.
  public static func isAboutInput(code: Code, location: ErrorLocation?) -> Bool {
    location?.isInInput ?? true
  }
}

/// A mistake with its code, its file, its place and its message: the one shape of the modules'
/// errors. Each module names its own (`DescriptorError`, `MIDIMapError`, `SMFReaderError`), so that
/// a caller can tell them apart, and switch on `code`.
public struct ModuleError<Domain: ErrorDomain>: LocatedError, Hashable {
  /// What kind of mistake it is.
  public var code: Domain.Code
  /// The file the mistake is in, when it is in one.
  public var file: String?
  /// Where the mistake is: a chart path, a JSON line and column, a CSV row and column, or a flag.
  public var location: ErrorLocation?
  /// What was wrong, and what was expected.
  public var message: String
  /// The reading limit the input passed, when that was the mistake: a caller may say how to
  /// raise it.
  package var limit: ReadingLimits.Limit?
  /// The C library function that failed, when one did (`fluid_synth_sfload`).
  package var call: String?

  /// Creates an error of `code` (by default the module's most common).
  package init(
    _ message: String, at location: ErrorLocation? = nil, file: String? = nil,
    call: String? = nil, code: Domain.Code = Domain.commonCode
  ) {
    self.message = message
    self.location = location
    self.file = file
    self.call = call
    self.code = code
  }

  /// Whether the mistake lies in the input file, as the module's domain says.
  public var isAboutInput: Bool { Domain.isAboutInput(code: code, location: location) }

  /// `file: location: message`, the file only when the mistake lies in it, leaving out the parts
  /// that are unknown.
  public var description: String {
    ([isAboutInput ? file : nil, location?.description].compactMap { $0 } + [message])
      .joined(separator: ": ")
  }

  /// What kind of failure it is: the code's, except that a setting made inside an input (a
  /// chart's `sonification` object) is a mistake in the input.
  public var kind: ErrorKind {
    code.kind == .usage && location?.isInInput == true ? .invalidInput : code.kind
  }

  /// Whose mistake it is, as its kind says.
  public var source: ErrorSource { kind.source }

  /// The code's name (`exceedsLimits`), as a client reads it.
  public var codeName: String { "\(code)" }
}
