/// Text in an HTML document, by where it goes.
package enum HTMLText {
  /// Text between tags: `&`, `<` and `>` as references, line breaks as LF, forbidden scalars as
  /// U+FFFD.
  package static func text(_ text: String) -> String {
    ScalarText.encode(text, markup(quotes: false))
  }

  /// The value of a quoted attribute: as `text(_:)` with `"` and `'` as references too, on one
  /// line (each line break a space).
  package static func attribute(_ text: String) -> String {
    ScalarText.encode(text, lineBreak: " ", markup(quotes: true))
  }

  /// JSON text made safe inside a `<script>` element: `<`, `>` and `&` as `\u` escapes (so that
  /// neither `</script>` nor `<!--` can appear), and the line separators and every scalar HTML
  /// reads as an error too. The escapes are JSON's own, so the text parses to the same value. Only
  /// for JSON text, where these scalars can stand only inside strings.
  package static func scriptJSON(_ json: String) -> String {
    var output = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<", ">", "&", "\u{2028}", "\u{2029}": escapeUnicode(scalar, into: &output)
      case _ where ScalarText.isForbidden(scalar): escapeUnicode(scalar, into: &output)
      default: output.append(scalar)
      }
    }
    return String(output)
  }

  /// `\uXXXX`, twice (a surrogate pair) outside the Basic Multilingual Plane.
  private static func escapeUnicode(
    _ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView
  ) {
    for unit in String(scalar).utf16 {
      let hex = String(unit, radix: 16, uppercase: false)
      ScalarText.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &output)
    }
  }

  /// The characters markup gives a meaning, as references: `&`, `<` and `>`, and with `quotes`
  /// the quotes that end an attribute's value.
  static func markup(quotes: Bool) -> (Unicode.Scalar, inout String.UnicodeScalarView) -> Void {
    { scalar, output in
      switch scalar {
      case "&": ScalarText.append("&amp;", to: &output)
      case "<": ScalarText.append("&lt;", to: &output)
      case ">": ScalarText.append("&gt;", to: &output)
      case "\"" where quotes: ScalarText.append("&quot;", to: &output)
      case "'" where quotes: ScalarText.append("&#39;", to: &output)
      default: output.append(scalar)
      }
    }
  }
}
