/// One MIDI message of a track, without its channel (a `ScoreTrack` has one channel).
package enum MIDIMessage: Hashable, Sendable {
  /// Note on, with a velocity above 0.
  case noteOn(note: UInt7, velocity: UInt7)
  /// Note off.
  case noteOff(note: UInt7)
  /// Polyphonic key pressure (aftertouch) on one note.
  case polyphonicPressure(note: UInt7, pressure: UInt7)
  /// Control change.
  case controlChange(controller: UInt7, value: UInt7)
  /// Program change.
  case programChange(UInt7)
  /// Channel pressure (aftertouch) on every note of the channel.
  case channelPressure(UInt7)
  /// Pitch bend: `UInt14.center` is none.
  case pitchBend(UInt14)
  /// Text meta event.
  case text(String)
  /// Marker meta event.
  case marker(String)

  /// The bytes of the message as it stands in a track chunk, status byte first. Channel messages:
  /// "a status byte (8n-En, n the channel) followed by one or two data bytes" (SMF 1.0); text
  /// metas: `FF type length text`, the length a variable-length quantity.
  package func bytes(channel: UInt4) -> [UInt8] {
    if let meta = metaText { return Self.meta(meta.type, Array(meta.text.utf8)) }
    let parts = channelBytes(channel: channel)!
    return parts.data2.map { [parts.status, parts.data1, $0] } ?? [parts.status, parts.data1]
  }

  /// The meta-event type and text of a text or marker message; nil for a channel message.
  var metaText: (type: MetaEventType, text: String)? {
    switch self {
    case .text(let text): (.text, text)
    case .marker(let text): (.marker, text)
    default: nil
    }
  }

  /// A channel message's status byte and its one or two data bytes, without making an array; nil
  /// for a meta event.
  @inline(__always)
  func channelBytes(channel: UInt4) -> (status: UInt8, data1: UInt8, data2: UInt8?)? {
    let c = channel.value
    switch self {
    case .noteOn(let note, let velocity):
      return (ChannelStatus.noteOn | c, note.value, velocity.value)
    // A note-off with the release velocity that MIDI 1.0 names the default, 64.
    case .noteOff(let note): return (ChannelStatus.noteOff | c, note.value, 0x40)
    case .polyphonicPressure(let note, let pressure):
      return (ChannelStatus.polyphonicPressure | c, note.value, pressure.value)
    case .controlChange(let controller, let value):
      return (ChannelStatus.controlChange | c, controller.value, value.value)
    case .programChange(let program): return (ChannelStatus.programChange | c, program.value, nil)
    case .channelPressure(let pressure):
      return (ChannelStatus.channelPressure | c, pressure.value, nil)
    // "The least significant 7 bits come first" (MIDI 1.0, pitch bend change).
    case .pitchBend(let bend): return (ChannelStatus.pitchBend | c, bend.lsb, bend.msb)
    case .text, .marker: return nil
    }
  }

  /// A meta event's bytes: `FF type length data`.
  static func meta(_ type: MetaEventType, _ data: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    writeMeta(type, data) { bytes.append($0) }
    return bytes
  }

  /// Gives a meta event's bytes to `body`, first to last.
  @inline(__always)
  static func writeMeta<Bytes: Collection<UInt8>>(
    _ type: MetaEventType, _ data: Bytes, _ body: (UInt8) -> Void
  ) {
    body(MetaEventType.status)
    body(type.rawValue)
    VariableLengthQuantity.write(UInt32(data.count), body)
    for byte in data { body(byte) }
  }

  /// Whether this is a channel message (as opposed to a meta event).
  package var isChannelMessage: Bool { metaText == nil }

  /// The channel and message of a channel message's bytes (status byte first, as libsmf gives
  /// them), or nil for any other bytes. A note-on with velocity 0 is a note-off, as MIDI 1.0 says.
  package static func decode(_ bytes: [UInt8]) -> (channel: UInt4, message: MIDIMessage)? {
    guard let status = bytes.first, (0x80..<0xF0).contains(status) else { return nil }
    let channel = UInt4(exactly: Int(status & 0x0F))!
    let data1 = bytes.count > 1 ? bytes[1] : 0
    let data2 = bytes.count > 2 ? bytes[2] : 0
    if status & 0xF0 == ChannelStatus.noteOn, data2 & 0x7F == 0 {
      return (channel, .noteOff(note: UInt7(clamping: Int(data1 & 0x7F))))
    }
    return (channel, MIDIMessage(status: status, data1, data2))
  }

  /// The channel message of a status byte (its channel nibble aside) and its data bytes, as they
  /// stand: the inverse of `channelBytes(channel:)`.
  init(status: UInt8, _ data1: UInt8, _ data2: UInt8) {
    let first = UInt7(clamping: Int(data1 & 0x7F))
    let second = UInt7(clamping: Int(data2 & 0x7F))
    switch status & 0xF0 {
    case ChannelStatus.noteOn: self = .noteOn(note: first, velocity: second)
    case ChannelStatus.noteOff: self = .noteOff(note: first)
    case ChannelStatus.polyphonicPressure: self = .polyphonicPressure(note: first, pressure: second)
    case ChannelStatus.controlChange: self = .controlChange(controller: first, value: second)
    case ChannelStatus.programChange: self = .programChange(first)
    case ChannelStatus.channelPressure: self = .channelPressure(first)
    default: self = .pitchBend(UInt14(clamping: Int(first.value) | Int(second.value) << 7))
    }
  }
}
