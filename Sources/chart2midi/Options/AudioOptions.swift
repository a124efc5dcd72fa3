import ArgumentParser
import Descriptor
import Export
import Foundation
import Synth

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
}

/// How a chart's stems are cut, for `convert` and `batch`.
struct StemOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "One stem per series (default), or per track: a category's instrument on its own.",
      valueName: "series|track"))
  var stemsBy: Performance.StemGrouping = .series
}

extension Performance.StemGrouping: ExpressibleByArgument {}

/// How audio is rendered, shared by `convert`, `render` and `batch`.
struct SoundOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The soundfont: a .sf2/.sf3 path, or 'gm' for the system's General MIDI soundfont. Default: the project's own, installed with chart2midi or built beside it (never looked for in the working folder), else the system's.",
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

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "The mix's integrated loudness (ITU-R BS.1770), -70 to 0 LUFS, or broadcast (-23) or web (-16), with its true peak at -1 dBTP at most; stems take the same gain. Default: the peak at -1 dBFS.",
      valueName: "lufs"))
  var loudness: String?

  /// The loudness target in LUFS, when one was asked for.
  var loudnessTarget: Double? {
    get throws {
      guard let loudness else { return nil }
      switch loudness {
      case "broadcast": return Loudness.broadcast
      case "web": return Loudness.web
      default:
        guard let value = Double(loudness), Loudness.targets.contains(value) else {
          throw CommandFailure(
            "--loudness: expected -70 to 0 LUFS, broadcast (-23) or web (-16), found \(loudness)")
        }
        return value
      }
    }
  }

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

  /// A request for these outputs, rendered as these options say.
  ///
  /// - Throws: `SynthError` when audio is asked for and the soundfont cannot be found.
  func request(midi: String?, wav: String?, stems: String?, captions: String?) throws
    -> ExportRequest
  {
    func url(_ path: String?) -> URL? { path.map { URL(fileURLWithPath: $0) } }
    var request = ExportRequest(
      midi: url(midi), mix: url(wav), stems: url(stems), captions: url(captions))
    request.sampleFormat = bitDepth
    request.render = try render()
    if request.wantsAudio { request.soundFont = try SoundFontLocator.locate(soundfont) }
    return request
  }

  /// How audio is rendered and written, and the soundfont, for a command that always renders.
  func audio() throws -> (sampleFormat: SampleFormat, render: RenderOptions, soundFont: URL) {
    (bitDepth, try render(), try SoundFontLocator.locate(soundfont))
  }

  /// The render options the flags set.
  private func render() throws -> RenderOptions {
    var render = RenderOptions()
    render.sampleRate = sampleRate
    render.tailCap = tailCap
    render.reverb = reverb
    render.loudness = try loudnessTarget
    return render
  }
}

/// Progress on stderr while audio renders, for people watching: only when stderr is a terminal.
struct ProgressLine {
  /// The closure to hand to the renderer, or nil when nobody watches.
  let report: (@Sendable (Double) -> Void)?

  init(quiet: Bool) {
    guard !quiet, isatty(STDERR_FILENO) == 1 else {
      report = nil
      return
    }
    report = { fraction in
      FileHandle.standardError.write(
        Data(String(format: "\rrendering %3.0f%%", fraction * 100).utf8))
    }
  }

  /// Clears the line.
  func finish() {
    if report != nil { FileHandle.standardError.write(Data("\r               \r".utf8)) }
  }
}

/// The lines that tell what an export wrote, warnings first.
func summaryLines(
  of report: ExportReport, input: String,
  paths: (midi: String?, wav: String?, stems: String?, captions: String?)
) -> [String] {
  var lines = report.warnings.map { "warning: \(input): \($0)" }
  if let midi = paths.midi, let score = report.score {
    let notes = score.tracks.reduce(0) { $0 + $1.noteCount }
    lines.append(
      "midi: \(midi) (\(counted(score.tracks.count + 1, "track")), \(counted(notes, "note")), \(String(format: "%.2f", score.duration)) s)"
    )
  }
  if let last = report.narration.last {
    lines.append(
      String(
        format: "narration: %@, the graph from %.2f s%@, spoken until %.2f s",
        counted(report.narration.count, "sentence"), report.graphStart,
        report.graphTimecode.map { " (\($0))" } ?? "", last.end))
  }
  if let start = report.score?.timeline.start {
    let written = start.smpteOffset
    let note =
      written.frameRate == start.frameRate
      ? ""
      : start.smpteOffsetIsExact
        ? "; the MIDI file's SMPTE offset says \(written) at \(written.frameRate.rawValue) fps, the nearest rate it can hold, the same time to 1/100 frame"
        : "; the MIDI file's SMPTE offset says \(written) at \(written.frameRate.rawValue) fps, the nearest rate it can hold: this time lies past its 24 hours, so it wraps"
    lines.append(
      "start: \(start) at \(start.frameRate.rawValue) fps\(report.score?.timeline.padsStart == true ? ", the audio padded with silence before it" : "")\(note)"
    )
  }
  if let captions = paths.captions, let count = report.captionCount {
    lines.append("captions: \(captions) (\(counted(count, "cue")))")
  }
  if let wav = paths.wav, let seconds = report.audioSeconds {
    lines.append("mix: \(wav) (\(String(format: "%.2f", seconds)) s)")
  }
  if let soundFont = report.soundFont {
    lines.append("soundfont: \(soundFont.path)")
  }
  if let loudness = report.loudness {
    lines.append(loudness.summary)
  }
  if let stems = paths.stems {
    let names = report.stemFiles.map(\.lastPathComponent)
    lines.append(
      "stems: \(counted(names.count, "stem")) in \(stems)/ (\(names.joined(separator: ", ")))")
  }
  return lines
}
