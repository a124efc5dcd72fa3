import Chart2MIDIChart
import Chart2MIDIInput
import Foundation
import FuzzSupport

/// One run: a descriptor's bytes decoded, described, mapped and encoded, as `convert`
/// does. A mistake is an error; only a crash or a sanitizer report is a finding.
func fuzzDescriptor(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let data = Data(bytes: start, count: count)
  guard let chart = try? ChartDescriptor(json: data) else { return 0 }
  play(chart)
  return 0
}

runFuzzer { fuzzDescriptor($0, $1) }
