import ArgumentParser
import Descriptor
import Export
import Foundation
import MIDIMap
import Synth

struct Batch: AsyncParsableCommand {
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

  @Flag(
    name: .long,
    help: "Also write NAME.wav, the mix (NAME.flac, .ogg, .opus or .mp3 with --audio-format).")
  var wav = false

  @Flag(
    name: .long,
    help: "Also write NAME-stems/, one audio file per series (or per track), in the audio format.")
  var stems = false

  @OptionGroup
  var stemOptions: StemOptions

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

  func run() async throws {
    let files = try csv.chartFiles(in: inputs)
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
    // The mix is named for the audio format asked for (the library checks the value).
    let fileExtension =
      sound.audioFormat.flatMap { AudioFormat(rawValue: $0) }?.fileExtension ?? "wav"
    let work = files.map { file -> Conversion in
      let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
      func path(_ suffix: String) -> String { folder.appendingPathComponent(name + suffix).path }
      return Conversion(
        input: file, csv: csv, mapping: mapping, sound: sound, midiPath: path(".mid"),
        wavPath: wav ? path("." + fileExtension) : nil, stemsPath: stems ? path("-stems") : nil,
        stemOptions: stemOptions,
        captionsPath: captions ? path(".vtt") : nil, quiet: true)
    }
    let workers = min(work.count, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    let clock = ContinuousClock()
    let start = clock.now
    // At most `workers` conversions at once; each result is printed as it comes.
    let failed = await withTaskGroup(of: (input: String, outcome: Result<[String], any Error>).self)
    { group in
      var pending = work.makeIterator()
      func startNext() {
        guard let conversion = pending.next() else { return }
        group.addTask { (conversion.input, Result { try conversion.run() }) }
      }
      for _ in 0..<workers { startNext() }
      var failures = 0
      for await (input, outcome) in group {
        switch outcome {
        case .success(let lines): lines.forEach(report)
        case .failure(let error):
          failures += 1
          // An error about the chart names it already; any other gets the chart's name.
          let namesInput = (error as? any LocatedError)?.file == input
          report(namesInput ? "failed: \(error)" : "failed: \(input): \(error)")
        }
        startNext()
      }
      return failures
    }
    let seconds = (clock.now - start) / .seconds(1)
    report(
      String(
        format: "converted %d of %d charts in %.2f s (%d at a time)", work.count - failed,
        work.count, seconds, workers))
    if failed > 0 {
      throw CommandFailure("\(failed) of \(work.count) charts failed; see the lines above")
    }
  }
}
