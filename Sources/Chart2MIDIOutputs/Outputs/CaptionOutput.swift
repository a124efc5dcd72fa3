import Chart2MIDIAudio
import Chart2MIDIChart
import Foundation

/// The captions of a production, as subtitlers make them, counted from the audio file's first
/// sample (after the start when it is padded). With a narration, the spoken sentences are the
/// captions, timed by their words, and the facts at the notes go to a file of their own beside
/// them, so that no two cues of one file overlap.
enum CaptionOutput {
  /// Stages the caption files the settings name, and counts their cues in `report`.
  static func stage(
    _ production: Production, into batch: inout AtomicFileBatch, report: inout ExportReport
  ) throws {
    let settings = production.settings
    guard !settings.captionFiles.isEmpty else { return }
    let timeline = production.score.timeline
    let timing = settings.captionTiming
    // On the programme's timeline, a cue is at the file's time plus the start.
    let programme =
      settings.captionTime == .programme ? timeline.start?.secondsValue ?? 0 : 0
    let offset = timeline.audioLeadIn
    let language = production.language.code.rawValue
    func passage(_ caption: Caption) -> SubtitleRules.Passage {
      SubtitleRules.Passage(
        start: caption.start + offset, end: caption.end + offset, text: caption.text)
    }
    // The title, then the facts at the notes.
    let facts = production.facts.map(passage)
    let narration = production.narration
    // The spoken cues said while the graph plays, which the captions at the notes yield to.
    let graph =
      (offset + timeline.graphStart)...(offset + timeline.graphStart + production.graphDuration)
    func duringGraph(_ cue: Caption) -> Bool {
      cue.start < graph.upperBound && cue.end > graph.lowerBound
    }
    var spoken: [Caption] = []
    let atNotes: [Caption]
    if let narration {
      spoken = SubtitleRules.cues(
        for: narration.sentences.map { sentence in
          SubtitleRules.Passage(
            start: sentence.start + offset, end: sentence.end + offset, text: sentence.text,
            words: sentence.words.map { ($0.offset, $0.time) })
        }, timing: timing)
      atNotes = pointCues(
        Array(facts.dropFirst()), around: spoken.filter(duringGraph), timing: timing)
    } else if timing.framesPerSecond == nil {
      atNotes = SubtitleRules.cues(for: facts, timing: timing)
    } else {
      // Without a narration, the title opens the captions; the points give way to it.
      let title = SubtitleRules.cues(for: Array(facts.prefix(1)), timing: timing)
      atNotes =
        title
        + pointCues(Array(facts.dropFirst()), around: title, timing: timing)
    }
    func write(_ cues: [Caption], to url: URL) throws -> Int {
      let format = CaptionFormat(fileExtension: url.pathExtension) ?? .webVTT
      let shifted = cues.map {
        Caption(start: $0.start + programme, end: $0.end + programme, text: $0.text)
      }
      let text = CaptionMaker.render(
        shifted, as: format, language: language, title: production.chart.title)
      try batch.stage(Data(text.utf8), at: url)
      return cues.count
    }
    // A WebVTT file of descriptions: each spoken sentence whole, as it is said.
    let described = (narration?.sentences ?? []).map {
      Caption(start: $0.start + offset, end: $0.end + offset, text: $0.text)
    }
    for (index, url) in settings.captionFiles.enumerated() {
      // A DAPT script is written with the audio it names (see `DAPTOutput`).
      if CaptionFormat.isDAPT(url) { continue }
      let descriptions =
        settings.vttKind == .descriptions && narration != nil
        && CaptionFormat(fileExtension: url.pathExtension) == .webVTT
      let count = try write(
        narration == nil ? atNotes : descriptions ? described : spoken, to: url)
      var pointsCount: (file: URL, count: Int)?
      if narration != nil, let pointsFile = settings.pointCaptions(for: url) {
        pointsCount = (pointsFile, try write(atNotes, to: pointsFile))
      }
      if index == 0 {
        report.captionCount = count
        report.pointCaptions = pointsCount
      }
      report.captionFiles.append((url, count, pointsCount))
    }
  }

  /// The captions at the notes: as broadcast timing places them (at their notes, yielding to
  /// the cues spoken during the graph), or one after another as plain timing does.
  static func pointCues(
    _ points: [SubtitleRules.Passage], around spoken: [Caption], timing: SubtitleRules.Timing
  ) -> [Caption] {
    guard timing.framesPerSecond != nil else {
      return SubtitleRules.cues(for: points, timing: timing)
    }
    return SubtitleRules.pointCues(for: points, around: spoken, timing: timing)
  }
}

/// The narration as a W3C DAPT script (see `DAPTScript`), for each caption file named
/// `NAME.dapt.ttml`: staged after the audio, whose narration stem its texts clip.
enum DAPTOutput {
  /// Stages the DAPT scripts the settings name; `stems` are the written stems by name, when
  /// audio was rendered.
  static func stage(
    _ production: Production, stems: [(name: String, file: URL)], into batch: inout AtomicFileBatch,
    report: inout ExportReport
  ) throws {
    let settings = production.settings
    let scripts = settings.captionFiles.filter(CaptionFormat.isDAPT)
    guard !scripts.isEmpty, let narration = production.narration else { return }
    let timeline = production.score.timeline
    let offset = timeline.audioLeadIn
    let programme =
      settings.captionTime == .programme ? timeline.start?.secondsValue ?? 0 : 0
    let graph =
      (offset + timeline.graphStart)...(offset + timeline.graphStart + production.graphDuration)
    let voice = stems.last { $0.name == Narration.stemName }?.file
    for url in scripts {
      let events = narration.sentences.map { sentence in
        let (start, end) = (sentence.start + offset, sentence.end + offset)
        return DAPTScript.Event(
          start: start + programme, end: end + programme, text: sentence.text,
          audio: voice.map {
            (Session.relativePath(of: $0, from: url.deletingLastPathComponent()), start, end)
          },
          overGraph: start < graph.upperBound && end > graph.lowerBound)
      }
      let text = DAPTScript.document(
        events, language: production.language.code.rawValue, title: production.chart.title)
      try batch.stage(Data(text.utf8), at: url)
      report.captionFiles.append((url, events.count, nil))
    }
  }
}
