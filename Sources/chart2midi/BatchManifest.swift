import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation
import Hashing

/// What a batch did with one chart, as one line of its JSON Lines manifest: enough to skip the
/// chart next time when nothing that makes its outputs has changed, and for `batch-report` to
/// join the manifests of every shard into one summary.
struct BatchRecord: Codable, Equatable {
  /// A file written, relative to the batch's folder.
  struct Output: Codable, Equatable {
    var path: String
    var bytes: Int
    var sha256: String
  }

  /// The chart's name in the batch: its file name, which names its outputs and decides its shard.
  var input: String
  /// The chart's path as given.
  var path: String
  /// The SHA-256 of the chart's bytes and of the chart as read (its data files included).
  var inputHash: String
  /// The SHA-256 of everything else that makes the outputs: the settings, the soundfont's bytes,
  /// the program's version.
  var settingsHash: String
  /// `converted`, `skipped` (up to date) or `failed`; `removed` for a chart no longer in the
  /// inputs (its outputs kept), `pruned` once its outputs are removed (compaction then drops its
  /// lines).
  var status: String
  /// Why it failed, in one sentence.
  var error: String?
  /// The exit status its failure alone would end `convert` with (sysexits: 65 for a chart that
  /// is wrong, 66 for one that is missing, …).
  var exitStatus: Int32?
  var outputs: [Output] = []
  /// The length of its audio, in seconds, when audio was written.
  var audioSeconds: Double?
  /// How long the work took, in seconds.
  var seconds: Double
  /// When it was done, in ISO 8601.
  var finished: String
  /// The shard that did it ("2/4"), when sharded.
  var shard: String?

  /// Now, as `finished` says it: ISO 8601 in UTC, to the millisecond.
  static func now() -> String { time(Date()) }

  /// A time as `finished` says it.
  static func time(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }
}

/// A batch's manifests: one JSON Lines file per shard in the batch's folder, appended to as each
/// chart is done (a line is written whole and synced to disk before the next chart is reported),
/// read a line at a time, and compacted to each chart's latest record.
///
/// Several processes, on several machines, may append to one manifest and compact it: each
/// append and each compaction holds the file's `flock` (which Linux's NFS client takes on the
/// server), and a writer whose file was replaced by a compaction opens the new one.
enum BatchManifest {
  /// The manifest of `shard` (nil: an unsharded batch) in `folder`.
  static func url(in folder: URL, shard: Shard?) -> URL {
    folder.appendingPathComponent(
      shard.map { "manifest-\($0.index)-of-\($0.count).jsonl" } ?? "manifest.jsonl")
  }

