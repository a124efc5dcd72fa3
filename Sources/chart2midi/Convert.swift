import ArgumentParser
import Descriptor
import Foundation
import MIDIMap
import Synth

extension SonificationOptions.Scale: ExpressibleByArgument {}
extension SonificationOptions.Arrangement: ExpressibleByArgument {}
extension SonificationOptions.Markers: ExpressibleByArgument {}
extension SonificationOptions.ContinuousStyle: ExpressibleByArgument {}

/// The mapping flags; each overrides the descriptor's `sonification` object.
struct MappingOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp("Seconds that the x range spans (default 10).", valueName: "seconds"))
  var duration: Double?

  @Option(
    name: .long,
    help: ArgumentHelp("Seconds per unit of x, instead of --duration.", valueName: "seconds"))
  var secondsPerUnit: Double?

  @Option(
    name: .long,
    help: ArgumentHelp("Lowest and highest MIDI note (default 48:84).", valueName: "low:high"))
  var noteRange: String?

  @Option(
    name: .long,
    help:
      "The scale notes are chosen from: chromatic, major, minor, pentatonic, or exact (pitch bend to the fractional semitone, so pitch is proportional to y)."
  )
  var scale: SonificationOptions.Scale?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Shortest and longest note, in seconds, for the duration axis (default 0.1:0.8).",
      valueName: "short:long"))
  var durationRange: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds per note when no axis sets duration (default 0.25).", valueName: "seconds"))
  var noteDuration: Double?

  @Option(name: .long, help: "Series together (simultaneous) or one after another (sequential).")
  var arrangement: SonificationOptions.Arrangement?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds of silence between sequential series (default 1).", valueName: "seconds"))
  var gap: Double?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Velocity of notes when no axis sets loudness, 1-127 (default 100).", valueName: "velocity"))
  var velocity: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Which additional axis sets note duration: its index, or -1 for none.", valueName: "index"))
  var durationAxis: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Which additional axis sets loudness: its index, or -1 for none.", valueName: "index"))
  var loudnessAxis: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Which additional axis sets the instrument: its index, or -1 for none.", valueName: "index"))
  var instrumentAxis: Int?

  @Option(
    name: .customLong("series"),
    help: ArgumentHelp("Play only this series (repeat for several).", valueName: "name"))
  var seriesNames: [String] = []

  @Option(
    name: .customLong("program"),
    help: ArgumentHelp(
      "A General MIDI program for a category or series, by number or name (repeatable).",
      valueName: "name=program"))
  var programs: [String] = []

  @Option(
    name: .customLong("pan"),
    help: ArgumentHelp(
      "Pan of a series, 0 (left) to 127 (right) (repeatable).", valueName: "series=pan"))
  var pans: [String] = []

  @Flag(name: .long, help: "No ticks at the x gridlines.")
  var noGridlines = false

  @Option(
    name: .long, help: "Which points get marker events with their values: labelled, all or none.")
  var markers: SonificationOptions.Markers?

  @Option(
    name: .long,
    help: "A continuous series as one gliding tone (glide) or a note per point (notes).")
  var continuous: SonificationOptions.ContinuousStyle?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The pitch-bend range in semitones, 1 to 24 (default 12).", valueName: "semitones"))
  var bendRange: Int?

  /// The options: defaults, then the descriptor's own, then these flags.
  func options(for chart: ChartDescriptor) throws -> SonificationOptions {
    var options = try SonificationOptions().applying(chart.sonification)
    if let duration {
      guard duration > 0 else { throw CommandFailure("--duration must be above 0 seconds") }
      options.totalDuration = duration
    }
    if let secondsPerUnit {
      guard secondsPerUnit > 0 else { throw CommandFailure("--seconds-per-unit must be above 0") }
      options.secondsPerUnit = secondsPerUnit
    }
    if let noteRange {
      let (low, high) = try pair(noteRange, flag: "--note-range")
      options.noteRange = try SonificationOptions.noteRange(Int(low), Int(high), at: "--note-range")
    }
    if let scale { options.scale = scale }
    if let durationRange {
      let (low, high) = try pair(durationRange, flag: "--duration-range")
      options.durationRange = try SonificationOptions.durationRange(
        low, high, at: "--duration-range")
    }
    if let noteDuration {
      guard noteDuration > 0 else {
        throw CommandFailure("--note-duration must be above 0 seconds")
      }
      options.noteDuration = noteDuration
    }
    if let arrangement { options.arrangement = arrangement }
    if let gap {
      guard gap >= 0 else { throw CommandFailure("--gap must be 0 seconds or more") }
      options.gap = gap
    }
    if let velocity {
      guard (1...127).contains(velocity) else {
        throw CommandFailure("--velocity must be 1 to 127")
      }
      options.velocity = velocity
    }
    for (flag, index) in [
      ("--duration-axis", durationAxis), ("--loudness-axis", loudnessAxis),
      ("--instrument-axis", instrumentAxis),
    ] {
      if let index, index < -1 {
        throw CommandFailure("\(flag) takes an index into additionalAxes, or -1 for none")
      }
    }
    if let durationAxis { options.durationAxis = durationAxis }
    if let loudnessAxis { options.loudnessAxis = loudnessAxis }
    if let instrumentAxis { options.instrumentAxis = instrumentAxis }
    if !seriesNames.isEmpty { options.seriesNames = seriesNames }
    for entry in programs {
      let (name, value) = try assignment(entry, flag: "--program")
      guard
        let program = Int(value).flatMap({ UInt7(exactly: $0) })
          ?? Instruments.program(named: value)
      else {
        throw CommandFailure(
          "--program \(entry): \"\(value)\" is neither a program number 0-127 nor a General MIDI name"
        )
      }
      options.programs[name] = Int(program.value)
    }
    for entry in pans {
      let (name, value) = try assignment(entry, flag: "--pan")
      guard let pan = Int(value), (0...127).contains(pan) else {
        throw CommandFailure("--pan \(entry): the pan must be a whole number from 0 to 127")
      }
      options.pans[name] = pan
    }
    if noGridlines { options.gridlines = false }
    if let markers { options.markers = markers }
    if let continuous { options.continuous = continuous }
    if let bendRange {
      guard (1...24).contains(bendRange) else {
        throw CommandFailure("--bend-range must be 1 to 24 semitones")
      }
      options.bendRange = bendRange
    }
    return options
  }

  private func pair(_ text: String, flag: String) throws -> (Double, Double) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]) else {
      throw CommandFailure(
        "\(flag) \(text): expected two numbers separated by a colon, such as 48:84")
    }
    return (low, high)
  }

  private func assignment(_ text: String, flag: String) throws -> (String, String) {
    guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
      throw CommandFailure("\(flag) \(text): expected name=value")
    }
    return (String(text[..<equals]), String(text[text.index(after: equals)...]))
  }
}

