import Chart2MIDIBase
import Chart2MIDIChart
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
  /// `converted`, `skipped` (up to date) or `failed`.
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
}

/// A batch's manifests: one JSON Lines file per shard in the batch's folder, appended to as each
/// chart is done (a line is written whole and synced to disk before the next chart is reported).
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

  /// The records of `urls`, in order; a line that is not a whole record (cut by a kill) is
  /// skipped.
  static func read(_ urls: [URL]) -> [BatchRecord] {
    let decoder = JSONDecoder()
    var records: [BatchRecord] = []
    for url in urls {
      // A regular file only, never followed through a link: a FIFO would never end.
      var status = stat()
      guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
        let bytes = try? readRegularFile(url.path, maximumBytes: 1 << 30)
      else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      for line in text.split(separator: "\n") {
        if let record = try? decoder.decode(BatchRecord.self, from: Data(line.utf8)) {
          records.append(record)
        }
      }
    }
    return records
  }

  /// The latest record of each chart, by the time it was finished.
  static func latest(_ records: [BatchRecord]) -> [String: BatchRecord] {
    var latest: [String: BatchRecord] = [:]
    // A record said to finish later than now (beyond a clock's skew) is not one of this batch's.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let horizon = formatter.string(from: Date().addingTimeInterval(3600))
    for record in records
    where record.finished <= horizon
      && latest[record.input].map({ $0.finished <= record.finished }) ?? true
    {
      latest[record.input] = record
    }
    return latest
  }

  /// Appends records to a manifest, each a whole line synced to disk.
  final class Writer {
    private let descriptor: Int32

    /// Opens `url` to append to, creating it; a last line cut short by a kill is ended first, so
    /// that the next record starts a line of its own.
    init(url: URL) throws {
      // Never through a link, never into a FIFO or a device planted in its place.
      descriptor = open(
        url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
      var status = stat()
      guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG
      else {
        let reason =
          errno == ELOOP || descriptor >= 0
          ? "it is not a regular file" : String(cString: strerror(errno))
        if descriptor >= 0 { close(descriptor) }
        throw CommandFailure(
          "cannot write the manifest \(url.relativePath): \(reason)", status: .cannotCreate)
      }
      if status.st_size > 0 {
        let reader = open(url.path, O_RDONLY | O_CLOEXEC)
        var last: UInt8 = 0
        if reader >= 0 {
          _ = pread(reader, &last, 1, off_t(status.st_size - 1))
          close(reader)
        }
        if last != UInt8(ascii: "\n") { _ = write(descriptor, "\n", 1) }
      }
    }

    deinit { close(descriptor) }

    /// Writes `record` as one line.
    func append(_ record: BatchRecord) throws {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let line = try encoder.encode(record) + Data("\n".utf8)
      let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written == line.count, fsync(descriptor) == 0 else {
        throw CommandFailure(
          "cannot write the manifest: \(String(cString: strerror(errno)))", status: .ioError)
      }
    }
  }
}

/// SHA-256 digests as lowercase hex.
enum Digest {
  /// Of some bytes.
  static func sha256(_ data: Data) -> String { SHA256.hex(SHA256.hash(data: data)) }

  /// Of a file, read a megabyte at a time.
  static func sha256(file url: URL) throws -> String {
    var hasher = SHA256()
    try update(&hasher, file: url)
    return SHA256.hex(hasher.finalize())
  }

  private static func update(_ hasher: inout SHA256, file url: URL) throws {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
      hasher.update(data: piece)
    }
  }

  /// Of a chart as a batch reads it: its file's bytes, then the chart as read (which holds what
  /// its data files gave). The chart goes in as descriptor JSON without its points (titles, axes,
  /// series' names and settings, sonification) and then each point's values as bytes: writing a
  /// million points as JSON text took seconds, this takes a fraction of a conversion.
  static func sha256(input url: URL, chart: ChartDescriptor) throws -> String {
    var hasher = SHA256()
    try update(&hasher, file: url)
    var outline = chart
    for index in outline.series.indices { outline.series[index].dataPoints = [] }
    hasher.update(data: Data(outline.descriptorJSON().utf8))
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1 << 16)
    func add(_ number: Double) {
      withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes += $0 }
    }
    func add(_ text: String) {
      withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { bytes += $0 }
      bytes += text.utf8
    }
    func add(_ value: DataValue) {
      switch value {
      case .number(let number):
        bytes.append(0)
        add(number)
      case .category(let name):
        bytes.append(1)
        add(name)
      }
    }
    for series in chart.series {
      for point in series.dataPoints {
        add(point.x)
        if let y = point.y {
          bytes.append(1)
          add(y)
        } else {
          bytes.append(0)
        }
        bytes.append(UInt8(clamping: point.additionalValueCount))
        for index in 0..<point.additionalValueCount { add(point.additionalValue(at: index)) }
        if let label = point.label {
          bytes.append(1)
          add(label)
        } else {
          bytes.append(0)
        }
        if bytes.count >= 1 << 16 {
          hasher.update(data: bytes)
          bytes.removeAll(keepingCapacity: true)
        }
      }
      // A series' points end where the next series' begin.
      bytes.append(0xFF)
    }
    hasher.update(data: bytes)
    return SHA256.hex(hasher.finalize())
  }
}

