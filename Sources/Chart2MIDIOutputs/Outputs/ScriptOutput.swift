import Chart2MIDIChart
import Foundation

/// The narration as spoken, as a script to edit and voice: each sentence at its time in the audio
/// files.
enum ScriptOutput {
  /// Stages the script where the settings name one, when there is a narration.
  static func stage(_ production: Production, into batch: inout AtomicFileBatch) throws {
    guard let url = production.settings.scriptOut, let narration = production.narration else {
      return
    }
    var sentences = production.scriptSentences
    let offset = production.score.timeline.audioLeadIn
    for (index, sentence) in narration.sentences.enumerated() where index < sentences.count {
      sentences[index].start = offset + sentence.start
      sentences[index].end = offset + sentence.end
    }
    try batch.stage(Data(ScriptFile(sentences: sentences).json().utf8), at: url)
  }
}
