// Times each stage of the conversion of one chart: read, decode, map, encode, write, and reading the
// result back with libsmf (whose freeing must stay linear). Prints one line per stage and the peak
// memory. Usage: chart2midi-bench CHART.json OUT.mid
import Descriptor
import Foundation
import MIDIMap

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func peakMemoryMB() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: chart2midi-bench CHART.json OUT.mid\n".utf8))
  exit(2)
}
do {
  var times: [(String, Double)] = []
  var start = now()
  func lap(_ name: String) {
    let end = now()
    times.append((name, end - start))
    start = end
  }
  let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
  lap("read JSON")
  let chart = try ChartDescriptor(json: data)
  lap("decode + validate")
  let score = try ChartMapper(options: try SonificationOptions().applying(chart.sonification))
    .makeScore(for: chart)
  lap("map")
  let bytes = SMFEncoder().encode(score)
  lap("encode SMF")
  try Data(bytes).write(to: URL(fileURLWithPath: arguments[2]))
  lap("write file")
  let file = try MIDIFile(bytes: bytes)
  lap("read back with libsmf")
  let events = file.tracks.reduce(0) { $0 + $1.events.count }
  print("points: \(chart.pointCount), events: \(events), JSON: \(data.count / 1_000_000) MB, MIDI: \(bytes.count / 1_000_000) MB")
  for (name, seconds) in times { print("  \(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(String(format: "%8.3f", seconds)) s") }
  let pipeline = times.filter { $0.0 != "read back with libsmf" }.reduce(0) { $0 + $1.1 }
  print("  \("JSON in to MIDI out".padding(toLength: 24, withPad: " ", startingAt: 0)) \(String(format: "%8.3f", pipeline)) s")
  print(String(format: "  peak memory %.0f MB", peakMemoryMB()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