/// A stable, even share of a batch: the charts ranked by the SHA-256 of their names and cut into
/// `count` runs of equal length (to one chart); shard `index` (from 1) takes the run at that
/// place. The hash, not the folder's order, decides a chart's place, so adding a chart moves at
/// most one chart across each cut.
struct Shard: Equatable {
  var index: Int
  var count: Int

  /// The most shards a batch is cut into, and the largest index or count read from the
  /// environment: no array job comes near it, and every sum of them stays far from overflow.
  static let maximumCount = 10_000_000

  /// A name's place in the ranking: the first eight bytes of its SHA-256.
  static func rank(of name: String) -> UInt64 {
    SHA256.hash(data: Data(name.utf8)).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  }

  /// The names of `names` that are this shard's.
  func share(of names: [String]) -> Set<String> {
    let ranked = names.map { (rank: Self.rank(of: $0), name: $0) }.sorted {
      ($0.rank, $0.name) < ($1.rank, $1.name)
    }
    var share: Set<String> = []
    for (place, entry) in ranked.enumerated()
    where place * count / max(1, ranked.count) == index - 1 {
      share.insert(entry.name)
    }
    return share
  }

  /// The shard asked for: `--shard I/N`, else an array job's index and count from the
  /// environment (Kubernetes Indexed Jobs' `JOB_COMPLETION_INDEX` with `--shards N`; Slurm's
  /// `SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN`, of `SLURM_ARRAY_TASK_COUNT`; AWS Batch's
  /// `AWS_BATCH_JOB_ARRAY_INDEX` of `AWS_BATCH_JOB_ARRAY_SIZE` or `--shards N`); nil for none.
  ///
  /// - Throws: `CommandFailure` naming the flag or the variable that does not fit.
  static func resolve(option: String?, shards: Int?, environment: [String: String]) throws
    -> Shard?
  {
    let limit = maximumCount
    func whole(_ name: String) throws -> Int? {
      guard let text = environment[name] else { return nil }
      guard let value = Int(text), (0...limit).contains(value) else {
        throw CommandFailure(
          "\(name) is \"\(visible(text))\", not a whole number from 0 to 10,000,000", status: .usage
        )
      }
      return value
    }
    func checked(_ index: Int, _ count: Int, _ source: String) throws -> Shard {
      guard (1...limit).contains(count), (1...count).contains(index) else {
        throw CommandFailure(
          "\(source): shard \(index) of \(count) does not exist; shards count from 1 to the number of shards",
          status: .usage
        )
      }
      return Shard(index: index, count: count)
    }
    if let option {
      let parts = option.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
        (1...limit).contains(count)
      else {
        throw CommandFailure(
          "--shard \(visible(option)): expected I/N with N from 1 to 10,000,000, such as 1/4",
          status: .usage)
      }
      return try checked(index, count, "--shard \(option)")
    }
    if let index = try whole("JOB_COMPLETION_INDEX") {
      guard let shards else {
        throw CommandFailure(
          "JOB_COMPLETION_INDEX is set: give the number of shards with --shards N (the job's completions)",
          status: .usage
        )
      }
      return try checked(index + 1, shards, "JOB_COMPLETION_INDEX \(index)")
    }
    if let id = try whole("SLURM_ARRAY_TASK_ID") {
      guard let count = try whole("SLURM_ARRAY_TASK_COUNT") ?? shards else {
        throw CommandFailure(
          "SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_COUNT or --shards", status: .usage)
      }
      let first = try whole("SLURM_ARRAY_TASK_MIN") ?? 0
      return try checked(id - first + 1, count, "SLURM_ARRAY_TASK_ID \(id)")
    }
    if let index = try whole("AWS_BATCH_JOB_ARRAY_INDEX") {
      guard let count = try whole("AWS_BATCH_JOB_ARRAY_SIZE") ?? shards else {
        throw CommandFailure(
          "AWS_BATCH_JOB_ARRAY_INDEX is set: give the array's size with --shards N or AWS_BATCH_JOB_ARRAY_SIZE",
          status: .usage
        )
      }
      return try checked(index + 1, count, "AWS_BATCH_JOB_ARRAY_INDEX \(index)")
    }
    if shards != nil {
      throw CommandFailure(
        "--shards needs the shard's index: JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX, or give --shard I/N",
        status: .usage
      )
    }
    return nil
  }
}
