import Foundation
import Hashing

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

  /// The shard asked for, and a note for the log when the engine's variables and `--shards`
  /// disagree; nil for none.
  ///
  /// - `--shard I/N`, as given.
  /// - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (from 0) with `--shards N`.
  /// - Slurm with `--shards N`: the task's id over the array's step
  ///   (`SLURM_ARRAY_TASK_STEP`), modulo N, from 1; the same task id is the same shard whether
  ///   the whole array runs (`--array=0-7`, `1-8`, `0-15:2`) or one task again (`--array=3`,
  ///   `scontrol requeue`). Without `--shards`, the task's place in the array
  ///   (`SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN`, over the step) of
  ///   `SLURM_ARRAY_TASK_COUNT`.
  /// - AWS Batch: `AWS_BATCH_JOB_ARRAY_INDEX` (from 0) of `--shards N`, else of
  ///   `AWS_BATCH_JOB_ARRAY_SIZE`.
  ///
  /// - Throws: `CommandFailure` naming the flag or the variable that does not fit.
  static func resolve(option: String?, shards: Int?, environment: [String: String]) throws
    -> (shard: Shard?, note: String?)
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
      return (try checked(index, count, "--shard \(option)"), nil)
    }
    if let index = try whole("JOB_COMPLETION_INDEX") {
      guard let shards else {
        throw CommandFailure(
          "JOB_COMPLETION_INDEX is set: give the number of shards with --shards N (the job's completions)",
          status: .usage
        )
      }
      return (try checked(index + 1, shards, "JOB_COMPLETION_INDEX \(index)"), nil)
    }
    if let id = try whole("SLURM_ARRAY_TASK_ID") {
      let step = max(1, try whole("SLURM_ARRAY_TASK_STEP") ?? 1)
      let tasks = try whole("SLURM_ARRAY_TASK_COUNT")
      if let shards {
        guard (1...limit).contains(shards) else {
          return (try checked(1, shards, "--shards \(shards)"), nil)
        }
        let shard = Shard(index: id / step % shards + 1, count: shards)
        // More tasks than shards: some do a shard twice; say so, once per task.
        let note =
          (tasks ?? 0) > shards
          ? "Slurm's array has \(tasks ?? 0) tasks and --shards says \(shards): task \(id) does shard \(shard.index) of \(shards), which another task does too"
          : nil
        return (shard, note)
      }
      guard let count = tasks else {
        throw CommandFailure(
          "SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_COUNT or --shards", status: .usage)
      }
      let first = try whole("SLURM_ARRAY_TASK_MIN") ?? 0
      let shard = try checked((id - first) / step + 1, count, "SLURM_ARRAY_TASK_ID \(id)")
      let note =
        count == 1
        ? "Slurm's array has one task, which does every chart; give --shards N to do one shard of N (the task's id, from 0, is the shard's place)"
        : nil
      return (shard, note)
    }
    if let index = try whole("AWS_BATCH_JOB_ARRAY_INDEX") {
      let size = try whole("AWS_BATCH_JOB_ARRAY_SIZE")
      guard let count = shards ?? size else {
        throw CommandFailure(
          "AWS_BATCH_JOB_ARRAY_INDEX is set: give the array's size with --shards N or AWS_BATCH_JOB_ARRAY_SIZE",
          status: .usage
        )
      }
      let shard = try checked(index + 1, count, "AWS_BATCH_JOB_ARRAY_INDEX \(index)")
      let note =
        size.map { $0 != count } ?? false
        ? "AWS_BATCH_JOB_ARRAY_SIZE is \(size ?? 0) and --shards says \(count): the shards are \(count), as --shards says"
        : nil
      return (shard, note)
    }
    if shards != nil {
      throw CommandFailure(
        "--shards needs the shard's index: JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX, or give --shard I/N",
        status: .usage
      )
    }
    return (nil, nil)
  }
}
