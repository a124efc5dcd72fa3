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
      --x and --y name their columns). A chart that fails is reported and the others go on; the exit \
      status is non-zero when any failed.

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
      "The number of shards, with the index from JOB_COMPLETION_INDEX (Kubernetes) or AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch); Slurm's SLURM_ARRAY_TASK_COUNT says it itself.",
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

  @OptionGroup(title: "Speech")
  var speech: SpeechOptions

  func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more.") }
    try speech.validate(voice: mapping.voice)
  }

  /// A chart's name in the batch: its file name without the extension, which names its outputs.
  static func name(of file: String) -> String {
    URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
  }

  /// What makes the outputs besides the charts: the arguments (but the inputs and the flags that
  /// only say where and how fast to work), the program's version, the soundfont's bytes when
  /// audio is written, and `SOURCE_DATE_EPOCH`.
  func settingsHash() throws -> String {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if let at = arguments.firstIndex(of: "batch") { arguments.removeFirst(at + 1) }
    for input in inputs {
      if let at = arguments.firstIndex(of: input) { arguments.remove(at: at) }
    }
    var kept: [String] = []
    var skipNext = false
    for argument in arguments {
      if skipNext {
        skipNext = false
        continue
      }
      let flag = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      if ["--out", "--jobs", "--shard", "--shards"].contains(flag) {
        skipNext = !argument.contains("=")
        continue
      }
      if flag == "--force" || flag == "--dry-run" { continue }
      kept.append(argument)
    }
    var text = "chart2midi \(Chart2MIDI.configuration.version)\n" + kept.joined(separator: "\n")
    if wav || stems {
      let soundFont = try SoundFontLocator.locate(sound.soundfont)
      text += "\nsoundfont " + (try Digest.sha256(file: soundFont))
    }
    // A Piper voice is its model: another model at the same path makes other speech.
    if case .piper(let model) = speech.engine {
      text += "\npiper " + ((try? Digest.sha256(file: model)) ?? "no model")
    }
    if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
      text += "\nSOURCE_DATE_EPOCH \(epoch)"
    }
    return Digest.sha256(Data(text.utf8))
  }

  func run() async throws {
    if let shards, !(1...Shard.maximumCount).contains(shards) {
      throw CommandFailure(
        "--shards \(shards): expected a number of shards from 1 to 10,000,000", status: .usage)
    }
    try checkFlagSettings(mapping.settings + sound.settings + stemOptions.settings)
    let files = try csv.chartFiles(in: inputs)
    // Two inputs may not write the same names.
    var owners: [String: String] = [:]
    for file in files {
      let name = Self.name(of: file)
      if let other = owners[name] {
        throw CommandFailure(
          "\(other) and \(file) would both write \(name).mid; rename one or convert them into different folders",
          status: .usage
        )
      }
      owners[name] = file
    }
    let shard = try Shard.resolve(
      option: self.shard, shards: shards, environment: ProcessInfo.processInfo.environment)
    if dryRun { return try plan(files, shard: shard) }
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure("cannot create the folder \(out)", status: .cannotCreate)
    }
    let folder = URL(fileURLWithPath: out)
    let share = shard?.share(of: files.map(Self.name(of:)))
    let chosen = files.filter { share?.contains(Self.name(of: $0)) ?? true }
    let manifest = try BatchManifest.Writer(url: BatchManifest.url(in: folder, shard: shard))
    let work = try items(chosen, in: folder, shard: shard)
    let workers = max(1, min(work.count, jobs ?? ProcessInfo.processInfo.activeProcessorCount))
    let clock = ContinuousClock()
    let start = clock.now
    // At most `workers` charts at once; each is recorded and printed as it is done.
    var counts: [String: Int] = [:]
    // The status the batch ends with: that of the first chart, in input order, that failed.
    var failure: (index: Int, status: ExitStatus)?
    let order = Dictionary(uniqueKeysWithValues: work.enumerated().map { ($1.name, $0) })
    try await withThrowingTaskGroup(of: (record: BatchRecord, lines: [String]).self) { group in
      var pending = work.makeIterator()
      func startNext() {
        guard let item = pending.next() else { return }
        group.addTask { item.run() }
      }
      for _ in 0..<workers { startNext() }
      for try await (record, lines) in group {
        try manifest.append(record)
        counts[record.status, default: 0] += 1
        if record.status == "failed" {
          report("failed: \(record.error ?? record.input)")
          let index = order[record.input] ?? work.count
          if index < failure?.index ?? Int.max {
            failure = (index, record.exitStatus.flatMap(ExitStatus.init(rawValue:)) ?? .software)
          }
        } else {
          lines.forEach(report)
        }
        startNext()
      }
    }
    let seconds = (clock.now - start) / .seconds(1)
    let failed = counts["failed", default: 0]
    report(
      String(
        format: "converted %d, up to date %d, failed %d of %d charts%@ in %.2f s (%d at a time)",
        counts["converted", default: 0], counts["skipped", default: 0], failed, work.count,
        shard.map { " (shard \($0.index) of \($0.count), of \(files.count) in all)" } ?? "",
        seconds, workers))
    if failed > 0 {
      throw CommandFailure(
        "\(failed) of \(work.count) charts failed; see the lines above",
        status: failure?.status ?? .software)
    }
  }
}

