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
