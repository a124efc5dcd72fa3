import Foundation
import TestSupport
import Testing

/// Pages made from a chart whose title, axes, series and labels carry every character HTML gives a
/// meaning (`Tests/Fixtures/Outputs/hostile-text.json`: a quote with a combining accent after it,
/// `<!--<script>`, `</script>`, line breaks of every kind), opened in headless Chromium: no script
/// of the chart's runs, no element gains a handler, and every page keeps its facts.
@Suite("pages from hostile text", .serialized)
struct HostilePageTests {
  struct Report: Decodable {
    var alerted: Bool
    var handlers: [String]?
    var scripts: Int?
    var players: [[[String?]]]?
    var tableRows: Int?
    var questions: Int?
  }

  let chart = projectRoot.appendingPathComponent("Tests/Fixtures/Outputs/hostile-text.json")

  /// The labels of the fixture's points, read from the file itself.
  func labels() throws -> [String?] {
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: chart)) as? [String: Any])
    let series = try #require((root["series"] as? [[String: Any]])?.first)
    let points = try #require(series["dataPoints"] as? [[String: Any]])
    return points.map { $0["label"] as? String }
  }

  @Test func noScriptRunsAndEveryPageKeepsItsFacts() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("page")
    let exercise = folder.appendingPathComponent("exercise")
    let made = try run(["page", chart.path, "-o", page.path])
    try #require(made.status == 0, "\(made.error)")
    let exercised = try run(
      ["exercise", chart.path, "--out", exercise.path, "--title", "Week -- 3\"\u{301} x="])
    try #require(exercised.status == 0, "\(exercised.error)")
    let pages = [
      page.appendingPathComponent("index.html"), exercise.appendingPathComponent("exercise.html"),
      exercise.appendingPathComponent("answers.html"),
    ]
    let check = try runPython(
      try String(
        contentsOf: projectRoot.appendingPathComponent("Scripts/hostile-page-check.py"),
        encoding: .utf8), pages.map(\.path))
    try #require(check.status == 0, "selenium or chromium is missing: run `make test`")
    let reports = try JSONDecoder().decode([String: Report].self, from: Data(check.output.utf8))
    #expect(reports.count == 3)
    let labels = try labels()
    for (name, report) in reports {
      #expect(!report.alerted, "\(name): the chart's script ran")
      #expect(report.handlers == [], "\(name): \(report.handlers ?? [])")
      // Each player's data reads whole: the page's with every label as written; an exercise's
      // (without practice) with none, since a label can give an answer away.
      let expected = name == "index.html" ? labels : labels.map { _ in nil }
      #expect(report.players?.first == [expected], "\(name)")
    }
    #expect(reports["index.html"]?.scripts == 2)
    #expect(reports["index.html"]?.tableRows == labels.count)
    #expect(reports["exercise.html"]?.questions ?? 0 >= 1)
    #expect(reports["exercise.html"]?.questions == reports["answers.html"]?.questions)
  }
}
