import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// A note as libsmf reads it back from a file: its track's name, onset, length and pitch.
struct VegaLiteNote {
  var track: String
  var onset: Double
  var length: Double
  var pitch: Int
}

func readNotes(_ url: URL) throws -> [VegaLiteNote] {
  let file = try MIDIFile(contentsOf: url)
  var notes: [VegaLiteNote] = []
  for track in file.tracks {
    var open: [Int: Double] = [:]
    for event in track.events {
      switch event.channelMessage?.message {
      case .noteOn(let note, _)?: open[Int(note.value)] = event.seconds
      case .noteOff(let note)?:
        if let onset = open.removeValue(forKey: Int(note.value)) {
          notes.append(
            VegaLiteNote(
              track: track.name ?? "", onset: onset, length: event.seconds - onset,
              pitch: Int(note.value)))
        }
      default: break
      }
    }
  }
  return notes.sorted { ($0.onset, $0.pitch) < ($1.onset, $1.pitch) }
}

/// The data rows of a specification's inline values, read with Foundation's JSON reader.
private func inlineRows(_ path: String) throws -> [[String: Any]] {
  let data = try Data(contentsOf: projectRoot.appendingPathComponent(path))
  let spec = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  return try #require((spec["data"] as? [String: Any])?["values"] as? [[String: Any]])
}

@Suite("Vega-Lite specifications", .serialized)
struct VegaLiteTests {
  func convert(_ spec: String, _ extra: [String] = []) throws -> (URL, [VegaLiteNote]) {
    let folder = try temporaryFolder()
    let midi = folder.appendingPathComponent("out.mid")
    let result = try run(["convert", spec, "-o", midi.path] + extra)
    #expect(result.status == 0, "\(result.error)")
    return (folder, try readNotes(midi))
  }

