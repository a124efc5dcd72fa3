/// Text in an XML 1.0 document (Moodle XML, QTI, IMS manifests, TTML, iXML), by where it goes.
/// Scalars XML forbids (most controls, U+FFFE, U+FFFF) become U+FFFD; a document that held one
/// would not be well-formed.
package enum XMLText {
  /// Character data: `&`, `<` and `>` as references (so `]]>` cannot appear either), line breaks
  /// as LF.
  package static func text(_ text: String) -> String {
    ScalarText.encode(text, HTMLText.markup(quotes: false))
  }

  /// The value of a quoted attribute: as `text(_:)` with `"` and `'` as references too, on one
  /// line (each line break and tab a space, which is what an XML reader would make of them).
  package static func attribute(_ text: String) -> String {
    ScalarText.encode(text, lineBreak: " ", tab: " ", HTMLText.markup(quotes: true))
  }

  /// The inside of a comment, on one line: XML gives no escapes there, so `--` (which would end
  /// the comment, or make it malformed) is written `- -`, and a last `-` is followed by a space.
  package static func comment(_ text: String) -> String {
    var written = ScalarText.encode(text, lineBreak: " ", tab: " ") { scalar, output in
      if scalar == "-" && output.last == "-" { output.append(" ") }
      output.append(scalar)
    }
    if written.unicodeScalars.last == "-" { written += " " }
    return written
  }
}
