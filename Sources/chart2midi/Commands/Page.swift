import ArgumentParser
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation

struct Page: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Make a web page that explores a chart by ear, offline: keys, speech, a drawing, the data.",
    discussion: """
      The folder gets index.html, page.js, page.css and audio/ (the mix and one stem per series, \
      MP3 unless --audio-format says otherwise). It opens from file:// or any static web server and \
      fetches nothing. Focus the graph and use the arrow keys to move through the points: each note \
      plays from its series' stem and its values are said; Space plays the graph from there; the \
      page lists every key.

      Example:
        chart2midi page Examples/cars.json -o cars-page
      """)

  @OptionGroup
  var chart: ChartInput

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("The page's folder (an earlier page there is replaced).", valueName: "dir"))
  var out: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The page's language: en, de, fr or es (default: the narration voice's, --voice, else en).",
      valueName: "code"))
  var language: String?

  @OptionGroup(title: "Mapping")
  var mapping: MappingOptions

  func validate() throws { _ = try descriptionLanguage(language) }

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  func run() throws {
    try checkFlagSettings(mapping.settings + sound.settings)
    try attributingErrors(to: chart.input) {
      let loaded = try chart.load()
      var settings = try ExportSettings.forChart(
        loaded, overrides: mapping.settings + sound.settings)
      settings.inputs = [URL(fileURLWithPath: chart.input)]
      // The user's own chart may name a soundfont beside it.
      settings.chartMayNameSoundFont = true
      settings.limits = chart.csv.columns.limits
      let progress = ProgressLine(quiet: false)
      defer { progress.finish() }
      let folder = URL(fileURLWithPath: out)
      let written = try ChartPage.write(
        loaded, settings: settings, to: folder,
        language: try descriptionLanguage(language),
        progress: progress.report)
      for warning in written.warnings { report("warning: \(chart.input): \(warning)") }
      let bytes =
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
        .reduce(0) { total, name in
          total
            + ((try? FileManager.default.attributesOfItem(
              atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
      report(
        "page: \(folder.path)/index.html (\(counted(written.pageStemCount, "stem")), \(String(format: "%.2f", written.audioSeconds ?? 0)) s of audio, \(String(format: "%.0f", Double(bytes) / 1024)) KB in all)"
      )
    }
  }
}
