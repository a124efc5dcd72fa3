/// A 7-bit MIDI data value (0...127): a note number, a velocity, a controller value, a program.
public struct UInt7: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The value, always at most 127.
  public let value: UInt8

  /// A value that must fit in 7 bits; nil otherwise.
  public init?(exactly value: Int) {
    guard (0...127).contains(value) else { return nil }
    self.value = UInt8(value)
  }

  /// The nearest 7-bit value.
  public init(clamping value: Int) { self.value = UInt8(Swift.min(127, Swift.max(0, value))) }

  public init(integerLiteral value: UInt8) {
    precondition(value <= 127, "a 7-bit MIDI value is at most 127")
    self.value = value
  }

  public static func < (lhs: UInt7, rhs: UInt7) -> Bool { lhs.value < rhs.value }
  public var description: String { String(value) }
}

/// A 4-bit MIDI channel number (0...15); channel index 9 is General MIDI percussion.
public struct UInt4: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The value, always at most 15.
  public let value: UInt8

  /// A value that must fit in 4 bits; nil otherwise.
  public init?(exactly value: Int) {
    guard (0...15).contains(value) else { return nil }
    self.value = UInt8(value)
  }

  public init(integerLiteral value: UInt8) {
    precondition(value <= 15, "a MIDI channel is at most 15")
    self.value = value
  }

  /// The General MIDI percussion channel (channel 10, index 9).
  public static let percussion: UInt4 = 9

  public static func < (lhs: UInt4, rhs: UInt4) -> Bool { lhs.value < rhs.value }
  public var description: String { String(value) }
}

/// One MIDI message of a track, without its channel (a `ScoreTrack` has one channel).
public enum MIDIMessage: Hashable, Sendable {
  /// Note on, with a velocity above 0.
  case noteOn(note: UInt7, velocity: UInt7)
  /// Note off.
  case noteOff(note: UInt7)
  /// Control change.
  case controlChange(controller: UInt7, value: UInt7)
  /// Program change.
  case programChange(UInt7)
  /// Pitch bend, 14 bits: 0...16383, 8192 is no bend.
  case pitchBend(UInt16)
  /// Text meta event (type 0x01).
  case text(String)
  /// Marker meta event (type 0x06).
  case marker(String)

  /// The bytes of the message as it stands in a track chunk, status byte first. Channel messages:
  /// "a status byte (8n-En, n the channel) followed by one or two data bytes" (SMF 1.0); text
  /// metas: `FF type length text`, the length a variable-length quantity.
  public func bytes(channel: UInt4) -> [UInt8] {
    let c = channel.value
    switch self {
    case .noteOn(let note, let velocity): return [0x90 | c, note.value, velocity.value]
    case .noteOff(let note): return [0x80 | c, note.value, 0x40]
    case .controlChange(let controller, let value):
      return [0xB0 | c, controller.value, value.value]
    case .programChange(let program): return [0xC0 | c, program.value]
    case .pitchBend(let bend):
      return [0xE0 | c, UInt8(bend & 0x7F), UInt8((bend >> 7) & 0x7F)]
    case .text(let text): return MIDIMessage.meta(0x01, Array(text.utf8))
    case .marker(let text): return MIDIMessage.meta(0x06, Array(text.utf8))
    }
  }

  /// A meta event's bytes: `FF type length data`.
  static func meta(_ type: UInt8, _ data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, type]
    appendVariableLengthQuantity(UInt32(data.count), to: &bytes)
    bytes.append(contentsOf: data)
    return bytes
  }

  /// Whether this is a channel message (as opposed to a meta event).
  public var isChannelMessage: Bool {
    switch self {
    case .text, .marker: false
    default: true
    }
  }
}

/// Appends a variable-length quantity: "7 bits per byte, most significant bits first; all bytes
/// except the last have bit 7 set" (SMF 1.0). At most four bytes (0x0FFFFFFF).
func appendVariableLengthQuantity(_ value: UInt32, to bytes: inout [UInt8]) {
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
