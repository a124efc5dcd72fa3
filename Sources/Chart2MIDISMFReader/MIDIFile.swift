import Chart2MIDIBase
import Chart2MIDICore
import Foundation

/// A Standard MIDI File as read by libsmf: its tracks and their events with absolute times. This is
/// the project's independent reader: it shares no code with `SMFEncoder`.
public struct MIDIFile: Hashable, Sendable {
  /// One event: its time and the bytes of the message (status first; meta events as `FF type
  /// length data`).
  public struct Event: Hashable, Sendable {
    /// Ticks from the start.
    public var tick: Int
    /// Seconds from the start, by the file's tempo map.
    public var seconds: Double
    /// The message.
    public var bytes: [UInt8]

    /// Creates an event.
    package init(tick: Int, seconds: Double, bytes: [UInt8]) {
      self.tick = tick
      self.seconds = seconds
      self.bytes = bytes
    }

    /// The channel and the message of a channel message, else nil.
    package var channelMessage: (channel: UInt4, message: MIDIMessage)? {
      MIDIMessage.decode(bytes)
    }

    /// The type byte of a meta event, else nil.
    package var metaType: UInt8? {
      bytes.count >= 2 && bytes[0] == MetaEventType.status ? bytes[1] : nil
    }

    /// Whether this is a meta event of the given type.
    package func isMeta(_ type: MetaEventType) -> Bool { metaType == type.rawValue }

    /// The data of a meta event, after its type and length, else nil.
    package var metaData: ArraySlice<UInt8>? {
      guard metaType != nil else { return nil }
      var position = 2
      guard let length = try? VariableLengthQuantity.read(bytes, at: &position, end: bytes.count)
      else { return nil }
      return bytes[position..<min(bytes.count, position + length)]
    }

    /// The text of a text-like meta event (types 0x01-0x0F), else nil.
    package var text: String? {
      guard let type = metaType, (0x01...0x0F).contains(type), let data = metaData else {
        return nil
      }
      return String(decoding: data, as: UTF8.self)
    }

    /// The port a MIDI port meta event names, else nil.
    package var port: Int? {
      guard isMeta(.midiPort), let data = metaData, let port = data.first else { return nil }
      return Int(port)
    }
  }

  /// One track chunk.
  public struct Track: Hashable, Sendable {
    /// The first track-name meta event's text.
    public var name: String?
    /// The events, End of Track included.
    public var events: [Event]
  }

  /// 0, 1 or 2.
  public var format: Int
  /// The header's division, in ticks per quarter note.
  public var ticksPerQuarterNote: Int
  /// The tracks, in file order.
  public var tracks: [Track]
  /// The time of the last event, in seconds.
  public var lengthSeconds: Double
  /// System exclusive events left out because libsmf cannot read them: escapes (`F7`) and messages
  /// sent in several packets. They carry no notes; every other event keeps its time.
  package var skippedSysexEvents = 0

  /// Meta events of 128 bytes or more (long texts) left out because libsmf reads a meta event's
  /// length as one byte.
  package var skippedLongMetaEvents = 0

  /// What was wrong with the header's track count, read as the file's tracks are; nil when it was
  /// right.
  package var headerNote: String?

  /// A sentence about what was read otherwise than the file says (a header that counts its
  /// tracks wrong) and the left-out events, when there are any.
  package var skippedEventsNote: String? {
    var parts: [String] = []
    if skippedSysexEvents > 0 {
      parts.append(
        "\(counted(skippedSysexEvents, "system exclusive event")) (escapes or messages in several packets)"
      )
    }
    if skippedLongMetaEvents > 0 {
      parts.append("\(counted(skippedLongMetaEvents, "meta event")) of 128 bytes or more")
    }
    let skipped =
      parts.isEmpty ? nil : "\(parts.joined(separator: " and ")) left out: libsmf cannot read them"
    let notes = [headerNote, skipped].compactMap { $0 }
    return notes.isEmpty ? nil : notes.joined(separator: "; ")
  }

  /// Creates a file's contents from parts.
  package init(format: Int, ticksPerQuarterNote: Int, tracks: [Track], lengthSeconds: Double) {
    self.format = format
    self.ticksPerQuarterNote = ticksPerQuarterNote
    self.tracks = tracks
    self.lengthSeconds = lengthSeconds
  }

  /// Loads a file with libsmf.
  ///
  /// - Throws: `SMFReaderError` naming the file: one it cannot read, one whose structure is broken
  ///   (with the track and byte), or one libsmf refuses (with libsmf's reason).
  public init(contentsOf url: URL) throws {
    let loaded = try SMFDocument(path: url.path, name: url.relativePath)
    self = loaded.contents()
  }

  /// Loads a file from bytes with libsmf; `name` stands for the file in errors.
  ///
  /// - Throws: `SMFReaderError` as `init(contentsOf:)` does.
  public init(bytes: [UInt8], name: String = "MIDI data") throws {
    let loaded = try SMFDocument(bytes: bytes, name: name)
    self = loaded.contents()
  }
}
