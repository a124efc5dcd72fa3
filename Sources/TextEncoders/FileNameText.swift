/// A name as a file name any file system takes.
package enum FileNameText {
  /// The name made readable and safe: a series and its category (`Cars: USA`) become
  /// `Cars - USA`, a slash or backslash a dash; letters, digits, the marks on them, spaces and
  /// `- _ . , ( )` stay, anything else becomes `_`. Runs of spaces become one, no name starts with
  /// a space, a dash or a dot (an option to a command, or a hidden file), and none is longer than
  /// `maximumBytes` in UTF-8 (cut between scalars, never inside one).
  package static func readable(_ name: String, maximumBytes: Int) -> String {
    var text = String.UnicodeScalarView()
    var afterKept = false
    for scalar in name.unicodeScalars {
      var kept = false
      switch scalar {
      case ":": ScalarText.append(" - ", to: &text)
      case "/", "\\": text.append("-")
      case " ", "-", "_", ".", ",", "(", ")": text.append(scalar)
      case _ where isLetterOrNumber(scalar):
        text.append(scalar)
        kept = true
      case _ where isMark(scalar):
        // A mark belongs to the letter before it; alone, it is left out.
        if afterKept { text.append(scalar) }
        kept = afterKept
      case _ where scalar.properties.isWhitespace: text.append(" ")
      default: text.append("_")
      }
      afterKept = kept
    }
    var joined = String(text).split(separator: " ").joined(separator: " ")
    while let first = joined.unicodeScalars.first, " -.".unicodeScalars.contains(first) {
      joined.unicodeScalars.removeFirst()
    }
    var bytes = 0
    let fitting = joined.unicodeScalars.prefix { scalar in
      bytes += String(scalar).utf8.count
      return bytes <= maximumBytes
    }
    return String(String.UnicodeScalarView(fitting)).trimmingSpaces()
  }

  private static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      true
    default: false
    }
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}

extension String {
  /// The string without spaces at either end.
  fileprivate func trimmingSpaces() -> String {
    var scalars = Substring(self).unicodeScalars
    while scalars.first == " " { scalars.removeFirst() }
    while scalars.last == " " { scalars.removeLast() }
    return String(scalars)
  }
}
