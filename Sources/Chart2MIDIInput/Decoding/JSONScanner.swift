import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// A JSON tokenizer over UTF-8 bytes that knows where it is, so that every mistake can name its line
/// and column. It reads numbers and strings without building intermediate values, which keeps a
/// million-point chart fast to decode.
struct JSONScanner {
  /// The document. Reads go through `subscript(_:)`, which gives 0 past the end, so that every
  /// loop stops there as it stops at a byte it does not expect; the caller keeps the memory alive
  /// while the scanner is used.
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0
  let end: Int
  /// How many objects and arrays are open at the current position.
  var depth = 0
  /// The most objects and arrays open at once: deeper nesting is a mistake with its line and
  /// column, never a stack overflow. No chart or Vega-Lite specification nests near this deep.
  static let maximumDepth = 512

  /// A scanner over the bytes of a document, read where they lie.
  init(document bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    end = bytes.count
    // A UTF-8 byte-order mark is allowed before the document.
    if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
  }

  /// The byte at `position`, or 0 at and past the end of the document (which is never a byte a
  /// token continues with, so a token cut short by the end is reported as such).
  @inline(__always)
  subscript(position: Int) -> UInt8 { position < end ? bytes[position] : 0 }

  // MARK: Position and errors

  /// The line and column of a byte offset, both counted from 1.
  func location(of position: Int) -> ErrorLocation {
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, end) where self[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    let column = String(decoding: bytes[lineStart..<min(position, end)], as: UTF8.self).count + 1
    return .json(line: line, column: column)
  }

  /// What stands at the current position, for a message: `'x'` or `the end of the file`.
  func currentToken() -> String {
    guard offset < end else { return "the end of the file" }
    let byte = self[offset]
    if byte < 0x80, byte >= 0x20 { return "'\(Character(Unicode.Scalar(byte)))'" }
    return String(format: "byte 0x%02X", byte)
  }

  func syntaxError(_ expectation: String) -> DescriptorError {
    DescriptorError(
      "\(expectation), found \(currentToken())", at: location(of: offset), code: .malformed)
  }

  // MARK: Tokens

  mutating func skipWhitespace() {
    while true {
      switch self[offset] {
      case 0x20, 0x0A, 0x0D, 0x09: offset += 1
      default: return
      }
    }
  }

  /// The next byte after white space, not consumed (0 at the end).
  mutating func peek() -> UInt8 {
    skipWhitespace()
    return self[offset]
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
    guard try openObject() else { return }
    repeat {
      let key = try readKey()
      try body(&self, key.raw, key.decoded)
    } while try nextMember()
  }

  /// Reads the `{` of an object; false when the object is empty (its `}` read too). After true,
  /// read each member with `readKey()` and its value, then `nextMember()`.
  mutating func openObject() throws -> Bool {
    try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}"))
  }

  /// Reads `opening`; false when `closing` follows at once (read too).
  private mutating func open(_ opening: UInt8, closing: UInt8) throws -> Bool {
    try expect(opening, "expected '\(Character(Unicode.Scalar(opening)))'")
    try enter()
    if peek() == closing {
      offset += 1
      depth -= 1
      return false
    }
    return true
  }

  /// Reads a member name and its `:`: its UTF-8 bytes when it has no escapes, else the decoded
  /// name.
  mutating func readKey() throws -> (raw: Range<Int>?, decoded: String?) {
    guard peek() == UInt8(ascii: "\"") else {
      throw syntaxError("expected a member name in double quotes")
    }
    var raw: Range<Int>?
    var decoded: String?
    var index = offset + 1
    while self[index] != UInt8(ascii: "\""), self[index] != UInt8(ascii: "\\"),
      self[index] >= 0x20
    {
      index += 1
    }
    if self[index] == UInt8(ascii: "\"") {
      raw = (offset + 1)..<index
      offset = index + 1
    } else {
      decoded = try readString()
    }
    guard peek() == UInt8(ascii: ":") else {
      throw syntaxError("expected ':' after the member name \(quoted(keyText(raw, decoded)))")
    }
    offset += 1
    return (raw, decoded)
  }

  /// After a member's value: true at a `,` (another member follows), false at the closing `}`.
  mutating func nextMember() throws -> Bool {
    try next(closing: UInt8(ascii: "}"), "expected ',' or '}' after an object member")
  }

  /// True at a `,`; false at `closing`, which ends an object or array.
  private mutating func next(closing: UInt8, _ expectation: String) throws -> Bool {
    if peek() == UInt8(ascii: ",") {
      offset += 1
      return true
    }
    guard self[offset] == closing, offset < end else { throw syntaxError(expectation) }
    offset += 1
    depth -= 1
    return false
  }

  /// Counts one more open object or array, refusing more than `maximumDepth`.
  mutating func enter() throws {
    depth += 1
    guard depth <= Self.maximumDepth else {
      offset -= 1
      throw DescriptorError(
        "objects and arrays nest more than \(Self.maximumDepth) deep here",
        at: location(of: offset))
    }
  }

  /// Whether the raw key bytes spell `name`.
  func key(_ raw: Range<Int>, equals name: StaticString) -> Bool {
    raw.count == name.utf8CodeUnitCount
      && memcmp(bytes.baseAddress! + raw.lowerBound, name.utf8Start, raw.count) == 0
  }

  /// The key as text, for messages.
  func keyText(_ raw: Range<Int>?, _ decoded: String?) -> String {
    decoded ?? String(decoding: bytes[raw!], as: UTF8.self)
  }

  /// Reads the elements of an array, calling `body` with each index; `body` must read the element.
  mutating func readArray(_ body: (inout JSONScanner, Int) throws -> Void) throws {
    guard try openArray() else { return }
    var index = 0
    repeat {
      try body(&self, index)
      index += 1
    } while try nextElement()
  }

  /// Reads the `[` of an array; false when the array is empty (its `]` read too). After true, read
  /// each element, then `nextElement()`.
  mutating func openArray() throws -> Bool {
    try open(UInt8(ascii: "["), closing: UInt8(ascii: "]"))
  }

  /// After an element: true at a `,` (another element follows), false at the closing `]`.
  mutating func nextElement() throws -> Bool {
    try next(closing: UInt8(ascii: "]"), "expected ',' or ']' after an array element")
  }

  /// The kind of the next value, from its first byte.
  enum Kind {
    case string, number, object, array, bool, null, nonFinite, invalid
  }

  mutating func peekKind() -> Kind {
    switch peek() {
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "-"):
      self[offset + 1] == UInt8(ascii: "I") ? .nonFinite : .number
    case UInt8(ascii: "0")...UInt8(ascii: "9"): .number
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
    case UInt8(ascii: "n"): .null
    case UInt8(ascii: "N"), UInt8(ascii: "I"): .nonFinite
    default: .invalid
    }
  }

  func matches(_ word: String) -> Bool {
    var index = offset
    for byte in word.utf8 {
      if self[index] != byte { return false }
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
