import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

/// One chart of a batch: skipped when its outputs are up to date, else converted; either way a
/// record for the manifest.
struct BatchItem: Sendable {
  var name: String
  var conversion: Conversion
  var folder: URL
  /// The batch's folder, open: every output, lock and check is reached from it, one folder at a
  /// time, never through a link. Nil when it does not exist (a dry run writes nothing).
  var root: FolderHandle?
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

  /// The chart's sub-folder in the batch's (`2024` for `2024/fig1`; empty for none), and the
  /// name its outputs start with (`fig1`).
  var place: (folder: String, base: String) {
    let parts = name.split(separator: "/").map(String.init)
    return (parts.dropLast().joined(separator: "/"), parts.last ?? name)
  }

  /// The folder of the chart's outputs, opened (and made) from the batch's, never through a link.
  ///
  /// - Throws: `CommandFailure` (73) naming a folder on the way that is a link or cannot be made.
  func outputFolder() throws -> FolderHandle {
    guard let root else {
      throw CommandFailure("cannot write into \(folder.relativePath)", status: .cannotCreate)
    }
    do {
      return try root.folder(place.folder, creating: true)
    } catch {
      throw CommandFailure("\(error)", status: .cannotCreate)
    }
  }

  /// The conversion writing into `outputs`, the folder as opened: every output path goes through
  /// its descriptor, so that a folder swapped for a link meanwhile takes nothing.
  func pinnedConversion(into outputs: FolderHandle) -> Conversion {
    var pinned = conversion
    func repoint(_ path: String?) -> String? {
      path.map { outputs.pinnedPath + "/" + URL(fileURLWithPath: $0).lastPathComponent }
    }
    pinned.midiPath = repoint(conversion.midiPath)
    pinned.wavPath = repoint(conversion.wavPath)
    pinned.stemsPath = repoint(conversion.stemsPath)
    pinned.captionsPath = repoint(conversion.captionsPath)
    return pinned
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
    // The control reaches the speech's thread too, which the task's cancellation does not.
    let control = WorkControl()
    let work = Task { control.run { run(locks: locks, timeout: timeout) } }
    let timer = Task {
      try await Task.sleep(for: .seconds(timeout))
      control.cancel()
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
      // A chart in a subfolder writes into the same subfolder of the batch's, opened from it.
      let outputs = try outputFolder()
      switch locks.acquire(name, named: ChartLocks.name(for: name), in: outputs) {
      case .taken: break
      case .held(let holder): return .held(self, by: holder)
      case .refused(let reason): throw CommandFailure(reason, status: .cannotCreate)
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
        let done = try pinnedConversion(into: outputs).perform(loaded: chart)
        warnings = done.lines.filter { $0.hasPrefix("warning: ") }
        record.audioSeconds = done.report.audioSeconds
        record.outputs = try recordedOutputs(in: outputs)
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
      record.error = shown(namesInput ? "\(error)" : "\(conversion.input): \(error)")
      record.exitStatus = (ExitStatus(for: error) ?? .software).rawValue
    }
    record.seconds = (clock.now - start) / .seconds(1)
    record.finished = BatchRecord.now()
    return .done(record, warnings: warnings)
  }

  /// A message with the outputs' folder as the user names it, where the conversion named it by
  /// its descriptor.
  func shown(_ message: String) -> String {
    let folderShown =
      place.folder.isEmpty ? folder.relativePath : folder.relativePath + "/" + place.folder
    return message.replacingOccurrences(
      of: #"/proc/self/fd/[0-9]+"#, with: folderShown, options: .regularExpression)
  }

  /// Whether an earlier run's record can be trusted: it names every file this conversion writes,
  /// and each output it names is a regular file inside the batch's folder (reached from it, never
  /// through a link) with the recorded size and SHA-256. A line planted in a manifest proves
  /// nothing.
  func isWhole(_ outputs: [BatchRecord.Output]) -> Bool {
    let expected = [conversion.midiPath, conversion.wavPath, conversion.captionsPath]
      .compactMap { $0 }.map(relative)
    let recorded = Set(outputs.map(\.path))
    guard let root, !outputs.isEmpty, expected.allSatisfy(recorded.contains) else { return false }
    return outputs.allSatisfy { Self.isAsRecorded($0, in: root) }
  }

  /// Whether an output a record names is a regular file inside `root`, reached from it one
  /// folder at a time (no `..`, no link), with the recorded size and SHA-256.
  static func isAsRecorded(_ output: BatchRecord.Output, in root: FolderHandle) -> Bool {
    guard let file = root.open(at: output.path, O_RDONLY | O_NONBLOCK) else { return false }
    defer { close(file.descriptor) }
    return matches(output, file.descriptor)
  }

  /// Whether the open file is a regular file of the recorded size and SHA-256.
  static func matches(_ output: BatchRecord.Output, _ descriptor: Int32) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      Int(status.st_size) == output.bytes
    else { return false }
    return Digest.sha256(descriptor: descriptor) == output.sha256
  }

  /// The files the conversion wrote into `outputs`, relative to the batch's folder, with their
  /// sizes and hashes, each read through the folder as opened.
  func recordedOutputs(in outputs: FolderHandle) throws -> [BatchRecord.Output] {
    var files = [conversion.midiPath, conversion.wavPath, conversion.captionsPath].compactMap {
      $0.map { (folder: outputs, name: URL(fileURLWithPath: $0).lastPathComponent) }
    }
    let prefix = place.folder.isEmpty ? "" : place.folder + "/"
    var stemsPrefix = prefix
    if let stems = conversion.stemsPath {
      let stemsName = URL(fileURLWithPath: stems).lastPathComponent
      let stemsFolder = try outputs.folder(stemsName)
      stemsPrefix += stemsName + "/"
      files += stemsFolder.names().sorted().filter {
        stemsFolder.status(of: $0).map { $0.st_mode & S_IFMT == S_IFREG } ?? false
      }.map { (stemsFolder, $0) }
    }
    return try files.map { file in
      let descriptor = file.folder.open(file.name, O_RDONLY | O_NONBLOCK)
      guard descriptor >= 0 else {
        throw CommandFailure(
          "cannot read \(file.folder.shown)/\(file.name) back", status: .ioError)
      }
      defer { close(descriptor) }
      var status = stat()
      guard fstat(descriptor, &status) == 0, let digest = Digest.sha256(descriptor: descriptor)
      else {
        throw CommandFailure(
          "cannot read \(file.folder.shown)/\(file.name) back", status: .ioError)
      }
      let base = file.folder === outputs ? prefix : stemsPrefix
      return BatchRecord.Output(path: base + file.name, bytes: Int(status.st_size), sha256: digest)
    }
  }

  /// A path as a manifest records it: relative to the batch's folder when it lies inside.
  func relative(_ path: String) -> String {
    let base = folder.standardizedFileURL.path + "/"
    let standard = URL(fileURLWithPath: path).standardizedFileURL.path
    return standard.hasPrefix(base) ? String(standard.dropFirst(base.count)) : path
  }
}
