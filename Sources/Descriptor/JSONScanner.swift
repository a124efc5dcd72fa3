import Foundation

/// A JSON tokenizer over UTF-8 bytes that knows where it is, so that every mistake can name its line
/// and column. It reads numbers and strings without building intermediate values, which keeps a
/// million-point chart fast to decode.
struct JSONScanner {
  /// The document; its last byte is a NUL that is not part of it, so a read past the end finds 0.
  /// The caller keeps the memory alive while the scanner is used.
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  private let end: Int

  /// A scanner over `bytes`, whose last byte must be a NUL terminator.
  init(nulTerminated bytes: UnsafeBufferPointer<UInt8>) {
    precondition(bytes.last == 0, "the scanner needs a NUL after the document")
    self.bytes = bytes
    end = bytes.count - 1
    // A UTF-8 byte-order mark is allowed before the document.
    if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
  }

  // MARK: Position and errors

  /// `line L, column C` of a byte offset, both counted from 1.
  func location(of position: Int) -> String {
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, end) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    let column = String(decoding: bytes[lineStart..<min(position, end)], as: UTF8.self).count + 1
    return "line \(line), column \(column)"
  }

  /// What stands at the current position, for a message: `'x'` or `the end of the file`.
  func currentToken() -> String {
    guard offset < end else { return "the end of the file" }
    let byte = bytes[offset]
    if byte < 0x80, byte >= 0x20 { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }

  func syntaxError(_ expectation: String) -> DescriptorError {
    DescriptorError(at: location(of: offset), "\(expectation), found \(currentToken())")
  }

  // MARK: Tokens

  mutating func skipWhitespace() {
    while true {
      switch bytes[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// The next byte after white space, not consumed (0 at the end).
  mutating func peek() -> UInt8 {
    skipWhitespace()
    return bytes[offset]
  }

  var isAtEnd: Bool { offset >= end }

  mutating func expect(_ byte: UInt8, _ expectation: @autoclosure () -> String) throws {
    if peek() != byte || offset >= end { throw syntaxError(expectation()) }
    offset += 1
  }

  /// Reads the members of an object, calling `body` with each key; `body` must read the value.
  mutating func readObject(_ body: (inout JSONScanner, String) throws -> Void) throws {
    try readObjectFast { scanner, raw, decoded in
      try body(&scanner, scanner.keyText(raw, decoded))
    }
  }

  /// Reads the members of an object without making a `String` of each key: `body` gets the key's
  /// UTF-8 bytes when the key has no escapes (compare them with `key(_:equals:)`), else nil and the
  /// decoded key.
  mutating func readObjectFast(
    _ body: (inout JSONScanner, _ raw: Range<Int>?, _ decoded: String?) throws -> Void
  ) throws {
    try expect(UInt8(ascii: "{"), "expected '{'")
    if peek() == UInt8(ascii: "}") {
      offset += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw syntaxError("expected a member name in double quotes")
      }
      var raw: Range<Int>?
      var decoded: String?
      var index = offset + 1
      while bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
        bytes[index] >= 0x20
      {
        index += 1
      }
      if bytes[index] == UInt8(ascii: "\"") {
        raw = (offset + 1)..<index
        offset = index + 1
      } else {
        decoded = try readString()
      }
      guard peek() == UInt8(ascii: ":") else {
        throw syntaxError("expected ':' after the member name \(quoted(keyText(raw, decoded)))")
      }
      offset += 1
      try body(&self, raw, decoded)
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return
      default: throw syntaxError("expected ',' or '}' after an object member")
      }
    }
  }

  /// Whether the raw key bytes spell `name`.
  func key(_ raw: Range<Int>, equals name: StaticString) -> Bool {
    guard raw.count == name.utf8CodeUnitCount else { return false }
    let pointer = name.utf8Start
    for index in 0..<raw.count where bytes[raw.lowerBound + index] != pointer[index] {
      return false
    }
    return true
  }

  /// The key as text, for messages.
  func keyText(_ raw: Range<Int>?, _ decoded: String?) -> String {
    decoded ?? String(decoding: bytes[raw!], as: UTF8.self)
  }

  /// Reads the elements of an array, calling `body` with each index; `body` must read the element.
  mutating func readArray(_ body: (inout JSONScanner, Int) throws -> Void) throws {
    try expect(UInt8(ascii: "["), "expected '['")
    if peek() == UInt8(ascii: "]") {
      offset += 1
      return
    }
    var index = 0
    while true {
      try body(&self, index)
      index += 1
      switch peek() {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return
      default: throw syntaxError("expected ',' or ']' after an array element")
      }
    }
  }

  /// Reads a string; the scanner must stand at its opening quote.
  mutating func readString() throws -> String {
    let start = offset
    offset += 1
    let contentStart = offset
    while true {
      let byte = bytes[offset]
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
      let byte = bytes[offset]
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
      let escape = bytes[offset]
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
        if (0xD800..<0xDC00).contains(scalar), bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
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

  private mutating func readHex4() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
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

  /// The kind of the next value, from its first byte.
  enum Kind {
    case string, number, object, array, bool, null, nonFinite, invalid
  }

  mutating func peekKind() -> Kind {
    switch peek() {
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "-"):
      bytes[offset + 1] == UInt8(ascii: "I") ? .nonFinite : .number
    case UInt8(ascii: "0")...UInt8(ascii: "9"): .number
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
    case UInt8(ascii: "n"): .null
    case UInt8(ascii: "N"), UInt8(ascii: "I"): .nonFinite
    default: .invalid
    }
  }

  /// Reads a number. Returns the value and its text as written (for messages). `NaN`, `Infinity`
  /// and `-Infinity`, which some writers emit, are read so that they can be reported as non-finite.
  mutating func readNumber() throws -> Double {
    let start = offset
    var negative = false
    if bytes[offset] == UInt8(ascii: "-") {
      negative = true
      offset += 1
    }
    if bytes[offset] == UInt8(ascii: "N") || bytes[offset] == UInt8(ascii: "I") {
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
    while case let byte = bytes[offset], byte >= 0x30, byte <= 0x39 {
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
    if bytes[integerStart] == UInt8(ascii: "0"), offset - integerStart > 1 {
      offset = integerStart
      throw syntaxError("numbers must not start with 0; expected a number such as 7 or 0.7")
    }
    if bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      let fractionStart = offset
      while case let byte = bytes[offset], byte >= 0x30, byte <= 0x39 {
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        offset += 1
      }
      if offset == fractionStart { throw syntaxError("expected a digit after the decimal point") }
    }
    if bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
      offset += 1
      var exponentNegative = false
      if bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
        exponentNegative = bytes[offset] == UInt8(ascii: "-")
        offset += 1
      }
      let exponentStart = offset
      var written = 0
      while case let byte = bytes[offset], byte >= 0x30, byte <= 0x39 {
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
        exponent < 0 ? value / Self.powersOfTen[-exponent] : value * Self.powersOfTen[exponent]
      return negative ? -value : value
    }
    return bytes.baseAddress!.advanced(by: start).withMemoryRebound(to: CChar.self, capacity: 1) {
      strtod($0, nil)
    }
  }

  private static let powersOfTen: [Double] = (0...22).map { Foundation.pow(10, Double($0)) }

  /// The text of the token that starts at `position`, for messages (numbers as written).
  func text(from position: Int) -> String {
    String(decoding: bytes[position..<min(offset, end)], as: UTF8.self)
  }

  private func matches(_ word: String) -> Bool {
    var index = offset
    for byte in word.utf8 {
      if bytes[index] != byte { return false }
      index += 1
    }
    return true
  }

  mutating func readLiteral() throws -> JSONValue {
    for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
    where matches(word) {
      offset += word.utf8.count
      return value
    }
    throw syntaxError(
      "expected a value (a number, a string, true, false, null, an object or an array)")
  }

  /// Reads any value into a `JSONValue`.
  mutating func readValue() throws -> JSONValue {
    switch peekKind() {
    case .string: return .string(try readString())
    case .number, .nonFinite: return .number(try readNumber())
    case .object:
      var members: [(key: String, value: JSONValue)] = []
      try readObject { scanner, key in members.append((key, try scanner.readValue())) }
      return .object(members)
    case .array:
      var elements: [JSONValue] = []
      try readArray { scanner, _ in elements.append(try scanner.readValue()) }
      return .array(elements)
    case .bool, .null, .invalid: return try readLiteral()
    }
  }
}
