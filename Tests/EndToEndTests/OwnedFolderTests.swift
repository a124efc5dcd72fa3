import Foundation
import TestSupport
import Testing

/// A page, an exercise and a stems folder replace an earlier one only when every file in it, at
/// any depth, is one chart2midi wrote there; no output folder may hold an input.
@Suite("Folders are owned, not assumed", .serialized)
struct OwnedFolderTests {
  /// Writes `text` at `path` inside `folder`, making the folders between.
  func plant(_ path: String, in folder: URL, _ text: String = "mine") throws -> URL {
    let file = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Every file under `folder`, by its path inside it.
  func allFiles(_ folder: URL) -> [String] {
    let found = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    return found.filter {
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent($0).path, isDirectory: &isFolder)
      return !isFolder.boolValue
    }.sorted()
  }

  @Test func aPageLeavesAFolderWithSomeoneElsesFilesDeepInsideIt() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let podcast = folder.appendingPathComponent("podcast")
    let interview = try plant("audio/raw/interview-1.wav", in: podcast, "an interview")
    let result = try run(["page", example("cars").path, "-o", "podcast"], in: folder)
    #expect(result.status == 64)
    #expect(
      result.error
        == "Error: podcast holds files chart2midi did not write (audio/raw/interview-1.wav); choose a new folder, or move them out\n"
    )
    #expect(try String(contentsOf: interview, encoding: .utf8) == "an interview")
    #expect(allFiles(podcast) == ["audio/raw/interview-1.wav"])
  }

  @Test func anExerciseLeavesACourseFolderWithSlidesInIt() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let course = folder.appendingPathComponent("course")
    let slides = try plant("item-2/slides.pdf", in: course, "slides")
    let result = try run(["exercise", example("cars").path, "--out", "course"], in: folder)
    #expect(result.status == 64)
    #expect(result.error.contains("holds files chart2midi did not write (item-2/slides.pdf)"))
    #expect(try String(contentsOf: slides, encoding: .utf8) == "slides")
    #expect(allFiles(course) == ["item-2/slides.pdf"])
  }

  @Test func aFolderChart2midiWroteIsReplacedAndListsWhatItHolds() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for _ in 0..<2 {
      let page = try run(["page", example("dice").path, "-o", "page"], in: folder)
      #expect(page.status == 0, "\(page.error)")
      let exercise = try run(
        ["exercise", example("cars").path, "--out", "course", "--format", "json"], in: folder)
      #expect(exercise.status == 0, "\(exercise.error)")
      let stems = try run(
        ["convert", example("cars").path, "-o", "cars.mid", "--stems", "stems"], in: folder)
      #expect(stems.status == 0, "\(stems.error)")
    }
    // Each folder's list names exactly the files beside it, at any depth.
    for name in ["page", "course", "stems"] {
      let owned = folder.appendingPathComponent(name)
      let list = try String(
        contentsOf: owned.appendingPathComponent(".chart2midi-files"), encoding: .utf8)
      let listed = list.split(separator: "\n").map(String.init)
      #expect(listed == allFiles(owned).filter { $0 != ".chart2midi-files" }, "\(name)")
      #expect(listed.count >= 2, "\(name): \(listed)")
    }
    // A file added to an owned folder makes it someone else's again.
    _ = try plant("audio/stems/take-2.wav", in: folder.appendingPathComponent("page"))
    let refused = try run(["page", example("dice").path, "-o", "page"], in: folder)
    #expect(refused.status == 64)
    #expect(refused.error.contains("(audio/stems/take-2.wav)"), "\(refused.error)")
    // A stems folder of recordings is someone else's too.
    _ = try plant("recording.wav", in: folder.appendingPathComponent("takes"))
    let takes = try run(
      ["convert", example("cars").path, "-o", "c2.mid", "--stems", "takes"], in: folder)
    #expect(
      takes.error
        == "Error: cannot write the stems into takes: it holds files chart2midi did not write (recording.wav); empty it or name a new folder\n"
    )
    #expect(allFiles(folder.appendingPathComponent("takes")) == ["recording.wav"])
  }

  @Test func noOutputFolderMayHoldAnInput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try Data(contentsOf: example("cars"))
    for path in ["week3/exercise.json", "pg/chart.json", "stems/chart.json"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(path).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try chart.write(to: folder.appendingPathComponent(path))
    }
    let cases: [([String], String)] = [
      (
        ["exercise", "week3/exercise.json", "--out", "week3"],
        "cannot write the exercise into"
      ),
      (["page", "pg/chart.json", "-o", "pg"], "cannot write the page into pg: the input"),
      (
        ["convert", "stems/chart.json", "-o", "c.mid", "--stems", "stems"],
        "cannot write the stems into stems"
      ),
    ]
    for (arguments, expected) in cases {
      let result = try run(arguments, in: folder)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.error.contains(expected), "\(arguments): \(result.error)")
    }
    for path in ["week3/exercise.json", "pg/chart.json", "stems/chart.json"] {
      #expect(try Data(contentsOf: folder.appendingPathComponent(path)) == chart, "\(path)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.mid").path))
  }
}

/// A page carries at most `--limit page-text` of a chart's text (16 MB by default): a chart of
/// long labels gets one sentence, not a page of hundreds of megabytes.
@Suite("A page's text is bounded", .serialized)
struct PageTextLimitTests {
  @Test func aPageOfTooMuchTextIsOneSentence() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 2,000 points with labels of 10 KB: 20 MB of text.
    let points = (0..<2000).map { index in
      [
        "x": Double(index), "y": Double(index % 100),
        "label": String(repeating: "x", count: 10_000),
      ]
        as [String: Any]
    }
    let json: [String: Any] = [
      "title": "Long labels", "xAxis": ["title": "x", "range": [0, 2000]],
      "yAxis": ["title": "y", "range": [0, 100]],
      "series": [["name": "S", "isContinuous": false, "dataPoints": points]],
    ]
    try JSONSerialization.data(withJSONObject: json).write(
      to: folder.appendingPathComponent("long.json"))
    let refused = try run(["page", "long.json", "-o", "page"], in: folder)
    #expect(refused.status == 65, "\(refused.error)")
    #expect(
      refused.error
        == "Error: the chart's text (titles, names, categories, labels) comes to 20 MB, more than the 16 MB a page carries; raise the limit with --limit page-text=N for a chart you trust\n"
    )
    #expect(files(in: folder) == ["long.json"])
    // A lower limit holds an example too; a higher one lets the long labels through.
    let lowered = try run(
      ["page", example("cars").path, "-o", "cars", "--limit", "page-text=100"], in: folder)
    #expect(lowered.status == 65)
    #expect(lowered.error.contains("more than the 100 bytes a page carries"), "\(lowered.error)")
    let raised = try run(
      ["convert", "long.json", "-o", "long.mid", "--page", "page", "--limit", "page-text=30M"],
      in: folder)
    #expect(raised.status == 0, "\(raised.error)")
  }
}
