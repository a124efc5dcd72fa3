import Foundation
import TestSupport
import Testing

/// A batch split into shards as array-job engines run it: each shard a separate process over the
/// same folder, skipping what is up to date, recording what it did in its manifest.
@Suite("Batch in shards, resumable", .serialized)
struct BatchShardTests {
  /// The binary the runs use: release when `make test` built it.
  static let program = testedProgram

  /// A folder of 40 charts: the examples in several copies, a CSV, a Vega-Lite specification
  /// with its data file, and one broken chart.
  static func charts(in parent: URL) throws -> URL {
    let folder = parent.appendingPathComponent("charts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let examples = ["birth-rate", "cars", "coffee-code", "dice", "precipitation", "temperatures"]
    var made = 0
    for copy in 0..<7 {
      for name in examples where made < 37 {
        try FileManager.default.copyItem(
          at: example(name), to: folder.appendingPathComponent("\(name)-\(copy).json"))
        made += 1
      }
    }
    try FileManager.default.copyItem(
      at: projectRoot.appendingPathComponent("Examples/rainfall.csv"),
      to: folder.appendingPathComponent("rainfall.csv"))
    let spec = try String(
      contentsOf: projectRoot.appendingPathComponent("Examples/vega-lite/stocks-line.json"),
      encoding: .utf8)
    try spec.write(
      to: folder.appendingPathComponent("stocks.json"), atomically: false, encoding: .utf8)
    try FileManager.default.copyItem(
      at: projectRoot.appendingPathComponent("Examples/vega-lite/stocks.csv"),
      to: parent.appendingPathComponent("stocks.csv"))
    try "{\"title\": \"Broken\", \"xAxis\": ".write(
      to: folder.appendingPathComponent("broken.json"), atomically: false, encoding: .utf8)
    return folder
  }

  /// The batch's arguments over `charts` into `out`, on every core.
  static func batch(_ charts: URL, _ out: URL, _ extra: [String] = []) -> [String] {
    [
      "batch", charts.path, "--out", out.path, "--x", "month", "--y", "inches",
      "--series-column", "region", "--data-dir", charts.deletingLastPathComponent().path,
    ] + extra
  }

  /// Every output in `folder` (the manifests aside) and its bytes.
  static func outputs(_ folder: URL) throws -> [String: Data] {
    var all: [String: Data] = [:]
    for name in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    where !name.hasPrefix("manifest") {
      let url = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        all[name] = try Data(contentsOf: url)
      }
    }
    return all
  }

