/// The variable-length quantity of SMF 1.0: "7 bits per byte, most significant bits first; all
/// bytes except the last have bit 7 set". Delta times and meta-event lengths use it; at most four
/// bytes (0x0FFFFFFF).
package enum VariableLengthQuantity {
  /// The largest value four bytes hold.
  package static let maximum: UInt32 = 0x0FFF_FFFF

  /// Appends `value` in as few bytes as it needs.
  package static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    write(value) { bytes.append($0) }
  }

  /// Gives `value`'s bytes to `body`, first to last, in as few bytes as it needs.
  @inline(__always)
  package static func write(_ value: UInt32, _ body: (UInt8) -> Void) {
    if value < 0x80 {
      body(UInt8(value))
      return
    }
    // The highest group of seven bits that is not zero comes first.
    var shift: UInt32 = 7
    while shift < 28, value >> (shift + 7) != 0 { shift += 7 }
    while shift > 0 {
      body(UInt8((value >> shift) & 0x7F) | 0x80)
      shift -= 7
    }
    body(UInt8(value & 0x7F))
  }

  /// Why a quantity could not be read.
  package enum ReadFailure: Error {
    /// The bytes end before the quantity does.
    case runsPastTheEnd
    /// Five or more bytes with bit 7 set.
    case longerThanFourBytes
  }

  /// Reads a quantity at `position` and moves past it (when it fails, `position` stands where
  /// reading stopped).
  package static func read(_ bytes: [UInt8], at position: inout Int, end: Int) throws(ReadFailure)
    -> Int
  {
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
