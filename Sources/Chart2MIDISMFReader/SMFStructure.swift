import Chart2MIDIBase
import Chart2MIDICore

/// Checks the structure of Standard MIDI File bytes before libsmf reads them. libsmf is built with
/// its assertions on and aborts on some malformed files, so a file is only handed to it when every
/// chunk and event is well formed: the header, chunk lengths inside the file, delta times of at most
/// four bytes, a status byte (or running status after a channel message) for every event, data
/// bytes below 0x80, meta and sysex lengths inside their chunk, and End of Track last in each track.
///
/// libsmf cannot read system exclusive escapes (`F7` events) nor a system exclusive message sent in
/// several packets (an `F0` event without its closing `F7`, continued by `F7` events), which are
/// valid SMF 1.0: `readable(_:name:)` leaves those events out, keeping every other event's time.
enum SMFStructure {
  /// One event of a track: where its delta time starts, the delta, and where the event itself
  /// starts and ends; whether libsmf cannot read it.
  struct Event {
    var deltaStart: Int
    var delta: Int
    var start: Int
    var end: Int
    var isUnreadable: Bool
    /// A meta event of 128 bytes or more: libsmf reads a meta event's length as one byte.
    var isLongMeta = false
  }

  /// The file's bytes as libsmf can read them, and how many system exclusive events were left out
  /// (their delta times go to the events after them).
  ///
  /// - Throws: `SMFReaderError` at `name` that says where the file is malformed.
  static func readable(_ bytes: [UInt8], name: String) throws -> (
    bytes: [UInt8], skipped: Int, skippedMeta: Int, headerNote: String?
  ) {
    let chunks = try check(bytes, name: name)
    let skippedMeta = chunks.reduce(0) { $0 + $1.events.filter(\.isLongMeta).count }
    let skipped = chunks.reduce(0) { $0 + $1.events.filter(\.isUnreadable).count } - skippedMeta
    // A header that counts its tracks wrong is read as the file is, as other readers do: its
    // count (and, for several tracks, format 1 for 0) set to the tracks there.
    let tracks = chunks.filter(\.isTrack).count
    let declared = Int(bytes[10]) << 8 | Int(bytes[11])
    var header = Array(bytes[0..<(chunks.first?.offset ?? bytes.count)])
    var headerNote: String?
    if declared != tracks {
      headerNote =
        "the header declares \(counted(declared, "track")), but the file holds \(tracks): all are read"
      header[10] = UInt8(tracks >> 8)
      header[11] = UInt8(tracks & 0xFF)
      if tracks > 1, header[8] == 0, header[9] == 0 { header[9] = 1 }
    }
    // Chunks of other types are skipped, as SMF 1.0 asks ("programs should expect alien chunks
    // and treat them as if they weren't there"); libsmf would read them as tracks.
    let hasAlienChunks = chunks.contains { !$0.isTrack }
    guard skipped + skippedMeta > 0 || hasAlienChunks || headerNote != nil else {
      return (bytes, 0, 0, nil)
    }
    var result = header
    for chunk in chunks where chunk.isTrack {
      var body: [UInt8] = []
      var carried = 0
      for event in chunk.events {
        if event.isUnreadable {
          carried += event.delta
          continue
        }
        VariableLengthQuantity.append(UInt32(event.delta + carried), to: &body)
        body += bytes[event.start..<event.end]
        carried = 0
      }
      result += Array("MTrk".utf8)
      let length = UInt32(body.count)
      result += [
        UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF),
        UInt8(length & 0xFF),
      ]
      result += body
    }
    return (result, skipped, skippedMeta, headerNote)
  }

  /// A chunk: where it starts and ends, and a track's events.
  struct Chunk {
    var offset: Int
    var end: Int
    var isTrack: Bool
    var events: [Event]
  }

  /// Checks the structure and returns the chunks.
  ///
  /// - Throws: `SMFReaderError` at `name` that says where the file is malformed.
  @discardableResult
  static func check(_ bytes: [UInt8], name: String) throws -> [Chunk] {
    func fail(_ message: String) -> SMFReaderError {
      SMFReaderError("not a valid Standard MIDI File: \(message)", file: name)
    }
    func u32(_ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    guard bytes.count >= 14, Array(bytes[0..<4]) == Array("MThd".utf8) else {
      throw fail("it does not start with an MThd header")
    }
    let headerLength = u32(4)
    guard headerLength >= 6, 8 + headerLength <= bytes.count else {
      throw fail("the header chunk's length (\(headerLength)) does not fit the file")
    }
    let format = Int(bytes[8]) << 8 | Int(bytes[9])
    let declaredTracks = Int(bytes[10]) << 8 | Int(bytes[11])
    let division = Int(bytes[12]) << 8 | Int(bytes[13])
    guard format <= 2 else { throw fail("the format is \(format); SMF formats are 0, 1 and 2") }
    guard format != 2 else {
      throw fail("format 2 (independent patterns) is not read; save it as format 1")
    }
    guard division != 0 else { throw fail("the header's division is 0") }
    if division & 0x8000 != 0 {
      // SMPTE time: the high byte is minus the frames a second, 24, 25, 29 (drop frame) or 30.
      let frames = 256 - (division >> 8)
      guard [24, 25, 29, 30].contains(frames) else {
        throw fail(
          "the header's SMPTE division names \(frames) frames a second; 24, 25, 29 and 30 are defined"
        )
      }
      guard division & 0xFF > 0 else {
        throw fail("the header's SMPTE division has 0 ticks a frame")
      }
      // libsmf refuses SMPTE timing, and leaks what it had read: refused here first.
      throw SMFReaderError(
        "the file is timed in SMPTE frames (\(frames) a second, \(division & 0xFF) ticks a frame), which libsmf cannot read; save it with ticks per quarter note",
        file: name, code: .unsupported)
    }
    var offset = 8 + headerLength
    var tracks = 0
    var chunks: [Chunk] = []
    while offset + 8 <= bytes.count {
      let id = Array(bytes[offset..<(offset + 4)])
      let length = u32(offset + 4)
      let start = offset + 8
      guard start + length <= bytes.count else {
        throw fail(
          "chunk at byte \(offset) says it holds \(length) bytes, but the file ends after \(bytes.count - start)"
        )
      }
      var chunk = Chunk(offset: offset, end: start + length, isTrack: false, events: [])
      if id == Array("MTrk".utf8) {
        tracks += 1
        chunk.isTrack = true
        chunk.events = try checkTrack(
          bytes, from: start, to: start + length, number: tracks, fail: fail)
      }
      chunks.append(chunk)
      offset = start + length
    }
    // libsmf fails (and leaks) on a file without tracks; a count that is wrong otherwise is set
    // right by `readable` (as is format 0 with several tracks, which libsmf refuses too).
    guard tracks > 0 else {
      throw fail(
        declaredTracks == 0
          ? "the header declares no tracks"
          : "the header declares \(declaredTracks) tracks, but the file holds 0")
    }
    return chunks
  }

  private static func checkTrack(
    _ bytes: [UInt8], from start: Int, to end: Int, number: Int,
    fail: (String) -> SMFReaderError
  ) throws -> [Event] {
    var position = start
    var running: UInt8 = 0
    var events: [Event] = []
    // The track's length in ticks so far: libsmf counts it in a 32-bit int, and aborts past it.
    var ticks = 0
    func where_() -> String { "track \(number), byte \(position)" }
    func quantity() throws -> Int {
      do {
        return try VariableLengthQuantity.read(bytes, at: &position, end: end)
      } catch .runsPastTheEnd {
        throw fail("\(where_()): a length or delta time runs past the track")
      } catch .longerThanFourBytes {
        throw fail("\(where_()): a variable-length quantity is longer than four bytes")
      }
    }
    while position < end {
      let deltaStart = position
      let delta = try quantity()
      ticks += delta
      guard ticks <= Int(Int32.max) else {
        throw fail(
          "track \(number): its events last past 2^31 ticks, longer than a MIDI file is read here")
      }
      let eventStart = position
      var isUnreadable = false
      guard position < end else {
        throw fail("\(where_()): a delta time is not followed by an event")
      }
      var status = bytes[position]
      if status & 0x80 != 0 {
        position += 1
      } else {
        guard running != 0 else {
          throw fail("\(where_()): a data byte where an event should start (no running status)")
        }
        status = running
      }
      switch status {
      case 0x80...0xEF:
        running = status
        let count = (0xC0...0xDF).contains(status) ? 1 : 2
        guard position + count <= end else {
          throw fail("\(where_()): a channel message runs past the track")
        }
        for index in position..<(position + count) where bytes[index] & 0x80 != 0 {
          throw fail("track \(number), byte \(index): a data byte of 0x80 or more")
        }
        position += count
      case MetaEventType.status:
        running = 0
        guard position < end else { throw fail("\(where_()): a meta event without its type") }
        let type = bytes[position]
        position += 1
        let length = try quantity()
        guard position + length <= end else {
          throw fail("\(where_()): a meta event runs past the track")
        }
        position += length
        // Events whose data libsmf reads at a fixed length: shorter, it reads past the event.
        let sizes: [UInt8: (length: Int, name: String)] = [
          0x51: (3, "a tempo"), 0x58: (4, "a time signature"), 0x59: (2, "a key signature"),
          0x54: (5, "an SMPTE offset"),
        ]
        if let size = sizes[type], length != size.length {
          throw fail(
            "track \(number), byte \(eventStart): \(size.name) event holds \(length) byte\(length == 1 ? "" : "s") of data; it holds \(size.length)"
          )
        }
        if type == MetaEventType.endOfTrack.rawValue {
          guard length == 0 else {
            throw fail(
              "track \(number): the End of Track event has \(length) bytes of data; it has none")
          }
          guard position == end else {
            throw fail("track \(number): events follow the End of Track event")
          }
          events.append(
            Event(
              deltaStart: deltaStart, delta: delta, start: eventStart, end: position,
              isUnreadable: false))
          return events
        }
        if length >= 128 {
          events.append(
            Event(
              deltaStart: deltaStart, delta: delta, start: eventStart, end: position,
              isUnreadable: true, isLongMeta: true))
          continue
        }
      case 0xF0, 0xF7:
        running = 0
        let length = try quantity()
        guard position + length <= end else {
          throw fail("\(where_()): a system exclusive message runs past the track")
        }
        position += length
        // An escape or a continuation packet (F7), or the first of several packets (an F0 message
        // that does not end with F7): libsmf cannot read these.
        isUnreadable = status == 0xF7 || length == 0 || bytes[position - 1] != 0xF7
      default:
        throw fail(
          "\(where_()): status byte 0x\(String(status, radix: 16, uppercase: true)) cannot start an event in a MIDI file"
        )
      }
      events.append(
        Event(
          deltaStart: deltaStart, delta: delta, start: eventStart, end: position,
          isUnreadable: isUnreadable))
    }
    throw fail("track \(number) does not end with an End of Track event")
  }
}
