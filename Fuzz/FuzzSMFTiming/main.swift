import Chart2MIDIAudio
import Chart2MIDISMFReader
import Foundation
import FuzzSupport

/// The input as the events of a well-formed MIDI file, so that every run reaches the timing code
/// rather than stopping at the chunk structure: each event is a delta time (a variable-length
/// quantity of one to five bytes, any value, so totals pass 2^31) and one of a tempo event of any
/// length (0 to 5 bytes, 3 being right), a time or key signature of any length, an SMPTE offset, a
/// note on or off, or a marker. The header's division comes from the first two bytes (ticks a
/// quarter note, or SMPTE frames). The file is checked, read by libsmf, summarised and made a
/// performance, as `inspect` and `render` do.
func fuzzSMFTiming(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count >= 2 else { return 0 }
  let input = UnsafeBufferPointer(start: start, count: count)
  var track: [UInt8] = []
  var index = 2
  func next() -> UInt8 {
    defer { index += 1 }
    return index < input.count ? input[index] : 0
  }
  while index < input.count {
    // The delta: as many bytes as the first says (1 to 5), the last without its high bit.
    let length = Int(next() % 5) + 1
    for byte in 0..<length { track.append(byte == length - 1 ? next() & 0x7F : next() | 0x80) }
    let kind = next() % 8
    let size = Int(next() % 6)
    switch kind {
    case 0:  // tempo, of any length
      track += [0xFF, 0x51, UInt8(size)] + (0..<size).map { _ in next() }
    case 1:  // time signature
      track += [0xFF, 0x58, UInt8(size)] + (0..<size).map { _ in next() }
    case 2:  // key signature
      track += [0xFF, 0x59, UInt8(size)] + (0..<size).map { _ in next() }
    case 3:  // SMPTE offset
      track += [0xFF, 0x54, UInt8(size)] + (0..<size).map { _ in next() }
    case 4, 5:  // note on, note off
      track += [
        kind == 4 ? 0x90 | (next() & 0x0F) : 0x80 | (next() & 0x0F), next() & 0x7F, next() & 0x7F,
      ]
    case 6:  // marker
      track += [0xFF, 0x06, UInt8(size)] + (0..<size).map { _ in 0x41 + next() % 26 }
    default:  // a program change
      track += [0xC0 | (next() & 0x0F), next() & 0x7F]
    }
  }
  track += [0x00, 0xFF, 0x2F, 0x00]
  let division: [UInt8] = [input[0], input[1]]
  var file: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1] + division
  file += Array("MTrk".utf8)
  file += withUnsafeBytes(of: UInt32(track.count).bigEndian) { Array($0) }
  file += track
  guard let midi = try? MIDIFile(bytes: file) else { return 0 }
  _ = MIDIFileSummary(midi).text(name: "fuzz.mid")
  _ = Performance(file: midi)
  return 0
}

runFuzzer { fuzzSMFTiming($0, $1) }
