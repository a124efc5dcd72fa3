import Chart2MIDIChart
import Chart2MIDIInput
import Foundation
import FuzzSupport

/// One run: a Vega-Lite specification (or a descriptor) read as `convert` reads a file,
/// without a folder to look for data in, then described and mapped.
func fuzzVegaLite(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  guard let chart = try? ChartDescriptor(document: Data(bytes: start, count: count)) else {
    return 0
  }
  play(chart)
  return 0
}

runFuzzer { fuzzVegaLite($0, $1) }
