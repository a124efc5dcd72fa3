import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation

struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render any Standard MIDI File to a WAV mix and per-track stems.",
    discussion: """
      Example:
        chart2midi render cars.mid --wav cars.wav --stems stems/
      """)

  @Argument(help: ArgumentHelp("The MIDI file.", valueName: "file.mid"))
  var input: String

  @OptionGroup
  var outputs: AudioOutputs

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "One stem per track (default: tracks that share a channel each get the channel's program, controllers and bends on one of their own), or per channel, as the file's channels sound.",
      valueName: "track|channel"))
  var stemsBy: Choice<Performance.StemGrouping>?

  func validate() throws {
    guard outputs.wav != nil || outputs.stems != nil else {
      throw ValidationError("Name an output: --wav mix.wav and/or --stems DIR.")
    }
  }

  /// Renders; errors caused by the file's content name it.
  func run() throws {
    try checkFlagSettings(sound.settings)
    if stemsBy?.text == "series" {
      throw ValidationError(
        "--stems-by series is for a chart; a MIDI file's stems are by track or channel.")
    }
    try attributingErrors(to: input) { try render() }
  }

  private func render() throws {
    let stems = stemsBy.map { [OptionSetting.commandLine(.stemsBy, [$0.text], flag: "--stems-by")] }
    var settings = try ExportSettings().applying(sound.settings + (stems ?? []))
    let file = try MIDIFile(contentsOf: URL(fileURLWithPath: input))
    if let note = file.skippedEventsNote { report("note: \(input): \(note)") }
    settings.mix = outputs.wav.map { URL(fileURLWithPath: $0) }
    settings.stems = outputs.stems.map { URL(fileURLWithPath: $0) }
    settings.stemCues = outputs.stemCues
    settings.inputs = [URL(fileURLWithPath: input)]
    let progress = ProgressLine(quiet: false)
    let exported = try ChartExport.export(file, settings: settings, progress: progress.report)
    progress.finish()
    summaryLines(
      of: exported, input: input,
      paths: (midi: nil, wav: outputs.wav, stems: outputs.stems, captions: nil),
      settings: settings
    ).forEach(report)
  }
}
