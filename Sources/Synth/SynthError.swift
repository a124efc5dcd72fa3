import Descriptor

/// A rendering problem: no soundfont, a soundfont FluidSynth cannot load, an output that cannot be
/// written, a program no soundfont preset can play, or a FluidSynth call that failed.
public struct SynthError: LocatedError, Hashable {
  /// The file concerned: the soundfont, or the output that could not be written.
  public var file: String?
  /// The FluidSynth function that failed, when one did.
  public var call: String?
  /// What went wrong, in one sentence that names the file and the failed call with FluidSynth's
  /// reason, when there are any.
  public var message: String
  /// Rendering problems have no place inside an input.
  public var location: ErrorLocation? { nil }
  /// Whether the input's content is the cause (no notes, music too long to render), so that the
  /// input's name belongs before the message; false for a soundfont, an output or a failed call.
  public var concernsInput = false

  /// Whether the problem lies in the input chart or MIDI file's content.
  public var isAboutInput: Bool { concernsInput }

  /// The message, naming the input file when the input is the cause.
  public var description: String {
    concernsInput ? ([file].compactMap { $0 } + [message]).joined(separator: ": ") : message
  }

  /// Creates an error.
  public init(_ message: String, file: String? = nil, call: String? = nil) {
    self.message = message
    self.file = file
    self.call = call
  }

  /// An error caused by the input's content.
  static func input(_ message: String) -> SynthError {
    var error = SynthError(message)
    error.concernsInput = true
    return error
  }
}
