import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

struct Batch: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Convert many charts at once, on every core: each to NAME.mid, and NAME.wav, stems and captions when asked.",
    discussion: """
      Inputs are chart files and folders; a folder contributes its .json files (and its .csv files when \
      --x and --y name their columns) at any depth, each written at the same relative path under --out. \
      A chart that fails is reported and the others go on; the exit status is that of the first failure \
      of the machine or the storage (66, 69, 70, 73, 74, 75), else of the first failed chart (65). \
      Each run records what it did in a manifest in --out and skips what is up to date; a chart that \
      another run is converting is waited for.

      Example:
        chart2midi batch Examples --out out/all --wav --stems --captions
      """)

  @Argument(help: ArgumentHelp("Chart files and folders of them.", valueName: "chart-or-folder"))
  var inputs: [String]

  @Option(
    name: .long,
    help: ArgumentHelp("The folder to write into (created if missing).", valueName: "dir"))
  var out: String

  @Option(
    name: .long,
    help: ArgumentHelp("Charts converted at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  @Flag(
    name: .long,
    help: "Also write NAME.wav, the mix (NAME.flac, .ogg, .opus or .mp3 with --audio-format).")
  var wav = false

  @Flag(
    name: .long,
    help: "Also write NAME-stems/, one audio file per series (or per track), in the audio format.")
  var stems = false

  @OptionGroup
  var stemOptions: StemOptions

  @Flag(name: .long, help: "Also write NAME.vtt, captions.")
  var captions = false

  @OptionGroup(title: "CSV input")
  var csv: CSVOptions

  @OptionGroup(title: "Mapping")
  var mapping: MappingOptions

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Do shard I of N (from 1): the charts ranked by the hash of their names, cut into N even runs. Without it, an array job's index from the environment (see --shards).",
      valueName: "I/N"))
  var shard: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The number of shards, with the index from JOB_COMPLETION_INDEX (Kubernetes), SLURM_ARRAY_TASK_ID over SLURM_ARRAY_TASK_STEP, modulo N (Slurm), or AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch); it wins over the array's own size.",
      valueName: "n"))
  var shards: Int?

  @Flag(
    name: .long,
    help: "Convert every chart, even those whose outputs are up to date in the manifest.")
  var force = false

  @Flag(
    name: .long,
    help:
      "List this shard's charts, each as it would go (convert, up to date, or why it cannot be read), and write nothing."
  )
  var dryRun = false

  @Flag(
    name: .long,
    help:
      "Compact the folder's manifests first, to each chart's latest record (done anyway when they hold more than three lines a chart)."
  )
  var compact = false

  @Flag(
    name: .long,
    help:
      "Remove the outputs and records of charts that are no longer in the inputs (this shard's share of them); without it they are reported."
  )
  var prune = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Stop a chart that takes longer than this many seconds and report it failed (65, as bad data: a retry would take as long).",
      valueName: "seconds"))
  var chartTimeout: Double?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The log on standard error: text (a timestamped line a chart) or json (a JSON object a line).",
      valueName: "format"))
  var logFormat: BatchLog.Format = .text

  @OptionGroup(title: "Speech")
  var speech: SpeechOptions

  func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more.") }
    if let chartTimeout, !(chartTimeout > 0 && chartTimeout <= 31_536_000) {
      throw ValidationError("--chart-timeout must be more than 0 seconds and at most a year.")
    }
    try speech.validate(voice: mapping.voice)
  }

  /// A chart's name in the batch: its file name without the extension, which names its outputs.
  static func name(of file: String) -> String {
    URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
  }

  func run() async throws {
    if let shards, !(1...Shard.maximumCount).contains(shards) {
      throw CommandFailure(
        "--shards \(shards): expected a number of shards from 1 to 10,000,000", status: .usage)
    }
    try checkFlagSettings(mapping.settings + sound.settings + stemOptions.settings)
    let entries = try csv.chartEntries(in: inputs, skipping: [out])
    // Two inputs may not write the same names.
    var owners: [String: String] = [:]
    for entry in entries {
      if let other = owners[entry.name] {
        throw CommandFailure(
          "\(other) and \(entry.path) would both write \(entry.name).mid; rename one or convert them into different folders",
          status: .usage
        )
      }
      owners[entry.name] = entry.path
    }
    let (shard, note) = try Shard.resolve(
      option: self.shard, shards: shards, environment: ProcessInfo.processInfo.environment)
    if let note { report("note: \(note)") }
    let share = shard?.share(of: entries.map(\.name))
    let chosen = entries.filter { share?.contains($0.name) ?? true }
    let folder = URL(fileURLWithPath: out, isDirectory: true)
    if dryRun { return try plan(entries, chosen: chosen, shard: shard, in: folder) }
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure("cannot create the folder \(out)", status: .cannotCreate)
    }
    let log = BatchLog(format: logFormat)
    let own = BatchManifest.url(in: folder, shard: shard)
    var view = BatchManifest.View(folder: folder, own: own)
    let contents = view.current
    // Past three lines a chart, the history outweighs what is read from it.
    if compact || contents.count > 3 * contents.lines.count + 1000 {
      let pruned = Set(contents.lines.values.filter { $0.status == "pruned" }.map(\.input))
      let (before, after) = try BatchManifest.compact(
        BatchManifest.manifests(in: folder), known: contents.lines, dropping: pruned)
      log.note("compacted the manifests: \(before) lines to \(after)")
      view = BatchManifest.View(folder: folder, own: own)
    }
    let manifest = try BatchManifest.Writer(url: own)
    let removed = try removedCharts(
      contents, names: entries.map(\.name), shard: shard, folder: folder, manifest: manifest,
      log: log)
    if !removed.pruned.isEmpty {
      let now = BatchManifest.read(BatchManifest.manifests(in: folder))
      try BatchManifest.compact(
        BatchManifest.manifests(in: folder), known: now.lines, dropping: removed.pruned)
    }
    var work = try items(chosen, in: folder, shard: shard, manifests: view)
    let workers = max(1, min(work.count, jobs ?? ProcessInfo.processInfo.activeProcessorCount))
    let locks = ChartLocks()
    let clock = ContinuousClock()
    let start = clock.now
    var counts: [String: Int] = [:]
    var done = 0
    // The status the batch ends with: that of the first chart, in input order, that failed for
    // the machine's reason (a full disk, a missing soundfont), else that of the first that failed.
    var failure: (index: Int, status: ExitStatus)?
    let order = Dictionary(uniqueKeysWithValues: work.enumerated().map { ($1.name, $0) })
    func finish(_ record: BatchRecord, warnings: [String]) throws {
      try manifest.append(record)
      locks.release(ChartLocks.url(for: record.input, in: folder))
      counts[record.status, default: 0] += 1
      done += 1
      log.chart(record, warnings: warnings, place: done, of: work.count)
      guard record.status == "failed" else { return }
      let index = order[record.input] ?? work.count
      let status = record.exitStatus.flatMap(ExitStatus.init(rawValue:)) ?? .software
      // The machine's failures come first: an engine retries them, and not bad data.
      let first =
        failure.map {
          status.isInfrastructure != $0.status.isInfrastructure
            ? status.isInfrastructure : index < $0.index
        } ?? true
      if first { failure = (index, status) }
    }
    // At most `workers` charts at once; each is recorded and logged as it is done. A chart that
    // another run holds waits until the end.
    var waiting: [(item: BatchItem, holder: ChartLocks.Holder)] = []
    try await withThrowingTaskGroup(of: BatchItem.Outcome.self) { group in
      var pending = work.makeIterator()
      func startNext() {
        guard let item = pending.next() else { return }
        group.addTask { await item.runTimed(locks: locks, timeout: chartTimeout) }
      }
      for _ in 0..<workers { startNext() }
      for try await outcome in group {
        switch outcome {
        case .done(let record, let warnings): try finish(record, warnings: warnings)
        case .held(let item, let holder): waiting.append((item, holder))
        }
        startNext()
      }
    }
    // What another run held: done once it lets go (or its lease runs out), up to date when that
    // run converted it.
    for (item, holder) in waiting {
      log.note("waiting for \(item.conversion.input): \(holder.described) is converting it")
      while true {
        let lock = ChartLocks.url(for: item.name, in: folder)
        if locks.acquire(lock) == nil {
          locks.release(lock)
          break
        }
        try await Task.sleep(for: .milliseconds(500))
      }
      if case .done(let record, let warnings) = await item.runTimed(
        locks: locks, timeout: chartTimeout)
      {
        try finish(record, warnings: warnings)
      } else {
        // Taken again at once: left to the run that holds it.
        var record = item.emptyRecord
        record.status = "failed"
        record.error = "\(item.conversion.input): another run took it again; run the batch again"
        record.exitStatus = ExitStatus.temporaryFailure.rawValue
        try finish(record, warnings: [])
      }
    }
    work = []
    let seconds = (clock.now - start) / .seconds(1)
    let failed = counts["failed", default: 0]
    log.summary(
      converted: counts["converted", default: 0], upToDate: counts["skipped", default: 0],
      failed: failed, charts: order.count, removed: removed.kept, pruned: removed.pruned.count,
      shard: shard, inAll: entries.count, seconds: seconds, workers: workers)
    if failed > 0 {
      throw CommandFailure(
        "\(failed) of \(order.count) charts failed; see the lines above",
        status: failure?.status ?? .software)
    }
  }
}

