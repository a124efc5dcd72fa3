import Foundation

/// Numbers in messages and in the words of every output: plain, or with their thousands grouped.
package enum NumberText {
  /// A number with no more digits than it needs: `268`, `1.32`, `0.001`.
  package static func plain(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    // Whole numbers, and numbers of a million or more to the unit, are written without exponent.
    if value == value.rounded() || abs(value) >= 1e6, abs(value) < 1e15 {
      return String(Int64(value.rounded()))
    }
    var text = String(format: "%.6g", value)
    if text.contains("e") { return text }
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// A count with commas between groups of three digits: "1,000,000".
  package static func grouped(_ count: Int) -> String { groupThousands(String(count)) }

  /// Inserts commas between groups of three digits in the integer part of a formatted number.
  package static func groupThousands(_ text: String) -> String {
    let characters = Array(text)
    guard let firstDigit = characters.firstIndex(where: \.isNumber) else { return text }
    var end = firstDigit
    while end < characters.count, characters[end].isNumber { end += 1 }
    var grouped: [Character] = []
    let digits = characters[firstDigit..<end]
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return String(characters[..<firstDigit]) + String(grouped) + String(characters[end...])
  }
}
