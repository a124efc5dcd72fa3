import Foundation
import TestSupport
import Testing

/// The digests a batch records and a practice page checks stay what they were: pinned from the
/// digests an earlier SHA-256 implementation (swift-crypto) wrote for the same inputs, so that
/// manifests written before still find their charts up to date, shards keep their charts and
/// pages keep their checks.
@Suite("Pinned digests", .serialized)
struct HashPinTests {
  @Test func aBatchRecordsTheSameInputAndOutputDigests() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The charts copied, so that each is read from a file of its own name.
    for name in ["cars", "dice", "birth-rate"] {
      try FileManager.default.copyItem(
        at: example(name), to: folder.appendingPathComponent("\(name).json"))
    }
    let result = try run(
      ["batch", "cars.json", "dice.json", "birth-rate.json", "--out", "out"], in: folder)
    #expect(result.status == 0, "\(result.error)")
    let manifest = try String(
      contentsOf: folder.appendingPathComponent("out/manifest.jsonl"), encoding: .utf8)
    var inputs: [String: String] = [:]
    var outputs: [String: String] = [:]
    for line in manifest.split(separator: "\n") {
      let record = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let name = try #require(record["input"] as? String)
      inputs[name] = record["inputHash"] as? String
      for output in record["outputs"] as? [[String: Any]] ?? [] {
        outputs[output["path"] as? String ?? ""] = output["sha256"] as? String
      }
    }
    #expect(
      inputs == [
        "cars": "f33e1090a60dd56f432d2d9ed2c50e0a0cb6d9e1d17fc2583be0febdfbf4a542",
        "dice": "7189881719616c74816a7aeba19bb2a4c0d710899b38124c3a00f74400899e1e",
        "birth-rate": "c75838bc72837e8ec7187a3b98f34eae94d3b5e894aab55a17c17fac569466a1",
      ])
    // The outputs' digests are those of their bytes, as coreutils' sha256sum reads them.
    #expect(outputs.count == 3)
    for (path, digest) in outputs {
      let said = try run(
        [folder.appendingPathComponent("out/\(path)").path],
        program: URL(fileURLWithPath: "/usr/bin/sha256sum"))
      #expect(said.output.hasPrefix(digest + " "), "\(path): \(said.output)")
    }
  }

  @Test func shardsKeepTheirCharts() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = folder.appendingPathComponent("charts")
    try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
    for name in ["birth-rate", "cars", "coffee-code", "dice", "precipitation", "temperatures"] {
      try FileManager.default.copyItem(
        at: example(name), to: charts.appendingPathComponent("\(name).json"))
    }
    let expected = [
      1: ["cars", "precipitation"], 2: ["birth-rate", "coffee-code"], 3: ["dice", "temperatures"],
    ]
    for (index, names) in expected {
      let out = folder.appendingPathComponent("out")
      let result = try run(
        ["batch", charts.path, "--out", out.path, "--shard", "\(index)/3"], in: folder)
      #expect(result.status == 0, "\(result.error)")
      let manifest = try String(
        contentsOf: out.appendingPathComponent("manifest-\(index)-of-3.jsonl"), encoding: .utf8)
      let done = try manifest.split(separator: "\n").map { line in
        let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return try #require(record?["input"] as? String)
      }
      #expect(done.sorted() == names, "shard \(index)")
    }
  }

  @Test func aPracticePageKeepsItsChecks() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(
      [
        "exercise", example("birth-rate").path, example("cars").path, "--out", "ex", "--practice",
        "--seed", "7",
      ], in: folder)
    #expect(result.status == 0, "\(result.error)")
    let page = try String(
      contentsOf: folder.appendingPathComponent("ex/exercise.html"), encoding: .utf8)
    let checks = page.matches(of: #/data-salt="([0-9a-f]+)" data-answer="([0-9a-f]+)"/#).map {
      (salt: String($0.output.1), answer: String($0.output.2))
    }
    // The salts come from the seed, the same every run.
    #expect(
      checks.prefix(3).map(\.salt) == [
        "59ab1e61505aacd038870673fc71b371", "669e75d05333ee62d98e7fa15d8daeb1",
        "c7225047d45c65036718eff8f60af226",
      ])
    // Each answer's hash is SHA-256 of "salt:N", N the key's right choice from 1, by Python's
    // hashlib.
    let keyed = try keyItems(folder.appendingPathComponent("ex")).flatMap(\.questions)
    #expect(checks.count == keyed.count && checks.count >= 3)
    let hashed = try runPython(
      "import hashlib, sys\nfor text in sys.argv[1:]: print(hashlib.sha256(text.encode()).hexdigest())",
      zip(checks, keyed).map { "\($0.salt):\($1.answer + 1)" })
    #expect(hashed.output.split(separator: "\n").map(String.init) == checks.map(\.answer))
  }
}