extension Batch {
  /// The work of `entries` in `folder`: each chart's conversion, and what earlier runs did (the
  /// latest records of every shard's manifest: an output up to date is not made again).
  func items(
    _ entries: [(path: String, name: String)], in folder: URL, shard: Shard?,
    manifests: BatchManifest.View
  ) throws -> [BatchItem] {
    // The mix is named for the audio format asked for (the library checks the value).
    let fileExtension =
      sound.audioFormat.flatMap { AudioFormat(rawValue: $0.text) }?.fileExtension ?? "wav"
    return entries.map { entry -> BatchItem in
      func path(_ suffix: String) -> String {
        folder.appendingPathComponent(entry.name + suffix).path
      }
      let conversion = Conversion(
        input: entry.path, csv: csv, mapping: mapping, sound: sound, midiPath: path(".mid"),
        wavPath: wav ? path("." + fileExtension) : nil, stemsPath: stems ? path("-stems") : nil,
        stemOptions: stemOptions,
        captionsPath: captions ? path(".vtt") : nil, engine: speech.engine, quiet: true)
      return BatchItem(
        name: entry.name, conversion: conversion, folder: folder,
        manifests: force ? nil : manifests,
        shard: shard.map { "\($0.index)/\($0.count)" })
    }
  }

  /// `--dry-run`: this shard's charts on standard output, a line each ("convert: a.json", "up to
  /// date: b.json", "cannot read: c.json: …", "removed: d"), then a count on standard error; no
  /// folder, file or manifest line is written.
  func plan(
    _ entries: [(path: String, name: String)], chosen: [(path: String, name: String)],
    shard: Shard?, in folder: URL
  ) throws {
    let view = BatchManifest.View(folder: folder)
    let latest = view.current
    var counts: [String: Int] = [:]
    for item in try items(chosen, in: folder, shard: shard, manifests: view) {
      let (kind, line) = item.plan()
      counts[kind, default: 0] += 1
      output(line)
    }
    let gone = Self.removed(from: latest, names: entries.map(\.name), shard: shard)
    for line in gone {
      output("removed: \(line.input) (\(prune ? "would prune its outputs" : "its outputs stay"))")
    }
    report(
      "would convert \(counts["convert", default: 0]), up to date \(counts["up to date", default: 0]), cannot read \(counts["cannot read", default: 0]) of \(chosen.count) charts"
        + (shard.map { " (shard \($0.index) of \($0.count), of \(entries.count) in all)" } ?? "")
        + (gone.isEmpty ? "" : ", \(gone.count) removed from the inputs")
        + "; nothing written")
  }

