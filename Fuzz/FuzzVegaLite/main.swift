import Descriptor
import Foundation
import FuzzSupport
import MIDIMap

/// One run: a Vega-Lite specification (or a descriptor) read as `convert` reads a file,
/// without a folder to look for data in, then described and mapped.
func fuzzVegaLite(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  guard let chart = try? ChartDescriptor(document: Data(bytes: start, count: count)) else {
    return 0
  }
  _ = ChartDescription(chart).text
  if let options = try? SonificationOptions.forChart(chart),
    let score = try? ChartMapper(options: options).makeScore(for: chart)
  {
    _ = SMFEncoder().encode(score)
  }
  return 0
}

runFuzzer { fuzzVegaLite($0, $1) }
