import ArgumentParser
import Foundation

struct BatchReport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch-report",
    abstract: "Join the manifests of a batch's shards into one summary.",
    discussion: """
      Reads manifests (manifest*.jsonl files, or the folders that hold them) and takes each chart's \
      latest record: how many charts were converted, up to date or failed, each failure's sentence, \
      the charts no longer in the inputs, the total length of the audio and the outputs' size; and \
      the shards that never wrote a manifest, of --expect-shards or of the count the manifests' names \
      say. The exit status is non-zero when a chart's latest record failed or a shard is missing.

      Example:
        chart2midi batch-report out/all
      """)

  @Argument(help: ArgumentHelp("Manifests, or folders of them.", valueName: "manifest-or-folder"))
  var manifests: [String]

  @Option(name: .long, help: "text (default) or json.")
  var format: Format = .text

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The number of shards the batch was cut into (default: the count in the manifests' names).",
      valueName: "n"))
  var expectShards: Int?

  enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

  /// The summary, as JSON prints it.
  struct Summary: Encodable {
    var charts: Int
    var converted: Int
    var upToDate: Int
    var failed: Int
    var failures: [Failure]
    var audioSeconds: Double
    var outputFiles: Int
    var outputBytes: Int
    var removed: [String]
    var expectedShards: Int?
    var missingShards: [Int]

    struct Failure: Encodable {
      var input: String
      var error: String
    }
  }

  func run() throws {
    var urls: [URL] = []
    for path in manifests {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw CommandFailure("\(path): no such file or folder", status: .noInput)
      }
      let url = URL(fileURLWithPath: path)
      urls += isFolder.boolValue ? BatchManifest.manifests(in: url) : [url]
    }
    guard !urls.isEmpty else {
      throw CommandFailure(
        "no manifest found in \(manifests.joined(separator: ", "))", status: .noInput)
    }
    if let expectShards, !(1...Shard.maximumCount).contains(expectShards) {
      throw CommandFailure(
        "--expect-shards \(expectShards): expected a number of shards from 1 to 10,000,000",
        status: .usage)
    }
    let contents = BatchManifest.read(urls)
    // The shards there should be: as asked, else as the manifests' names count them (those of the
    // latest record's, when the batch was cut anew).
    let shards = urls.compactMap(BatchManifest.shard(ofManifest:))
    var newest: BatchRecord?
    var summary = Summary(
      charts: 0, converted: 0, upToDate: 0, failed: 0, failures: [], audioSeconds: 0,
      outputFiles: 0, outputBytes: 0, removed: [], expectedShards: nil, missingShards: [])
    var audioCharts = 0
    // A record at a time, in the charts' order: the report's memory is that of the lines.
    for input in contents.lines.keys.sorted() {
      guard let record = contents.record(for: input) else { continue }
      if newest.map({ $0.finished < record.finished }) ?? true { newest = record }
      switch record.status {
      case "pruned": continue
      case "removed":
        summary.removed.append(record.input)
        continue
      case "converted": summary.converted += 1
      case "skipped": summary.upToDate += 1
      case "failed":
        summary.failed += 1
        summary.failures.append(.init(input: record.input, error: record.error ?? ""))
      default: break
      }
      summary.charts += 1
      summary.audioSeconds += record.audioSeconds ?? 0
      if record.audioSeconds != nil { audioCharts += 1 }
      summary.outputFiles += record.outputs.count
      summary.outputBytes += record.outputs.reduce(0) { $0 + $1.bytes }
    }
    let counted = newest?.shard.flatMap { $0.split(separator: "/").last.flatMap { Int($0) } }
    let expected = expectShards ?? counted ?? shards.map(\.count).max()
    summary.expectedShards = expected
    summary.missingShards =
      expected.map { count in
        (1...count).filter { index in !shards.contains(Shard(index: index, count: count)) }
      } ?? []
    switch format {
    case .json:
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      print(TerminalText.json(String(decoding: try encoder.encode(summary), as: UTF8.self)))
    case .text:
      print(
        "charts: \(summary.charts) (converted \(summary.converted), up to date \(summary.upToDate), failed \(summary.failed))"
      )
      for failure in summary.failures { output("failed: \(visible(failure.error))") }
      if !summary.removed.isEmpty {
        output(
          "removed: \(summary.removed.count) no longer in the inputs, their outputs kept (batch --prune removes them): \(summary.removed.prefix(10).joined(separator: ", "))\(summary.removed.count > 10 ? ", …" : "")"
        )
      }
      if let expected = summary.expectedShards, !summary.missingShards.isEmpty {
        output(
          "missing: \(summary.missingShards.count) of \(expected) shards wrote no manifest (shard \(summary.missingShards.prefix(20).map(String.init).joined(separator: ", "))\(summary.missingShards.count > 20 ? ", …" : "")): they never ran here"
        )
      }
      let minutes = Int(summary.audioSeconds) / 60
      print(
        String(
          format: "audio: %d min %.1f s in %d charts", minutes,
          summary.audioSeconds - Double(minutes * 60),
          audioCharts))
      print(
        String(
          format: "outputs: %d files, %.1f MB", summary.outputFiles,
          Double(summary.outputBytes) / 1_000_000))
    }
    if summary.failed > 0 || !summary.missingShards.isEmpty { throw ExitCode(1) }
  }
}