  /// The charts of the manifests that are no longer among `names`, this shard's share of them: a
  /// removed chart belongs to the shard whose run its name's rank falls in.
  static func removed(from latest: BatchManifest.Contents, names: [String], shard: Shard?)
    -> [BatchManifest.Line]
  {
    let present = Set(names)
    let gone = latest.lines.values.filter { !present.contains($0.input) && $0.status != "pruned" }
    guard let shard, !gone.isEmpty else { return gone.sorted { $0.input < $1.input } }
    let ranked = names.map { (Shard.rank(of: $0), $0) }.sorted { $0 < $1 }
    return gone.filter { line in
      let key = (Shard.rank(of: line.input), line.input)
      // Where it would stand among the charts there are.
      var low = 0
      var high = ranked.count
      while low < high {
        let middle = (low + high) / 2
        if ranked[middle] < key { low = middle + 1 } else { high = middle }
      }
      let place = min(low, max(0, ranked.count - 1))
      return place * shard.count / max(1, ranked.count) == shard.index - 1
    }.sorted { $0.input < $1.input }
  }

  /// Records this shard's removed charts once (`removed`, their outputs kept), or with `--prune`
  /// removes their outputs and records them `pruned`: how many are kept, and the names pruned.
  func removedCharts(
    _ latest: BatchManifest.Contents, names: [String], shard: Shard?, folder: URL,
    manifest: BatchManifest.Writer, log: BatchLog
  ) throws -> (kept: Int, pruned: Set<String>) {
    var kept = 0
    var pruned: Set<String> = []
    var records: [BatchRecord] = []
    var newly: [String] = []
    for line in Self.removed(from: latest, names: names, shard: shard) {
      if line.status == "removed" && !prune {
        kept += 1
        continue
      }
      guard let previous = line.record else { continue }
      var record = previous
      record.finished = BatchRecord.now()
      record.shard = shard.map { "\($0.index)/\($0.count)" }
      record.seconds = 0
      if prune {
        let left = Self.removeOutputs(of: previous, in: folder)
        record.status = "pruned"
        record.outputs = []
        records.append(record)
        log.note(
          "pruned \(previous.input): \(previous.outputs.count - left.count) of \(previous.outputs.count) outputs removed"
            + (left.isEmpty ? "" : "; kept, changed since: \(left.joined(separator: ", "))"))
        pruned.insert(previous.input)
      } else {
        kept += 1
        record.status = "removed"
        records.append(record)
        newly.append(record.input)
      }
      // Written a thousand lines at a time, each time synced.
      if records.count >= 1000 {
        try manifest.append(records)
        records.removeAll(keepingCapacity: true)
      }
    }
    try manifest.append(records)
    if !newly.isEmpty {
      log.note(
        "removed: \(newly.count) no longer in the inputs (\(newly.prefix(5).joined(separator: ", "))\(newly.count > 5 ? ", …" : "")); their outputs stay (--prune removes them)"
      )
    }
    return (kept, pruned)
  }

