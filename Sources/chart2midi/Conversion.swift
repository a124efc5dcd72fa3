import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation

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
  var moreCaptions: [String] = []
  var captionLabels = false
  var stemCues = false
  var sessionPaths: [String] = []
  var scriptOut: String?
  var script: String?
  var lexicon: String?
  /// What speaks a narration: the operator's choice alone, never a chart's.
  var engine = SpeechEngine.espeak
  var pagePath: String?
  var braillePath: String?
  var brailleFormat = BrailleFormat()
  var quiet = false

  /// The settings `chart` is exported with: its own, the flags', and the files asked for.
  func settings(for chart: ChartDescriptor) throws -> ExportSettings {
    var settings = try ExportSettings.forChart(
      chart, overrides: mapping.settings + sound.settings + stemOptions.settings)
    func url(_ path: String?) -> URL? { path.map { URL(fileURLWithPath: $0) } }
    (settings.midi, settings.mix) = (url(midiPath), url(wavPath))
    (settings.stems, settings.captions) = (url(stemsPath), url(captionsPath))
    settings.moreCaptions = moreCaptions.map { URL(fileURLWithPath: $0) }
    settings.captionLabels = captionLabels
    settings.stemCues = stemCues
    settings.sessions = sessionPaths.map { URL(fileURLWithPath: $0) }
    settings.scriptOut = url(scriptOut)
    settings.braille = url(braillePath)
    settings.brailleFormat = brailleFormat
    settings.narration.script = url(script)
    settings.narration.lexicon = url(lexicon)
    // A script is a narration; so is a voice of another engine, which speaks its language.
    settings.narration.engine = engine
    if let language = try engine.modelLanguage() { settings.narration.voice = language }
    if script != nil || engine != .espeak, settings.narration.parts == nil {
      settings.narration.parts = .both
    }
    settings.inputs = [URL(fileURLWithPath: input)]
    // The user's own chart may name a soundfont beside it.
    settings.chartMayNameSoundFont = true
    settings.limits = csv.columns.limits
    return settings
  }

  /// Converts, and returns the lines that tell what was written (warnings first). Errors about
  /// the chart name its file.
  func run() throws -> [String] { try perform().lines }

  /// Converts, and returns the lines that tell what was written and what the export reported;
  /// `loaded` is the chart when the caller has read it already.
  func perform(loaded: ChartDescriptor? = nil) throws -> (lines: [String], report: ExportReport) {
    try attributingErrors(to: input) {
      let chart = try loaded ?? csv.loadChart(input)
      var settings = try settings(for: chart)
      let options = settings.sonification
      // The page comes from the same render, unless the stems are split otherwise than by series:
      // then it is rendered on its own, after the other outputs (its folder checked first).
      let pageFolder = pagePath.map { URL(fileURLWithPath: $0) }
      let pageOnItsOwn = settings.stems != nil && settings.stemsBy != .series
      if let pageFolder {
        if pageOnItsOwn {
          try ChartPage.checkReplaceable(pageFolder, inputs: settings.inputs)
        } else {
          settings.page = ExportSettings.PageRequest(folder: pageFolder)
        }
      }
      let progress = ProgressLine(quiet: quiet)
      defer { progress.finish() }
      let report = try ChartExport.export(chart, settings: settings, progress: progress.report)
      var lines = summaryLines(
        of: report, input: input,
        paths: (midi: midiPath, wav: wavPath, stems: stemsPath, captions: captionsPath),
        settings: settings)
      if let pagePath, let pageFolder {
        var stems = report.pageStemCount
        if pageOnItsOwn {
          stems = try ChartPage.write(chart, settings: settings, to: pageFolder).pageStemCount
        }
        lines.append("page: \(pagePath)/index.html (\(counted(stems, "stem")))")
      }
      if let scriptOut {
        lines.append("script: \(scriptOut) (\(counted(report.narration.count, "sentence")))")
      }
      if let braillePath, let braille = settings.braille {
        lines.append(
          "braille: \(braillePath) and \(TactileGraphic.url(besideBraille: braille).lastPathComponent) beside it (grade \(brailleFormat.grade.rawValue), \(brailleFormat.cells) cells by \(brailleFormat.lines) lines)"
        )
      }
      for (path, written) in zip(sessionPaths, report.sessionFiles) {
        // A new version beside a session that was there (and may hold a DAW's edits).
        let shown =
          written.lastPathComponent == URL(fileURLWithPath: path).lastPathComponent
          ? path
          : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
            written.lastPathComponent)
        let kept = shown == path ? "" : ", a new version: \(path) was there and is kept"
        lines.append(
          "session: \(shown) (\(counted(report.stemFiles.count, "track")), \(counted(report.narration.count, "region"))\(kept))"
        )
      }
      if let score = report.score, score.groupedPoints > 0 {
        lines.append(
          "grouped: \(counted(score.groupedPoints, "point")) of \(chart.pointCount) played in groups (\(options.grouping.rawValue), at most \(ValueFormat.plain(score.groupingLimit)) notes a second per track); markers and captions keep every point"
        )
      }
      if let fallbacks = report.score?.nearestPitchNotes, fallbacks > 0 {
        let notes = report.score.map { $0.tracks.reduce(0) { $0 + $1.noteCount } } ?? 0
        lines.append(
          "exact pitch: \(counted(fallbacks, "note")) of \(notes) sounded together with more notes than the 15 melodic channels can bend apart, and play the nearest pitch their channel's bend allows (within half a semitone)"
        )
      }
      return (lines, report)
    }
  }
}

/// A failure worth one sentence on stderr and a non-zero exit, for what only the command line
/// checks.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String
  /// The status the command ends with.
  var status: ExitStatus

  init(_ description: String, status: ExitStatus) {
    self.description = description
    self.status = status
  }
}

/// Removes the files being written when the command is interrupted (Ctrl-C, SIGTERM), says so in
/// one sentence and exits 130 or 143.
func removeTemporariesOnInterrupt() {
  TemporaryFiles.removeOnInterrupt(
    message: "Error: interrupted; the files being written were removed")
}

/// On a crash (a trap, a bad access, an abort), one sentence instead of the runtime's backtrace
/// with the machine's library paths, then the signal's own ending. `CHART2MIDI_BACKTRACE=1`
/// keeps the backtrace, for debugging. The files being written stay behind under their temporary
/// names, and the next run in their folder removes them.
func reportCrashesInOneSentence() {
  guard ProcessInfo.processInfo.environment["CHART2MIDI_BACKTRACE"] == nil else { return }
  _ = crashSentence
  for number in [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV] {
    var action = sigaction()
    // Only what a signal handler may do: write a fixed sentence, then end as the signal ends.
    action.__sigaction_handler.sa_handler = { number in
      crashSentence.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
      raise(number)
    }
    action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND)) | Int32(SA_NODEFER)
    sigemptyset(&action.sa_mask)
    sigaction(number, &action, nil)
  }
}

/// The crash sentence, made before any crash (a signal handler may not build strings), after a
/// line break that ends a progress line on a terminal.
private let crashSentence = Array(
  ((isatty(2) == 1 ? "\n" : "")
    + "Error: chart2midi stopped on an internal error; this is a bug: please report it with the input that caused it\n")
    .utf8)
