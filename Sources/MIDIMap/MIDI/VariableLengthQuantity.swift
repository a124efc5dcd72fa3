/// The variable-length quantity of SMF 1.0: "7 bits per byte, most significant bits first; all
/// bytes except the last have bit 7 set". Delta times and meta-event lengths use it; at most four
/// bytes (0x0FFFFFFF).
enum VariableLengthQuantity {
  /// The largest value four bytes hold.
  static let maximum: UInt32 = 0x0FFF_FFFF

  /// Appends `value` in as few bytes as it needs.
  static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    if value < 0x80 {
      bytes.append(UInt8(value))
      return
    }
    var groups: [UInt8] = []
    var rest = value
    repeat {
      groups.append(UInt8(rest & 0x7F))
      rest >>= 7
    } while rest > 0
    for index in stride(from: groups.count - 1, through: 1, by: -1) {
      bytes.append(groups[index] | 0x80)
    }
    bytes.append(groups[0])
  }

  /// Why a quantity could not be read.
  enum ReadFailure: Error {
    /// The bytes end before the quantity does.
    case runsPastTheEnd
    /// Five or more bytes with bit 7 set.
    case longerThanFourBytes
  }

  /// Reads a quantity at `position` and moves past it (when it fails, `position` stands where
  /// reading stopped).
  static func read(_ bytes: [UInt8], at position: inout Int, end: Int) throws(ReadFailure) -> Int {
    var value = 0
    for _ in 0..<4 {
      guard position < end else { throw .runsPastTheEnd }
      let byte = bytes[position]
      position += 1
      value = value << 7 | Int(byte & 0x7F)
      if byte & 0x80 == 0 { return value }
    }
    throw .longerThanFourBytes
  }
}