  /// Removes a record's outputs that are still as it recorded them (inside the folder, their size
  /// and digest), and a stems folder left holding only its list; the paths of those kept.
  static func removeOutputs(of record: BatchRecord, in folder: URL) -> [String] {
    var kept: [String] = []
    var folders: Set<String> = []
    for output in record.outputs {
      guard BatchItem.isAsRecorded(output, in: folder) else {
        kept.append(output.path)
        continue
      }
      unlink(folder.appendingPathComponent(output.path).path)
      let parent = (output.path as NSString).deletingLastPathComponent
      if !parent.isEmpty { folders.insert(parent) }
    }
    for parent in folders.sorted().reversed() {
      let url = folder.appendingPathComponent(parent)
      if OwnedFolder.foreignFiles(in: url).isEmpty,
        (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.allSatisfy({
          $0 == OwnedFolder.listName
        }) == true
      {
        try? FileManager.default.removeItem(at: url)
      }
    }
    return kept
  }
}

/// One chart of a batch: skipped when its outputs are up to date, else converted; either way a
/// record for the manifest.
struct BatchItem: Sendable {
  var name: String
  var conversion: Conversion
  var folder: URL
  /// The manifests, whose latest record of the chart says whether it is up to date; nil with
  /// `--force`.
  var manifests: BatchManifest.View?
  var shard: String?

