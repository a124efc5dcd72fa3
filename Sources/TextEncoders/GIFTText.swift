/// Text in Moodle's GIFT question format, where a question is a run of lines up to a blank one.
package enum GIFTText {
  /// A name, a question or an answer, on one line: GIFT's special characters `~ = # { } :` and
  /// the backslash escaped with a backslash, each line break a space.
  package static func text(_ text: String) -> String {
    ScalarText.encode(text, lineBreak: " ", tab: " ") { scalar, output in
      switch scalar {
      case "~", "=", "#", "{", "}", ":", "\\": output.append("\\")
      default: break
      }
      output.append(scalar)
    }
  }

  /// A name in the `$CATEGORY:` line, which GIFT reads as written: on one line, each `/` (which
  /// separates levels) written `//`.
  package static func category(_ text: String) -> String {
    ScalarText.encode(text, lineBreak: " ", tab: " ") { scalar, output in
      if scalar == "/" { output.append("/") }
      output.append(scalar)
    }
  }

  /// The text of a `//` comment line: on one line, so that nothing after a line break is read as
  /// a question.
  package static func comment(_ text: String) -> String {
    ScalarText.encode(text, lineBreak: " ", tab: " ") { scalar, output in output.append(scalar) }
  }
}