extension Batch {
  /// The work of `files` in `folder`: each chart's conversion, and what earlier runs did (from
  /// every shard's manifest: an output up to date is not made again).
  func items(_ files: [String], in folder: URL, shard: Shard?) throws -> [BatchItem] {
    let settings = try settingsHash()
    let previous =
      force ? [:] : BatchManifest.latest(BatchManifest.read(BatchManifest.manifests(in: folder)))
    // The mix is named for the audio format asked for (the library checks the value).
    let fileExtension =
      sound.audioFormat.flatMap { AudioFormat(rawValue: $0.text) }?.fileExtension ?? "wav"
    return files.map { file -> BatchItem in
      let name = Self.name(of: file)
      func path(_ suffix: String) -> String { folder.appendingPathComponent(name + suffix).path }
      let conversion = Conversion(
        input: file, csv: csv, mapping: mapping, sound: sound, midiPath: path(".mid"),
        wavPath: wav ? path("." + fileExtension) : nil, stemsPath: stems ? path("-stems") : nil,
        stemOptions: stemOptions,
        captionsPath: captions ? path(".vtt") : nil, engine: speech.engine, quiet: true)
      return BatchItem(
        name: name, conversion: conversion, folder: folder, settingsHash: settings,
        previous: previous[name], shard: shard.map { "\($0.index)/\($0.count)" })
    }
  }

  /// `--dry-run`: this shard's charts on standard output, a line each ("convert: a.json", "up to
  /// date: b.json", "cannot read: c.json: …"), then a count on standard error; no folder, file or
  /// manifest line is written.
  func plan(_ files: [String], shard: Shard?) throws {
    let share = shard?.share(of: files.map(Self.name(of:)))
    let chosen = files.filter { share?.contains(Self.name(of: $0)) ?? true }
    var counts: [String: Int] = [:]
    for item in try items(chosen, in: URL(fileURLWithPath: out), shard: shard) {
      let (kind, line) = item.plan()
      counts[kind, default: 0] += 1
      output(line)
    }
    report(
      "would convert \(counts["convert", default: 0]), up to date \(counts["up to date", default: 0]), cannot read \(counts["cannot read", default: 0]) of \(chosen.count) charts"
        + (shard.map { " (shard \($0.index) of \($0.count), of \(files.count) in all)" } ?? "")
        + "; nothing written")
  }
}

/// One chart of a batch: skipped when its outputs are up to date, else converted; either way a
/// record for the manifest.
struct BatchItem: Sendable {
  var name: String
  var conversion: Conversion
  var folder: URL
  var settingsHash: String
  var previous: BatchRecord?
  var shard: String?

  /// What a run would do with the chart, without doing it: "convert", "up to date" or "cannot
  /// read", and its line.
  func plan() -> (kind: String, line: String) {
    do {
      let chart = try attributingErrors(to: conversion.input) {
        try conversion.csv.loadChart(conversion.input)
      }
      let hash = try Digest.sha256(input: URL(fileURLWithPath: conversion.input), chart: chart)
      if isUpToDate(inputHash: hash) { return ("up to date", "up to date: \(conversion.input)") }
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
  func isUpToDate(inputHash: String) -> Bool {
    guard let previous, previous.status != "failed", previous.inputHash == inputHash,
      previous.settingsHash == settingsHash
    else { return false }
    return isWhole(previous.outputs)
  }

  func run() -> (record: BatchRecord, lines: [String]) {
    let clock = ContinuousClock()
    let start = clock.now
    var record = BatchRecord(
      input: name, path: conversion.input, inputHash: "", settingsHash: settingsHash,
      status: "converted", seconds: 0, finished: "", shard: shard)
    var lines: [String] = []
    do {
      // The chart's bytes, and the chart as read (its data files too).
      let chart = try attributingErrors(to: conversion.input) {
        try conversion.csv.loadChart(conversion.input)
      }
      record.inputHash = try Digest.sha256(
        input: URL(fileURLWithPath: conversion.input), chart: chart)
      if let previous, isUpToDate(inputHash: record.inputHash) {
        record.status = "skipped"
        record.outputs = previous.outputs
        record.audioSeconds = previous.audioSeconds
        lines = ["up to date: \(conversion.input)"]
      } else {
        let done = try conversion.perform(loaded: chart)
        lines = done.lines
        record.audioSeconds = done.report.audioSeconds
        record.outputs = try outputs()
      }
    } catch {
      record.status = "failed"
      // An error about the chart names it already; any other gets the chart's name.
      let namesInput = (error as? any LocatedError)?.file == conversion.input
      record.error = namesInput ? "\(error)" : "\(conversion.input): \(error)"
      record.exitStatus = (ExitStatus(for: error) ?? .software).rawValue
    }
    record.seconds = (clock.now - start) / .seconds(1)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    record.finished = formatter.string(from: Date())
    return (record, lines)
  }

  /// Whether an earlier run's record can be trusted: it names every file this conversion writes,
  /// and each output it names is a regular file inside the batch's folder (no `..`, no link out)
  /// with the recorded size and SHA-256. A line planted in a manifest proves nothing.
  func isWhole(_ outputs: [BatchRecord.Output]) -> Bool {
    let expected = [conversion.midiPath, conversion.wavPath, conversion.captionsPath]
      .compactMap { $0 }.map(relative)
    let recorded = Set(outputs.map(\.path))
    guard !outputs.isEmpty, expected.allSatisfy(recorded.contains) else { return false }
    return outputs.allSatisfy { output in
      guard !output.path.hasPrefix("/"), !output.path.split(separator: "/").contains(".."),
        let resolved = ConfinedFile.resolve(output.path, in: [folder])
      else { return false }
      var status = stat()
      guard lstat(folder.appendingPathComponent(output.path).path, &status) == 0,
        status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == output.bytes
      else { return false }
      return (try? Digest.sha256(file: URL(fileURLWithPath: resolved))) == output.sha256
    }
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
