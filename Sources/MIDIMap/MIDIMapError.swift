import Descriptor

/// A mapping or MIDI file problem: an option that does not fit the chart (at its flag or its place
/// in the `sonification` object), a chart that needs more than MIDI holds, or a MIDI file that
/// cannot be read (in `file`).
public struct MIDIMapError: LocatedError, Hashable {
  /// The file the problem is in: the MIDI file read, or the chart whose options are wrong.
  public var file: String?
  /// Where: an option's flag or path, such as `--note-range` or `sonification.noteRange`; nil for
  /// the chart or the file as a whole.
  public var location: ErrorLocation?
  /// What was wrong, and how to fix it.
  public var message: String

  /// Creates an error.
  public init(_ message: String, at location: ErrorLocation? = nil, file: String? = nil) {
    self.message = message
    self.location = location
    self.file = file
  }
}
