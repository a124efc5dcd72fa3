import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation

/// What an export wrote.
public struct ExportReport: Sendable {
  /// The music, as mapped from the chart (empty for a MIDI file rendered as it is).
  public var score: Score?
  /// The number of caption cues written.
  package var captionCount: Int?
  /// With a narration, the file of the captions at the notes, beside the spoken captions, and
  /// how many cues it holds.
  package var pointCaptions: (file: URL, count: Int)?
  /// Every caption file written: its cues, and its file of the captions at the notes.
  package var captionFiles: [(file: URL, count: Int, points: (file: URL, count: Int)?)] = []
  /// The soundfont the audio was rendered with.
  package var soundFont: URL?
  /// The length of the audio, in seconds.
  public var audioSeconds: Double?
  /// The stem files, in stem order.
  public var stemFiles: [URL] = []
  /// The stems' names, in stem order.
  package var stemNames: [String] = []
  /// The session files written.
  public var sessionFiles: [URL] = []
  /// With a page, the series stems it plays.
  package var pageStemCount = 0
  /// With a page, what its player reads: the points, their times and the words.
  package var pageData: ChartPage.PlayerData?
  /// The chart's facts as the production counted them (in English; `speaking(_:)` for another
  /// language), for what is made from the same chart after the export.
  package var facts: ChartDescription?
  /// The loudness the mix reached, when a target was asked for.
  public var loudness: LoudnessReport?
  /// The spoken sentences and their times, with a narration.
  package var narration: [Narration.Sentence] = []
  /// Where the graph's time 0 lies in the outputs: after a narration's intro, else 0 (the
  /// score's `timeline.graphStart`).
  package var graphStart: Double { score?.timeline.graphStart ?? 0 }
  /// Where the graph's time 0 lies on the programme's timeline, with a start.
  public var graphTimecode: Timecode? { score?.timeline.graphTimecode }
  /// Things worth telling: values outside their axis ranges, programs the soundfont lacks.
  public var warnings: [String] = []
}

