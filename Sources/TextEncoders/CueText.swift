/// The text of a caption cue, where a blank line ends the cue and a line holding `-->` reads as
/// the timing of the next one. A caption's own line breaks are kept, one at a time: no line is
/// blank, and none begins or ends the text. Tabs are spaces; forbidden scalars are U+FFFD.
package enum CueText {
  /// WebVTT cue text: `&`, `<` and `>` as references (so `-->` cannot appear, and no tag or
  /// entity starts).
  package static func webVTT(_ text: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in lines(text) {
      switch scalar {
      case "&": ScalarText.append("&amp;", to: &output)
      case "<": ScalarText.append("&lt;", to: &output)
      case ">": ScalarText.append("&gt;", to: &output)
      default: output.append(scalar)
      }
    }
    return String(output)
  }

  /// SubRip cue text. SubRip has no references: `-->` is written `→` (a run of dashes before `>`
  /// keeps all but the last two), and a `<` before a letter or `/`, or a `{` before `\`, which
  /// players read as the start of a formatting tag, is followed by U+2060 WORD JOINER, which
  /// shows nothing.
  package static func srt(_ text: String) -> String {
    let scalars = lines(text)
    var output = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      if scalar == ">", output.count >= 2, output.suffix(2).elementsEqual(["-", "-"]) {
        output.removeLast(2)
        output.append("\u{2192}")
        continue
      }
      output.append(scalar)
      guard index + 1 < scalars.count else { continue }
      let next = scalars[index + 1]
      let opensTag =
        (scalar == "<" && (next == "/" || next.properties.isAlphabetic))
        || (scalar == "{" && next == "\\")
      if opensTag { output.append("\u{2060}") }
    }
    return String(output)
  }

  /// The scalars, cleaned, with no line break first, last or after another.
  static func lines(_ text: String) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    for scalar in ScalarText.cleaned(text, tab: " ") {
      if scalar == "\n" && (scalars.isEmpty || scalars.last == "\n") { continue }
      scalars.append(scalar)
    }
    if scalars.last == "\n" { scalars.removeLast() }
    return scalars
  }
}