  /// Every manifest in `folder`.
  static func manifests(in folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix("manifest") && $0.hasSuffix(".jsonl") }.sorted().map {
      folder.appendingPathComponent($0)
    }
  }

  /// The shard a manifest's name says ("manifest-2-of-8.jsonl"), nil for an unsharded one's.
  static func shard(ofManifest url: URL) -> Shard? {
    let name = url.deletingPathExtension().lastPathComponent
    let parts = name.split(separator: "-")
    guard parts.count == 4, parts[0] == "manifest", parts[2] == "of",
      let index = Int(parts[1]), let count = Int(parts[3]), (1...count).contains(index)
    else { return nil }
    return Shard(index: index, count: count)
  }

  /// A line of a manifest as it is read: the chart it is about, when it was finished, and its
  /// bytes, decoded only when it is kept as the chart's latest.
  struct Line {
    var input: String
    var finished: String
    var status: String
    var bytes: Data

    /// The line's chart and time, found without decoding the line where it was written as
    /// chart2midi writes it (keys sorted, no space, no escape in either value), else by decoding
    /// it; nil for a line that is not a whole record.
    init?(_ bytes: Data) {
      guard bytes.last == UInt8(ascii: "}") else { return nil }
      if let input = Self.value(of: "input", in: bytes),
        let finished = Self.value(of: "finished", in: bytes),
        let status = Self.value(of: "status", in: bytes)
      {
        (self.input, self.finished, self.status, self.bytes) = (input, finished, status, bytes)
        return
      }
      guard let record = try? JSONDecoder().decode(BatchRecord.self, from: bytes) else {
        return nil
      }
      (input, finished, status, self.bytes) = (record.input, record.finished, record.status, bytes)
    }

    /// The record the line holds.
    var record: BatchRecord? { try? JSONDecoder().decode(BatchRecord.self, from: bytes) }

    /// The string after `"key":` in `bytes` (spaces allowed around the colon) when it holds no
    /// backslash; a key's quotes can only stand unescaped outside a string, so a value never
    /// matches.
    private static func value(of key: String, in bytes: Data) -> String? {
      let pattern = Array("\"\(key)\"".utf8)
      return bytes.withUnsafeBytes { raw -> String? in
        let count = raw.count
        var index = 0
        search: while index + pattern.count < count {
          defer { index += 1 }
          for offset in 0..<pattern.count where raw[index + offset] != pattern[offset] {
            continue search
          }
          var start = index + pattern.count
          func skipSpaces() {
            while start < count, raw[start] == UInt8(ascii: " ") { start += 1 }
          }
          skipSpaces()
          guard start < count, raw[start] == UInt8(ascii: ":") else { continue }
          start += 1
          skipSpaces()
          guard start < count, raw[start] == UInt8(ascii: "\"") else { continue }
          start += 1
          var end = start
          while end < count, raw[end] != UInt8(ascii: "\""), raw[end] != UInt8(ascii: "\\") {
            end += 1
          }
          guard end < count, raw[end] == UInt8(ascii: "\"") else { return nil }
          return String(
            decoding: UnsafeRawBufferPointer(rebasing: raw[start..<end]), as: UTF8.self)
        }
        return nil
      }
    }
  }

  /// What the manifests hold: each chart's latest line, and how many lines they have in all.
  struct Contents {
    var lines: [String: Line] = [:]
    var count = 0

    /// Takes `line` when it is its chart's latest so far: finished later (or as late, and read
    /// later), and not after `horizon`.
    mutating func take(_ line: Line, horizon: String) {
      guard line.finished <= horizon,
        lines[line.input].map({ $0.finished <= line.finished }) ?? true
      else { return }
      lines[line.input] = line
    }

    /// A chart's latest record, decoded when asked for (the lines are kept as read, a record
    /// takes several times their memory).
    func record(for input: String) -> BatchRecord? { lines[input]?.record }
  }

  /// A time an hour from now, as records write it: a record said to finish later than that
  /// (beyond a clock's skew) is not one of this batch's.
  static func horizon() -> String { BatchRecord.time(Date().addingTimeInterval(3600)) }

  /// The latest line of each chart in `urls`, read a line at a time: the memory it takes follows
  /// the number of charts, not the manifests' history. A line that is not a whole record (cut by
  /// a kill) is skipped.
  static func read(_ urls: [URL]) -> Contents {
    var contents = Contents()
    let horizon = horizon()
    for url in urls {
      forEachLine(in: url) { line in
        contents.count += 1
        contents.take(line, horizon: horizon)
      }
    }
    return contents
  }

  /// Calls `body` with each whole record's line of the manifest at `url`, a megabyte read at a
  /// time. A regular file only, never followed through a link: a FIFO would never end.
  static func forEachLine(in url: URL, _ body: (Line) throws -> Void) rethrows {
    guard let (descriptor, _) = openForReading(url) else { return }
    defer { close(descriptor) }
    try forEachLine(descriptor: descriptor, body)
  }

  /// A manifest opened to read, and its status: a regular file only, never through a link (a FIFO
  /// would never end); nil for anything else. The caller closes it.
  static func openForReading(_ url: URL) -> (descriptor: Int32, status: stat)? {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return nil
    }
    return (descriptor, status)
  }

  /// The longest line read as a record, in bytes: a record names a chart's outputs, a few
  /// kilobytes even with a hundred stems.
  static let longestLine = 1 << 20

  /// Calls `body` with each whole record's line from `offset` on; returns the offset after the
  /// last line ended by a line feed (a line still being written is read next time). A line past
  /// `longestLine` is skipped.
  @discardableResult
  fileprivate static func forEachLine(
    descriptor: Int32, from offset: off_t = 0, _ body: (Line) throws -> Void
  ) rethrows -> off_t {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var pending: [UInt8] = []
    // A line longer than any record (a planted file with no line break) is skipped as it is read,
    // never held.
    var skipping = false
    func line(_ bytes: ArraySlice<UInt8>) throws {
      defer { skipping = false }
      guard !skipping, !bytes.isEmpty, let line = Line(Data(bytes)) else { return }
      try body(line)
    }
    var offset = offset
    var ended = offset
    while true {
      let count = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      var start = 0
      for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
        if pending.isEmpty {
          try line(buffer[start..<index])
        } else {
          pending += buffer[start..<index]
          try line(pending[...])
          pending.removeAll(keepingCapacity: true)
        }
        start = index + 1
        ended = offset + off_t(index + 1)
      }
      offset += off_t(count)
      if !skipping { pending += buffer[start..<count] }
      if pending.count > Self.longestLine {
        pending.removeAll()
        skipping = true
      }
    }
    try line(pending[...])
    return ended
  }

  /// The manifests of a folder as a run goes on: read whole once, then only what other runs
  /// have appended since (a file compacted meanwhile is read whole again), so that a chart's
  /// latest record is current when its lock is taken.
  final class View: @unchecked Sendable {
    /// The manifests it reads: those in the folder when it was made, and the run's own (another
    /// run of the same shard appends to it too). The folder is listed once: a folder of many
    /// outputs is not listed again for each chart.
    private var urls: [URL]
    private var contents = Contents()
    /// Where each manifest was read to: its device and inode, and the offset after its last line.
    private var read: [String: (device: UInt64, inode: UInt64, offset: off_t)] = [:]
    private let lock = NSLock()

    init(folder: URL, own: URL? = nil) {
      urls = manifests(in: folder)
      if let own, !urls.contains(own) { urls.append(own) }
      refresh()
    }

    /// What has been read so far.
    var current: Contents {
      lock.lock()
      defer { lock.unlock() }
      return contents
    }

    /// Reads what the manifests gained since the last time.
    func refresh() {
      lock.lock()
      defer { lock.unlock() }
      let horizon = horizon()
      for url in urls {
        guard let (descriptor, status) = openForReading(url) else { continue }
        defer { close(descriptor) }
        let device = UInt64(status.st_dev)
        let inode = UInt64(status.st_ino)
        var offset: off_t = 0
        if let known = read[url.path], known.device == device, known.inode == inode,
          known.offset <= status.st_size
        {
          offset = known.offset
        }
        guard offset < status.st_size else { continue }
        let ended = forEachLine(descriptor: descriptor, from: offset) { line in
          contents.count += 1
          contents.take(line, horizon: horizon)
        }
        read[url.path] = (device, inode, ended)
      }
    }

    /// A chart's latest record, after reading what was appended since.
    func latest(for input: String) -> BatchRecord? {
      refresh()
      lock.lock()
      defer { lock.unlock() }
      return contents.record(for: input)
    }
  }

  /// Rewrites each manifest of `urls` with only its charts' latest lines (as `known` holds them,
  /// and any line finished after those, appended since they were read), without the charts of
  /// `dropping` (pruned). Each file is written beside itself and renamed into place, holding its
  /// lock, a megabyte at a time. Returns the lines before and after.
  @discardableResult
  static func compact(_ urls: [URL], known: [String: Line], dropping: Set<String> = [])
    throws -> (before: Int, after: Int)
  {
    var before = 0
    var after = 0
    for url in urls {
      guard let (descriptor, _) = openForReading(url) else { continue }
      defer { close(descriptor) }
      while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
      let temporary = TemporaryFiles.path(for: url, tag: "compact")
      TemporaryFiles.register(temporary)
      defer { TemporaryFiles.unregister(temporary) }
      do {
        try TemporaryFiles.write(to: temporary) { output in
          var kept = Data()
          var written: Set<String> = []
          try forEachLine(descriptor: descriptor) { line in
            before += 1
            guard !dropping.contains(line.input) else { return }
            let latest = known[line.input]
            // The latest known (once), or newer than anything known.
            let keep =
              latest.map { $0.bytes == line.bytes } ?? false
              ? written.insert(line.input).inserted
              : latest.map { line.finished > $0.finished } ?? true
            guard keep else { return }
            after += 1
            kept += line.bytes
            kept.append(UInt8(ascii: "\n"))
            if kept.count >= 1 << 20 {
              try kept.withUnsafeBytes(output)
              kept.removeAll(keepingCapacity: true)
            }
          }
          try kept.withUnsafeBytes(output)
        }
        guard chmod(temporary.path, 0o644) == 0, rename(temporary.path, url.path) == 0 else {
          throw WriteFailure()
        }
      } catch {
        try? FileManager.default.removeItem(at: temporary)
        let reason = (error as? WriteFailure)?.reason ?? "\(error)"
        throw CommandFailure(
          "cannot compact the manifest \(url.relativePath): \(reason)", status: .ioError)
      }
    }
    return (before, after)
  }
}
