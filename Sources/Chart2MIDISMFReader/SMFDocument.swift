internal import CSMF
import Chart2MIDIBase
import Foundation

/// Owns one `smf_t` from libsmf and frees it in `deinit`.
///
/// libsmf's own `smf_delete` removes events one at a time with a linear search, which is quadratic;
/// `deinit` frees each event's buffer and the event itself, empties the track's event array, and only
/// then calls `smf_delete` on a file that has no events left.
final class SMFDocument {
  private let smf: UnsafeMutablePointer<smf_t>

  /// Reads a file and loads it from its bytes.
  convenience init(path: String, name: String) throws {
    let bytes: [UInt8]
    do {
      bytes = try readRegularFile(path)
    } catch {
      throw SMFReaderError(
        "cannot read the file (\(error.reason))", file: name,
        code: error.isMissing ? .missingFile : .unreadableFile)
    }
    try self.init(bytes: bytes, name: name)
  }

  /// How many system exclusive events libsmf could not read and were left out.
  let skippedSysexEvents: Int
  /// How many meta events of 128 bytes or more were left out (libsmf reads their length as a byte).
  let skippedLongMetaEvents: Int
  /// What was wrong with the header's track count, which the file's tracks replaced.
  let headerNote: String?

  /// Loads bytes that `SMFStructure` has found well formed, without the events libsmf cannot read.
  init(bytes: [UInt8], name: String) throws {
    let (readable, skipped, skippedMeta, headerNote) = try SMFStructure.readable(
      bytes, name: name)
    skippedSysexEvents = skipped
    skippedLongMetaEvents = skippedMeta
    self.headerNote = headerNote
    let handle = LibSMFLog.capture {
      readable.withUnsafeBytes { smf_load_from_memory($0.baseAddress, Int32($0.count)) }
    }
    guard let loaded = handle.result else {
      throw SMFReaderError(
        "not a Standard MIDI File that can be read\(LibSMFLog.reason(handle.messages))", file: name)
    }
    smf = loaded
  }

  deinit {
    let trackCount = Int(smf.pointee.number_of_tracks)
    if trackCount > 0 {
      for number in 1...trackCount {
        guard let track = smf_get_track_by_number(smf, Int32(number)) else { continue }
        let count = Int(track.pointee.number_of_events)
        if count > 0 {
          for index in 1...count {
            guard let event = smf_track_get_event_by_number(track, Int32(index)) else { continue }
            free(event.pointee.midi_buffer)
            free(event)
          }
        }
        g_ptr_array_set_size(track.pointee.events_array, 0)
        track.pointee.number_of_events = 0
        track.pointee.next_event_number = 0
      }
    }
    smf_delete(smf)
  }

  func contents() -> MIDIFile {
    var tracks: [MIDIFile.Track] = []
    let trackCount = Int(smf.pointee.number_of_tracks)
    var length = 0.0
    for number in 0..<trackCount {
      guard let track = smf_get_track_by_number(smf, Int32(number + 1)) else { continue }
      let count = Int(track.pointee.number_of_events)
      var events: [MIDIFile.Event] = []
      events.reserveCapacity(count)
      var name: String?
      for index in 0..<count {
        guard let event = smf_track_get_event_by_number(track, Int32(index + 1)) else { continue }
        let length = Int(event.pointee.midi_buffer_length)
        let bytes =
          length > 0 && event.pointee.midi_buffer != nil
          ? Array(UnsafeBufferPointer(start: event.pointee.midi_buffer, count: length)) : []
        let item = MIDIFile.Event(
          tick: Int(event.pointee.time_pulses), seconds: event.pointee.time_seconds, bytes: bytes)
        if name == nil, item.isMeta(.trackName) { name = item.text }
        events.append(item)
      }
      length = max(length, events.last?.seconds ?? 0)
      tracks.append(MIDIFile.Track(name: name, events: events))
    }
    var file = MIDIFile(
      format: Int(smf.pointee.format), ticksPerQuarterNote: Int(smf.pointee.ppqn), tracks: tracks,
      lengthSeconds: length)
    file.skippedSysexEvents = skippedSysexEvents
    file.skippedLongMetaEvents = skippedLongMetaEvents
    file.headerNote = headerNote
    return file
  }
}

/// libsmf reports problems through glib's log; while a file loads, its messages are kept so that the
/// error can say why, and nothing is printed.
enum LibSMFLog {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var messages: [String] = []

  static func capture<T>(_ body: () -> T) -> (result: T, messages: [String]) {
    lock.lock()
    defer { lock.unlock() }
    messages = []
    let previous = g_log_set_default_handler(
      { _, _, message, _ in
        if let message { LibSMFLog.messages.append(String(cString: UnsafePointer<CChar>(message))) }
      }, nil)
    let result = body()
    g_log_set_default_handler(previous, nil)
    return (result, messages)
  }

  static func reason(_ messages: [String]) -> String {
    guard let first = messages.first(where: { !$0.hasPrefix("Loading") }) else { return "" }
    return " (libsmf: \(first.trimmingCharacters(in: .whitespacesAndNewlines)))"
  }
}
