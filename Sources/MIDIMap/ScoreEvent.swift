/// A message at a time, in seconds from the start.
///
/// An event takes 16 bytes: its time, and its message and channel packed into eight (see
/// `PackedMessage`). A million-point chart makes two million events, so their size is the size of
/// the score.
public struct ScoreEvent: Hashable, Sendable {
  /// Seconds from the start of the piece.
  public var time: Double
  /// The message and its channel.
  var packed: PackedMessage

  /// Creates an event.
  @inline(__always)
  public init(time: Double, message: MIDIMessage, channel: UInt4? = nil) {
    self.time = time
    packed = PackedMessage(message, channel: channel)
  }

  /// What happens then.
  public var message: MIDIMessage {
    get { packed.message }
    set { packed = PackedMessage(newValue, channel: channel) }
  }

  /// The channel of a channel message when it is not the track's own: one of the track's
  /// `memberChannels`, where a note plays with a pitch bend of its own.
  public var channel: UInt4? {
    get { packed.channel }
    set { packed = PackedMessage(message, channel: newValue) }
  }
}

/// A message and its channel in eight bytes: a channel message as the bytes it is written with,
/// a text or marker as a reference to its text.
enum PackedMessage: Hashable, Sendable {
  /// The status byte (its channel nibble 0 unless `ownChannel` is set), then the first and the
  /// second data byte (0 for a message with one), in the low 24 bits; bit 24 is `ownChannel`.
  case channel(UInt32)
  /// A text or marker meta event.
  case meta(MetaText)

  /// Bit 24: the event names its channel (the status byte holds it); without it the event plays
  /// on its track's channel.
  static let ownChannel: UInt32 = 1 << 24

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
    func pack(_ status: UInt8, _ data1: UInt8, _ data2: UInt8 = 0) -> PackedMessage {
      var bits = UInt32(status) | UInt32(data1) << 8 | UInt32(data2) << 16
      if let channel { bits |= UInt32(channel.value) | Self.ownChannel }
      return .channel(bits)
    }
    switch message {
    case .noteOn(let note, let velocity):
      self = pack(ChannelStatus.noteOn, note.value, velocity.value)
    // A note-off with the release velocity that MIDI 1.0 names the default, 64.
    case .noteOff(let note): self = pack(ChannelStatus.noteOff, note.value, 0x40)
    case .polyphonicPressure(let note, let pressure):
      self = pack(ChannelStatus.polyphonicPressure, note.value, pressure.value)
    case .controlChange(let controller, let value):
      self = pack(ChannelStatus.controlChange, controller.value, value.value)
    case .programChange(let program): self = pack(ChannelStatus.programChange, program.value)
    case .channelPressure(let pressure): self = pack(ChannelStatus.channelPressure, pressure.value)
    // "The least significant 7 bits come first" (MIDI 1.0, pitch bend change).
    case .pitchBend(let bend): self = pack(ChannelStatus.pitchBend, bend.lsb, bend.msb)
    case .text(let text): self = .meta(MetaText(isMarker: false, text: text))
    case .marker(let text): self = .meta(MetaText(isMarker: true, text: text))
    }
  }

  /// The channel the event names, if it names one.
  var channel: UInt4? {
    guard case .channel(let bits) = self, bits & Self.ownChannel != 0 else { return nil }
    return UInt4(exactly: Int(bits & 0x0F))
  }

  /// The message, without its channel.
  var message: MIDIMessage {
    switch self {
    case .meta(let meta): return meta.isMarker ? .marker(meta.text) : .text(meta.text)
    case .channel(let bits):
      let data1 = UInt7(clamping: Int((bits >> 8) & 0x7F))
      let data2 = UInt7(clamping: Int((bits >> 16) & 0x7F))
      switch UInt8(truncatingIfNeeded: bits) & 0xF0 {
      case ChannelStatus.noteOn: return .noteOn(note: data1, velocity: data2)
      case ChannelStatus.noteOff: return .noteOff(note: data1)
      case ChannelStatus.polyphonicPressure:
        return .polyphonicPressure(note: data1, pressure: data2)
      case ChannelStatus.controlChange: return .controlChange(controller: data1, value: data2)
      case ChannelStatus.programChange: return .programChange(data1)
      case ChannelStatus.channelPressure: return .channelPressure(data1)
      default: return .pitchBend(UInt14(clamping: Int(data1.value) | Int(data2.value) << 7))
      }
    }
  }
}
