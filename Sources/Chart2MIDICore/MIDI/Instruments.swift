/// General MIDI programs: the default palette and the names of all 128.
package enum Instruments {
  /// Programs chosen to sound clearly different from each other, in the order categories and series
  /// take them: piano, flute, vibraphone, violin, clarinet, nylon guitar, tubular bells, church
  /// organ, trumpet, square lead, ocarina, marimba.
  package static let palette: [UInt7] = [0, 73, 11, 40, 71, 24, 14, 19, 56, 80, 79, 12]

  /// Programs that hold their sound while a key is down, for continuous series, whose tones last:
  /// flute, violin, clarinet, church organ, trumpet, square lead, ocarina, oboe.
  package static let sustainingPalette: [UInt7] = [73, 40, 71, 19, 56, 80, 79, 68]

  /// Whether a General MIDI program's sound dies away while the key is held (pianos, chromatic
  /// percussion, guitars and basses, pizzicato, harp, timpani, plucked ethnic instruments and
  /// percussion): a long tone on it needs re-striking to stay audible.
  package static func decays(_ program: UInt7) -> Bool {
    switch program.value {
    case 0...15, 24...39, 45...47, 104...108, 112...119: true
    default: false
    }
  }

  /// The General MIDI name of a program (numbered from 0).
  package static func name(of program: UInt7) -> String { names[Int(program.value)] }

  /// The program whose General MIDI name matches `name` (case and spacing ignored), or nil.
  package static func program(named name: String) -> UInt7? {
    let wanted = normalized(name)
    guard let index = names.firstIndex(where: { normalized($0) == wanted }) else { return nil }
    return UInt7(clamping: index)
  }

  private static func normalized(_ text: String) -> String {
    text.lowercased().filter { $0.isLetter || $0.isNumber }
  }

  static let names = [
    "Acoustic Grand Piano", "Bright Acoustic Piano", "Electric Grand Piano", "Honky-tonk Piano",
    "Electric Piano 1", "Electric Piano 2", "Harpsichord", "Clavinet", "Celesta", "Glockenspiel",
    "Music Box", "Vibraphone", "Marimba", "Xylophone", "Tubular Bells", "Dulcimer", "Drawbar Organ",
    "Percussive Organ", "Rock Organ", "Church Organ", "Reed Organ", "Accordion", "Harmonica",
    "Tango Accordion", "Acoustic Guitar (nylon)", "Acoustic Guitar (steel)",
    "Electric Guitar (jazz)", "Electric Guitar (clean)", "Electric Guitar (muted)",
    "Overdriven Guitar", "Distortion Guitar", "Guitar Harmonics", "Acoustic Bass",
    "Electric Bass (finger)", "Electric Bass (pick)", "Fretless Bass", "Slap Bass 1", "Slap Bass 2",
    "Synth Bass 1", "Synth Bass 2", "Violin", "Viola", "Cello", "Contrabass", "Tremolo Strings",
    "Pizzicato Strings", "Orchestral Harp", "Timpani", "String Ensemble 1", "String Ensemble 2",
    "Synth Strings 1", "Synth Strings 2", "Choir Aahs", "Voice Oohs", "Synth Voice",
    "Orchestra Hit", "Trumpet", "Trombone", "Tuba", "Muted Trumpet", "French Horn", "Brass Section",
    "Synth Brass 1", "Synth Brass 2", "Soprano Sax", "Alto Sax", "Tenor Sax", "Baritone Sax",
    "Oboe", "English Horn", "Bassoon", "Clarinet", "Piccolo", "Flute", "Recorder", "Pan Flute",
    "Blown Bottle", "Shakuhachi", "Whistle", "Ocarina", "Lead 1 (square)", "Lead 2 (sawtooth)",
    "Lead 3 (calliope)", "Lead 4 (chiff)", "Lead 5 (charang)", "Lead 6 (voice)", "Lead 7 (fifths)",
    "Lead 8 (bass + lead)", "Pad 1 (new age)", "Pad 2 (warm)", "Pad 3 (polysynth)", "Pad 4 (choir)",
    "Pad 5 (bowed)", "Pad 6 (metallic)", "Pad 7 (halo)", "Pad 8 (sweep)", "FX 1 (rain)",
    "FX 2 (soundtrack)", "FX 3 (crystal)", "FX 4 (atmosphere)", "FX 5 (brightness)",
    "FX 6 (goblins)", "FX 7 (echoes)", "FX 8 (sci-fi)", "Sitar", "Banjo", "Shamisen", "Koto",
    "Kalimba", "Bagpipe", "Fiddle", "Shanai", "Tinkle Bell", "Agogo", "Steel Drums", "Woodblock",
    "Taiko Drum", "Melodic Tom", "Synth Drum", "Reverse Cymbal", "Guitar Fret Noise",
    "Breath Noise", "Seashore", "Bird Tweet", "Telephone Ring", "Helicopter", "Applause", "Gunshot",
  ]
}
