import Chart2MIDIChart
import Chart2MIDIInput
import Foundation
import FuzzSupport

/// One run: the first byte chooses the column flags (x and y always; series, duration
/// and instrument by its bits), named by the CSV's own header; the rest is the CSV, decoded,
/// described, mapped and encoded, as `convert data.csv --x ... --y ...` does.
func fuzzCSV(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 1 else { return 0 }
  let flags = start[0]
  let data = Data(bytes: start + 1, count: count - 1)
  let firstLine = data.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
  var header = String(decoding: firstLine, as: UTF8.self).split(
    separator: ",", omittingEmptySubsequences: false
  ).map(String.init)
  while header.count < 5 { header.append("column \(header.count + 1)") }
  let columns = CSVColumns(
    x: header[0], y: header[1], series: flags & 1 != 0 ? header[2] : nil,
    duration: flags & 2 != 0 ? header[3] : nil, instrument: flags & 4 != 0 ? header[4] : nil,
    title: nil)
  guard let chart = try? ChartDescriptor(csv: data, columns: columns) else { return 0 }
  play(chart)
  return 0
}

runFuzzer { fuzzCSV($0, $1) }
