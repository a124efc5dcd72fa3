import Foundation

/// Text on its way to a terminal: control characters a chart, a file name or an environment
/// variable may carry (an escape sequence that sets the window's title or clears the screen, a
/// carriage return that writes over a line, a direction override that reorders it) are shown as
/// `\u{1B}`, never obeyed.
enum TerminalText {
  /// `text` with every control character written out: C0 and C1 controls, DEL, and the Unicode
  /// marks that change the direction of text. `keepingLines` keeps line feeds and tabs (for text
  /// of several lines, such as a description); otherwise they are written out too.
  static func visible(_ text: String, keepingLines: Bool = false) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if keepingLines, scalar == "\n" || scalar == "\t" {
        shown.append(scalar)
      } else if isControl(scalar) {
        shown.append(
          contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        shown.append(scalar)
      }
    }
    return String(shown)
  }

  /// JSON text with the control characters its encoder leaves as they are (DEL, C1 controls, the
  /// marks of direction; the others it escapes) escaped as JSON escapes them: the same value, safe
  /// on a terminal.
  static func json(_ text: String) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x7F, isControl(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        shown.append(
          contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
      } else {
        shown.append(scalar)
      }
    }
    return String(shown)
  }

  /// Whether a terminal would act on `scalar` rather than show it.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

/// Prints a line for people on stderr, its control characters shown, not obeyed.
func report(_ line: String) {
  FileHandle.standardError.write(Data((TerminalText.visible(line) + "\n").utf8))
}

/// Prints text of one or more lines on stdout, its control characters (but line feeds and tabs)
/// shown, not obeyed.
func output(_ text: String, terminator: String = "\n") {
  print(TerminalText.visible(text, keepingLines: true), terminator: terminator)
}

/// `text` for a message on a terminal.
func visible(_ text: String) -> String { TerminalText.visible(text) }
