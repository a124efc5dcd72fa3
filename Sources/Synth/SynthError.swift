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

  /// A rendering problem is never about the input chart or MIDI file's content.
  public var isAboutInput: Bool { false }

  /// The message, which names the file and the call itself.
  public var description: String { message }

  /// Creates an error.
  public init(_ message: String, file: String? = nil, call: String? = nil) {
    self.message = message
    self.file = file
    self.call = call
  }
}
