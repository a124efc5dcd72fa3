import Foundation
import TestSupport
import Testing

@Suite("batch", .serialized)
struct BatchCommandTests {
  @Test func batchConvertsAFolderLikeConvertDoes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(["batch", "Examples", "--out", folder.path, "--captions", "--jobs", "2"])
    #expect(result.status == 0, "\(result.error)")
    // The folder at any depth: the descriptors, and the Vega-Lite specifications in their folder.
    let specifications = try FileManager.default.contentsOfDirectory(
      atPath: projectRoot.appendingPathComponent("Examples/vega-lite").path
    ).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }
    #expect(specifications.count == 7)
    #expect(result.error.contains("converted 13, up to date 0, failed 0 of 13 charts in "))
    #expect(
      files(in: folder)
        == (exampleNames.flatMap { ["\($0).mid", "\($0).vtt"] } + ["manifest.jsonl", "vega-lite"])
        .sorted())
    #expect(
      files(in: folder.appendingPathComponent("vega-lite"))
        == specifications.flatMap { ["\($0).mid", "\($0).vtt"] }.sorted())
    // The same bytes as convert writes.
    let single = folder.appendingPathComponent("single.mid")
    #expect(try run(["convert", "Examples/cars.json", "-o", single.path]).status == 0)
    #expect(
      try Data(contentsOf: single) == Data(contentsOf: folder.appendingPathComponent("cars.mid")))
  }

  @Test func aBadChartFailsAloneAndTheExitStatusSaysSo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: projectRoot.appendingPathComponent("Examples/dice.json"),
      to: inputs.appendingPathComponent("good.json"))
    try Data("{\"title\": 3}".utf8).write(to: inputs.appendingPathComponent("bad.json"))
    let out = folder.appendingPathComponent("out")
    let result = try run(["batch", inputs.path, "--out", out.path, "--wav"])
    #expect(result.status != 0)
    #expect(
      result.error.contains("failed: \(inputs.path)/bad.json: title: expected a string, found 3\n"))
    #expect(result.error.contains("converted 1, up to date 0, failed 1 of 2 charts"))
    #expect(result.error.hasSuffix("Error: 1 of 2 charts failed; see the lines above\n"))
    #expect(files(in: out) == ["good.mid", "good.wav", "manifest.jsonl"])
  }

  /// FluidSynth sets up its default modulators in a process's first synth and lets a synth made
  /// meanwhile in another thread go on without them; that synth sounded different. Two tiny charts
  /// in a batch of two at a time make two first synths at nearly the same moment: before the fix,
  /// about 3 runs in 100 wrote a WAV unlike the chart rendered alone.
  @Test func twoFirstRendersAtOnceSoundAsOneRenderedAlone() throws {
    let program = testedProgram
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    let chart = """
      {"title": "Two", "xAxis": {"title": "x", "range": [0, 1]},
       "yAxis": {"title": "y", "range": [0, 1]},
       "series": [{"name": "s", "dataPoints": [{"x": 0, "y": 0.2}, {"x": 1, "y": 0.8}]}]}
      """
    for name in ["a", "b"] {
      try Data(chart.utf8).write(to: inputs.appendingPathComponent("\(name).json"))
    }
    let alone = folder.appendingPathComponent("alone.wav")
    let single = try run(
      [
        "convert", inputs.appendingPathComponent("a.json").path, "--duration", "1", "--wav",
        alone.path, "-o", folder.appendingPathComponent("alone.mid").path,
      ], program: program)
    #expect(single.status == 0, "\(single.error)")
    let expected = try Data(contentsOf: alone)
    let out = folder.appendingPathComponent("out")
    var differing: [Int] = []
    for attempt in 0..<100 {
      let batch = try run(
        [
          "batch", inputs.path, "--out", out.path, "--duration", "1", "--wav", "--jobs", "2",
          "--force",
        ], program: program)
      #expect(batch.status == 0, "\(batch.error)")
      for name in ["a", "b"]
      where try Data(contentsOf: out.appendingPathComponent("\(name).wav")) != expected {
        differing.append(attempt)
      }
    }
    #expect(differing.isEmpty, "runs whose WAV differed: \(differing)")
  }

  @Test func twoChartsWithOneNameAreRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("cars.json")
    try FileManager.default.copyItem(
      at: projectRoot.appendingPathComponent("Examples/cars.json"), to: copy)
    let result = try run([
      "batch", "Examples/cars.json", copy.path, "--out", folder.appendingPathComponent("out").path,
    ])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: Examples/cars.json and \(copy.path) would both write cars.mid; rename one or convert them into different folders\n"
    )
  }
}
