/// Text that gives each format's characters a try: quotes with a combining accent after them
/// (one Swift `Character`, two scalars), line breaks of every kind, scalars XML forbids, the
/// sequences that end a comment, a CDATA section, a script or a cue, and GIFT's specials.
public let hostileTexts: [String] = [
  "Plain text", "Café", "Cafe\u{301}", "\"\u{301} autofocus onfocus=alert(1) x=\"",
  "'\u{301} onmouseover=alert(1) '", "Sales\r\nGrowth", "Sales\rGrowth", "Cell\u{B}break",
  "a\u{C}b\u{85}c\u{2028}d\u{2029}e", "non\u{FFFE}character\u{FFFF}\u{1FFFE}", "nul\u{0}bell\u{7}",
  "C1\u{80}\u{9F}", "Week 3 -- rates", "ends with -", "---", "x ]]> y",
  "</script><script>alert(1)</script>", "<!--<script>", "a --> b", "a ---> b", "~=#{}:\\",
  "{=~}\u{301}\r\n::injected::Q{=A}", "'single' \"double\" `back`", "<b>bold</b> {\\an8}top",
  "tab\there", "\n\nblank\n\n\nlines\n", "emoji 👍🏽 and 家族", "",
]

/// The text as every encoder reads it first: each line break (CR LF as one) as `lineBreak`, each
/// tab as `tab`, each scalar XML forbids as U+FFFD. Written here from the rules, not by the code.
public func expectedCleaned(_ text: String, lineBreak: String = "\n", tab: String = "\t") -> String
{
  var result = ""
  let scalars = Array(text.unicodeScalars)
  var index = 0
  while index < scalars.count {
    let value = scalars[index].value
    if value == 0x0D, index + 1 < scalars.count, scalars[index + 1] == "\n" {
      result += lineBreak
      index += 2
      continue
    }
    if [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(value) {
      result += lineBreak
    } else if value == 0x09 {
      result += tab
    } else if value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
      || value & 0xFFFE == 0xFFFE
    {
      result += "\u{FFFD}"
    } else {
      result.unicodeScalars.append(scalars[index])
    }
    index += 1
  }
  return result
}
