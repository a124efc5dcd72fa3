import Foundation
import MIDIMap
import TestSupport
import Testing

@Suite("batch", .serialized)
struct BatchCommandTests {
  @Test func batchConvertsAFolderLikeConvertDoes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(["batch", "Examples", "--out", folder.path, "--captions", "--jobs", "2"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("converted 6, up to date 0, failed 0 of 6 charts in "))
    #expect(
      files(in: folder)
        == (exampleNames.flatMap { ["\($0).mid", "\($0).vtt"] } + ["manifest.jsonl"]).sorted())
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
