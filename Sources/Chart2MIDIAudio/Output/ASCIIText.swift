import Foundation

/// Text for fields that hold ASCII alone (a `bext` chunk's description and originator, as EBU Tech
/// 3285 asks): letters lose their accents (é → e), letters and signs with a usual ASCII spelling
/// take it (ß → ss, Ø → O, € → EUR, ° → deg, “ ” → "), spaces of any kind become a space, control
/// characters go, and anything else becomes `?`.
enum ASCIIText {
  /// Characters whose ASCII spelling is not their base letter.
  static let spellings: [Character: String] = [
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
    "ħ": "h", "Ħ": "H", "‘": "'", "’": "'", "‚": ",", "‛": "'", "“": "\"", "”": "\"",
    "„": "\"", "«": "\"", "»": "\"", "‹": "'", "›": "'", "–": "-", "—": "-", "‒": "-", "−": "-",
    "‐": "-", "‑": "-", "…": "...", "•": "*", "·": ".", "×": "x", "÷": "/", "°": " deg",
    "€": "EUR", "£": "GBP", "¥": "JPY", "¢": "c", "©": "(c)", "®": "(R)", "™": "TM", "§": "S",
    "¶": "P", "µ": "u", "²": "2", "³": "3", "¹": "1", "¼": "1/4", "½": "1/2", "¾": "3/4",
    "‰": " per mille", "±": "+/-", "≤": "<=", "≥": ">=", "≠": "!=", "¿": "?", "¡": "!",
  ]

  /// `text` in printable ASCII.
  static func transliterated(_ text: String) -> String {
    var result = ""
    for character in text {
      if character.isASCII {
        if let scalar = character.unicodeScalars.first, scalar.value >= 0x20, scalar.value < 0x7F {
          result.append(character)
        } else if character.isWhitespace {
          result.append(" ")
        }
        continue
      }
      if let spelling = spellings[character] {
        result += spelling
        continue
      }
      if character.isWhitespace {
        result.append(" ")
        continue
      }
      // The base letters of a canonical decomposition, without their marks.
      let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.filter {
        $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F
      }
      result += base.isEmpty ? "?" : String(String.UnicodeScalarView(base))
    }
    return result
  }
}