/// A chart to MIDI, captions, a mix and stems in one call, the way `chart2midi convert` does it:
/// every file goes to a temporary name beside its destination and is renamed into place only when
/// all have been written; on any failure none is left behind.
public enum ChartExport {
  /// Maps a chart as `settings` say and writes the files they name.
  ///
  /// A chart without a summary gets one made from its trend and extremes, for the file's text.
  ///
  /// - Parameters:
  ///   - chart: the chart.
  ///   - settings: how it sounds, how audio is rendered, and the files to write.
  ///   - progress: called now and then while audio renders, with the part done, 0 to 1.
  /// - Returns: what was written, and warnings.
  /// - Throws: `MIDIMapError` when the mapping settings do not fit the chart; `SynthError` when
  ///   audio cannot be rendered; `ExportError` when a file cannot be written;
  ///   `CancellationError` when the task it runs in is cancelled while audio or speech is made
  ///   (no file is written then). `ExportError` (`exceedsLimits`) past `settings.exportLimits`.
  ///   It blocks the calling thread until done: from async code, call
  ///   `export(_:settings:on:progress:) async`.
  public static func export(
    _ chart: ChartDescriptor, settings: ExportSettings,
    progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> ExportReport {
    try limited(settings) { try exportNow(chart, settings: settings, progress: progress) }
  }

  /// `export(_:settings:progress:)`, under the call's control.
  private static func exportNow(
    _ chart: ChartDescriptor, settings: ExportSettings,
    progress: (@Sendable (Double) -> Void)?
  ) throws -> ExportReport {
    try settings.exportLimits.check(points: chart.pointCount)
    try settings.checkOutputs()
    if settings.page != nil { try ChartPage.checkSize(chart, limits: settings.limits) }
    let production = try Production(chart, settings: settings, progress: progress)
    var report = production.report
    var batch = AtomicFileBatch(sinks: settings.sinks)
    do {
      try MIDIOutput.stage(production, into: &batch)
      try ScriptOutput.stage(production, into: &batch)
      try BrailleOutput.stage(production, into: &batch)
      try CaptionOutput.stage(production, into: &batch, report: &report)
      if let music = production.music {
        // The audio files' markers: the score's (moved by a narration, with its sentences), and
        // the extremes and outliers the captions name.
        var performance = music.performance
        performance.markers = production.score.markers
        let rendering = try music.renderer.synth.assemble(
          music.synthesized, leadIn: performance.leadIn,
          musicStart: production.score.timeline.graphStart,
          recordings: production.narration?.recordings ?? [])
        try WorkControl.checkCancellation()
        let audio = try RenderedAudio(
          rendering, of: performance, music.renderer,
          moreMarkers: production.facts.dropFirst().map {
            Score.Marker(time: $0.start, text: $0.text)
          })
        audio.report(into: &report)
        try settings.exportLimits.check(audioSeconds: report.audioSeconds ?? 0)
        try AudioOutput.stage(audio, into: &batch, report: &report)
        try PageOutput.stage(audio, production, into: &batch, report: &report)
        try SessionOutput.stage(
          audio, graphDuration: production.graphDuration, into: &batch, report: &report)
        try DAPTOutput.stage(
          production,
          stems: zip(rendering.stems.map(\.name), report.stemFiles).map { ($0, $1) },
          into: &batch, report: &report)
      } else {
        try DAPTOutput.stage(production, stems: [], into: &batch, report: &report)
      }
      try settings.exportLimits.check(outputBytes: batch.stagedBytes)
      try batch.commit()
    } catch {
      batch.discard()
      throw error
    }
    return report
  }

  /// Renders any Standard MIDI File to the mix and stems `settings` name (their mapping, `midi`
  /// and `captions` are not used).
  ///
  /// - Throws: `SynthError` when audio cannot be rendered; `ExportError` when a file cannot be
  ///   written; `ExportError` (`exceedsLimits`) past `settings.exportLimits`. It blocks the
  ///   calling thread until done: from async code, call `export(_:settings:on:progress:) async`.
  public static func export(
    _ file: MIDIFile, settings: ExportSettings, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> ExportReport {
    try limited(settings) { try exportNow(file, settings: settings, progress: progress) }
  }

  /// `export(_:settings:progress:)` of a MIDI file, under the call's control.
  private static func exportNow(
    _ file: MIDIFile, settings: ExportSettings, progress: (@Sendable (Double) -> Void)?
  ) throws -> ExportReport {
    try settings.checkOutputs()
    if let page = settings.page {
      throw ExportError(
        "cannot write the page \(page.folder.relativePath): a page is made from a chart, not a MIDI file",
        file: page.folder.relativePath, code: .outputConflict)
    }
    var report = ExportReport()
    var batch = AtomicFileBatch(sinks: settings.sinks)
    do {
      let performance = Performance(
        file: file, stemsBy: settings.stemsBy == .channel ? .channel : .track)
      let renderer = try Renderer(settings)
      let limits = settings.exportLimits
      try limits.check(audioSeconds: performance.leadIn + performance.end)
      try limits.check(
        outputBytes: settings.audioBytes(
          lasting: performance.leadIn + performance.end, stems: performance.stems.count),
        estimated: true)
      let audio = try renderer.synth.layers(
        of: performance, spill: renderer.spill, progress: progress)
      let rendered = try RenderedAudio(audio, of: performance, renderer)
      rendered.report(into: &report)
      try limits.check(audioSeconds: report.audioSeconds ?? 0)
      try AudioOutput.stage(rendered, into: &batch, report: &report)
      try SessionOutput.stage(rendered, into: &batch, report: &report)
      try limits.check(outputBytes: batch.stagedBytes)
      try batch.commit()
    } catch {
      batch.discard()
      throw error
    }
    return report
  }

  /// Runs `work` under the control of the calling async entry point, or else under a control of
  /// its own that holds it to the settings' CPU time; CPU time spent past the limit is refused
  /// as `ExportError`.
  static func limited<T>(_ settings: ExportSettings, _ work: () throws -> T) throws -> T {
    do {
      if WorkControl.current != nil { return try work() }
      return try WorkControl(cpuSeconds: settings.exportLimits.renderCPUSeconds).run(work)
    } catch let exceeded as CPUTimeExceeded {
      throw ExportLimits.refusal(exceeded)
    }
  }

  /// How the settings' audio is rendered and written.
  package struct Renderer {
    let synth: FluidSynthRenderer
    let settings: ExportSettings

    init(_ settings: ExportSettings) throws {
      var options = settings.render
      options.rendersStems = settings.stems != nil || settings.page != nil
      synth = FluidSynthRenderer(soundFont: try settings.locatedSoundFont(), options: options)
      self.settings = settings
    }

    /// Audio past the memory budget waits in scratch files beside the first audio output, on
    /// the disk it is written to.
    var spill: AudioSpill? { scratchFolder.map { AudioSpill(folder: $0) } }

    /// A folder that exists on the disk of the first audio output, for scratch files.
    var scratchFolder: URL? {
      (settings.mix ?? settings.stems ?? settings.page?.folder).map {
        OutputCheck.missingFolders(at: $0.deletingLastPathComponent()).existing
      }
    }
  }

  /// The cues of the WAV files: the markers, then the further markers that do not fall within a
  /// millisecond of one, in time order, after the lead-in.
  static func cues(
    _ markers: [Score.Marker], _ more: [Score.Marker], _ performance: Performance, _ rate: Int
  ) -> [WAVMetadata.Cue] {
    let extra = more.filter { fact in !markers.contains { abs($0.time - fact.time) < 0.001 } }
    return (markers + extra).enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map {
      WAVMetadata.Cue(
        frame: Int(((performance.leadIn + $0.element.time) * Double(rate)).rounded()),
        label: $0.element.text)
    }
  }
}
