import Foundation
import Synchronization
import TestSupport
import Testing

/// The text-field fuzzer: each hostile string of `hostileTexts` in every text field of a chart
/// (title, summary, axis titles, value formats, categories, series names, point labels, and the
/// sentences of a narration script), every output written, and each read by its users' own
/// programs. Against the same chart with plain text, the text may differ but nothing else: no
/// script runs and no page gains an element or attribute, and the cues, questions, tracks,
/// markers and sentences are as many.
@Suite("Hostile text in every field, every format", .serialized)
struct TextFieldFuzzTests {
  /// The text fields a chart (and its narration script) has, each given `text` with a mark of
  /// its own, so that fields stay distinct when `text` is empty.
  static func chart(with text: String) -> [String: Any] {
    // A value format's literal text: `%` doubled, so that the format keeps one conversion.
    let literal = text.replacingOccurrences(of: "%", with: "%%")
    let points = { (series: Int) in
      (0..<8).map { index -> [String: Any] in
        let y = Double(series == 0 ? 10 + index * 10 : 50 - index)
        return [
          "x": Double(index), "y": index == 6 && series == 0 ? 95.0 : y,
          "additionalValues": [index % 2 == 0 ? "A\(text)" : "B\(text)"],
          "label": index % 3 == 0 ? "L\(index)\(text)" : NSNull(),
        ]
      }
    }
    return [
      "title": "T\(text)", "summary": "S\(text)",
      "xAxis": [
        "title": "X\(text)", "range": [0, 7], "gridlinePositions": [2, 4],
        "valueFormat": "%.0f \(literal)",
      ],
      "yAxis": ["title": "Y\(text)", "range": [0, 100], "valueFormat": "%.1f u\(literal)"],
      "additionalAxes": [["title": "C\(text)", "categoryOrder": ["A\(text)", "B\(text)"]]],
      "series": [
        ["name": "One\(text)", "isContinuous": true, "dataPoints": points(0)],
        ["name": "Two\(text)", "isContinuous": false, "dataPoints": points(1)],
      ],
    ]
  }

  /// Writes a case's chart and script and every output of them into `folder`.
  func make(_ text: String, in folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: Self.chart(with: text)).write(
      to: folder.appendingPathComponent("chart.json"))
    let script: [String: Any] = [
      "sentences": [
        ["part": "intro", "text": "Intro \(text)"], ["part": "details", "text": "Details \(text)"],
      ]
    ]
    try JSONSerialization.data(withJSONObject: script).write(
      to: folder.appendingPathComponent("in-script.json"))
    let runs: [[String]] = [
      [
        "convert", "chart.json", "-o", "chart.mid", "--captions", "chart.vtt", "--stems",
        "stems", "--session", "chart.rpp", "--session", "chart.otio", "--page", "page",
        "--script", "in-script.json", "--script-out", "script.json", "--caption-labels",
        "--duration", "3",
      ],
      ["convert", "chart.json", "-o", "vtt.mid", "--captions", "labels.vtt", "--caption-labels"],
      ["convert", "chart.json", "-o", "srt.mid", "--captions", "labels.srt", "--caption-labels"],
      ["convert", "chart.json", "-o", "ttml.mid", "--captions", "labels.ttml", "--caption-labels"],
      ["exercise", "chart.json", "--out", "exercise", "--duration", "3"],
    ]
    for arguments in runs {
      let result = try run(arguments, in: folder)
      #expect(result.status == 0, "\(arguments[0]) of \(String(reflecting: text)): \(result.error)")
    }
  }

  @Test func noTextMakesStructureInAnyOutput() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let texts = ["plain"] + hostileTexts
    let folders = texts.indices.map { root.appendingPathComponent("case-\($0)").path }
    // Two cases at a time: each run is mostly one core's work.
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: texts.count) { index in
      do {
        try make(texts[index], in: URL(fileURLWithPath: folders[index]))
      } catch {
        failures.withLock { $0.append("\(String(reflecting: texts[index])): \(error)") }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
    let check = try runPython(
      try String(
        contentsOf: projectRoot.appendingPathComponent("Scripts/text-field-fuzz-check.py"),
        encoding: .utf8), folders)
    try #require(check.status == 0, "the consumers could not read the outputs: \(check.output)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
    let plain = try #require(report["case-0"] as? [String: Any])
    // Plain text makes every output, each read whole.
    let questions = plain["moodle"] as? Int ?? 0
    #expect(
      questions > 0 && plain["gift"] as? Int == questions && plain["qti"] as? Int == questions)
    #expect((plain["rpp"] as? [String: Int])?["tracks"] ?? 0 > 2)
    #expect((plain["otio"] as? [String: Int])?["tracks"] ?? 0 > 2)
    #expect(plain["script"] as? Int == 2)
    #expect(((plain["page"] as? [String: Any])?["elements"] as? [String])?.count ?? 0 > 50)
    for (index, text) in texts.enumerated().dropFirst() {
      let found = try #require(report["case-\(index)"] as? [String: Any])
      // The same captions in WebVTT, SubRip and TTML: as many cues in each.
      let captions = found["captions"] as? [Int] ?? []
      #expect(
        captions.count == 3 && Set(captions).count == 1,
        "the cues of \(String(reflecting: text)) in WebVTT, SubRip and TTML: \(captions)")
      #expect(found["narrated"] as? Bool == true)
      for (key, expected) in plain where key != "captions" {
        let shown = String(reflecting: text)
        // Everything a consumer counts, and every page's elements and attributes, as plain.
        #expect(
          NSDictionary(dictionary: [key: found[key] ?? NSNull()])
            == NSDictionary(dictionary: [key: expected]),
          "\(key) of \(shown): \(found[key] ?? "nothing") where plain text gives \(expected)")
      }
      for page in ["page", "sheet", "key"] {
        let shape = found[page] as? [String: Any]
        #expect(shape?["alerted"] as? Bool == false, "\(page) of \(String(reflecting: text))")
      }
    }
    // Strings × fields × formats, for the record.
    let fields = 11
    let formats = 13
    print("text-field fuzzer: \(texts.count - 1) strings × \(fields) fields × \(formats) formats")
  }
}