  @Test func aScatterPlaysColourAsInstrumentsAndSizeAsLength() throws {
    let (folder, notes) = try convert("Examples/vega-lite/cars-scatter.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let rows = try inlineRows("Examples/vega-lite/cars-scatter.json")
    #expect(notes.count == rows.count)
    // Onsets in the order of weight, pitch in the order of mpg, length in the order of price.
    let byWeight = rows.sorted { ($0["weight"] as! Double) < ($1["weight"] as! Double) }
    let mpgs = byWeight.map { $0["mpg"] as! Double }
    for (a, b) in zip(notes, notes.dropFirst()) { #expect(a.onset < b.onset) }
    for i in notes.indices {
      for j in notes.indices where mpgs[i] < mpgs[j] { #expect(notes[i].pitch <= notes[j].pitch) }
    }
    let prices = byWeight.map { $0["price"] as! Double }
    for i in notes.indices {
      for j in notes.indices where prices[i] < prices[j] {
        #expect(notes[i].length <= notes[j].length)
      }
    }
    // One instrument track per origin, in Vega-Lite's ascending order, each with its cars.
    let origins = Set(rows.map { $0["origin"] as! String }).sorted()
    #expect(Set(notes.map(\.track)).sorted() == origins.map { "Fuel efficiency (mpg): \($0)" })
    for (note, row) in zip(notes, byWeight) {
      #expect(note.track.hasSuffix(row["origin"] as! String))
    }
  }

  @Test func aMultiSeriesLineWithDatesPlaysEachSymbolInTime() throws {
    let (folder, notes) = try convert(
      "Examples/vega-lite/stocks-line.json", ["--continuous", "notes"])
    defer { try? FileManager.default.removeItem(at: folder) }
    // The data file, read here line by line.
    let text = try String(
      contentsOf: projectRoot.appendingPathComponent("Examples/vega-lite/stocks.csv"),
      encoding: .utf8)
    let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let dates = rows.map { formatter.date(from: String($0[1]))!.timeIntervalSince1970 }
    let (first, last) = (dates.min()!, dates.max()!)
    for symbol in ["ACME", "GLOBEX"] {
      let played = notes.filter { $0.track == symbol }
      let expected = zip(rows, dates).filter { $0.0[0] == Substring(symbol) }
      #expect(played.count <= expected.count && played.count >= 6, "\(symbol)")
      // Every note starts at a month's share of the year (months of 28 to 31 days), within a tick.
      let onsets = expected.map { ($0.1 - first) / (last - first) * 10 }
      for note in played {
        #expect(onsets.contains { abs($0 - note.onset) <= 1.0 / 960 }, "\(symbol) at \(note.onset)")
      }
    }
  }

  @Test func horizontalBarsPlayTheirCategoriesInOrder() throws {
    let (folder, notes) = try convert("Examples/vega-lite/horizontal-bars.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let rows = try inlineRows("Examples/vega-lite/horizontal-bars.json")
    #expect(notes.count == rows.count)
    let inches = rows.map { $0["inches"] as! Double }
    // The months in the sort order given, one per slot; the longer bar the higher note.
    for (a, b) in zip(notes, notes.dropFirst()) { #expect(a.onset < b.onset) }
    for i in notes.indices {
      for j in notes.indices where inches[i] < inches[j] {
        #expect(notes[i].pitch < notes[j].pitch)
      }
    }
  }

  /// The rain data file's rows, read here: date, city, millimetres.
  func rainRows() throws -> [(date: String, city: String, mm: Double)] {
    let text = try String(
      contentsOf: projectRoot.appendingPathComponent("Examples/vega-lite/rain.csv"), encoding: .utf8
    )
    return text.split(separator: "\n").dropFirst().map { line in
      let cells = line.split(separator: ",")
      return (String(cells[0]), String(cells[1]), Double(cells[2])!)
    }
  }

  @Test func stackedBarsSumEachMonthAndPlayEachSegmentsOwnValue() throws {
    let (folder, notes) = try convert("Examples/vega-lite/rain-by-month.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    var sums: [String: Double] = [:]
    for row in try rainRows() { sums["\(row.date.prefix(7)) \(row.city)", default: 0] += row.mm }
    #expect(notes.count == 24)
    // A track per city; twelve notes each, one per month in time order.
    for city in ["New York", "Seattle"] {
      let played = notes.filter { $0.track.hasSuffix(city) }
      #expect(played.count == 12, "\(city)")
      let months = (1...12).map { String(format: "2016-%02d \(city)", $0) }
      for i in 0..<12 {
        for j in 0..<12 where sums[months[i]]! < sums[months[j]]! - 1e-9 {
          #expect(played[i].pitch <= played[j].pitch, "\(months[i]) and \(months[j])")
        }
      }
    }
    // The two segments of a month sound together: its own value each, not the top of the stack.
    let byOnset = Dictionary(grouping: notes, by: { ($0.onset * 960).rounded() })
    #expect(byOnset.count == 12 && byOnset.values.allSatisfy { $0.count == 2 })
  }

  @Test func groupedBarsPlayEachOffsetGroupAsATrack() throws {
    let (folder, notes) = try convert("Examples/vega-lite/rain-grouped.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    var sums: [String: (Double, Int)] = [:]
    for row in try rainRows() {
      let quarter = (Int(row.date.dropFirst(5).prefix(2))! - 1) / 3 + 1
      let key = "\(quarter) \(row.city)"
      sums[key] = ((sums[key]?.0 ?? 0) + row.mm, (sums[key]?.1 ?? 0) + 1)
    }
    let means = sums.mapValues { $0.0 / Double($0.1) }
    #expect(
      Set(notes.map(\.track)) == [
        "Mean rain a day (mm): New York", "Mean rain a day (mm): Seattle",
      ])
    for city in ["New York", "Seattle"] {
      let played = notes.filter { $0.track.hasSuffix(city) }
      #expect(played.count == 4)
      // The quarters in order, a bar each; the higher mean the higher note.
      #expect(zip(played, played.dropFirst()).allSatisfy { $0.onset < $1.onset })
      for i in 0..<4 {
        for j in 0..<4 where means["\(i + 1) \(city)"]! < means["\(j + 1) \(city)"]! {
          #expect(played[i].pitch <= played[j].pitch)
        }
      }
    }
  }

  @Test func aHistogramCountsEachBin() throws {
    let (folder, notes) = try convert("Examples/vega-lite/rain-histogram.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    // maxbins 12 over the data's span: bins 2 mm wide from 0, counted here.
    var counts: [Int: Int] = [:]
    for row in try rainRows() { counts[Int((row.mm / 2).rounded(.down)), default: 0] += 1 }
    let bins = counts.keys.sorted()
    #expect(notes.count == bins.count)
    for (note, bin) in zip(notes, bins) {
      // Bin starts over the axis from 0 to the last bin's start.
      #expect(abs(note.onset - Double(bin) / Double(bins.last!) * 10) <= 1.0 / 960)
    }
    for i in bins.indices {
      for j in bins.indices where counts[bins[i]]! < counts[bins[j]]! {
        #expect(notes[i].pitch <= notes[j].pitch)
      }
    }
  }

  @Test func aFilteredLineKeepsTheRowsItsExpressionChooses() throws {
    let (folder, notes) = try convert(
      "Examples/vega-lite/acme-filtered.json", ["--continuous", "notes"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(
      contentsOf: projectRoot.appendingPathComponent("Examples/vega-lite/stocks.csv"),
      encoding: .utf8)
    // ACME from January to September: month() counts from 0 for January, so < 9.
    let kept = text.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }.filter {
      $0[0] == "ACME" && Int($0[1].dropFirst(5).prefix(2))! <= 9
    }
    #expect(notes.count == kept.count)
    let prices = kept.map { Double($0[2])! * 0.9 }
    for i in notes.indices {
      for j in notes.indices where prices[i] < prices[j] - 1e-9 {
        #expect(notes[i].pitch <= notes[j].pitch)
      }
    }
  }

  @Test(arguments: [
    #""-x""#, #"{"field": "inches", "order": "descending"}"#,
    #"{"encoding": "x", "order": "descending"}"#,
  ])
  func barsSortedByTheirLengthPlayLongestFirst(sort: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try String(
      contentsOf: projectRoot.appendingPathComponent("Examples/vega-lite/horizontal-bars.json"),
      encoding: .utf8)
    let spec = folder.appendingPathComponent("sorted.json")
    try original.replacingOccurrences(
      of: #""sort": ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]"#, with: "\"sort\": \(sort)"
    ).write(to: spec, atomically: false, encoding: .utf8)
    let midi = folder.appendingPathComponent("sorted.mid")
    let result = try run(["convert", spec.path, "-o", midi.path])
    #expect(result.status == 0, "\(result.error)")
    let notes = try readNotes(midi)
    #expect(notes.count == 6)
    // Longest bar first: the pitch falls from note to note.
    #expect(zip(notes, notes.dropFirst()).allSatisfy { $0.pitch > $1.pitch })
  }

  @Test func importWritesADescriptorThatPlaysTheSame() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in [
      "cars-scatter", "stocks-line", "horizontal-bars", "rain-by-month", "rain-histogram",
    ] {
      let chart = folder.appendingPathComponent("\(name).json")
      let imported = try run(["import", "Examples/vega-lite/\(name).json", "-o", chart.path])
      #expect(imported.status == 0, "\(imported.error)")
      let a = folder.appendingPathComponent("a.mid")
      let b = folder.appendingPathComponent("b.mid")
      #expect(try run(["convert", "Examples/vega-lite/\(name).json", "-o", a.path]).status == 0)
      #expect(try run(["convert", chart.path, "-o", b.path]).status == 0)
      #expect(try Data(contentsOf: a) == Data(contentsOf: b), "\(name)")
    }
  }

  @Test func dataIsFoundInTheDataFolderParsedAndParametersAreNoted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.json")
    try """
    {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "mark": "point",
     "params": [{"name": "zoom", "select": "interval", "bind": "scales"}],
     "data": {"url": "stocks.csv", "format": {"parse": {"price": "number", "date": "date"}}},
     "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "price", "type": "quantitative"}}}
    """.write(to: spec, atomically: false, encoding: .utf8)
    let missing = try run(["validate", spec.path])
    #expect(missing.status == 65)
    #expect(
      missing.error
        == "Error: \(spec.path): data.url: \"stocks.csv\" is not a data file beside the specification; a chart reads data only from a regular file there, unless reading data anywhere is allowed\n"
    )
    let found = try run([
      "validate", spec.path, "--data-dir",
      projectRoot.appendingPathComponent("Examples/vega-lite").path,
    ])
    #expect(found.status == 0, "\(found.error)")
    #expect(found.output.contains("valid: 1 series, 24 points"))
    #expect(found.error.contains("interactive parameters are ignored"))
  }

  @Test(
    "what cannot be played is named by its place",
    arguments: [
      (#""layer": [], "mark": "point""#, "layer: only single-view specifications play"),
      (
        #""transform": [{"window": [{"op": "rank", "as": "r"}]}], "mark": "point""#,
        "transform[0].window: the window transform is not read"
      ),
      (
        #""transform": [{"filter": "datum.a >> 1"}], "mark": "point""#,
        "transform[0].filter: unexpected >"
      ),
      (
        #""transform": [{"filter": "eval(datum.a)"}], "mark": "point""#,
        "transform[0].filter: eval is not one of the functions read"
      ),
      (#""mark": "arc""#, "mark: the arc mark cannot be played"),
      (#""mark": {"type": "geoshape"}"#, "mark.type: the geoshape mark cannot be played"),
    ] as [(String, String)])
  func refusals(head: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.json")
    try """
    {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", \(head),
     "data": {"values": [{"a": 1, "b": 2}, {"a": 2, "b": 3}]},
     "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}}
    """.write(to: spec, atomically: false, encoding: .utf8)
    let result = try run(["convert", spec.path, "-o", folder.appendingPathComponent("o.mid").path])
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("Error: \(spec.path): \(message)"), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1)
    #expect(files(in: folder) == ["spec.json"])
  }

  @Test(
    "channels, fields and data that are not there",
    arguments: [
      (
        #""encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}, "theta": {"field": "a"}}"#,
        "encoding.theta: the theta channel cannot be played"
      ),
      (
        #""encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "c", "type": "quantitative"}}"#,
        "encoding.y.field: \"c\" is not in the data"
      ),
      (
        #""encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "aggregate": "argmax", "type": "quantitative"}}"#,
        "encoding.y.aggregate: \"argmax\" is not read"
      ),
      (
        #""encoding": {"x": {"field": "a", "timeUnit": "fortnight", "type": "temporal"}, "y": {"field": "b", "type": "quantitative"}}"#,
        "encoding.x.timeUnit: \"fortnight\" is not a time unit"
      ),
    ] as [(String, String)])
  func badEncodings(encoding: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.json")
    try """
    {"mark": "point", "data": {"values": [{"a": 1, "b": 2}, {"a": 2, "b": 3}]}, \(encoding)}
    """.write(to: spec, atomically: false, encoding: .utf8)
    let result = try run(["describe", spec.path])
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("Error: \(spec.path): \(message)"), "\(result.error)")
  }
}
