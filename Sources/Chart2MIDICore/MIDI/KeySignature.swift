/// A key signature, as the key signature meta event holds it (SMF 1.0: `FF 59 02 sf mi`, sf the
/// number of sharps, negative for flats, and mi 0 for major, 1 for minor).
package struct KeySignature: Hashable, Sendable {
  /// Sharps (above 0) or flats (below 0), -7 to 7.
  package var sharps: Int
  /// Whether the key is minor.
  package var isMinor: Bool

  /// Sharps or flats of the major key on each pitch class from C, spelled the common way (D flat,
  /// E flat, F sharp, A flat, B flat).
  private static let majorKeys = [0, -5, 2, -3, 4, -1, 6, 1, -4, 3, -2, 5]

  /// The key on a pitch class (0 is C), major or minor.
  package init(root pitchClass: Int, isMinor: Bool) {
    let pitchClass = ((pitchClass % 12) + 12) % 12
    // A minor key has the signature of the major key a minor third above.
    sharps = Self.majorKeys[isMinor ? (pitchClass + 3) % 12 : pitchClass]
    self.isMinor = isMinor
  }

  /// The key on a pitch class spelled as in `name` ("F#", "Gb"): a sharp asks for the sharps'
  /// signature and a flat for the flats', where the key has both within seven.
  package init(root pitchClass: Int, isMinor: Bool, spelledAs name: String) {
    self.init(root: pitchClass, isMinor: isMinor)
    if name.contains("#") || name.contains("♯"), sharps < 0, sharps + 12 <= 7 { sharps += 12 }
    if name.dropFirst().contains("b") || name.contains("♭"), sharps > 0, sharps - 12 >= -7 {
      sharps -= 12
    }
  }

  /// The pitch class (0 is C) of a note name such as "D", "F#", "Bb" or "e♭"; nil otherwise.
  package static func pitchClass(of name: String) -> Int? {
    let naturals: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
    guard let first = name.uppercased().first, let natural = naturals[first] else { return nil }
    var pitch = natural
    for accidental in name.dropFirst() {
      switch accidental {
      case "#", "♯": pitch += 1
      case "b", "♭": pitch -= 1
      default: return nil
      }
    }
    return (pitch + 12) % 12
  }

  /// The meta event's two data bytes.
  var bytes: [UInt8] { [UInt8(bitPattern: Int8(sharps)), isMinor ? 1 : 0] }
}
