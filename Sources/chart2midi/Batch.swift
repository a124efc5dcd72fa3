import ArgumentParser
import Dispatch
import Foundation
import MIDIMap

struct Batch: ParsableCommand {
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

  @Flag(name: .long, help: "Also write NAME.wav, the mix.")
  var wav = false

  @Flag(name: .long, help: "Also write NAME-stems/, one WAV per series.")
  var stems = false

  @Flag(name: .long, help: "Also write NAME.vtt, captions.")
  var captions = false

  @OptionGroup(title: "CSV input")
  var csv: CSVOptions

  @OptionGroup(title: "Mapping")
  var mapping: MappingOptions

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more.") }
  }

  /// The chart files the inputs name, in order.
  func chartFiles() throws -> [String] {
    var files: [String] = []
    let fileManager = FileManager.default
    for input in inputs {
      var isFolder: ObjCBool = false
      guard fileManager.fileExists(atPath: input, isDirectory: &isFolder) else {
        throw CommandFailure("\(input): no such file or folder")
      }
      if isFolder.boolValue {
        let names = (try? fileManager.contentsOfDirectory(atPath: input)) ?? []
        let wanted = csv.x == nil ? ["json"] : ["json", "csv"]
        files += names.sorted().filter {
          wanted.contains(URL(fileURLWithPath: $0).pathExtension.lowercased())
        }
        .map { URL(fileURLWithPath: input).appendingPathComponent($0).path }
      } else {
        files.append(input)
      }
    }
    guard !files.isEmpty else {
      throw CommandFailure("no chart files found in \(inputs.joined(separator: ", "))")
    }
    return files
  }

  func run() throws {
    let files = try chartFiles()
    // Two inputs may not write the same names.
    var owners: [String: String] = [:]
    for file in files {
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      if let other = owners[name] {
        throw CommandFailure(
          "\(other) and \(file) would both write \(name).mid; rename one or convert them into different folders"
        )
      }
      owners[name] = file
    }
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure("cannot create the folder \(out)")
    }
    let folder = URL(fileURLWithPath: out)
    let work = files.map { file -> ConversionJob in
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      return ConversionJob(
        input: file, csv: csv, mapping: mapping, sound: sound,
        midiPath: folder.appendingPathComponent("\(name).mid").path,
        wavPath: wav ? folder.appendingPathComponent("\(name).wav").path : nil,
        stemsPath: stems ? folder.appendingPathComponent("\(name)-stems").path : nil,
        captionsPath: captions ? folder.appendingPathComponent("\(name).vtt").path : nil,
        quiet: true)
    }
    let workers = min(work.count, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let start = DispatchTime.now()
    let queue = WorkQueue(jobs: work)
    let group = DispatchGroup()
    for _ in 0..<workers {
      DispatchQueue.global().async(group: group) {
        while let (index, job) = queue.take() {
          do {
            let lines = try job.run()
            queue.finish(index, lines: lines, failure: nil)
          } catch {
            queue.finish(index, lines: [], failure: "\(error)")
          }
        }
      }
    }
    group.wait()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let failed = queue.failures
    report(
      String(
        format: "converted %d of %d charts in %.2f s (%d at a time)", work.count - failed,
        work.count,
        seconds, workers))
    if failed > 0 {
      throw CommandFailure("\(failed) of \(work.count) charts failed; see the lines above")
    }
  }
}

/// Hands out jobs to worker threads and prints each result as it comes.
private final class WorkQueue: @unchecked Sendable {
  private let lock = NSLock()
  private let jobs: [ConversionJob]
  private var next = 0
  private(set) var failures = 0

  init(jobs: [ConversionJob]) { self.jobs = jobs }

  func take() -> (Int, ConversionJob)? {
    lock.lock()
    defer { lock.unlock() }
    guard next < jobs.count else { return nil }
    next += 1
    return (next - 1, jobs[next - 1])
  }

  func finish(_ index: Int, lines: [String], failure: String?) {
    lock.lock()
    defer { lock.unlock() }
    if let failure {
      failures += 1
      let input = jobs[index].input
      report(failure.hasPrefix(input) ? "failed: \(failure)" : "failed: \(input): \(failure)")
    } else {
      lines.forEach(report)
    }
  }
}
