import ArgumentParser
import Foundation

struct BatchReport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch-report",
    abstract: "Join the manifests of a batch's shards into one summary.",
    discussion: """
      Reads manifests (manifest*.jsonl files, or the folders that hold them) and takes each chart's \
      latest record: how many charts were converted, up to date or failed, each failure's sentence, \
      the total length of the audio and the outputs' size. The exit status is non-zero when a chart's \
      latest record failed.

      Example:
        chart2midi batch-report out/all
      """)

  @Argument(help: ArgumentHelp("Manifests, or folders of them.", valueName: "manifest-or-folder"))
  var manifests: [String]

  @Option(name: .long, help: "text (default) or json.")
  var format: Format = .text

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
    let latest = BatchManifest.latest(BatchManifest.read(urls)).values.sorted {
      $0.input < $1.input
    }
    let failures = latest.filter { $0.status == "failed" }
    let summary = Summary(
      charts: latest.count, converted: latest.filter { $0.status == "converted" }.count,
      upToDate: latest.filter { $0.status == "skipped" }.count, failed: failures.count,
      failures: failures.map { .init(input: $0.input, error: $0.error ?? "") },
      audioSeconds: latest.reduce(0) { $0 + ($1.audioSeconds ?? 0) },
      outputFiles: latest.reduce(0) { $0 + $1.outputs.count },
      outputBytes: latest.reduce(0) { $0 + $1.outputs.reduce(0) { $0 + $1.bytes } })
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
      let minutes = Int(summary.audioSeconds) / 60
      print(
        String(
          format: "audio: %d min %.1f s in %d charts", minutes,
          summary.audioSeconds - Double(minutes * 60),
          latest.filter { $0.audioSeconds != nil }.count))
      print(
        String(
          format: "outputs: %d files, %.1f MB", summary.outputFiles,
          Double(summary.outputBytes) / 1_000_000))
    }
    if summary.failed > 0 { throw ExitCode(1) }
  }
}
