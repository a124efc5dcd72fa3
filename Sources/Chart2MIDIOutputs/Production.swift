import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation

/// One chart's production: everything its outputs share, made once from the chart and the
/// settings. The chart's facts (its statistics, described in any language without counting
/// again), the score and its timeline (moved after a spoken intro, with the sentences as markers),
/// the narration and the script it was spoken from, the facts the captions and cues name, and the
/// rendered music. Each output is a writer that reads the production (see `ChartExport`).
package struct Production {
  /// The music rendered, before it is assembled with the narration.
  package struct Music {
    /// What was played: the score's tracks as stems, its lead-in and start.
    package var performance: Performance
    /// The music's layers, from the graph's time 0.
    package var synthesized: SynthesizedMusic
    /// The renderer, which assembles the layers and knows the outputs' formats.
    package var renderer: ChartExport.Renderer
  }

  /// The settings.
  package let settings: ExportSettings
  /// The chart as given: what the narration takes its takeaway from.
  package let given: ChartDescriptor
  /// The chart with a summary made from its data when it has none: what the MIDI file's text says.
  package let chart: ChartDescriptor
  /// The chart's facts, in English, when an output needs them (a made summary, a narration,
  /// captions, audio cues, a page); `facts(in:)` in any language.
  package let description: ChartDescription?
  /// The music, moved after a spoken intro, with the sentences as markers.
  package var score: Score
  /// The narration, as spoken, when there is one.
  package let narration: Narration?
  /// The sentences the narration spoke, as a script to edit and voice.
  package let scriptSentences: [ScriptFile.Sentence]
  /// The title, then the facts at the notes (the extremes, the outliers, the labels when asked),
  /// in the narration's language: the captions, and the audio files' further cues.
  package let facts: [Caption]
  /// How long the graph plays, from its time 0 to its last event, in seconds.
  package let graphDuration: Double
  /// The language of the captions and of a narration: the narration voice's when there is one.
  package let language: DescriptionLanguage
  /// The rendered music, when audio is asked for.
  package let music: Music?

  /// The chart's facts in `language`: counted once, and only for an output that needs them.
  package func facts(in language: DescriptionLanguage) -> ChartDescription {
    description?.speaking(language) ?? ChartDescription(given, language: language)
  }

  /// Makes the production: maps the chart, speaks the narration on a thread of its own while the
  /// music renders, then moves the music after the intro.
  ///
  /// - Throws: `MIDIMapError` when the mapping settings do not fit the chart; `SynthError` when
  ///   audio or speech cannot be made; `ExportError` for a narration script or lexicon that cannot
  ///   be read, a voice that is not installed or a start padded past the hour rendered.
  package init(
    _ chart: ChartDescriptor, settings: ExportSettings,
    progress: (@Sendable (Double) -> Void)? = nil
  ) throws {
    self.settings = settings
    var options = settings.sonification
    // Series that play one after another with cues leave room between them for each name.
    if settings.narration.parts != nil, settings.narration.cues, options.arrangement == .sequential
    {
      let estimate = SpeechEstimate(
        language: DescriptionLanguage(voice: settings.narration.voice),
        rate: settings.narration.speechRate)
      let longest = chart.series.map { estimate.seconds([$0.name]) }.max() ?? 0
      options.gap = max(options.gap, 1.25 * longest + Narration.cueLead + 0.4)
    }
    let mapper = ChartMapper(options: options)
    // A chart that cannot be played is refused before a summary is made for it.
    try mapper.checkFits(chart)
    // The soundfont is found before any work, too.
    let renderer = settings.wantsAudio ? try ChartExport.Renderer(settings) : nil
    // The statistics that describe the chart, make a missing summary and serve the mapping:
    // counted once, and only when an output needs them (the mapping alone counts only what it
    // uses, for a chart with a summary and no other output than MIDI).
    given = chart
    let spoken = settings.narration
    let summarize = chart.summary?.isEmpty ?? true
    let needsFacts =
      summarize || spoken.parts != nil || settings.captions != nil || settings.wantsAudio
      || settings.braille != nil
    let description = needsFacts ? ChartDescription(chart) : nil
    self.description = description
    var summarized = chart
    if summarize, let description { summarized.summary = description.generatedSummary }
    self.chart = summarized
    var score = try mapper.makeScore(for: summarized, statistics: description?.statistics)
    graphDuration = score.duration
    language =
      spoken.parts != nil ? DescriptionLanguage(voice: spoken.voice) : DescriptionLanguage.english
    // The facts in the narration's language, for the narration and the captions (both of which
    // make `needsFacts` true).
    let spokenFacts = description?.speaking(language)
    // A narration goes around the graph: spoken on a thread of its own while the music renders.
    var speech: BackgroundWork<Narration>?
    var sentences: [ScriptFile.Sentence] = []
    let limits = settings.exportLimits
    var narrationEstimate = 0.0
    if spoken.parts != nil {
      let speaker = Speaker(
        engine: spoken.engine, voice: spoken.voice, rate: spoken.speechRate)
      // A voice the engine does not have is refused before anything is spoken or rendered.
      guard try speaker.canSpeak() else {
        throw SynthError(
          "eSpeak NG has no voice \"\(spoken.voice)\"", at: settings.origin(of: .voice),
          code: .unknownVoice)
      }
      let (intro, details, cues, script) = try Self.lines(
        given, score: score, settings: settings, facts: spokenFacts!, speaker: speaker)
      sentences = script
      // Texts too long to speak are refused before the music renders.
      let texts = (intro + details + cues.map(\.line)).filter { $0.recording == nil }.map(\.spoken)
      let narrationLimit = limits.narrationSeconds ?? Narration.maximumDuration
      try Narration.checkLength(of: texts, speechRate: spoken.speechRate, limit: narrationLimit)
      // The narration around the graph, by its words: audio longer than allowed is refused now.
      narrationEstimate = SpeechEstimate(language: language, rate: spoken.speechRate).seconds(
        (intro + details).map(\.spoken))
      let (graphDuration, sampleRate) = (score.duration, settings.render.sampleRate)
      speech = BackgroundWork { [intro, details, cues, speaker] in
        try Narration(
          intro: intro, details: details, cues: cues,
          graphDuration: graphDuration, speaker: speaker, pause: spoken.pause,
          sampleRate: sampleRate, limit: narrationLimit)
      }
    }
    // The music renders from time 0 of the graph, wherever the narration puts it.
    if let renderer {
      guard settings.stemsBy != .channel else {
        throw ExportError(
          "stems by channel are cut from a MIDI file's tracks; a chart's stems are by series or by track",
          code: .invalidSetting)
      }
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
      try limits.check(
        audioSeconds: performance.leadIn + score.duration + narrationEstimate,
        estimated: narrationEstimate > 0)
      try limits.check(
        outputBytes: settings.audioBytes(
          lasting: performance.leadIn + score.duration, stems: performance.stems.count),
        estimated: true)
      music = Music(
        performance: performance,
        synthesized: try renderer.synth.synthesize(
          performance, spill: renderer.spill, progress: progress),
        renderer: renderer)
    } else {
      music = nil
    }
    // Then the music and its markers move after the intro, and each spoken sentence is a marker
    // at its time.
    narration = try speech?.value()
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
    self.score = score
    scriptSentences = sentences
    // The facts at the notes, where the moved score plays them: for the captions and the audio
    // files' cues.
    if settings.captions != nil || settings.wantsAudio {
      var maker = CaptionMaker(includesLabels: settings.captionLabels)
      maker.language = language
      facts = maker.captions(for: spokenFacts!, score: score)
    } else {
      facts = []
    }
  }

  /// The narration's lines, from an edited script with its recordings or made from the chart,
  /// and the script they make. What eSpeak NG says is the text after the lexicon, with numbers in
  /// words.
  private static func lines(
    _ chart: ChartDescriptor, score: Score, settings: ExportSettings, facts: ChartDescription,
    speaker: Speaker
  ) throws -> (
    intro: [Narration.Line], details: [Narration.Line], cues: [(line: Narration.Line, at: Double)],
    script: [ScriptFile.Sentence]
  ) {
    let spoken = settings.narration
    let lexicon = try spoken.lexicon.map { try Lexicon(contentsOf: $0) }
    let forms = SpokenForms(language: facts.language)
    func line(_ text: String, recording: [Float]? = nil) throws -> Narration.Line {
      Narration.Line(
        text, spoken: forms.spoken(try lexicon?.applied(to: text) ?? text), recording: recording)
    }
    var intro: [Narration.Line] = []
    var details: [Narration.Line] = []
    // The intro's length is measured by speaking it, as it will be spoken (the speaker keeps
    // the speech for the narration); an edited script's intro is the editor's, not measured.
    let measure: ([String]) throws -> Double = { sentences in
      let speech = try speaker.speak(sentences.map { try line($0).spoken })
      return speech.reduce(0.0) { $0 + Double($1.samples.count) / Double($1.sampleRate) }
        + Narration.sentenceGap * Double(max(0, sentences.count - 1))
    }
    let script = NarrationScript(
      facts: facts, score: score, settings: settings,
      measure: spoken.script == nil ? measure : nil)
    // The cues come from the chart, with an edited script too.
    func cueLines() throws -> [(line: Narration.Line, at: Double)] {
      try script.cues.map { (try line($0.text), $0.at) }
    }
    if let url = spoken.script {
      let file = try ScriptFile(contentsOf: url)
      let recordings = try file.recordings(relativeTo: url, sampleRate: settings.render.sampleRate)
      for (index, sentence) in file.sentences.enumerated() {
        let said = try line(sentence.text, recording: recordings[index])
        if sentence.part == .intro { intro.append(said) } else { details.append(said) }
      }
      let script =
        file.sentences.filter { $0.part == .intro } + file.sentences.filter { $0.part == .details }
      return (intro, details, try cueLines(), script)
    }
    let parts = spoken.parts ?? .both
    intro = parts.hasIntro ? try script.intro.map { try line($0) } : []
    details = parts.hasDetails ? try script.details.map { try line($0) } : []
    return (
      intro, details, try cueLines(),
      intro.map { ScriptFile.Sentence(part: .intro, text: $0.text) }
        + details.map { ScriptFile.Sentence(part: .details, text: $0.text) }
    )
  }

  /// What an export of the production reports before its files are written: the score, the
  /// warnings about the chart, the narration.
  package var report: ExportReport {
    var report = ExportReport(score: score, warnings: chart.notes + chart.rangeWarnings())
    report.narration = narration?.sentences ?? []
    report.facts = description
    return report
  }
}
