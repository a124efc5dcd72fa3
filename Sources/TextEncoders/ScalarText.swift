/// What every encoder shares: text read as Unicode scalars, never as characters. A Swift
/// `Character` is a grapheme cluster, so `"` followed by a combining accent is one character that
/// equals no quote; every encoder here looks at each scalar, so that the quote is still a quote.
package enum ScalarText {
  /// The replacement for a scalar no document may hold: U+FFFD REPLACEMENT CHARACTER.
  package static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Whether the scalar ends a line: LF, CR (CR LF is one break), vertical tab (a line break in a
  /// spreadsheet cell), form feed, NEL, and the line and paragraph separators.
  package static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether XML 1.0 forbids the scalar or HTML reads it as an error: the C0 controls but tab and
  /// the line breaks, DEL, the C1 controls, and the noncharacters (U+FDD0 to U+FDEF, and the last
  /// two of every plane, U+FFFE and U+FFFF among them).
  package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    if isLineBreak(scalar) || scalar == "\t" { return false }
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: return true
    default: return scalar.value & 0xFFFE == 0xFFFE
    }
  }

  /// The scalars of `text` with every line break (CR LF as one) as `lineBreak`, every tab as
  /// `tab` and every forbidden scalar as U+FFFD.
  package static func cleaned(
    _ text: String, lineBreak: Unicode.Scalar = "\n", tab: Unicode.Scalar = "\t"
  ) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(text.utf8.count)
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      if scalar == "\n" && afterCarriageReturn { continue }
      if isLineBreak(scalar) {
        scalars.append(lineBreak)
      } else if scalar == "\t" {
        scalars.append(tab)
      } else {
        scalars.append(isForbidden(scalar) ? replacement : scalar)
      }
    }
    return scalars
  }

  /// The scalars of `text`, `cleaned`, each through `write`, which appends what the format makes
  /// of it.
  package static func encode(
    _ text: String, lineBreak: Unicode.Scalar = "\n", tab: Unicode.Scalar = "\t",
    _ write: (Unicode.Scalar, inout String.UnicodeScalarView) -> Void
  ) -> String {
    var output = String.UnicodeScalarView()
    for scalar in cleaned(text, lineBreak: lineBreak, tab: tab) { write(scalar, &output) }
    return String(output)
  }

  /// `text` appended as it is.
  package static func append(_ text: String, to output: inout String.UnicodeScalarView) {
    output.append(contentsOf: text.unicodeScalars)
  }
}
