/// A message at a time, in seconds from the start.
///
/// An event takes 16 bytes: its time, and its message and channel packed into eight (see
/// `PackedMessage`). A million-point chart makes two million events, so their size is the size of
/// the score.
package struct ScoreEvent: Hashable, Sendable {
  /// Seconds from the start of the piece.
  package var time: Double
  /// The message and its channel.
  var packed: PackedMessage

  /// Creates an event.
  @inline(__always)
  package init(time: Double, message: MIDIMessage, channel: UInt4? = nil) {
    self.time = time
    packed = PackedMessage(message, channel: channel)
  }

  /// What happens then.
  package var message: MIDIMessage {
    get { packed.message }
    set { packed = PackedMessage(newValue, channel: channel) }
  }

  /// The channel of a channel message when it is not the track's own: one of the track's
  /// `memberChannels`, where a note plays with a pitch bend of its own.
  package var channel: UInt4? {
    get { packed.channel }
    set { packed = PackedMessage(message, channel: newValue) }
  }
}

/// A message and its channel in eight bytes: a channel message as the bytes it is written with
/// (`MIDIMessage.channelBytes(channel:)`), a text or marker as a reference to its text.
enum PackedMessage: Hashable, Sendable {
  /// The status byte (its channel nibble 0 unless `ownChannel` is set), then the first and the
  /// second data byte (0 for a message with one), in the low 24 bits; bit 24 is `ownChannel`,
  /// bit 25 `twoDataBytes`.
  case channel(UInt32)
  /// A text or marker meta event.
  case meta(MetaText)

  /// Bit 24: the event names its channel (the status byte holds it); without it the event plays
  /// on its track's channel.
  static let ownChannel: UInt32 = 1 << 24
  /// Bit 25: the message has a second data byte.
  static let twoDataBytes: UInt32 = 1 << 25

  /// A text meta event's type and text, shared by the copies of an event.
  final class MetaText: Hashable, Sendable {
    let isMarker: Bool
    let text: String

    init(isMarker: Bool, text: String) {
      self.isMarker = isMarker
      self.text = text
    }

    static func == (a: MetaText, b: MetaText) -> Bool {
      a.isMarker == b.isMarker && a.text == b.text
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(isMarker)
      hasher.combine(text)
    }
  }

  @inline(__always)
  init(_ message: MIDIMessage, channel: UInt4?) {
    guard let bytes = message.channelBytes(channel: channel ?? 0) else {
      let meta = message.metaText!
      self = .meta(MetaText(isMarker: meta.type == .marker, text: meta.text))
      return
    }
    var bits = UInt32(bytes.status) | UInt32(bytes.data1) << 8
    if let data2 = bytes.data2 { bits |= UInt32(data2) << 16 | Self.twoDataBytes }
    if channel != nil { bits |= Self.ownChannel }
    self = .channel(bits)
  }

  /// The channel the event names, if it names one.
  var channel: UInt4? {
    guard case .channel(let bits) = self, bits & Self.ownChannel != 0 else { return nil }
    return UInt4(exactly: Int(bits & 0x0F))
  }

  /// The message, without its channel.
  var message: MIDIMessage {
    switch self {
    case .meta(let meta): meta.isMarker ? .marker(meta.text) : .text(meta.text)
    case .channel(let bits):
      MIDIMessage(
        status: UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
        UInt8(truncatingIfNeeded: bits >> 16))
    }
  }
}
