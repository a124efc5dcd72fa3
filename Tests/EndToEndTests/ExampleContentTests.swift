import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// What an example should sound like, worked out from its JSON with Foundation's own parser and the
/// mapping rules of the design (x over the span, General MIDI programs in palette order, a
/// category's by its sorted name), not with
/// the project's decoder or mapper.
struct ExpectedTrack {
  var name: String
  var program: Int
  var notes: Int?
  var firstOnset: Double
  var lastOnset: Double?
}

/// The first General MIDI programs of the palette: piano, flute, vibraphone; and of the palette of
/// continuous series, which sustain: flute, violin, clarinet.
let paletteStart = [0, 73, 11]
let sustainingStart = [73, 40, 71]

func expectedTracks(ofExample url: URL) throws -> (tracks: [ExpectedTrack], ticks: Int) {
  let root = try #require(
    try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  let options = root["sonification"] as? [String: Any] ?? [:]
  let span = options["totalDuration"] as? Double ?? 10
  let sequential = options["arrangement"] as? String == "sequential"
  let xAxis = try #require(root["xAxis"] as? [String: Any])
  let categories = xAxis["categoryOrder"] as? [String]
  let range = xAxis["range"] as? [Double]
  func onset(_ x: Any) -> Double {
    if let categories, let name = x as? String {
      return Double(categories.firstIndex(of: name)!) * span / Double(categories.count)
    }
    let value = x as! Double
    return (value - range![0]) / (range![1] - range![0]) * span
  }
  let additional = root["additionalAxes"] as? [[String: Any]] ?? []
  let instrumentAxis = additional.firstIndex { $0["categoryOrder"] != nil }
  let series = try #require(root["series"] as? [[String: Any]])
  var tracks: [ExpectedTrack] = []
  for (order, entry) in series.enumerated() {
    let name = entry["name"] as! String
    let continuous = entry["isContinuous"] as? Bool ?? false
    let offset = sequential ? Double(order) * (span + 1) : 0
    let sounding = (entry["dataPoints"] as! [[String: Any]]).filter { !($0["y"] is NSNull) }
    let palette = continuous ? sustainingStart : paletteStart
    var groups: [(String, Int, [[String: Any]])] = [(name, palette[order], sounding)]
    if let instrumentAxis {
      let names = additional[instrumentAxis]["categoryOrder"] as! [String]
      // A category's program: the palette's by its place among the names in sorted order.
      let sorted = Set(names).sorted()
      groups = names.map { category in
        (
          "\(name): \(category)", palette[sorted.firstIndex(of: category)!],
          sounding.filter {
            ($0["additionalValues"] as! [Any])[instrumentAxis] as? String == category
          }
        )
      }.filter { !$0.2.isEmpty }
    }
    for (trackName, program, points) in groups {
      let onsets = points.map { offset + onset($0["x"]!) }
      tracks.append(
        ExpectedTrack(
          name: trackName, program: program, notes: continuous ? nil : points.count,
          firstOnset: onsets.min()!, lastOnset: continuous ? nil : onsets.max()!))
    }
  }
  let gridlines = (xAxis["gridlinePositions"] as? [Double] ?? []).filter {
    range != nil && $0 >= range![0] && $0 <= range![1]
  }
  return (tracks, gridlines.count * (sequential ? series.count : 1))
}

@Suite("examples sound as their charts say", .serialized)
struct ExampleContentTests {
  @Test("tracks, programs, note counts and onsets", arguments: exampleFiles)
  func content(of example: URL) throws {
    let (expected, ticks) = try expectedTracks(ofExample: example)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("out.mid")
    let result = try run(["convert", example.path, "-o", midi.path])
    #expect(result.status == 0, "\(result.error)")
    let summary = MIDIFileSummary(try MIDIFile(contentsOf: midi))
    let melodic = summary.tracks.filter { !$0.channels.isEmpty && $0.channels != [9] }
    #expect(melodic.map(\.name) == expected.map(\.name))
    // One tick per gridline on the percussion channel (and a 1/960 s grid for every onset).
    let percussion = summary.tracks.filter { $0.channels == [9] }
    #expect(percussion.reduce(0) { $0 + $1.noteCount } == ticks)
    for (track, wanted) in zip(melodic, expected) {
      #expect(track.programs == [wanted.program], "\(wanted.name)")
      if let notes = wanted.notes { #expect(track.noteCount == notes, "\(wanted.name)") }
      #expect(
        abs((track.firstOnset ?? -1) - wanted.firstOnset) <= 0.5 / 960, "\(wanted.name) first")
      if let last = wanted.lastOnset {
        #expect(abs((track.lastOnset ?? -1) - last) <= 0.5 / 960, "\(wanted.name) last")
      }
    }
  }
}
