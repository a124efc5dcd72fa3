/// The controller numbers the project sends (General MIDI, and the MIDI 1.0 registered parameter
/// mechanism).
package enum MIDIController {
  /// Bank select, most significant byte (CC 0).
  package static let bankSelect: UInt7 = 0
  /// Data entry, most significant byte (CC 6): the value of the selected parameter.
  package static let dataEntry: UInt7 = 6
  /// Channel volume (CC 7).
  package static let volume: UInt7 = 7
  /// Pan (CC 10): 0 left, 64 centre, 127 right.
  package static let pan: UInt7 = 10
  /// Bank select, least significant byte (CC 32).
  package static let bankSelectLSB: UInt7 = 32
  /// Data entry, least significant byte (CC 38).
  package static let dataEntryLSB: UInt7 = 38
  /// Reverb send level (CC 91).
  package static let reverbSend: UInt7 = 91
  /// Registered parameter number, least significant byte (CC 100).
  package static let registeredParameterLSB: UInt7 = 100
  /// Registered parameter number, most significant byte (CC 101).
  package static let registeredParameterMSB: UInt7 = 101
}

/// Registered parameter numbers (RPN), selected with CC 101 and CC 100.
package enum RegisteredParameter {
  /// RPN 0,0: pitch-bend sensitivity, in semitones (data entry MSB) and cents (LSB).
  package static let pitchBendSensitivity: (msb: UInt7, lsb: UInt7) = (0, 0)
  /// RPN 0,6: the MPE Configuration Message, sent on a zone's manager channel: the number of
  /// member channels in the zone.
  package static let mpeConfiguration: (msb: UInt7, lsb: UInt7) = (0, 6)
  /// RPN 127,127: no parameter, so that later data entry changes nothing.
  package static let null: (msb: UInt7, lsb: UInt7) = (127, 127)
}

/// The meta-event types of a Standard MIDI File the project writes and reads (SMF 1.0: "FF type
/// length data").
package enum MetaEventType: UInt8, Hashable, Sendable {
  /// Text event: any text.
  case text = 0x01
  /// Sequence or track name.
  case trackName = 0x03
  /// Marker: "the name of that point in the sequence, such as a rehearsal letter or section name".
  case marker = 0x06
  /// A score's title, a MuseScore extension that its MIDI import reads from a track with notes
  /// (SMF 1.0 leaves the type undefined, and other readers pass over it).
  case notationTitle = 0x10
  /// MIDI port: the port the track's channel messages go to (a widely used non-standard event).
  case midiPort = 0x21
  /// End of track: required as the last event of every track.
  case endOfTrack = 0x2F
  /// SMPTE offset: the timecode at which the track starts (`hr mn se fr ff`).
  case smpteOffset = 0x54
  /// Set tempo, in microseconds per quarter note (three bytes).
  case tempo = 0x51
  /// Time signature: numerator, denominator as a power of 2, MIDI clocks per click, 32nd notes per
  /// quarter note.
  case timeSignature = 0x58
  /// Key signature: sharps or flats, and major or minor.
  case keySignature = 0x59

  /// The first status byte of every meta event.
  package static let status: UInt8 = 0xFF
}

/// The status nibbles of channel messages (MIDI 1.0: the high four bits; the low four are the
/// channel).
enum ChannelStatus {
  static let noteOff: UInt8 = 0x80
  static let noteOn: UInt8 = 0x90
  static let polyphonicPressure: UInt8 = 0xA0
  static let controlChange: UInt8 = 0xB0
  static let programChange: UInt8 = 0xC0
  static let channelPressure: UInt8 = 0xD0
  static let pitchBend: UInt8 = 0xE0
}
