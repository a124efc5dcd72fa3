import ArgumentParser
import Chart2MIDIOutputs
import Foundation

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
      "Write captions (WebVTT .vtt, SubRip .srt or IMSC 1.1 .ttml), as subtitlers make them: the title, each series' highest and lowest point and outliers, at their notes' times; with --narrate, the spoken sentences, and those facts in NAME.points.EXT beside them.",
      valueName: "out.vtt"))
  var captions: [String] = []

  @Flag(name: .long, help: "Also a caption for every labelled point.")
  var captionLabels = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write a session that lays out the stems (needs --stems): a REAPER project (.rpp) or an OpenTimelineIO timeline (.otio), a track per stem, the spoken sentences as regions, the cues as markers, at the programme's start; give it again for both.",
      valueName: "out.rpp|out.otio"))
  var session: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Also write a page that explores the chart by ear, as `chart2midi page` does, into this folder.",
      valueName: "dir"))
  var page: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write the narration as a script to edit and voice (needs --narrate): each sentence, its part (intro or details) and its time.",
      valueName: "script.json"))
  var scriptOut: String?

  @OptionGroup(title: "Braille")
  var braille: BrailleOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Narrate this script instead of the one made from the chart (implies --narrate): sentences edited, removed, added or moved, and recordings (\"audio\": a WAV or FLAC file, relative to the script) said instead of eSpeak NG.",
      valueName: "script.json"))
  var script: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Pronunciations for the narration: lines of `word = how to say it` or `/pattern/ = how to say it`.",
      valueName: "lexicon.txt"))
  var lexicon: String?

  @OptionGroup(title: "Speech")
  var speech: SpeechOptions

  @OptionGroup(title: "Mapping")
  var mapping: MappingOptions

  @OptionGroup
  var outputs: AudioOutputs

  @OptionGroup
  var stemOptions: StemOptions

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  func validate() throws {
    try speech.validate(voice: mapping.voice)
    for captions in captions
    where CaptionFormat(fileExtension: URL(fileURLWithPath: captions).pathExtension) == nil {
      throw ValidationError(
        "--captions \(captions): name a .vtt (WebVTT), .srt (SubRip), .ttml (IMSC 1.1) or .dapt.ttml (a W3C DAPT script) file."
      )
    }
    for path in session
    where SessionFormat(fileExtension: URL(fileURLWithPath: path).pathExtension) == nil {
      throw ValidationError(
        "--session \(path): name a .rpp (REAPER) or .otio (OpenTimelineIO) file.")
    }
  }

  func run() throws {
    try checkFlagSettings(mapping.settings + sound.settings + stemOptions.settings)
    let conversion = Conversion(
      input: chart.input, csv: chart.csv, mapping: mapping, sound: sound,
      // Beside the input, as the input was named.
      midiPath: output ?? (chart.input as NSString).deletingPathExtension + ".mid",
      wavPath: outputs.wav, stemsPath: outputs.stems, stemOptions: stemOptions,
      captionsPath: captions.first, moreCaptions: Array(captions.dropFirst()),
      captionLabels: captionLabels, stemCues: outputs.stemCues,
      sessionPaths: session, scriptOut: scriptOut, script: script, lexicon: lexicon,
      engine: speech.engine,
      pagePath: page, braillePath: braille.braille, brailleFormat: braille.format.chosen)
    try conversion.run().forEach(report)
  }
}
