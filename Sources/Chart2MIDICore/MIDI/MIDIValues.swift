/// A 7-bit MIDI data value (0...127): a note number, a velocity, a controller value, a program.
package struct UInt7: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The value, always at most 127.
  package let value: UInt8

  /// A value that must fit in 7 bits; nil otherwise.
  package init?(exactly value: Int) {
    guard (0...127).contains(value) else { return nil }
    self.value = UInt8(value)
  }

  /// The nearest 7-bit value.
  package init(clamping value: Int) { self.value = UInt8(Swift.min(127, Swift.max(0, value))) }

  /// A literal, which must be at most 127.
  package init(integerLiteral value: UInt8) {
    precondition(value <= 127, "a 7-bit MIDI value is at most 127")
    self.value = value
  }

  /// Orders values by number.
  package static func < (lhs: UInt7, rhs: UInt7) -> Bool { lhs.value < rhs.value }
  /// The number, in decimal.
  package var description: String { String(value) }
}

/// A 4-bit MIDI channel number (0...15); channel index 9 is General MIDI percussion.
package struct UInt4: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The value, always at most 15.
  package let value: UInt8

  /// A value that must fit in 4 bits; nil otherwise.
  package init?(exactly value: Int) {
    guard (0...15).contains(value) else { return nil }
    self.value = UInt8(value)
  }

  /// A literal, which must be at most 15.
  package init(integerLiteral value: UInt8) {
    precondition(value <= 15, "a MIDI channel is at most 15")
    self.value = value
  }

  /// The General MIDI percussion channel (channel 10, index 9).
  package static let percussion: UInt4 = 9

  /// Orders channels by number.
  package static func < (lhs: UInt4, rhs: UInt4) -> Bool { lhs.value < rhs.value }
  /// The number, in decimal.
  package var description: String { String(value) }
}

/// A 14-bit pitch-bend value (0...16383): 8192 is no bend, 0 and 16383 the ends of the bend range.
package struct UInt14: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral {
  /// The value, always at most 16383.
  package let value: UInt16

  /// The centre: no bend.
  package static let center: UInt14 = 8192

  /// A value that must fit in 14 bits; nil otherwise.
  package init?(exactly value: Int) {
    guard (0...16383).contains(value) else { return nil }
    self.value = UInt16(value)
  }

  /// The nearest 14-bit value.
  package init(clamping value: Int) { self.value = UInt16(Swift.min(16383, Swift.max(0, value))) }

  /// A literal, which must be at most 16383.
  package init(integerLiteral value: UInt16) {
    precondition(value <= 16383, "a 14-bit MIDI value is at most 16383")
    self.value = value
  }

  /// The bend for an offset in semitones under a bend range of `range` semitones, rounded to the
  /// nearest step and clamped at the ends of the range.
  package init(semitones: Double, range: Int) {
    self.init(clamping: Int((8192 + semitones / Double(range) * 8192).rounded()))
  }

  /// The offset in semitones this bend gives under a bend range of `range` semitones.
  package func semitones(range: Int) -> Double { (Double(value) - 8192) / 8192 * Double(range) }

  /// The low seven bits, sent first.
  var lsb: UInt8 { UInt8(value & 0x7F) }
  /// The high seven bits, sent second.
  var msb: UInt8 { UInt8((value >> 7) & 0x7F) }

  /// Orders values by number.
  package static func < (lhs: UInt14, rhs: UInt14) -> Bool { lhs.value < rhs.value }
}
