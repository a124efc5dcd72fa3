import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

extension Batch {
  /// The work of `entries` in `folder`: each chart's conversion, and what earlier runs did (the
  /// latest records of every shard's manifest: an output up to date is not made again).
  func items(
    _ entries: [(path: String, name: String)], in folder: URL, root: FolderHandle?, shard: Shard?,
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
        name: entry.name, conversion: conversion, folder: folder, root: root,
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
    // Opened only when it is there: a dry run makes nothing.
    let root = try? FolderHandle(opening: folder.path)
    for item in try items(chosen, in: folder, root: root, shard: shard, manifests: view) {
      let (kind, line) = item.plan()
      counts[kind, default: 0] += 1
      // A line a chart: a line break in a file's name is shown, never a line of its own.
      output(visible(line))
    }
    let gone = Self.removed(from: latest, names: entries.map(\.name), shard: shard)
    for line in gone {
      output(
        "removed: \(visible(line.input)) (\(prune ? "would prune its outputs" : "its outputs stay"))"
      )
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
    _ latest: BatchManifest.Contents, names: [String], shard: Shard?, root: FolderHandle,
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
        let left = Self.removeOutputs(of: previous, in: root)
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
  /// and digest), and a stems folder left holding only its list; the paths of those kept. Each
  /// is reached from `root` one folder at a time, never through a link, checked as opened and
  /// removed from the folder it was found in: a folder swapped for a link meanwhile takes nothing
  /// out of the batch's folder.
  static func removeOutputs(
    of record: BatchRecord, in root: FolderHandle,
    checking check: (BatchRecord.Output, Int32) -> Bool = BatchItem.matches
  ) -> [String] {
    var kept: [String] = []
    var folders: Set<String> = []
    for output in record.outputs {
      guard root.removeFile(at: output.path, if: { descriptor, _ in check(output, descriptor) })
      else {
        kept.append(output.path)
        continue
      }
      let parent = (output.path as NSString).deletingLastPathComponent
      if !parent.isEmpty { folders.insert(parent) }
    }
    for parent in folders.sorted().reversed() {
      // A folder left holding nothing but chart2midi's list of it goes too.
      let parts = parent.split(separator: "/").map(String.init)
      guard let name = parts.last,
        let above = try? root.folder(parts.dropLast().joined(separator: "/")),
        let inside = try? above.folder(name)
      else { continue }
      let names = inside.names()
      guard names.allSatisfy({ $0 == OwnedFolder.listName }) else { continue }
      if !names.isEmpty { inside.remove(OwnedFolder.listName) }
      above.remove(name, isFolder: true)
    }
    return kept
  }
}
