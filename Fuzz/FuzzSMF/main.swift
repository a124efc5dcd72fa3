import Chart2MIDISMFReader
import Foundation
import FuzzSupport

/// One run: a MIDI file checked and read by libsmf and summarised, as `inspect` does.
func fuzzSMF(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  guard let file = try? MIDIFile(bytes: Array(UnsafeBufferPointer(start: start, count: count)))
  else { return 0 }
  _ = MIDIFileSummary(file).text(name: "fuzz.mid")
  return 0
}

runFuzzer { fuzzSMF($0, $1) }
