import Descriptor

/// The domain of mapping and MIDI file errors.
public enum MIDIMapErrors: ErrorDomain {}

/// A mapping or MIDI file problem: an option that does not fit the chart (at its flag or its place
/// in the `sonification` object), a chart that needs more than MIDI holds, or a MIDI file that
/// cannot be read (named in `file`).
public typealias MIDIMapError = ModuleError<MIDIMapErrors>
