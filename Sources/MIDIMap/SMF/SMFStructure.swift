/// Checks the structure of Standard MIDI File bytes before libsmf reads them. libsmf is built with
/// its assertions on and aborts on some malformed files, so a file is only handed to it when every
/// chunk and event is well formed: the header, chunk lengths inside the file, delta times of at most
/// four bytes, a status byte (or running status after a channel message) for every event, data
/// bytes below 0x80, meta and sysex lengths inside their chunk, and End of Track last in each track.
enum SMFStructure {
  /// Throws a `MIDIMapError` at `name` that says where the file is malformed.
  static func check(_ bytes: [UInt8], name: String) throws {
    func fail(_ message: String) -> MIDIMapError {
      MIDIMapError("not a valid Standard MIDI File: \(message)", file: name)
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
    guard division != 0 else { throw fail("the header's division is 0") }
    var offset = 8 + headerLength
    var tracks = 0
    while offset + 8 <= bytes.count {
      let id = Array(bytes[offset..<(offset + 4)])
      let length = u32(offset + 4)
      let start = offset + 8
      guard start + length <= bytes.count else {
        throw fail(
          "chunk at byte \(offset) says it holds \(length) bytes, but the file ends after \(bytes.count - start)"
        )
      }
      if id == Array("MTrk".utf8) {
        tracks += 1
        try checkTrack(bytes, from: start, to: start + length, number: tracks, fail: fail)
      }
      offset = start + length
    }
    guard tracks == declaredTracks else {
      throw fail("the header declares \(declaredTracks) tracks, but the file holds \(tracks)")
    }
  }

  private static func checkTrack(
    _ bytes: [UInt8], from start: Int, to end: Int, number: Int,
    fail: (String) -> MIDIMapError
  ) throws {
    var position = start
    var running: UInt8 = 0
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
      _ = try quantity()
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
        if type == MetaEventType.endOfTrack.rawValue {
          guard position == end else {
            throw fail("track \(number): events follow the End of Track event")
          }
          return
        }
      case 0xF0:
        running = 0
        let length = try quantity()
        guard position + length <= end else {
          throw fail("\(where_()): a system exclusive message runs past the track")
        }
        position += length
      case 0xF7:
        throw fail(
          "\(where_()): a system exclusive escape (F7), which this reader does not support")
      default:
        throw fail(
          "\(where_()): status byte 0x\(String(status, radix: 16, uppercase: true)) cannot start an event in a MIDI file"
        )
      }
    }
    throw fail("track \(number) does not end with an End of Track event")
  }
}
