import Foundation

/// File names for stems: the stem name made readable and safe for a file system, unique, with
/// the audio format's extension (`.wav` by default).
package enum StemNaming {
  /// One file name per stem name, in order (see `readable(_:)`); names that collide (case
  /// ignored) get `-2`, `-3`, ….
  package static func fileNames(for names: [String], extension: String = "wav") -> [String] {
    var used: Set<String> = []
    return names.map { name in
      var base = readable(name)
      if base.isEmpty { base = "stem" }
      if base.count > 100 {
        base = String(base.prefix(100)).trimmingCharacters(in: .whitespaces)
      }
      var candidate = base
      var number = 2
      while used.contains(candidate.lowercased()) {
        candidate = "\(base)-\(number)"
        number += 1
      }
      used.insert(candidate.lowercased())
      return candidate + "." + `extension`
    }
  }

  /// A track name as a file name: a series and its category (`Cars: USA`) become `Cars - USA`, a
  /// slash or backslash a dash; letters, digits, spaces and `- _ . , ( )` stay, anything else
  /// becomes `_`. Runs of spaces become one, and no name starts with a space, a dash or a dot (an
  /// option to a command, or a hidden file).
  static func readable(_ name: String) -> String {
    var text = ""
    for character in name {
      switch character {
      case ":": text += " - "
      case "/", "\\": text += "-"
      case _ where character.isLetter || character.isNumber || " -_.,()".contains(character):
        text.append(character)
      case _ where character.isWhitespace: text += " "
      default: text += "_"
      }
    }
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    var joined = words.joined(separator: " ")
    while let first = joined.first, " -.".contains(first) { joined.removeFirst() }
    return joined.trimmingCharacters(in: .whitespaces)
  }
}