  /// Each manifest line's chart and status, in order.
  static func records(_ folder: URL) throws -> [(input: String, status: String)] {
    var records: [(String, String)] = []
    for name in files(in: folder) where name.hasPrefix("manifest") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        records.append((object["input"] as! String, object["status"] as! String))
      }
    }
    return records
  }

  /// The environment of the tests, with an array job's variables set.
  static func environment(_ variables: [String: String]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in [
      "JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN",
      "SLURM_ARRAY_TASK_COUNT", "AWS_BATCH_JOB_ARRAY_INDEX", "AWS_BATCH_JOB_ARRAY_SIZE",
    ] {
      environment[key] = nil
    }
    return environment.merging(variables) { $1 }
  }

  /// `--dry-run` lists a shard's charts as the run then does them, writes nothing, and after the
  /// run lists them up to date; a chart that cannot be read says why.
  @Test func aDryRunListsAShardsChartsAndWritesNothing() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let charts = try Self.charts(in: parent)
    let out = parent.appendingPathComponent("out")
    func lines(_ run: Run) -> [String] {
      run.output.split(separator: "\n").map(String.init)
    }
    var planned: [String] = []
    for index in 1...3 {
      let dry = try run(
        Self.batch(charts, out, ["--shard", "\(index)/3", "--dry-run"]), program: Self.program,
        environment: Self.environment([:]))
      #expect(dry.status == 0, "\(dry.error)")
      #expect(dry.error.hasSuffix("; nothing written\n"), "\(dry.error)")
      #expect(!FileManager.default.fileExists(atPath: out.path))
      planned += lines(dry)
    }
    // Every chart once over the three shards: each to convert, but the broken one.
    #expect(planned.count == 40)
    #expect(planned.filter { $0.hasPrefix("convert: ") }.count == 39)
    let broken = try #require(planned.first { $0.hasPrefix("cannot read: ") })
    #expect(broken.hasPrefix("cannot read: \(charts.appendingPathComponent("broken.json").path): "))
    // The shard's run does what its dry run listed; a dry run after it finds each up to date.
    let dry = try run(
      Self.batch(charts, out, ["--shard", "2/3", "--dry-run"]), program: Self.program,
      environment: Self.environment([:]))
    let done = try run(
      Self.batch(charts, out, ["--shard", "2/3"]), program: Self.program,
      environment: Self.environment([:]))
    let converted = Set(try Self.records(out).filter { $0.status == "converted" }.map(\.input))
    let listed = Set(
      lines(dry).filter { $0.hasPrefix("convert: ") }.map {
        URL(fileURLWithPath: String($0.dropFirst("convert: ".count))).deletingPathExtension()
          .lastPathComponent
      })
    #expect(!converted.isEmpty && converted == listed, "\(done.error)")
    let again = try run(
      Self.batch(charts, out, ["--shard", "2/3", "--dry-run"]), program: Self.program,
      environment: Self.environment([:]))
    let upToDate = lines(again).filter { $0.hasPrefix("up to date: ") }
    #expect(upToDate.count == listed.count, "\(again.output)")
  }

  @Test func fourShardsMakeWhatOneBatchMakesAndASecondRunDoesNothing() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let charts = try Self.charts(in: parent)
    #expect(files(in: charts).count == 40)
    let whole = parent.appendingPathComponent("whole")
    let one = try run(Self.batch(charts, whole, ["--wav"]), program: Self.program)
    #expect(one.status == 65)
    #expect(one.error.contains("failed: ") && one.error.contains("broken.json"))
    #expect(one.error.contains("converted 39, up to date 0, failed 1 of 40 charts"), "\(one.error)")
    // Four shards, each a process of its own, into one folder.
    let sharded = parent.appendingPathComponent("sharded")
    var shares: [[String]] = []
    for index in 1...4 {
      let shard = try run(
        Self.batch(charts, sharded, ["--wav", "--shard", "\(index)/4"]), program: Self.program)
      #expect(shard.status == (shard.error.contains("broken.json") ? 65 : 0), "\(shard.error)")
      shares.append(
        try Self.records(sharded).filter { !shares.joined().contains($0.input) }.map(\.input))
    }
    // No chart done twice or missed; every share has some.
    #expect(shares.joined().count == 40 && Set(shares.joined()).count == 40)
    #expect(shares.allSatisfy { !$0.isEmpty }, "\(shares.map(\.count))")
    #expect(files(in: sharded).filter { $0.hasPrefix("manifest") }.count == 4)
    // The union is the unsharded batch, byte for byte.
    let expected = try Self.outputs(whole)
    #expect(expected.count == 39 * 2)
    let union = try Self.outputs(sharded)
    #expect(union == expected)
    #expect(
      union.keys.filter { union[$0] != expected[$0] }.sorted()
        + expected.keys.filter { union[$0] == nil }.sorted() == [])

    // Each environment form picks the same shares, from the same charts.
    let forms: [(String, (Int) -> [String: String], [String])] = [
      ("kubernetes", { ["JOB_COMPLETION_INDEX": "\($0 - 1)"] }, ["--shards", "4"]),
      (
        "slurm",
        {
          [
            "SLURM_ARRAY_TASK_ID": "\($0)", "SLURM_ARRAY_TASK_MIN": "1",
            "SLURM_ARRAY_TASK_COUNT": "4",
          ]
        }, []
      ),
      (
        "aws",
        { ["AWS_BATCH_JOB_ARRAY_INDEX": "\($0 - 1)", "AWS_BATCH_JOB_ARRAY_SIZE": "4"] }, []
      ),
    ]
    for (engine, variables, flags) in forms {
      for index in 1...4 {
        let out = parent.appendingPathComponent("\(engine)-\(index)")
        let shard = try run(
          Self.batch(charts, out, flags), program: Self.program,
          environment: Self.environment(variables(index)))
        #expect(shard.error.contains("(shard \(index) of 4, of 40 in all)"), "\(shard.error)")
        #expect(
          Set(try Self.records(out).map(\.input)) == Set(shares[index - 1]), "\(engine) \(index)")
      }
    }

    // Even shares (40 charts in four: ten each); one chart added moves at most one across each
    // of the three cuts.
    #expect(shares.map(\.count) == [10, 10, 10, 10])
    try FileManager.default.copyItem(
      at: example("cars"), to: charts.appendingPathComponent("added.json"))
    var moved = 0
    for index in 1...4 {
      let out = parent.appendingPathComponent("added-\(index)")
      _ = try run(Self.batch(charts, out, ["--shard", "\(index)/4"]), program: Self.program)
      let share = Set(try Self.records(out).map(\.input)).subtracting(["added"])
      moved += share.subtracting(shares[index - 1]).count
    }
    #expect(moved <= 3, "\(moved) charts moved")
    try FileManager.default.removeItem(at: charts.appendingPathComponent("added.json"))

    // A second run does nothing: every chart up to date (the broken one fails again).
    let before = try Self.outputs(whole)
    let again = try run(Self.batch(charts, whole, ["--wav"]), program: Self.program)
    #expect(again.error.contains("converted 0, up to date 39, failed 1 of 40"), "\(again.error)")
    #expect(try Self.outputs(whole) == before)
    // One chart changed: that chart alone is converted.
    let changed = charts.appendingPathComponent("dice-0.json")
    let dice = try String(contentsOf: changed, encoding: .utf8)
    try dice.replacingOccurrences(of: "\"title\": \"", with: "\"title\": \"Changed: ").write(
      to: changed, atomically: false, encoding: .utf8)
    let edited = try run(Self.batch(charts, whole, ["--wav"]), program: Self.program)
    #expect(edited.error.contains("converted 1, up to date 38, failed 1"), "\(edited.error)")
    #expect(try Self.records(whole).suffix(40).contains { $0 == ("dice-0", "converted") })
    // A Vega-Lite specification's data file changed, the specification not: it alone again.
    let data = charts.deletingLastPathComponent().appendingPathComponent("stocks.csv")
    let prices = try String(contentsOf: data, encoding: .utf8)
    try prices.replacingOccurrences(of: "ACME,2016-01-01,46.71", with: "ACME,2016-01-01,46.72")
      .write(to: data, atomically: false, encoding: .utf8)
    let fed = try run(Self.batch(charts, whole, ["--wav"]), program: Self.program)
    #expect(fed.error.contains("converted 1, up to date 38, failed 1"), "\(fed.error)")
    #expect(try Self.records(whole).suffix(40).contains { $0 == ("stocks", "converted") })
    // An option that changes every chart's music: all converted again.
    let option = try run(
      Self.batch(charts, whole, ["--wav", "--note-range", "40:80"]), program: Self.program)
    #expect(option.error.contains("converted 39, up to date 0, failed 1"), "\(option.error)")
    // Another soundfont: the audio of every chart again; then nothing again.
    let soundFont = try run(
      Self.batch(charts, whole, ["--wav", "--note-range", "40:80", "--soundfont", "gm"]),
      program: Self.program)
    #expect(soundFont.error.contains("converted 39, up to date 0, failed 1"), "\(soundFont.error)")
    let still = try run(
      Self.batch(charts, whole, ["--wav", "--note-range", "40:80", "--soundfont", "gm"]),
      program: Self.program)
    #expect(still.error.contains("converted 0, up to date 39, failed 1"), "\(still.error)")
    // --force redoes it all.
    let forced = try run(
      Self.batch(
        charts, whole, ["--wav", "--note-range", "40:80", "--soundfont", "gm", "--force"]),
      program: Self.program)
    #expect(forced.error.contains("converted 39, up to date 0, failed 1"), "\(forced.error)")

    // The report joins the shards' manifests.
    let report = try run(["batch-report", sharded.path, "--format", "json"], program: Self.program)
    #expect(report.status == 1)
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(report.output.utf8)) as? [String: Any])
    #expect(summary["charts"] as? Int == 40 && summary["failed"] as? Int == 1)
    #expect(summary["converted"] as? Int == 39 && summary["outputFiles"] as? Int == 78)
    let failures = try #require(summary["failures"] as? [[String: String]])
    #expect(failures.map { $0["input"] } == ["broken"])
    #expect(failures.first?["error"]?.contains("broken.json") == true)
    let audio = try #require(summary["audioSeconds"] as? Double)
    #expect(audio > 39 * 5 && audio < 39 * 20)
  }

  @Test func aShardKilledMidRunFinishesWithWholeFilesWhenRunAgain() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let charts = try Self.charts(in: parent)
    let reference = parent.appendingPathComponent("reference")
    _ = try run(Self.batch(charts, reference, ["--wav", "--jobs", "1"]), program: Self.program)
    let out = parent.appendingPathComponent("killed")
    let process = Process()
    process.executableURL = Self.program
    process.arguments = Self.batch(charts, out, ["--wav", "--jobs", "1"])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Killed once some charts are done and others are not.
    for _ in 0..<200 {
      Thread.sleep(forTimeInterval: 0.05)
      if (try? Self.records(out).count) ?? 0 >= 5 { break }
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let done = try Self.records(out).count
    #expect(done >= 5 && done < 40, "\(done) done before the kill")
    // Run again: the rest is done, nothing is left half-written, the manifest is complete.
    let again = try run(Self.batch(charts, out, ["--wav", "--jobs", "1"]), program: Self.program)
    #expect(again.error.contains("failed 1 of 40"), "\(again.error)")
    #expect(try Self.outputs(out) == Self.outputs(reference))
    let latest = Dictionary(try Self.records(out).map { ($0.input, $0.status) }) { $1 }
    #expect(latest.count == 40)
    #expect(latest.filter { $0.value == "failed" }.map(\.key) == ["broken"])
    let temporary =
      (FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? [])
      .filter { $0.contains(".tmp") || $0.hasPrefix(".") }
    #expect(temporary.isEmpty, "\(temporary)")
  }
}
