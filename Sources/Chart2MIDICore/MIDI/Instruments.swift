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

  /// The notes a player of a General MIDI program's instrument is written for, at sounding
  /// pitch (a transposing instrument's written range moved to where it sounds), as orchestration
  /// references give them, kept to the range a good amateur plays. An instrument written in the
  /// treble clef keeps to C4 and above: a run of notes below middle C makes a notation program's
  /// MIDI import set the staff in the bass clef. Nil for programs with no one instrument behind
  /// them (synthesizers, effects, percussion).
  package static func playableRange(of program: UInt7) -> ClosedRange<Int>? {
    switch program.value {
    case 0...5: 21...108  // pianos: A0-C8
    case 6: 29...89  // harpsichord: F1-F6
    case 7: 29...88  // clavinet: F1-E6
    case 8: 60...108  // celesta: C4-C8
    case 9: 79...108  // glockenspiel: G5-C8
    case 11: 60...89  // vibraphone: C4-F6
    case 12: 45...96  // marimba: A2-C7
    case 13: 65...108  // xylophone: F4-C8
    case 14: 60...77  // tubular bells: C4-F5
    case 16...20: 36...96  // organs, the manuals: C2-C7
    case 21, 23: 53...93  // accordions, the right hand: F3-A6
    case 22: 60...96  // chromatic harmonica: C4-C7
    case 24...31: 40...86  // guitars: E2-D6
    case 32...39: 28...67  // basses: E1-G4
    case 40: 60...88  // violin: C4-E6
    case 41: 48...88  // viola: C3-E6
    case 42: 36...76  // cello: C2-E5
    case 43: 28...60  // double bass: E1-C4
    case 44, 45, 48...51: 28...96  // string sections
    case 46: 24...103  // harp: C1-G7
    case 47: 40...57  // timpani: D2-A3
    case 52...54: 48...81  // voices: C3-A5
    case 56, 59: 60...79  // trumpet in B flat: C4-G5
    case 57: 40...72  // trombone: E2-C5
    case 58: 29...58  // tuba: F1-B flat 3
    case 60: 34...77  // horn in F: B flat 1-F5
    case 61: 40...82  // brass section
    case 64: 60...86  // soprano saxophone: C4-D6
    case 65: 60...79  // alto saxophone: C4-G5
    case 66: 44...76  // tenor saxophone: A flat 2-E5
    case 67: 36...69  // baritone saxophone: C2-A4
    case 68: 60...88  // oboe: C4-E6
    case 69: 52...81  // english horn: E3-A5
    case 70: 34...75  // bassoon: B flat 1-E flat 5
    case 71: 60...84  // clarinet in B flat: C4-C6
    case 72: 74...105  // piccolo: D5-A7
    case 73: 60...93  // flute: C4-A6
    case 74: 72...98  // soprano recorder: C5-D7
    case 75: 60...93  // pan flute
    case 77: 62...86  // shakuhachi: D4-D6
    case 79: 69...89  // alto ocarina: A4-F6
    case 104...108: 48...84  // sitar, banjo, shamisen, koto, kalimba
    case 109: 67...81  // bagpipe chanter: G4-A5
    case 110: 60...88  // fiddle: as the violin
    case 111: 60...86  // shanai
    default: nil
    }
  }

  /// Whether a General MIDI program's instrument plays one note at a time (bowed strings are
  /// counted so: a part of data is no place for double stops): winds, brass, bowed strings, solo
  /// voices and synthesizer leads.
  package static func isMonophonic(_ program: UInt7) -> Bool {
    switch program.value {
    case 40...43, 53, 54, 56...60, 64...79, 80...87, 109...111: true
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