struct Convert: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Convert a chart (a JSON descriptor or a CSV file) to MIDI, and to audio and captions.",
    discussion: """
      Examples:
        chart2midi convert Examples/cars.json -o cars.mid
        chart2midi convert Examples/cars.json --wav cars.wav --stems stems/
        chart2midi convert Examples/birth-rate.json --scale exact --duration 20
        chart2midi convert Examples/rainfall.csv --x month --y inches
      """)

  @OptionGroup
  var chart: ChartInput

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp(
      "The MIDI file to write (default: the input's name with .mid).", valueName: "out.mid"))
  var output: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write captions (WebVTT .vtt or SubRip .srt): the title, each series' highest and lowest point and outliers, at their notes' times.",
      valueName: "out.vtt"))
  var captions: String?

  @Flag(name: .long, help: "Also a caption for every labelled point.")
  var captionLabels = false

  @OptionGroup(title: "Mapping")
  var mapping: MappingOptions

  func validate() throws {
    if let captions,
      CaptionFormat(fileExtension: URL(fileURLWithPath: captions).pathExtension) == nil
    {
      throw ValidationError("--captions \(captions): name a .vtt (WebVTT) or .srt (SubRip) file.")
    }
  }

  @OptionGroup
  var outputs: AudioOutputs

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  func run() throws {
    let job = ConversionJob(
      input: chart.input, csv: chart.csv, mapping: mapping, sound: sound,
      midiPath: output
        ?? URL(fileURLWithPath: chart.input).deletingPathExtension().appendingPathExtension("mid")
        .path,
      wavPath: outputs.wav, stemsPath: outputs.stems, captionsPath: captions,
      captionLabels: captionLabels)
    try job.run().forEach(report)
  }
}

/// One chart converted: the MIDI file, and captions and audio when asked; every file is written
/// whole or not at all. `convert` runs one; `batch` runs many at once.
struct ConversionJob {
  var input: String
  var csv: CSVOptions
  var mapping: MappingOptions
  var sound: SoundOptions
  var midiPath: String
  var wavPath: String?
  var stemsPath: String?
  var captionsPath: String?
  var captionLabels = false
  var quiet = false

  /// Converts, and returns the lines that tell what was written (warnings first).
  func run() throws -> [String] {
    var chart = try loadChart(input, csv: csv)
    // A chart with no summary gets one made from its trend and extremes, for the file's text event.
    if chart.summary?.isEmpty ?? true { chart.summary = ChartDescription(chart).generatedSummary }
    let score: Score
    let mapper: ChartMapper
    do {
      mapper = ChartMapper(options: try mapping.options(for: chart))
      score = try mapper.makeScore(for: chart)
    } catch let error as CommandFailure {
      throw error
    } catch {
      throw CommandFailure(error, file: input)
    }
    var lines = chart.rangeWarnings().map { "warning: \(input): \($0)" }
    var batch = AtomicFileBatch()
    do {
      try batch.stage(Data(SMFEncoder().encode(score)), at: URL(fileURLWithPath: midiPath))
      lines.append(
        "midi: \(midiPath) (\(score.tracks.count) tracks, \(score.tracks.reduce(0) { $0 + $1.noteCount }) notes, \(String(format: "%.2f", score.duration)) s)"
      )
      if let captionsPath {
        let format = CaptionFormat(fileExtension: URL(fileURLWithPath: captionsPath).pathExtension)!
        let cues = try CaptionMaker(includesLabels: captionLabels).captions(
          for: chart, mapper: mapper)
        try batch.stage(
          Data(CaptionMaker.render(cues, as: format).utf8), at: URL(fileURLWithPath: captionsPath))
        lines.append("captions: \(captionsPath) (\(cues.count) cues)")
      }
      if wavPath != nil || stemsPath != nil {
        lines += try sound.renderAudio(
          Performance(score: score), wav: wavPath, stems: stemsPath, quiet: quiet, into: &batch)
      }
      try batch.commit()
      return lines
    } catch {
      batch.discard()
      throw CommandFailure(error)
    }
  }
}
