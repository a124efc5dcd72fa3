import Foundation
import TestSupport
import Testing

/// A batch as a cluster runs it night after night: array engines' conventions, exit statuses an
/// engine can act on, two runs of one shard at once, manifests that stay small, removed charts,
/// reruns decided by the settings' meaning, logs, and charts in nested folders.
@Suite("Batch operations", .serialized)
struct BatchOperationsTests {
  static let program = testedProgram

  /// The tests' environment without any array job's variables, with `variables` set.
  static func environment(_ variables: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in environment.keys
    where name.hasPrefix("SLURM_") || name.hasPrefix("AWS_BATCH") || name == "JOB_COMPLETION_INDEX"
      || name == "CHART2MIDI_LOCK_LEASE"
    {
      environment[name] = nil
    }
    return environment.merging(variables) { $1 }
  }

  /// `count` small charts in `folder/charts`, each a few notes (a batch of them takes a second).
  static func charts(_ count: Int, in folder: URL) throws -> URL {
    let charts = folder.appendingPathComponent("charts")
    try FileManager.default.createDirectory(at: charts, withIntermediateDirectories: true)
    for index in 0..<count {
      let chart = """
        {"title": "Chart \(index)", "xAxis": {"title": "x", "range": [0, 3]},
         "yAxis": {"title": "y", "range": [0, 10]},
         "series": [{"name": "s", "dataPoints": [{"x": 0, "y": \(index % 10)}, {"x": 1, "y": 5},
           {"x": 2, "y": 2}, {"x": 3, "y": 8}]}]}
        """
      try Data(chart.utf8).write(
        to: charts.appendingPathComponent(String(format: "c%02d.json", index)))
    }
    return charts
  }

