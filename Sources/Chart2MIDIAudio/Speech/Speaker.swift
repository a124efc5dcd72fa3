import Chart2MIDIBase
import Foundation
import Synchronization

/// Speaks sentences with one engine, voice and rate, and keeps what it said: a sentence spoken to
/// measure a short intro is not spoken again for the narration.
package final class Speaker: Sendable {
  /// The engine.
  package let engine: SpeechEngine
  /// eSpeak NG's voice, for `SpeechEngine.espeak`.
  package let voice: String
  /// Words a minute.
  package let rate: Int
  /// What each text gave.
  private let said = Mutex<[String: Spoken]>([:])

  /// A speaker with `engine`, eSpeak NG's `voice` (for that engine) and `rate` words a minute.
  package init(engine: SpeechEngine = .espeak, voice: String, rate: Int) {
    self.engine = engine
    self.voice = voice
    self.rate = rate
  }

  /// Whether the engine can speak: eSpeak NG has the voice, or the Piper voice model is readable
  /// (a command is tried when it speaks).
  ///
  /// - Throws: `SynthError` when eSpeak NG cannot start or the Piper model cannot be read.
  package func canSpeak() throws -> Bool {
    switch engine {
    case .espeak: return try SpeechSynthesizer.hasVoice(voice)
    case .piper(let model):
      _ = try PiperVoice(model: model)
      return true
    case .command: return true
    }
  }

  /// The speech of each text, in order: those said before from what was kept, the others
  /// spoken now (by Piper all in one go; by eSpeak NG or a command one at a time). Speech stops
  /// as soon as all of it would last longer than `maximumSeconds`.
  ///
  /// - Throws: `SpeechTooLong` past `maximumSeconds`; `SynthError` when the engine cannot speak;
  ///   `CancellationError` when the task it runs in is cancelled.
  package func speak(_ texts: [String], maximumSeconds: Double = .infinity) throws -> [Spoken] {
    var known = said.withLock { kept in texts.map { kept[$0] } }
    var seconds = known.reduce(0.0) { total, speech in
      total + (speech.map { Double($0.samples.count) / Double($0.sampleRate) } ?? 0)
    }
    var missing: [String] = []
    for (index, text) in texts.enumerated() where known[index] == nil && !missing.contains(text) {
      missing.append(text)
    }
    guard !missing.isEmpty else { return known.map { $0! } }
    let room = maximumSeconds - seconds
    var made: [Spoken] = []
    // The CPU time of this thread, for the call's limit.
    var meter = WorkControl.Meter()
    switch engine {
    case .espeak:
      // Each sentence by a fresh eSpeak NG: its speech never depends on what was said before it,
      // so a sentence kept from measuring is the one the narration would have spoken.
      var left = room
      for text in missing {
        // Stopped between sentences once its call is cancelled.
        try meter.check()
        _ = try SpeechSynthesizer.speak([text], voice: voice, rate: rate, maximumSeconds: left) {
          samples, sampleRate, words in
          made.append(Spoken(samples: samples, sampleRate: sampleRate, words: words))
          left -= Double(samples.count) / Double(sampleRate)
        }
      }
    case .piper(let model):
      made = try ExternalSpeech.piper(missing, voice: PiperVoice(model: model), rate: rate)
    case .command(let command):
      for text in missing {
        try meter.check()
        made.append(try ExternalSpeech.command(command, text: text, rate: rate))
        seconds += Double(made.last!.samples.count) / Double(made.last!.sampleRate)
        if seconds > maximumSeconds { throw SpeechTooLong() }
      }
    }
    if case .piper = engine {
      seconds += made.reduce(0.0) { $0 + Double($1.samples.count) / Double($1.sampleRate) }
      if seconds > maximumSeconds { throw SpeechTooLong() }
    }
    said.withLock { kept in
      for (text, speech) in zip(missing, made) { kept[text] = speech }
    }
    let fresh = Dictionary(zip(missing, made)) { first, _ in first }
    for index in texts.indices where known[index] == nil { known[index] = fresh[texts[index]] }
    return known.map { $0! }
  }
}
