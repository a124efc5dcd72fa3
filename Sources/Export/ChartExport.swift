import Descriptor
import Foundation
import MIDIMap
import SMFReader
import Synth

/// What an export wrote.
public struct ExportReport: Sendable {
  /// The music, as mapped from the chart (empty for a MIDI file rendered as it is).
  public var score: Score?
  /// The number of caption cues written.
  public var captionCount: Int?
  /// With a narration, the file of the captions at the notes, beside the spoken captions, and
  /// how many cues it holds.
  public var pointCaptions: (file: URL, count: Int)?
  /// The soundfont the audio was rendered with.
  public var soundFont: URL?
  /// The length of the audio, in seconds.
  public var audioSeconds: Double?
  /// The stem files, in stem order.
  public var stemFiles: [URL] = []
  /// The stems' names, in stem order.
  public var stemNames: [String] = []
  /// The session files written.
  public var sessionFiles: [URL] = []
  /// With a page, the series stems it plays.
  public var pageStemCount = 0
  /// With a page, what its player reads: the points, their times and the words.
  package var pageData: ChartPage.PlayerData?
  /// The loudness the mix reached, when a target was asked for.
  public var loudness: LoudnessReport?
  /// The spoken sentences and their times, with a narration.
  public var narration: [Narration.Sentence] = []
  /// Where the graph's time 0 lies in the outputs: after a narration's intro, else 0 (the
  /// score's `timeline.graphStart`).
  public var graphStart: Double { score?.timeline.graphStart ?? 0 }
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
  ///   audio cannot be rendered; `ExportError` when a file cannot be written.
  public static func export(
    _ chart: ChartDescriptor, settings: ExportSettings,
    progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> ExportReport {
    try settings.checkOutputs()
    if settings.page != nil { try ChartPage.checkSize(chart) }
    let options = settings.sonification
    let mapper = ChartMapper(options: options)
    // A chart that cannot be played is refused before a summary is made for it.
    try mapper.checkFits(chart)
    // The soundfont is found before any work, too.
    let renderer = settings.wantsAudio ? try Renderer(settings) : nil
    // The narration takes its takeaway from the chart as given; the MIDI file's text event says
    // a made summary where the chart has none.
    let given = chart
    var chart = chart
    // The statistics that make a summary serve the mapping too: computed once.
    var statistics: [SeriesStatistics]?
    if chart.summary?.isEmpty ?? true {
      let description = ChartDescription(chart)
      chart.summary = description.generatedSummary
      statistics = description.statistics
    }
    var score = try mapper.makeScore(for: chart, statistics: statistics)
    // A narration goes around the graph: it is spoken on a thread of its own while the music
    // renders; then the music and its markers move after the intro, and each spoken sentence is
    // a marker at its time.
    var speech: BackgroundWork<Narration>?
    let spoken = settings.narration
    var scriptSentences: [ScriptFile.Sentence] = []
    if let parts = spoken.parts {
      // The sentences: from an edited script with its recordings, or made from the chart. What
      // eSpeak NG says is the text after the lexicon, with numbers in words.
      let language = DescriptionLanguage(voice: spoken.voice)
      let lexicon = try spoken.lexicon.map { try Lexicon(contentsOf: $0) }
      let forms = SpokenForms(language: language)
      func line(_ text: String, recording: [Float]? = nil) -> Narration.Line {
        Narration.Line(
          text, spoken: forms.spoken(lexicon?.applied(to: text) ?? text), recording: recording)
      }
      var intro: [Narration.Line] = []
      var details: [Narration.Line] = []
      if let url = spoken.script {
        let file = try ScriptFile(contentsOf: url)
        let recordings = try file.recordings(
          relativeTo: url, sampleRate: settings.render.sampleRate)
        for (index, sentence) in file.sentences.enumerated() {
          let said = line(sentence.text, recording: recordings[index])
          if sentence.part == .intro { intro.append(said) } else { details.append(said) }
        }
        scriptSentences =
          file.sentences.filter { $0.part == .intro }
          + file.sentences.filter { $0.part == .details }
      } else {
        let script = NarrationScript(chart: given, score: score, settings: settings)
        intro = parts.hasIntro ? script.intro.map { line($0) } : []
        details = parts.hasDetails ? script.details.map { line($0) } : []
        scriptSentences =
          intro.map { ScriptFile.Sentence(part: .intro, text: $0.text) }
          + details.map { ScriptFile.Sentence(part: .details, text: $0.text) }
      }
      // Texts too long to speak are refused before the music renders.
      try Narration.checkLength(
        of: (intro + details).filter { $0.recording == nil }.map(\.spoken),
        speechRate: spoken.speechRate)
      let (graphDuration, sampleRate) = (score.duration, settings.render.sampleRate)
      speech = BackgroundWork { [intro, details] in
        guard try SpeechSynthesizer.hasVoice(spoken.voice) else {
          throw ExportError(
            "eSpeak NG has no voice \"\(spoken.voice)\"; `chart2midi voices` lists the voices installed",
            at: options.origin(of: .voice), code: .invalidSetting)
        }
        return try Narration(
          intro: intro, details: details,
          graphDuration: graphDuration, voice: spoken.voice, speechRate: spoken.speechRate,
          pause: spoken.pause, sampleRate: sampleRate)
      }
    }
    // The music renders from time 0 of the graph, wherever the narration puts it.
    var music: (performance: Performance, synthesized: SynthesizedMusic, renderer: Renderer)?
    if let renderer {
      let performance = Performance(score: score, stemsBy: settings.stemsBy)
      if performance.leadIn > 0,
        performance.leadIn + score.duration > FluidSynthRenderer.maximumDuration
      {
        throw ExportError(
          String(
            format:
              "padding the audio's start would make it %.1f hours long, and audio is rendered for at most 1 hour; without padding, the start is written as a time reference instead of silence",
            (performance.leadIn + score.duration) / 3600), at: options.origin(of: .padStart),
          code: .invalidSetting)
      }
      music = (
        performance,
        try renderer.synth.synthesize(performance, spill: renderer.spill, progress: progress),
        renderer
      )
    }
    let narration = try speech?.value()
    if let narration {
      score.delay(by: narration.graphStart)
      for sentence in narration.sentences { score.addMarker(sentence.text, at: sentence.start) }
      // Where the graph begins, after the intro: on the programme's timeline too, with a start.
      if score.timeline.graphStart > 0 {
        score.addMarker(
          "Graph starts\(score.timeline.graphTimecode.map { " (\($0))" } ?? "")",
          at: score.timeline.graphStart)
      }
    }
    var report = ExportReport(score: score, warnings: chart.notes + chart.rangeWarnings())
    report.narration = narration?.sentences ?? []
    var batch = AtomicFileBatch()
    do {
      if let midi = settings.midi {
        try batch.stage(Data(SMFEncoder().encode(score)), at: midi)
      }
      // The narration as spoken: each sentence at its time in the audio files.
      if let url = settings.scriptOut, let narration {
        let offset = score.timeline.audioLeadIn
        for (index, sentence) in narration.sentences.enumerated()
        where index < scriptSentences.count {
          scriptSentences[index].start = offset + sentence.start
          scriptSentences[index].end = offset + sentence.end
        }
        try batch.stage(
          Data(ScriptFile(sentences: scriptSentences).json().utf8), at: url)
      }
      // The captions' facts at the notes (the title first), at their times on the timeline; with
      // a narration, in its language.
      var facts: [Caption] = []
      var maker = CaptionMaker(includesLabels: settings.captionLabels)
      if spoken.parts != nil { maker.language = DescriptionLanguage(voice: spoken.voice) }
      if settings.captions != nil || settings.wantsAudio {
        // With a narration, the captions at the notes speak its language.
        facts = maker.captions(for: chart, score: score)
      }
      if let captions = settings.captions {
        let format = CaptionFormat(fileExtension: captions.pathExtension) ?? .webVTT
        // Cues as subtitlers make them, counted from the audio file's first sample (after the
        // start when it is padded). With a narration, the spoken sentences are the captions,
        // timed by their words, and the facts at the notes go to a file of their own beside
        // them, so that no two cues of one file overlap.
        let offset = score.timeline.audioLeadIn
        let language = spoken.parts != nil ? maker.language.code.rawValue : "en"
        func write(_ passages: [SubtitleRules.Passage], to url: URL) throws -> Int {
          let cues = SubtitleRules.cues(for: passages).map {
            Caption(start: $0.start + offset, end: $0.end + offset, text: $0.text)
          }
          let text = CaptionMaker.render(cues, as: format, language: language, title: chart.title)
          try batch.stage(Data(text.utf8), at: url)
          return cues.count
        }
        let points = (narration == nil ? facts[...] : facts.dropFirst()).map {
          SubtitleRules.Passage(start: $0.start, end: $0.end, text: $0.text)
        }
        if let narration {
          let sentences = narration.sentences.map { sentence in
            SubtitleRules.Passage(
              start: sentence.start, end: sentence.end, text: sentence.text,
              words: sentence.words.map { ($0.offset, $0.time) })
          }
          report.captionCount = try write(sentences, to: captions)
          let pointsFile = settings.pointCaptions!
          report.pointCaptions = (pointsFile, try write(points, to: pointsFile))
        } else {
          report.captionCount = try write(points, to: captions)
        }
      }
      if let music {
        // The WAV files' markers: the score's (moved by a narration, with its sentences), and
        // the extremes and outliers the captions name.
        var performance = music.performance
        performance.markers = score.markers
        let rendering = try music.renderer.synth.assemble(
          music.synthesized, leadIn: performance.leadIn, musicStart: score.timeline.graphStart,
          recordings: narration?.recordings ?? [])
        try stageAudio(
          rendering, of: performance, music.renderer, into: &batch, report: &report,
          moreMarkers: facts.dropFirst().map { Score.Marker(time: $0.start, text: $0.text) },
          chart: given)
      }
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
  ///   written.
  public static func export(
    _ file: MIDIFile, settings: ExportSettings, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> ExportReport {
    try settings.checkOutputs()
    if let page = settings.page {
      throw ExportError(
        "cannot write the page \(page.folder.relativePath): a page is made from a chart, not a MIDI file",
        file: page.folder.relativePath, code: .outputConflict)
    }
    var report = ExportReport()
    var batch = AtomicFileBatch()
    do {
      let performance = Performance(file: file)
      let renderer = try Renderer(settings)
      let audio = try renderer.synth.layers(
        of: performance, spill: renderer.spill, progress: progress)
      try stageAudio(audio, of: performance, renderer, into: &batch, report: &report)
      try batch.commit()
    } catch {
      batch.discard()
      throw error
    }
    return report
  }

  /// How the settings' audio is rendered and written.
  struct Renderer {
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
