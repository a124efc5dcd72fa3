import Descriptor

/// A failure to write what an export asked for: an output that cannot be written or replaced, a
/// folder that cannot be made, or a setting that does not fit. A rendering or mapping failure
/// keeps its own type (`SynthError`, `MIDIMapError`).
public struct ExportError: LocatedError, Hashable {
  /// The output concerned, or the input a setting came from.
  public var file: String?
  /// Where the setting was made (`sonification.loudness` in a chart, `--loudness` on the command
  /// line), for a setting that does not fit; nil for an output that cannot be written.
  public var location: ErrorLocation?
  /// What went wrong, in one sentence that names the output or the setting.
  public var message: String

  /// An output failure is never about the input; a setting's is when it was made in the input.
  public var isAboutInput: Bool { location?.isInInput ?? false }

  /// The sentence, after the input file and the setting's place when the mistake lies in a
  /// setting; an output failure's message names the output itself.
  public var description: String {
    guard let location else { return message }
    return ([isAboutInput ? file : nil, location.description].compactMap { $0 } + [message])
      .joined(separator: ": ")
  }

  /// Creates an error.
  public init(_ message: String, file: String? = nil, at location: ErrorLocation? = nil) {
    self.message = message
    self.file = file
    self.location = location
  }
}