  /// What a run would do with the chart, without doing it: "convert", "up to date" or "cannot
  /// read", and its line.
  func plan() -> (kind: String, line: String) {
    do {
      let chart = try attributingErrors(to: conversion.input) {
        try conversion.csv.loadChart(conversion.input)
      }
      let hash = try Digest.sha256(input: URL(fileURLWithPath: conversion.input), chart: chart)
      let settings = try SettingsDigest.of(conversion.settings(for: chart), in: folder)
      let previous = manifests?.current.record(for: name)
      if isUpToDate(previous, inputHash: hash, settingsHash: settings) {
        return ("up to date", "up to date: \(conversion.input)")
      }
      return ("convert", "convert: \(conversion.input)")
    } catch {
      let namesInput = (error as? any LocatedError)?.file == conversion.input
      return (
        "cannot read", "cannot read: \(namesInput ? "\(error)" : "\(conversion.input): \(error)")"
      )
    }
  }

  /// Whether an earlier run made this chart's outputs from these bytes and settings, and they are
  /// whole.
  func isUpToDate(_ previous: BatchRecord?, inputHash: String, settingsHash: String) -> Bool {
    guard let previous, ["converted", "skipped", "removed"].contains(previous.status),
      previous.inputHash == inputHash,
      previous.settingsHash == settingsHash
    else { return false }
    return isWhole(previous.outputs)
  }

  /// What came of a chart: its record and warnings, or the run that holds it now.
  enum Outcome: Sendable {
    case done(BatchRecord, warnings: [String])
    case held(BatchItem, by: ChartLocks.Holder)
  }

  /// The chart's record before any work: its name, path and settings.
  var emptyRecord: BatchRecord {
    BatchRecord(
      input: name, path: conversion.input, inputHash: "", settingsHash: "",
      status: "converted", seconds: 0, finished: "", shard: shard)
  }

  /// `run(locks:)`, stopped after `timeout` seconds: the render and the speech stop at their
  /// next check (a second of audio, a sentence) and the chart fails.
  func runTimed(locks: ChartLocks, timeout: Double?) async -> Outcome {
    guard let timeout else { return run(locks: locks) }
    let work = Task { run(locks: locks, timeout: timeout) }
    let timer = Task {
      try await Task.sleep(for: .seconds(timeout))
      work.cancel()
    }
    defer { timer.cancel() }
    return await work.value
  }

