/// One MIDI message of a track, without its channel (a `ScoreTrack` has one channel).
public enum MIDIMessage: Hashable, Sendable {
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
  public func bytes(channel: UInt4) -> [UInt8] {
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
  public var isChannelMessage: Bool { metaText == nil }

  /// The channel and message of a channel message's bytes (status byte first, as libsmf gives
  /// them), or nil for any other bytes. A note-on with velocity 0 is a note-off, as MIDI 1.0 says.
  public static func decode(_ bytes: [UInt8]) -> (channel: UInt4, message: MIDIMessage)? {
    guard let status = bytes.first, (0x80..<0xF0).contains(status) else { return nil }
    let channel = UInt4(exactly: Int(status & 0x0F))!
    func data(_ index: Int) -> UInt7 {
      UInt7(clamping: index < bytes.count ? Int(bytes[index] & 0x7F) : 0)
    }
    let message: MIDIMessage
    switch status & 0xF0 {
    case ChannelStatus.noteOn:
      message =
        data(2).value == 0 ? .noteOff(note: data(1)) : .noteOn(note: data(1), velocity: data(2))
    case ChannelStatus.noteOff: message = .noteOff(note: data(1))
    case ChannelStatus.polyphonicPressure:
      message = .polyphonicPressure(note: data(1), pressure: data(2))
    case ChannelStatus.controlChange: message = .controlChange(controller: data(1), value: data(2))
    case ChannelStatus.programChange: message = .programChange(data(1))
    case ChannelStatus.channelPressure: message = .channelPressure(data(1))
    default:
      message = .pitchBend(UInt14(clamping: Int(data(1).value) | Int(data(2).value) << 7))
    }
    return (channel, message)
  }
}
