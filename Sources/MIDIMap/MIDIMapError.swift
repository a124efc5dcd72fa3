/// A mapping or MIDI file problem: an option that does not fit the chart, a chart that needs more
/// channels than MIDI has, or a MIDI file that cannot be read.
public struct MIDIMapError: Error, CustomStringConvertible, Hashable, Sendable {
  /// Where: an option path such as `sonification.noteRange`, a flag, or a file path.
  public var location: String
  /// What was wrong, and how to fix it.
  public var message: String

  /// Creates an error.
  public init(at location: String, _ message: String) {
    self.location = location
    self.message = message
  }

  /// `location: message`.
  public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}
