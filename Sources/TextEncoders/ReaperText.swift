/// A string in a REAPER project (`.rpp`), whose lines are tokens split at spaces: a string is
/// quoted with the first of `"`, `'` and `` ` `` that it does not hold. It stays on its line (each
/// line break and tab a space, each control U+FFFD). Text holding all three quotes has its
/// backticks written `'`, as REAPER itself does, and is quoted with backticks.
package enum ReaperText {
  /// The string as a token, quoted.
  package static func quoted(_ text: String) -> String {
    var scalars = ScalarText.cleaned(text, lineBreak: " ", tab: " ")
    let quotes: [Unicode.Scalar] = ["\"", "'", "`"]
    let quote =
      quotes.first { !scalars.contains($0) }
      ?? {
        scalars = scalars.map { $0 == "`" ? "'" : $0 }
        return "`"
      }()
    var output = String.UnicodeScalarView([quote])
    output.append(contentsOf: scalars)
    output.append(quote)
    return String(output)
  }
}
