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
    // The folder is opened once; everything under it is reached from it.
    let root: FolderHandle
    do {
      root = try FolderHandle(opening: out, creating: true)
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
      contents, names: entries.map(\.name), shard: shard, root: root, manifest: manifest,
      log: log)
    if !removed.pruned.isEmpty {
      let now = BatchManifest.read(BatchManifest.manifests(in: folder))
      try BatchManifest.compact(
        BatchManifest.manifests(in: folder), known: now.lines, dropping: removed.pruned)
    }
    var work = try items(chosen, in: folder, root: root, shard: shard, manifests: view)
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
      locks.release(record.input)
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
      while let outputs = try? item.outputFolder(),
        case .held = locks.acquire(item.name, named: ChartLocks.name(for: item.name), in: outputs)
      {
        try await Task.sleep(for: .milliseconds(500))
      }
      locks.release(item.name)
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
