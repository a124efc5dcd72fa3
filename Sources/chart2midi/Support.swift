import ArgumentParser
import Descriptor
import Foundation
import MIDIMap
import Synth

/// A failure worth one sentence on stderr and a non-zero exit.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }

  /// The sentence for any error the modules throw, prefixed with the file it concerns.
  init(_ error: Error, file: String? = nil) {
    let text: String
    switch error {
    case let error as DescriptorError where file != nil && error.location != file:
      text = "\(file!): \(error)"
    case let error as MIDIMapError where file != nil && error.location.hasPrefix("sonification"):
      text = "\(file!): \(error)"
    case let error as CustomStringConvertible: text = error.description
    default: text = "\(error)"
    }
    description = text
  }
}

/// Prints a line for people on stderr.
func report(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Reads a chart descriptor, with errors that name the file.
func loadChart(_ path: String, csv: CSVOptions) throws -> ChartDescriptor {
  let url = URL(fileURLWithPath: path)
  do {
    guard url.pathExtension.lowercased() == "csv" || csv.x != nil else {
      return try ChartDescriptor(contentsOf: url)
    }
    guard let x = csv.x, let y = csv.y else {
      throw CommandFailure(
        "\(path): a CSV file needs --x COLUMN and --y COLUMN to name its x and y columns")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure("\(path): cannot read the file")
    }
    let columns = CSVColumns(
      x: x, y: y, series: csv.series, duration: csv.durationColumn,
      instrument: csv.instrumentColumn, title: csv.title)
    return try ChartDescriptor(
      csv: data, columns: columns, name: url.deletingPathExtension().lastPathComponent)
  } catch let failure as CommandFailure {
    throw failure
  } catch {
    throw CommandFailure(error, file: path)
  }
}

/// The chart a command reads: a JSON descriptor, or a CSV file and its columns.
struct ChartInput: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "The chart: a descriptor (JSON) or a CSV file.", valueName: "chart.json|data.csv"))
  var input: String

  @OptionGroup(title: "CSV input")
  var csv: CSVOptions

  /// Reads the chart, with errors that name the file.
  func load() throws -> ChartDescriptor { try loadChart(input, csv: csv) }
}

/// The columns of a CSV input.
struct CSVOptions: ParsableArguments {
  @Option(
    name: .customLong("x"), help: ArgumentHelp("CSV: the column for x (time).", valueName: "column")
  )
  var x: String?

  @Option(
    name: .customLong("y"),
    help: ArgumentHelp("CSV: the column for y (pitch).", valueName: "column"))
  var y: String?

  @Option(
    name: .customLong("series-column"),
    help: ArgumentHelp("CSV: the column that names the series.", valueName: "column"))
  var series: String?

  @Option(
    name: .long, help: ArgumentHelp("CSV: a numeric column for note duration.", valueName: "column")
  )
  var durationColumn: String?

  @Option(name: .long, help: ArgumentHelp("CSV: a column for the instrument.", valueName: "column"))
  var instrumentColumn: String?

  @Option(
    name: .long,
    help: ArgumentHelp("CSV: the chart title (default: the file's name).", valueName: "text"))
  var title: String?
}

extension SampleFormat: ExpressibleByArgument {
  public init?(argument: String) {
    switch argument {
    case "16", "int16": self = .int16
    case "24", "int24": self = .int24
    case "32", "float", "float32": self = .float32
    default: return nil
    }
  }

  public static var allValueStrings: [String] { ["16", "24", "float"] }

  public var defaultValueDescription: String {
    switch self {
    case .int16: "16"
    case .int24: "24"
    case .float32: "float"
    }
  }
}

/// Where the audio goes, for `convert` and `render`.
struct AudioOutputs: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Write the mix as a WAV file.", valueName: "mix.wav"))
  var wav: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write one WAV per series into this folder (created if missing), the same length as the mix.",
      valueName: "dir"))
  var stems: String?

  var wantsAudio: Bool { wav != nil || stems != nil }
}

/// How audio is rendered, shared by `convert`, `render` and `batch`.
struct SoundOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The soundfont: a .sf2/.sf3 path, or 'gm' for the system's General MIDI soundfont. Default: the project's soundfonts/ folder, else the system's.",
      valueName: "path"))
  var soundfont: String?

  @Option(name: .long, help: "The sample rate: 44100 or 48000.")
  var sampleRate: Int = 44100

  @Option(name: .long, help: "The WAV sample format: 16, 24 or float.")
  var bitDepth: SampleFormat = .int16

  @Option(
    name: .long,
    help: ArgumentHelp("The most seconds of release after the last note.", valueName: "seconds"))
  var tailCap: Double = 5

  @Option(
    name: .long,
    help: ArgumentHelp("Reverb on the mix, 0 (none) to 1; stems stay dry.", valueName: "level"))
  var reverb: Double = 0

  func validate() throws {
    guard sampleRate == 44100 || sampleRate == 48000 else {
      throw ValidationError("--sample-rate must be 44100 or 48000, not \(sampleRate).")
    }
    guard (0...1).contains(reverb) else {
      throw ValidationError("--reverb must be between 0 and 1.")
    }
    guard tailCap >= 0, tailCap <= 60 else {
      throw ValidationError("--tail-cap must be between 0 and 60 seconds.")
    }
  }

  /// Renders the performance and stages the WAV files in `batch`: the mix at `wav`, the stems in
  /// the folder `stems`. Progress goes to stderr when it is a terminal, unless `quiet`.
  func renderAudio(
    _ performance: Performance, wav: String?, stems: String?, quiet: Bool = false,
    into batch: inout AtomicFileBatch
  ) throws -> [String] {
    var renderOptions = RenderOptions()
    renderOptions.sampleRate = sampleRate
    renderOptions.tailCap = tailCap
    renderOptions.rendersStems = stems != nil
    renderOptions.reverb = reverb
    let renderer = FluidSynthRenderer(
      soundFont: try SoundFontLocator.locate(soundfont), options: renderOptions)
    // Progress only for people watching: stderr is a terminal and the music is longer than a few seconds.
    let showsProgress = !quiet && isatty(STDERR_FILENO) == 1 && performance.end > 3
    let rendering = try renderer.render(
      performance,
      progress: showsProgress
        ? { fraction in
          FileHandle.standardError.write(
            Data(String(format: "\rrendering %3.0f%%", fraction * 100).utf8))
        } : nil)
    if showsProgress { FileHandle.standardError.write(Data("\r               \r".utf8)) }
    var lines: [String] = []
    let seconds = Double(rendering.mix.frames) / Double(rendering.sampleRate)
    if let wav {
      try batch.stage(
        WAVEncoder.encode(rendering.mix, sampleRate: rendering.sampleRate, format: bitDepth),
        at: URL(fileURLWithPath: wav))
      lines.append(
        "mix: \(wav) (\(String(format: "%.2f", seconds)) s, \(renderer.soundFont.lastPathComponent))"
      )
    }
    if let stems {
      let folder = URL(fileURLWithPath: stems)
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw CommandFailure("cannot create the stems folder \(stems)")
      }
      let names = StemNaming.fileNames(for: rendering.stems.map(\.name))
      for (stem, name) in zip(rendering.stems, names) {
        try batch.stage(
          WAVEncoder.encode(stem.audio, sampleRate: rendering.sampleRate, format: bitDepth),
          at: folder.appendingPathComponent(name))
      }
      lines.append("stems: \(names.count) in \(stems)/ (\(names.joined(separator: ", ")))")
    }
    return lines
  }
}