  /// Converts the chart unless its outputs are up to date, holding its lock (released by the
  /// caller once the record is in the manifest); held by another run, it is left to that run.
  func run(locks: ChartLocks, timeout: Double? = nil) -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    var record = emptyRecord
    var warnings: [String] = []
    do {
      // A chart in a subfolder writes into the same subfolder of the batch's.
      let parent = folder.appendingPathComponent(name).deletingLastPathComponent()
      if parent.standardizedFileURL.path != folder.standardizedFileURL.path {
        do {
          try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
          throw CommandFailure(
            "cannot create the folder \(parent.relativePath)", status: .cannotCreate)
        }
      }
      if let holder = locks.acquire(ChartLocks.url(for: name, in: folder)) {
        return .held(self, by: holder)
      }
      // The chart's bytes, and the chart as read (its data files too).
      let chart = try attributingErrors(to: conversion.input) {
        try conversion.csv.loadChart(conversion.input)
      }
      record.inputHash = try Digest.sha256(
        input: URL(fileURLWithPath: conversion.input), chart: chart)
      record.settingsHash = try SettingsDigest.of(conversion.settings(for: chart), in: folder)
      // Read now, under the lock: another run may have done it since this one started.
      let previous = manifests?.latest(for: name)
      if let previous,
        isUpToDate(previous, inputHash: record.inputHash, settingsHash: record.settingsHash)
      {
        record.status = "skipped"
        record.outputs = previous.outputs
        record.audioSeconds = previous.audioSeconds
      } else {
        let done = try conversion.perform(loaded: chart)
        warnings = done.lines.filter { $0.hasPrefix("warning: ") }
        record.audioSeconds = done.report.audioSeconds
        record.outputs = try outputs()
      }
    } catch is CancellationError {
      record.status = "failed"
      record.error =
        "\(conversion.input): stopped after \(ValueFormat.plain(timeout ?? 0)) s (--chart-timeout); nothing written"
      record.exitStatus = ExitStatus.dataError.rawValue
    } catch {
      record.status = "failed"
      // An error about the chart names it already; any other gets the chart's name.
      let namesInput = (error as? any LocatedError)?.file == conversion.input
      record.error = namesInput ? "\(error)" : "\(conversion.input): \(error)"
      record.exitStatus = (ExitStatus(for: error) ?? .software).rawValue
    }
    record.seconds = (clock.now - start) / .seconds(1)
    record.finished = BatchRecord.now()
    return .done(record, warnings: warnings)
  }

  /// Whether an earlier run's record can be trusted: it names every file this conversion writes,
  /// and each output it names is a regular file inside the batch's folder (no `..`, no link out)
  /// with the recorded size and SHA-256. A line planted in a manifest proves nothing.
  func isWhole(_ outputs: [BatchRecord.Output]) -> Bool {
    let expected = [conversion.midiPath, conversion.wavPath, conversion.captionsPath]
      .compactMap { $0 }.map(relative)
    let recorded = Set(outputs.map(\.path))
    guard !outputs.isEmpty, expected.allSatisfy(recorded.contains) else { return false }
    return outputs.allSatisfy { Self.isAsRecorded($0, in: folder) }
  }

  /// Whether an output a record names is a regular file inside `folder` (no `..`, no link out)
  /// with the recorded size and SHA-256.
  static func isAsRecorded(_ output: BatchRecord.Output, in folder: URL) -> Bool {
    guard !output.path.hasPrefix("/"), !output.path.split(separator: "/").contains(".."),
      let resolved = ConfinedFile.resolve(output.path, in: [folder])
    else { return false }
    var status = stat()
    guard lstat(folder.appendingPathComponent(output.path).path, &status) == 0,
      status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == output.bytes
    else { return false }
    return (try? Digest.sha256(file: URL(fileURLWithPath: resolved))) == output.sha256
  }

  /// The files the conversion wrote, relative to the batch's folder, with their sizes and hashes.
  func outputs() throws -> [BatchRecord.Output] {
    var paths = [conversion.midiPath, conversion.wavPath, conversion.captionsPath].compactMap {
      $0
    }
    if let stems = conversion.stemsPath {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: stems)) ?? []
      paths += names.sorted().map { URL(fileURLWithPath: stems).appendingPathComponent($0).path }
    }
    return try paths.map { path in
      let url = URL(fileURLWithPath: path)
      let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      return BatchRecord.Output(
        path: relative(path), bytes: bytes, sha256: try Digest.sha256(file: url))
    }
  }

  /// A path as a manifest records it: relative to the batch's folder when it lies inside.
  func relative(_ path: String) -> String {
    let base = folder.standardizedFileURL.path + "/"
    let standard = URL(fileURLWithPath: path).standardizedFileURL.path
    return standard.hasPrefix(base) ? String(standard.dropFirst(base.count)) : path
  }
}
