import Chart2MIDIChart
import Foundation

/// Strings and numbers: read straight from the bytes, without intermediate values.
extension JSONScanner {
  /// Reads a string; the scanner must stand at its opening quote.
  mutating func readString() throws -> String {
    let start = offset
    offset += 1
    let contentStart = offset
    while true {
      let byte = self[offset]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: bytes[contentStart..<offset], as: UTF8.self)
        offset += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        if offset >= end {
          offset = start
          throw syntaxError("this string is not closed by a double quote; expected '\"' before")
        }
        throw syntaxError("control characters must be escaped inside a string")
      }
      offset += 1
    }
    // Slow path: the string has escapes.
    var utf8 = [UInt8](bytes[contentStart..<offset])
    while true {
      let byte = self[offset]
      if byte == UInt8(ascii: "\"") {
        offset += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte < 0x20 {
        if offset >= end {
          offset = start
          throw syntaxError("this string is not closed by a double quote; expected '\"' before")
        }
        throw syntaxError("control characters must be escaped inside a string")
      }
      if byte != UInt8(ascii: "\\") {
        utf8.append(byte)
        offset += 1
        continue
      }
      offset += 1
      let escape = self[offset]
      offset += 1
      switch escape {
      case UInt8(ascii: "\""): utf8.append(0x22)
      case UInt8(ascii: "\\"): utf8.append(0x5C)
      case UInt8(ascii: "/"): utf8.append(0x2F)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4()
        if (0xD800..<0xDC00).contains(scalar), self[offset] == UInt8(ascii: "\\"),
          self[offset + 1] == UInt8(ascii: "u")
        {
          offset += 2
          let low = try readHex4()
          guard (0xDC00..<0xE000).contains(low) else {
            throw syntaxError("expected a low surrogate after a high surrogate")
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        utf8.append(contentsOf: Array(String(character).utf8))
      default:
        offset -= 1
        throw syntaxError("expected an escape such as \\n, \\\" or \\u00e9 after a backslash")
      }
    }
  }

  mutating func readHex4() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = self[offset]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw syntaxError("expected four hexadecimal digits after \\u")
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  /// Reads a number. Returns the value and its text as written (for messages). `NaN`, `Infinity`
  /// and `-Infinity`, which some writers emit, are read so that they can be reported as non-finite.
  mutating func readNumber() throws -> Double {
    let start = offset
    var negative = false
    if self[offset] == UInt8(ascii: "-") {
      negative = true
      offset += 1
    }
    if self[offset] == UInt8(ascii: "N") || self[offset] == UInt8(ascii: "I") {
      for word in ["NaN", "Infinity"] where matches(word) {
        offset += word.utf8.count
        return word == "NaN" ? .nan : (negative ? -.infinity : .infinity)
      }
      offset = start
      throw syntaxError("expected a value")
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    let integerStart = offset
    while case let byte = self[offset], byte >= 0x30, byte <= 0x39 {
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
        if mantissa != 0 { digits += 1 }
      } else {
        exponent += 1
        digits += 1
      }
      offset += 1
    }
    if offset == integerStart {
      throw syntaxError("expected a digit in this number")
    }
    if self[integerStart] == UInt8(ascii: "0"), offset - integerStart > 1 {
      offset = integerStart
      throw syntaxError("numbers must not start with 0; expected a number such as 7 or 0.7")
    }
    if self[offset] == UInt8(ascii: ".") {
      offset += 1
      let fractionStart = offset
      while case let byte = self[offset], byte >= 0x30, byte <= 0x39 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        offset += 1
      }
      if offset == fractionStart { throw syntaxError("expected a digit after the decimal point") }
    }
    if self[offset] == UInt8(ascii: "e") || self[offset] == UInt8(ascii: "E") {
      offset += 1
      var exponentNegative = false
      if self[offset] == UInt8(ascii: "+") || self[offset] == UInt8(ascii: "-") {
        exponentNegative = self[offset] == UInt8(ascii: "-")
        offset += 1
      }
      let exponentStart = offset
      var written = 0
      while case let byte = self[offset], byte >= 0x30, byte <= 0x39 {
        if written < 100_000 { written = written * 10 + Int(byte - 0x30) }
        offset += 1
      }
      if offset == exponentStart { throw syntaxError("expected a digit in the exponent") }
      exponent += exponentNegative ? -written : written
    }
    // Exact when the digits fit in a double's mantissa and the power of ten is exact too.
    if digits <= 15, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
      var value = Double(mantissa)
      value =
        exponent < 0 ? value / Self.powerOfTen(-exponent) : value * Self.powerOfTen(exponent)
      return negative ? -value : value
    }
    // The number's text, ended by a NUL, for the C library.
    let text = bytes[start..<offset].map { CChar(bitPattern: $0) } + [0]
    return strtod(text, nil)
  }

  /// 10 to the power `exponent`, from 0 to 22: the powers a double holds exactly.
  @inline(__always)
  static func powerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    default: 1e22
    }
  }

  /// The text of the token that starts at `position`, for messages (numbers as written).
  func text(from position: Int) -> String {
    String(decoding: bytes[position..<min(offset, end)], as: UTF8.self)
  }
}
