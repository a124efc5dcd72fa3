import ArgumentParser
import Foundation

/// A batch's log on standard error: a line a chart as it is done, with the time and its place
/// (`2026-11-28T10:12:03Z [12/43] converted: charts/fig1.json in 0.80 s`), notes, and the summary;
/// or, in JSON, an object a line with the same facts, for a log collector.
struct BatchLog {
  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  var format: Format

  /// Now, in UTC to the second, as a log line starts.
  private static func time() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }

  /// One JSON object on a line: its keys sorted, slashes as they are.
  private func emit(_ object: [String: Any]) {
    var object = object
    object["time"] = Self.time()
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return }
    FileHandle.standardError.write(data + Data("\n".utf8))
  }

  /// A chart done: the `place`-th of `total`.
  func chart(_ record: BatchRecord, warnings: [String], place: Int, of total: Int) {
    switch format {
    case .json:
      var object: [String: Any] = [
        "event": "chart", "place": place, "total": total, "chart": record.path,
        "name": record.input, "status": record.status, "seconds": record.seconds,
        "outputs": record.outputs.map(\.path),
      ]
      object["audioSeconds"] = record.audioSeconds
      object["error"] = record.error
      object["exitStatus"] = record.exitStatus
      object["shard"] = record.shard
      if !warnings.isEmpty { object["warnings"] = warnings }
      emit(object)
    case .text:
      let head = "\(Self.time()) [\(place)/\(total)]"
      for warning in warnings { report("\(head) \(warning)") }
      switch record.status {
      case "failed": report("\(head) failed: \(record.error ?? record.path)")
      case "skipped": report("\(head) up to date: \(record.path)")
      default:
        let audio = record.audioSeconds.map { String(format: ", %.1f s of audio", $0) } ?? ""
        report(
          "\(head) converted: \(record.path) in \(String(format: "%.2f", record.seconds)) s (\(record.outputs.count) \(record.outputs.count == 1 ? "file" : "files")\(audio))"
        )
      }
    }
  }

  /// Something the run did besides the charts (a compaction, a removed chart, a wait).
  func note(_ text: String) {
    switch format {
    case .json: emit(["event": "note", "message": text])
    case .text: report("\(Self.time()) \(text)")
    }
  }

  /// The run's counts.
  func summary(
    converted: Int, upToDate: Int, failed: Int, charts: Int, removed: Int, pruned: Int,
    shard: Shard?, inAll: Int, seconds: Double, workers: Int
  ) {
    switch format {
    case .json:
      var object: [String: Any] = [
        "event": "summary", "converted": converted, "upToDate": upToDate, "failed": failed,
        "charts": charts, "removed": removed, "pruned": pruned, "inAll": inAll,
        "seconds": seconds, "jobs": workers,
      ]
      object["shard"] = shard.map { "\($0.index)/\($0.count)" }
      emit(object)
    case .text:
      let gone =
        (removed > 0 ? ", \(removed) removed from the inputs (--prune removes their outputs)" : "")
        + (pruned > 0 ? ", \(pruned) pruned" : "")
      report(
        String(
          format:
            "%@ converted %d, up to date %d, failed %d of %d charts%@ in %.2f s (%d at a time)%@",
          Self.time(), converted, upToDate, failed, charts,
          shard.map { " (shard \($0.index) of \($0.count), of \(inAll) in all)" } ?? "", seconds,
          workers, gone))
    }
  }
}