  /// The summary line's shard ("shard 4 of 8") of a dry run with `variables` and `flags`.
  func dryShard(_ charts: URL, _ variables: [String: String], _ flags: [String] = [])
    throws -> (shard: String?, run: Run)
  {
    let result = try run(
      [
        "batch", charts.path, "--out",
        charts.deletingLastPathComponent().appendingPathComponent("out").path, "--dry-run",
      ]
        + flags, program: Self.program, environment: Self.environment(variables))
    let range = result.error.range(of: #"shard \d+ of \d+"#, options: .regularExpression)
    return (range.map { String(result.error[$0]) }, result)
  }

  /// Slurm with --shards: a task id is the same shard however the array was submitted (0-7,
  /// 1-8, stepped 0-15:2, one task again); without it, the task's place in the array. AWS's
  /// array size gives way to --shards, with a note.
  @Test func arrayEnginesMapTasksOntoShards() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(16, in: folder)
    func slurm(_ id: Int, min: Int, max: Int, step: Int = 1) -> [String: String] {
      [
        "SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "\(min)",
        "SLURM_ARRAY_TASK_MAX": "\(max)", "SLURM_ARRAY_TASK_STEP": "\(step)",
        "SLURM_ARRAY_TASK_COUNT": "\((max - min) / step + 1)",
      ]
    }
    // --array=0-7 --shards 8: task 3 is shard 4; --array=3 (one task again) too.
    #expect(
      try dryShard(charts, slurm(3, min: 0, max: 7), ["--shards", "8"]).shard == "shard 4 of 8")
    #expect(
      try dryShard(charts, slurm(3, min: 3, max: 3), ["--shards", "8"]).shard == "shard 4 of 8")
    // --array=0-15:2 --shards 8: task 6 is shard 4; --array=6-6:2 again.
    #expect(
      try dryShard(charts, slurm(6, min: 0, max: 14, step: 2), ["--shards", "8"]).shard
        == "shard 4 of 8")
    #expect(
      try dryShard(charts, slurm(6, min: 6, max: 6, step: 2), ["--shards", "8"]).shard
        == "shard 4 of 8")
    // --array=1-8 --shards 8: every shard once.
    var seen: Set<String> = []
    for id in 1...8 {
      let shard = try dryShard(charts, slurm(id, min: 1, max: 8), ["--shards", "8"]).shard
      seen.insert(shard ?? "none")
    }
    #expect(seen.count == 8 && !seen.contains("none"), "\(seen)")
    // Without --shards: the place in the array (offsets and steps), of the array's count.
    #expect(try dryShard(charts, slurm(5, min: 1, max: 8)).shard == "shard 5 of 8")
    #expect(try dryShard(charts, slurm(10, min: 0, max: 14, step: 2)).shard == "shard 6 of 8")
    // One task without --shards does it all, and says how to do one shard.
    let alone = try dryShard(charts, slurm(3, min: 3, max: 3))
    #expect(
      alone.shard == "shard 1 of 1" && alone.run.error.contains("give --shards N"),
      "\(alone.run.error)")
    // More tasks than --shards: a note says which shard is done twice.
    let more = try dryShard(charts, slurm(9, min: 0, max: 9), ["--shards", "8"])
    #expect(
      more.shard == "shard 2 of 8" && more.run.error.contains("note: Slurm's array has 10 tasks"))
    // AWS: --shards wins over the array's size, with a note.
    let aws = try dryShard(
      charts, ["AWS_BATCH_JOB_ARRAY_INDEX": "2", "AWS_BATCH_JOB_ARRAY_SIZE": "4"],
      ["--shards", "8"])
    #expect(aws.shard == "shard 3 of 8", "\(aws.run.error)")
    #expect(aws.run.error.contains("note: AWS_BATCH_JOB_ARRAY_SIZE is 4 and --shards says 8"))
    // Kubernetes: the index of --shards.
    #expect(
      try dryShard(charts, ["JOB_COMPLETION_INDEX": "7"], ["--shards", "8"]).shard == "shard 8 of 8"
    )
  }

  /// A batch whose charts fail for the data's reason and for the storage's ends with the
  /// storage's status, whatever the order: an engine retries that, and not bad data.
  @Test func theMachinesFailureDecidesTheExitStatus() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(
      at: charts.appendingPathComponent("z"), withIntermediateDirectories: true)
    try Data(#"{"title": "x", "#.utf8).write(to: charts.appendingPathComponent("a-broken.json"))
    try FileManager.default.copyItem(
      at: example("dice"), to: charts.appendingPathComponent("z/dice.json"))
    // The folder the nested chart writes into is a file.
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try Data("not a folder".utf8).write(to: out.appendingPathComponent("z"))
    let result = try run(
      ["batch", charts.path, "--out", out.path], program: Self.program,
      environment: Self.environment())
    #expect(result.status == 73, "\(result.error)")
    #expect(
      result.error.contains("cannot write into \(out.path)/z: it is not a folder"),
      "\(result.error)")
    // Only the bad chart: the data's status.
    try FileManager.default.removeItem(at: out.appendingPathComponent("z"))
    let data = try run(
      ["batch", charts.path, "--out", out.path], program: Self.program,
      environment: Self.environment())
    #expect(data.status == 65, "\(data.error)")
  }

  /// Two runs of one shard at once into one folder (a retry beside a task still running): each
  /// chart is converted once, the other run waits for it and finds it up to date; both end 0.
  /// A lock left by a process of another host that has not been renewed for the lease is taken
  /// over; one still within its lease is waited for.
  @Test func twoRunsOfOneShardConvertEachChartOnce() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(8, in: folder)
    let out = folder.appendingPathComponent("out")
    func start() throws -> (Process, Pipe) {
      let process = Process()
      process.executableURL = Self.program
      process.arguments = ["batch", charts.path, "--out", out.path, "--wav", "--jobs", "1"]
      process.environment = Self.environment()
      let pipe = Pipe()
      process.standardError = pipe
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      return (process, pipe)
    }
    let (first, firstLog) = try start()
    let (second, secondLog) = try start()
    let logs = [firstLog, secondLog].map {
      String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    first.waitUntilExit()
    second.waitUntilExit()
    #expect(first.terminationStatus == 0 && second.terminationStatus == 0, "\(logs)")
    let manifest = try String(
      contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
    let statuses = manifest.split(separator: "\n").compactMap { line -> (String, String)? in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object.map { ($0["input"] as? String ?? "", $0["status"] as? String ?? "") }
    }
    let converted = statuses.filter { $0.1 == "converted" }.map(\.0)
    #expect(converted.sorted() == (0..<8).map { String(format: "c%02d", $0) }, "\(logs)")
    #expect(statuses.count == 16, "\(statuses)")
    #expect(!files(in: out).contains { $0.hasSuffix(".lock") || $0.hasSuffix(".tmp") })

    // Another host's lock, renewed now: waited for until its lease (2 s here) runs out.
    let lock = out.appendingPathComponent(".c03.lock")
    try Data("host h0123456789abcdef\nname node-7\npid 4242\n".utf8).write(to: lock)
    try Data("changed".utf8).write(to: out.appendingPathComponent("c03.mid"))
    let clock = ContinuousClock()
    let began = clock.now
    let waited = try run(
      ["batch", charts.path, "--out", out.path, "--wav", "--jobs", "1"], program: Self.program,
      environment: Self.environment(["CHART2MIDI_LOCK_LEASE": "2"]))
    let seconds = (clock.now - began) / .seconds(1)
    #expect(waited.status == 0, "\(waited.error)")
    #expect(waited.error.contains("waiting for \(charts.path)/c03.json: process 4242 on node-7"))
    #expect(waited.error.contains("converted: \(charts.path)/c03.json"), "\(waited.error)")
    #expect(seconds >= 1.5, "\(seconds) s")
    #expect(!FileManager.default.fileExists(atPath: lock.path))
  }

  /// Manifests stay as long as the charts are many, not as the runs: past three lines a chart a
  /// run compacts them to each chart's latest record (a torn line and older ones dropped), and
  /// `--compact` does it whenever asked; a second writer appends to the compacted file.
  @Test func manifestsAreCompactedToTheLatestRecords() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(4, in: folder)
    let out = folder.appendingPathComponent("out")
    let arguments = ["batch", charts.path, "--out", out.path]
    #expect(try run(arguments, program: Self.program, environment: Self.environment()).status == 0)
    let manifest = out.appendingPathComponent("manifest.jsonl")
    let lines = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 4)
    // 1,200 older records of each chart and a line cut by a kill.
    var history = ""
    for night in 0..<1200 {
      for line in lines {
        history +=
          line.replacingOccurrences(
            of: #""finished":"[^"]*""#,
            with: "\"finished\":\"2020-01-01T00:00:\(String(format: "%02d", night % 60)).000Z\"",
            options: .regularExpression) + "\n"
      }
    }
    let handle = try FileHandle(forWritingTo: manifest)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((history + #"{"input":"c00","fin"#).utf8))
    try handle.close()
    let again = try run(arguments, program: Self.program, environment: Self.environment())
    #expect(again.status == 0, "\(again.error)")
    #expect(again.error.contains("compacted the manifests: 4804 lines to 4"), "\(again.error)")
    #expect(again.error.contains("converted 0, up to date 4"), "\(again.error)")
    let compacted = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
    // The latest of each, then this run's four.
    #expect(compacted.count == 8, "\(compacted.count)")
    #expect(!compacted.contains { $0.contains("2020-01-01") })
    let asked = try run(
      arguments + ["--compact"], program: Self.program, environment: Self.environment())
    #expect(asked.error.contains("compacted the manifests: 8 lines to 4"), "\(asked.error)")
  }

  /// Ten nights of 50,000 charts, 500,000 manifest lines (307 MB): a run reads them a line at a
  /// time and keeps each chart's latest line, so its memory stays under 150 MB.
  @Test func aLongHistoryTakesLittleMemory() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(1, in: folder)
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let write = """
      import json, sys
      with open(sys.argv[1], "w") as manifest:
          for night in range(10):
              for chart in range(50000):
                  name = "chart-%05d" % chart
                  manifest.write(json.dumps({
                      "audioSeconds": 10.4, "finished": "2026-11-%02dT01:00:00.000Z" % (10 + night),
                      "input": name, "inputHash": "f" * 64, "path": "/data/charts/%s.json" % name,
                      "outputs": [{"bytes": 1356, "path": name + ".mid", "sha256": "e" * 64},
                                  {"bytes": 1835088, "path": name + ".wav", "sha256": "d" * 64}],
                      "seconds": 0.6, "settingsHash": "c" * 64, "shard": "1/1", "status": "converted"},
                      sort_keys=True, separators=(",", ":")) + "\\n")
      """
    let made = try run(
      ["python3", "-c", write, out.appendingPathComponent("manifest.jsonl").path],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(made.status == 0, "\(made.error)")
    let measured = try runMeasured(
      ["batch", charts.path, "--out", out.path, "--dry-run"], program: Self.program, in: folder,
      addressSpace: 8 << 30)
    #expect(measured.run.status == 0, "\(measured.run.error)")
    #expect(measured.run.error.contains("50000 removed from the inputs"), "\(measured.run.error)")
    #expect(measured.peakMemory < 150 << 20, "\(measured.peakMemory >> 20) MB")
    let report = try runMeasured(
      ["batch-report", out.path, "--format", "json"], program: Self.program, in: folder,
      addressSpace: 8 << 30)
    #expect(report.run.output.contains("\"converted\" : 50000"), "\(report.run.output.prefix(300))")
    #expect(report.peakMemory < 150 << 20, "\(report.peakMemory >> 20) MB")
    print(
      "500,000 manifest lines: batch --dry-run \(measured.peakMemory >> 20) MB, batch-report \(report.peakMemory >> 20) MB"
    )
  }

  /// `--chart-timeout`: a chart that takes longer stops within a fraction of a second of it, fails
  /// with a sentence and 65, and leaves nothing; the others are converted.
  @Test func aChartPastItsTimeoutStopsAndLeavesNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(1, in: folder)
    // Half an hour of audio with stems: seconds of work even in a release build.
    var long = try String(contentsOf: example("cars"), encoding: .utf8)
    long.insert(
      contentsOf: #""sonification": {"totalDuration": 1800}, "#,
      at: long.index(after: long.startIndex))
    try long.write(
      to: charts.appendingPathComponent("long.json"), atomically: false, encoding: .utf8)
    let out = folder.appendingPathComponent("out")
    let clock = ContinuousClock()
    let began = clock.now
    let result = try run(
      ["batch", charts.path, "--out", out.path, "--wav", "--stems", "--chart-timeout", "1"],
      program: Self.program, environment: Self.environment())
    let seconds = (clock.now - began) / .seconds(1)
    #expect(result.status == 65, "\(result.error)")
    #expect(
      result.error.contains(
        "failed: \(charts.path)/long.json: stopped after 1 s (--chart-timeout); nothing written"),
      "\(result.error)")
    #expect(result.error.contains("converted 1, up to date 0, failed 1 of 2"), "\(result.error)")
    #expect(seconds < 4, "\(seconds) s")
    #expect(
      files(in: out) == ["c00-stems", "c00.mid", "c00.wav", "manifest.jsonl"], "\(files(in: out))")
  }

  /// A chart taken out of the inputs is reported once as removed, its outputs kept; `--prune`
  /// removes its outputs and its records; `batch-report` counts it, and names the shards that
  /// never wrote a manifest.
  @Test func removedChartsAndMissingShardsAreReported() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(6, in: folder)
    let out = folder.appendingPathComponent("out")
    for index in [1, 2] {
      let shard = try run(
        ["batch", charts.path, "--out", out.path, "--wav", "--shard", "\(index)/3"],
        program: Self.program, environment: Self.environment())
      #expect(shard.status == 0, "\(shard.error)")
    }
    // Shard 3 never ran: the report says so and fails.
    let report = try run(["batch-report", out.path], program: Self.program)
    #expect(report.status == 1)
    #expect(
      report.output.contains("missing: 1 of 3 shards wrote no manifest (shard 3)"),
      "\(report.output)")
    let expected = try run(
      ["batch-report", out.path, "--expect-shards", "3", "--format", "json"], program: Self.program)
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(expected.output.utf8)) as? [String: Any])
    #expect(summary["missingShards"] as? [Int] == [3], "\(expected.output)")
    // Cut four ways, none of the four shards has run.
    let four = try run(["batch-report", out.path, "--expect-shards", "4"], program: Self.program)
    #expect(four.output.contains("missing: 4 of 4 shards wrote no manifest (shard 1, 2, 3, 4)"))
    _ = try run(
      ["batch", charts.path, "--out", out.path, "--wav", "--shard", "3/3"],
      program: Self.program, environment: Self.environment())
    #expect(try run(["batch-report", out.path], program: Self.program).status == 0)

    // Two charts taken away: every shard runs; each is reported once, by one shard.
    let records = BatchShardTests.records
    let gone = ["c01", "c04"]
    let before = try records(out).filter { gone.contains($0.input) }
    #expect(before.count == 2)
    for name in gone {
      try FileManager.default.removeItem(at: charts.appendingPathComponent("\(name).json"))
    }
    var notes = ""
    for index in 1...3 {
      notes +=
        try run(
          ["batch", charts.path, "--out", out.path, "--wav", "--shard", "\(index)/3"],
          program: Self.program, environment: Self.environment()
        ).error
    }
    #expect(try records(out).filter { $0.status == "removed" }.map(\.input).sorted() == gone)
    #expect(notes.contains("no longer in the inputs"), "\(notes)")
    // Reported once: the shards run again record nothing more.
    for index in 1...3 {
      _ = try run(
        ["batch", charts.path, "--out", out.path, "--wav", "--shard", "\(index)/3"],
        program: Self.program, environment: Self.environment())
    }
    #expect(try records(out).filter { $0.status == "removed" }.count == 2)
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("c01.wav").path))
    let withRemoved = try run(
      ["batch-report", out.path, "--format", "json"], program: Self.program)
    let counts = try #require(
      try JSONSerialization.jsonObject(with: Data(withRemoved.output.utf8)) as? [String: Any])
    #expect(counts["charts"] as? Int == 4 && counts["removed"] as? [String] == gone)
    #expect(withRemoved.status == 0)
    // --prune: their outputs and records go; a changed output stays.
    try Data("edited".utf8).write(to: out.appendingPathComponent("c04.mid"))
    for index in 1...3 {
      let pruned = try run(
        ["batch", charts.path, "--out", out.path, "--wav", "--shard", "\(index)/3", "--prune"],
        program: Self.program, environment: Self.environment())
      #expect(pruned.status == 0, "\(pruned.error)")
    }
    let left = files(in: out)
    #expect(!left.contains("c01.mid") && !left.contains("c01.wav") && !left.contains("c04.wav"))
    #expect(left.contains("c04.mid"), "an output changed since is kept")
    #expect(!(try records(out)).contains { gone.contains($0.input) })
  }

  /// The settings' meaning decides a rerun: flags in another order or spelling, an explicit
  /// default and the same soundfont at another path redo nothing; a soundfont a chart names,
  /// changed on disk, redoes that chart.
  @Test func rerunsFollowWhatTheSettingsMean() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(3, in: folder)
    let out = folder.appendingPathComponent("out")
    let soundFont = projectRoot.appendingPathComponent("soundfonts/chart2midi.sf2")
    try FileManager.default.copyItem(at: soundFont, to: folder.appendingPathComponent("copy.sf2"))
    func batch(_ flags: [String]) throws -> Run {
      try run(
        ["batch", charts.path, "--out", out.path] + flags, program: Self.program,
        environment: Self.environment())
    }
    let first = try batch(["--wav", "--scale", "major", "--note-range", "40:80"])
    #expect(first.error.contains("converted 3, up to date 0"), "\(first.error)")
    for flags in [
      ["--note-range=40.0:80", "--scale=major", "--wav"],
      ["--wav", "--scale", "major", "--note-range", "40:80", "--tail-cap", "5", "--jobs", "1"],
      [
        "--wav", "--scale", "major", "--note-range", "40:80", "--soundfont",
        folder.appendingPathComponent("copy.sf2").path, "--log-format", "json",
      ],
    ] {
      let again = try batch(flags)
      #expect(
        again.error.contains("converted 0, up to date 3")
          || again.error.contains(#""converted":0"#), "\(flags): \(again.error)")
    }
    #expect(
      try batch(["--wav", "--scale", "minor", "--note-range", "40:80"]).error.contains(
        "converted 3"))
    // A chart that names its soundfont: its bytes count.
    let named = charts.appendingPathComponent("c00.json")
    var text = try String(contentsOf: named, encoding: .utf8)
    text.insert(
      contentsOf: #""sonification": {"soundfont": "mine.sf2"}, "#,
      at: text.index(after: text.startIndex))
    try text.write(to: named, atomically: false, encoding: .utf8)
    try FileManager.default.copyItem(at: soundFont, to: charts.appendingPathComponent("mine.sf2"))
    let flags = ["--wav", "--scale", "minor", "--note-range", "40:80"]
    #expect(try batch(flags).error.contains("converted 1, up to date 2"))
    #expect(try batch(flags).error.contains("converted 0, up to date 3"))
    try FileManager.default.removeItem(at: charts.appendingPathComponent("mine.sf2"))
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: "/usr/share/sounds/sf2/TimGM6mb.sf2"),
      to: charts.appendingPathComponent("mine.sf2"))
    let changed = try batch(flags)
    #expect(changed.error.contains("converted 1, up to date 2"), "\(changed.error)")
  }

  /// A line a chart with the time and its place; JSON lines with --log-format json; charts in
  /// nested folders written at the same paths, two of one name in different folders both done;
  /// an output folder inside the inputs is not read as charts.
  @Test func logsAndNestedFolders() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = try Self.charts(2, in: folder)
    for sub in ["2024/q1", "2025"] {
      let nested = charts.appendingPathComponent(sub)
      try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: example("dice"), to: nested.appendingPathComponent("fig1.json"))
    }
    let out = charts.appendingPathComponent("out")
    let text = try run(
      ["batch", charts.path, "--out", out.path, "--jobs", "1"], program: Self.program,
      environment: Self.environment())
    #expect(text.status == 0, "\(text.error)")
    let lines = text.error.split(separator: "\n").map(String.init)
    let pattern =
      #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \[\d/4\] converted: .*\.json in \d+\.\d\d s \(1 file\)$"#
    #expect(
      lines.filter { $0.range(of: pattern, options: .regularExpression) != nil }.count == 4,
      "\(lines)")
    #expect(lines.contains { $0.contains("[4/4]") })
    for path in ["c00.mid", "c01.mid", "2024/q1/fig1.mid", "2025/fig1.mid"] {
      #expect(
        FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
    }
    // Run again from the same inputs (the output folder inside them): nothing new is read.
    let json = try run(
      ["batch", charts.path, "--out", out.path, "--log-format", "json"], program: Self.program,
      environment: Self.environment())
    #expect(json.status == 0, "\(json.error)")
    let objects = try json.error.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let done = objects.filter { $0["event"] as? String == "chart" }
    #expect(done.count == 4)
    #expect(done.allSatisfy { $0["status"] as? String == "skipped" && $0["time"] is String })
    #expect(
      Set(done.compactMap { $0["name"] as? String }) == ["c00", "c01", "2024/q1/fig1", "2025/fig1"])
    let summary = try #require(objects.last)
    #expect(summary["event"] as? String == "summary" && summary["upToDate"] as? Int == 4)
  }
}
