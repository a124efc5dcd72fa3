import Descriptor
import Export
import Foundation
import MIDIMap
import Synth

/// One chart converted: the MIDI file, and captions and audio when asked, through the library's
/// `ChartExport`. `convert` runs one; `batch` runs many at once.
struct Conversion: Sendable {
  var input: String
  var csv: CSVOptions
  var mapping: MappingOptions
  var sound: SoundOptions
  var midiPath: String?
  var wavPath: String?
  var stemsPath: String?
  var stemOptions = StemOptions()
  var captionsPath: String?
  var captionLabels = false
  var quiet = false

  /// Converts, and returns the lines that tell what was written (warnings first). Errors about
  /// the chart name its file.
  func run() throws -> [String] {
    try attributingErrors(to: input) {
      let chart = try csv.loadChart(input)
      var settings = try ExportSettings.forChart(
        chart, overrides: mapping.settings + sound.settings + stemOptions.settings)
      func url(_ path: String?) -> URL? { path.map { URL(fileURLWithPath: $0) } }
      (settings.midi, settings.mix) = (url(midiPath), url(wavPath))
      (settings.stems, settings.captions) = (url(stemsPath), url(captionsPath))
      settings.captionLabels = captionLabels
      settings.inputs = [URL(fileURLWithPath: input)]
      let options = settings.sonification
      let progress = ProgressLine(quiet: quiet)
      defer { progress.finish() }
      let report = try ChartExport.export(chart, settings: settings, progress: progress.report)
      var lines = summaryLines(
        of: report, input: input,
        paths: (midi: midiPath, wav: wavPath, stems: stemsPath, captions: captionsPath))
      if let grouped = report.score?.groupedPoints, grouped > 0 {
        lines.append(
          "grouped: \(counted(grouped, "point")) of \(chart.pointCount) played in groups (\(options.grouping.rawValue), at most \(ValueFormat.plain(options.maximumNotesPerSecond)) notes a second per track); markers and captions keep every point"
        )
      }
      return lines
    }
  }
}

/// A failure worth one sentence on stderr and a non-zero exit, for what only the command line
/// checks.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) { self.description = description }
}

/// Removes the files being written when the command is interrupted (Ctrl-C, SIGTERM), says so in
/// one sentence and exits 130 or 143.
func removeTemporariesOnInterrupt() {
  TemporaryFiles.removeOnInterrupt(
    message: "Error: interrupted; the files being written were removed")
}

/// Prints a line for people on stderr.
func report(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}
