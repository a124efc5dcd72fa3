import Chart2MIDICore
import Chart2MIDIFacts
import Foundation

/// The Standard MIDI File of a production.
enum MIDIOutput {
  /// Stages the score's SMF bytes where the settings name a MIDI file.
  static func stage(_ production: Production, into batch: inout AtomicFileBatch) throws {
    guard let url = production.settings.midi else { return }
    try batch.stage(Data(SMFEncoder().encode(production.score)), at: url)
  }
}
