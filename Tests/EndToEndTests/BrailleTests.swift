import Foundation
import TestSupport
import Testing

/// Braille as its readers get it: BRF read back to print by liblouis's own `lou_translate`
/// (`--backward`, the same tables), each line and page measured against the format, and the
/// tactile graphic read as XML.
@Suite("Braille", .serialized)
struct BrailleTests {
  /// The pages of a BRF file: lines parted by CR LF, pages by a form feed.
  static func pages(_ url: URL) throws -> [[String]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.components(separatedBy: "\u{0C}").map { page in
      var lines = page.components(separatedBy: "\r\n")
      if lines.last == "" { lines.removeLast() }
      return lines
    }
  }

  /// `lines` of BRF read back to print, with `tables`, joined by single spaces (run-over lines
  /// are indented).
  static func readBack(_ lines: [String], tables: String) throws -> String {
    try backTranslated(lines, tables: tables).joined(separator: " ")
      .split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
  }

  /// `lines` of BRF read back to print, with `tables`.
  static func backTranslated(_ lines: [String], tables: String) throws -> [String] {
    let read = try runPython(
      #"""
      import subprocess, sys
      # lou_translate reads its input line by line, each line on its own, and reads "\" as the
      # start of an escape: BRF's backslash (a cell, "ou" in English) is written "\\".
      done = subprocess.run(["lou_translate", "--backward", sys.argv[1]],
                            input="".join(line.replace("\\", "\\\\") + "\n"
                                          for line in sys.argv[2:]),
                            capture_output=True, text=True, check=True)
      print(done.stdout, end="")
      """#, [tables] + lines)
    try #require(read.status == 0, "lou_translate is missing: run `make test`")
    return read.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The BRF's every line within the cells and every page within the lines; only BRF's
  /// characters (braille ASCII, 0x20 to 0x5F).
  static func checkLayout(_ pages: [[String]], cells: Int, lines: Int) {
    for (number, page) in pages.enumerated() {
      #expect(page.count <= lines, "page \(number + 1): \(page.count) lines")
      for line in page {
        #expect(line.count <= cells, "\(line)")
        #expect(line.unicodeScalars.allSatisfy { (0x20...0x5F).contains($0.value) }, "\(line)")
      }
    }
  }

  @Test func aChartInBrailleReadsBackWithItsTitleSeriesAndEveryValue() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let brf = folder.appendingPathComponent("birth-rate.brf")
    let result = try run([
      "convert", example("birth-rate").path, "-o", folder.appendingPathComponent("b.mid").path,
      "--braille", brf.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("braille: \(brf.path) and birth-rate.svg beside it"))
    let pages = try Self.pages(brf)
    Self.checkLayout(pages, cells: 40, lines: 25)
    #expect(pages.count >= 2)
    // Each page's first line is its number, at the right.
    for (number, page) in pages.enumerated() {
      let read = try Self.backTranslated([page[0]], tables: "en-us-brf.dis,en-ueb-g2.ctb")
      #expect(read.first?.trimmingCharacters(in: .whitespaces) == "\(number + 1)")
      #expect(page[0].count == 40)
    }
    // Read back (run-over lines joined), it holds the title, the series and every value of the
    // table, each after its time in the audio.
    let body = pages.flatMap { $0.dropFirst() }
    let text = try Self.readBack(body, tables: "en-us-brf.dis,en-ueb-g2.ctb")
    #expect(text.contains("twentieth-century birth rates"), "\(text.prefix(300))")
    // The unit every value shares is said once, after the series' name.
    // ("people" is a word sign before the bracket: read back as "p").
    #expect(text.contains("series birth rate (births per 10,000 p"))
    let chart = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: example("birth-rate")))
        as? [String: Any])
    let points = try #require(
      ((chart["series"] as? [[String: Any]])?.first?["dataPoints"]) as? [[String: Any]])
    for point in points {
      let x = Int((point["x"] as! NSNumber).doubleValue)
      let y = Int((point["y"] as! NSNumber).doubleValue)
      #expect(text.contains(" \(x): \(y) ") || text.hasSuffix(" \(x): \(y)"), "\(x): \(y)")
    }
    #expect(text.contains("0:0"))
    // The tactile graphic beside it: thick lines, every label in braille that reads back.
    let svg = folder.appendingPathComponent("birth-rate.svg")
    let read = try runPython(
      """
      import json, sys, xml.etree.ElementTree as ET
      root = ET.parse(sys.argv[1]).getroot()
      ns = "{http://www.w3.org/2000/svg}"
      widths = [float(e.get("stroke-width")) for e in root.iter() if e.get("stroke-width")
                and e.tag in (ns + "path",)]
      labels = [e.text for e in root.iter(ns + "text")]
      print(json.dumps({"widths": widths, "labels": labels, "width": root.get("width")}))
      """, [svg.path])
    let graphic = try #require(
      try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any])
    #expect(graphic["width"] as? String == "297.00mm")
    let widths = try #require(graphic["widths"] as? [Double])
    #expect(!widths.isEmpty && widths.allSatisfy { $0 >= 1.5 })
    let labels = try #require(graphic["labels"] as? [String])
    #expect(labels.count >= 6)
    #expect(
      labels.allSatisfy { $0.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) } })
    let title = try Self.backTranslated([labels[0]], tables: "unicode.dis,en-ueb-g2.ctb")
    #expect(title.first?.lowercased() == "twentieth-century birth rates")
  }

  /// A noncharacter in a chart's text (U+FFFF, U+FFFE, U+FDD0), which liblouis passes through,
  /// is a blank cell: the file holds braille ASCII alone, and the rest of the title reads back.
  @Test func aNoncharacterInTheTextNeverReachesTheFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var chart = try String(contentsOf: example("dice"), encoding: .utf8)
    let title = try #require(chart.range(of: #""title": ""#))
    chart.insert(contentsOf: #"Odd\uFFFF \uFFFEthrows\uFDD0 "#, at: title.upperBound)
    try Data(chart.utf8).write(to: folder.appendingPathComponent("odd.json"))
    let brf = folder.appendingPathComponent("odd.brf")
    let result = try run(
      ["convert", "odd.json", "-o", "odd.mid", "--braille", brf.path], in: folder)
    #expect(result.status == 0, "\(result.error)")
    let bytes = try [UInt8](Data(contentsOf: brf))
    #expect(bytes.allSatisfy { (0x20...0x5F).contains($0) || [0x0D, 0x0A, 0x0C].contains($0) })
    let pages = try Self.pages(brf)
    Self.checkLayout(pages, cells: 40, lines: 25)
    let text = try Self.readBack(
      pages.flatMap { $0.dropFirst() }, tables: "en-us-brf.dis,en-ueb-g2.ctb")
    #expect(text.contains("odd"), "\(text.prefix(200))")
    #expect(text.contains("throws"), "\(text.prefix(200))")
  }

  @Test func aPageOfOtherCellsAndLinesInGermanGradeOne() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let brf = folder.appendingPathComponent("t.brf")
    let result = try run([
      "convert", example("temperatures").path, "-o", folder.appendingPathComponent("t.mid").path,
      "--braille", brf.path, "--braille-grade", "1", "--braille-cells", "32", "--braille-lines",
      "20", "--voice", "de",
    ])
    #expect(result.status == 0, "\(result.error)")
    let pages = try Self.pages(brf)
    Self.checkLayout(pages, cells: 32, lines: 20)
    let text = try Self.readBack(
      pages.flatMap { $0.dropFirst() }, tables: "en-us-brf.dis,de-g1.ctb")
    #expect(text.contains("daily low and high temperatures, 2018"), "\(text.prefix(300))")
    #expect(text.contains("reihe low") && text.contains("reihe high"))
    #expect(text.contains("tag 1") || text.contains("day 1"), "\(text.prefix(600))")
  }

  @Test(arguments: [["--braille-grade", "3"], ["--braille-cells", "4"]])
  func aBrailleFormatOutOfRangeIsRefused(flags: [String]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(
      ["convert", example("cars").path, "-o", folder.appendingPathComponent("c.mid").path]
        + flags)
    #expect(result.status == 64)
    #expect(result.error.contains(flags[0]), "\(result.error)")
    #expect(files(in: folder).isEmpty)
  }

  /// The exercise's student sheet in braille: each question and its choices, each item's points
  /// by their times, and no answer, no fact, no value.
  @Test func anExerciseInBrailleHoldsTheQuestionsAndNoAnswer() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let out = parent.appendingPathComponent("exercise")
    let result = try run([
      "exercise", example("birth-rate").path, example("dice").path, "--out", out.path,
      "--braille", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.error)")
    let pages = try Self.pages(out.appendingPathComponent("exercise.brf"))
    Self.checkLayout(pages, cells: 40, lines: 25)
    let text = try Self.readBack(
      pages.flatMap { $0.dropFirst() }, tables: "en-us-brf.dis,en-ueb-g2.ctb")
    let items = try keyItems(out)
    for item in items {
      #expect(text.contains(item.title.lowercased()), "\(item.title)")
      for question in item.questions {
        // The prompt's words, as liblouis reads them back.
        for word in question.prompt.lowercased().split(separator: " ").prefix(4) {
          #expect(text.contains(word), "\(word) of \(question.prompt)")
        }
        #expect(!text.contains(question.explanation.lowercased().prefix(30)))
      }
    }
    // The points by their times, never their values.
    #expect(text.contains("series birth rate"))
    #expect(!text.contains("268 births"))
  }
}
