/// A rendering problem: no soundfont, a soundfont FluidSynth cannot load, an output that cannot be
/// written, or a FluidSynth call that failed.
public struct SynthError: Error, CustomStringConvertible, Hashable, Sendable {
  /// What went wrong, in one sentence.
  public var description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }
}
