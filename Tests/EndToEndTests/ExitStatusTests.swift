import Foundation
import TestSupport
import Testing

/// The command ends with the status of its error's kind (BSD's sysexits), from the library's
/// codes: what a script or a job scheduler reads to tell a user's mistake from the machine's.
@Suite("exit statuses by whose mistake it is")
struct ExitStatusTests {
  @Test(
    "each kind of mistake has its status",
    arguments: [
      // A flag no chart could take, and outputs that cannot be written together: usage.
      (["convert", "cars.json", "--velocity", "0", "-o", "out.mid"], 64),
      (["convert", "cars.json", "-o", "cars.json"], 64),
      (["convert", "cars.json", "--series", "Nope", "-o", "out.mid"], 64),
      // A chart that is wrong: data.
      (["convert", "broken.json", "-o", "out.mid"], 65),
      (["convert", "sonified.json", "-o", "out.mid"], 65),
      (["validate", "layered.vl.json"], 65),
      (["inspect", "garbage.mid"], 65),
      // An input that is not there: no input.
      (["convert", "missing.json", "-o", "out.mid"], 66),
      (["inspect", "missing.mid"], 66),
      (
        ["convert", "cars.json", "--narrate", "--script", "missing-script.json", "-o", "o.mid"], 66
      ),
      // An output that cannot be made where it is asked for.
      (["convert", "cars.json", "-o", "no/such/folder/out.mid"], 73),
      // A batch ends with its first failed chart's status.
      (["batch", "broken.json", "cars.json", "--out", "batch"], 65),
    ] as [([String], Int32)])
  func statuses(arguments: [String], status: Int32) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: example("cars"), to: folder.appendingPathComponent("cars.json"))
    try Data(#"{"title": "x", "#.utf8).write(to: folder.appendingPathComponent("broken.json"))
    var sonified = try String(contentsOf: example("cars"), encoding: .utf8)
    sonified.insert(
      contentsOf: #""sonification": {"scale": "lydian"}, "#,
      at: sonified.index(after: sonified.startIndex))
    try sonified.write(
      to: folder.appendingPathComponent("sonified.json"), atomically: true, encoding: .utf8)
    try Data(
      #"{"layer": [{"mark": "point"}], "data": {"values": [{"a": 1}]}}"#.utf8
    ).write(to: folder.appendingPathComponent("layered.vl.json"))
    try Data("not midi".utf8).write(to: folder.appendingPathComponent("garbage.mid"))
    let result = try run(arguments, in: folder)
    #expect(result.status == status, "\(result.error)")
    // Whatever the status, one sentence (a batch adds its lines before it).
    #expect(
      result.error.hasSuffix("\n")
        && result.error.split(separator: "\n").last?.hasPrefix("Error: ") == true, "\(result.error)"
    )
  }

  @Test func aFailedChartsStatusIsInItsManifestRecord() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"title": "x", "#.utf8).write(to: folder.appendingPathComponent("broken.json"))
    let result = try run(["batch", "broken.json", "--out", "batch"], in: folder)
    #expect(result.status == 65)
    let manifest = try String(
      contentsOf: folder.appendingPathComponent("batch/manifest.jsonl"), encoding: .utf8)
    let record = try #require(
      try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])
    #expect(record["status"] as? String == "failed")
    #expect(record["exitStatus"] as? Int == 65)
  }
}
