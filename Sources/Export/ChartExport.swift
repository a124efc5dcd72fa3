import Descriptor
import Foundation
import MIDIMap
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
            at: options.origin(of: .voice))
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
            (performance.leadIn + score.duration) / 3600), at: options.origin(of: .padStart))
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
        file: page.folder.relativePath)
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

  /// Writes the mix, the stems and the page `renderer.settings` name, with `performance`'s title
  /// and markers and `moreMarkers` as their cues; the page is `chart`'s.
  private static func stageAudio(
    _ rendering: AssembledAudio, of performance: Performance, _ renderer: Renderer,
    into batch: inout AtomicFileBatch, report: inout ExportReport,
    moreMarkers: [Score.Marker] = [], chart: ChartDescriptor? = nil
  ) throws {
    let settings = renderer.settings
    report.soundFont = renderer.synth.soundFont
    report.audioSeconds = Double(rendering.mix.frames) / Double(rendering.sampleRate)
    report.warnings += rendering.warnings
    report.loudness = rendering.loudness
    var metadata = WAVMetadata(description: performance.title)
    metadata.loudness = rendering.loudness?.reached
    metadata.originationDate = try ExportSettings.originationDate()
    // A start that is not padded is where the first sample lies on the programme's timeline.
    if let start = performance.start, performance.leadIn == 0 {
      metadata.timeReference = Int((start.secondsValue * Double(rendering.sampleRate)).rounded())
      metadata.timecode = start
    }
    metadata.cues = cues(performance.markers, moreMarkers, performance, rendering.sampleRate)
    // The mix and the stems are written side by side.
    let scratch = renderer.scratchFolder ?? URL(fileURLWithPath: ".")
    func writer(_ audio: LayeredAudio, stem: String? = nil, format: AudioFormat) throws
      -> AtomicFileBatch.Writer
    {
      var described = metadata
      if let stem {
        described.description = "\(performance.title): \(stem)"
        described.trackName = stem
        // The markers are the mix's; a stem carries them when asked.
        if !settings.stemCues { described.cues = [] }
        // A stem's bext holds its own loudness, measured as written, never the mix's.
        described.loudness =
          rendering.loudness == nil || format != .wav
          ? nil : try Loudness(of: audio, sampleRate: rendering.sampleRate, detail: .full)
      }
      let (sampleRate, sampleFormat) = (rendering.sampleRate, settings.sampleFormat)
      return { [described] output in
        if format == .wav {
          try WAVEncoder.write(
            audio, sampleRate: sampleRate, format: sampleFormat, metadata: described, to: output)
        } else {
          // Encoding needs a scratch file on the outputs' disk, in a folder that exists.
          try CompressedAudioEncoder.write(
            audio, sampleRate: sampleRate, format: format, sampleFormat: sampleFormat,
            metadata: described, scratchFolder: scratch, to: output)
        }
      }
    }
    var files: [(destination: URL, write: AtomicFileBatch.Writer)] = []
    let format = settings.effectiveAudioFormat
    if let mix = settings.mix { files.append((mix, try writer(rendering.mix, format: format))) }
    if let folder = settings.stems {
      let names = StemNaming.fileNames(
        for: rendering.stems.map(\.name), extension: format.fileExtension)
      // A stem where another output goes would be replaced by it, or replace it.
      let others = [settings.midi, settings.mix, settings.captions].compactMap {
        $0?.standardizedFileURL
      }
      for (stem, name) in zip(rendering.stems, names) {
        let url = folder.appendingPathComponent(name)
        if others.contains(url.standardizedFileURL) {
          throw ExportError(
            "cannot write \(url.relativePath): it is both a stem and another output; name another file",
            file: url.relativePath)
        }
        files.append((url, try writer(stem.audio, stem: stem.name, format: format)))
        report.stemFiles.append(url)
        report.stemNames.append(stem.name)
      }
    }
    // The stems replace the stems folder whole, so that it holds exactly this render's stems.
    try batch.stage(files, folder: settings.stems)
    // A page takes the same mix, and the series' stems, in its own format; its folder is
    // replaced whole.
    if let page = settings.page, let chart, let score = report.score {
      let format = settings.pageAudioFormat
      let audio = page.folder.appendingPathComponent("audio")
      var pageFiles: [(destination: URL, write: AtomicFileBatch.Writer)] = []
      let mix = page.mix ?? audio.appendingPathComponent("mix.\(format.fileExtension)")
      if page.mix == nil { pageFiles.append((mix, try writer(rendering.mix, format: format))) }
      let series = Set(chart.series.map(\.name))
      let played = rendering.stems.filter { series.contains($0.name) }
      let names = StemNaming.fileNames(for: played.map(\.name), extension: format.fileExtension)
      var stems: [String: URL] = [:]
      for (stem, name) in zip(played, names) {
        let url = audio.appendingPathComponent("stems").appendingPathComponent(name)
        pageFiles.append((url, try writer(stem.audio, stem: stem.name, format: format)))
        stems[stem.name] = url
      }
      let language = page.language ?? DescriptionLanguage(voice: settings.narration.voice)
      var data = ChartPage.pageData(
        chart, score: score, settings: settings, folder: page.base ?? page.folder, mix: mix,
        stems: stems, language: language)
      if page.quiz { data = data.forQuiz() }
      if page.writesDocuments {
        for (url, bytes) in ChartPage.documents(
          chart, page: page, data: data, score: score, settings: settings, language: language)
        {
          pageFiles.append((url, { output in try bytes.withUnsafeBytes(output) }))
        }
      }
      try batch.stage(pageFiles, folder: page.folder)
      report.pageStemCount = stems.count
      report.pageData = data
    }
    // The sessions lay the stems out, the sentences as regions and the other cues as markers.
    if !settings.sessions.isEmpty {
      let rate = Double(rendering.sampleRate)
      var markers = metadata.cues.map { (time: Double($0.frame) / rate, label: $0.label) }
      // A sentence's region starts at its cue (the marker on the MIDI file's tick), and lasts
      // as long as it is spoken.
      let regions = report.narration.map { sentence in
        let start = performance.leadIn + sentence.start
        let cue = markers.firstIndex { abs($0.time - start) < 0.002 && $0.label == sentence.text }
        let at = cue.map { markers[$0].time } ?? start
        if let cue { markers.remove(at: cue) }
        return Session.Region(
          start: at, end: at + sentence.end - sentence.start, text: sentence.text)
      }
      let score = report.score
      let session = Session(
        title: performance.title, sampleRate: rendering.sampleRate, frames: rendering.mix.frames,
        stems: zip(rendering.stems.map(\.name), report.stemFiles).map { ($0, $1) },
        regions: regions, markers: markers, tempo: score?.tempo ?? 120,
        timeSignature: score?.timeSignature ?? .common,
        start: performance.leadIn == 0 ? performance.start : nil,
        frameRate: performance.start?.frameRate ?? settings.sonification.frameRate)
      for url in settings.sessions {
        try batch.stage(Data(session.text(for: url).utf8), at: url)
        report.sessionFiles.append(url)
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
