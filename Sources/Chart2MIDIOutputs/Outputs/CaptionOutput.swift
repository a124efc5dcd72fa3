import Chart2MIDIChart
import Foundation

/// The captions of a production, as subtitlers make them, counted from the audio file's first
/// sample (after the start when it is padded). With a narration, the spoken sentences are the
/// captions, timed by their words, and the facts at the notes go to a file of their own beside
/// them, so that no two cues of one file overlap.
enum CaptionOutput {
  /// Stages the captions where the settings name them, and counts their cues in `report`.
  static func stage(
    _ production: Production, into batch: inout AtomicFileBatch, report: inout ExportReport
  ) throws {
    guard let url = production.settings.captions else { return }
    let format = CaptionFormat(fileExtension: url.pathExtension) ?? .webVTT
    let offset = production.score.timeline.audioLeadIn
    let language = production.language.code.rawValue
    func write(_ passages: [SubtitleRules.Passage], to url: URL) throws -> Int {
      let cues = SubtitleRules.cues(for: passages).map {
        Caption(start: $0.start + offset, end: $0.end + offset, text: $0.text)
      }
      let text = CaptionMaker.render(
        cues, as: format, language: language, title: production.chart.title)
      try batch.stage(Data(text.utf8), at: url)
      return cues.count
    }
    let facts = production.facts
    let narration = production.narration
    let points = (narration == nil ? facts[...] : facts.dropFirst()).map {
      SubtitleRules.Passage(start: $0.start, end: $0.end, text: $0.text)
    }
    guard let narration else {
      report.captionCount = try write(points, to: url)
      return
    }
    let sentences = narration.sentences.map { sentence in
      SubtitleRules.Passage(
        start: sentence.start, end: sentence.end, text: sentence.text,
        words: sentence.words.map { ($0.offset, $0.time) })
    }
    report.captionCount = try write(sentences, to: url)
    let pointsFile = production.settings.pointCaptions!
    report.pointCaptions = (pointsFile, try write(points, to: pointsFile))
  }
}
