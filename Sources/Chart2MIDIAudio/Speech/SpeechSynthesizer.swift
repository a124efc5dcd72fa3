internal import CEspeakNG
import Chart2MIDIBase
import Foundation
import Synchronization

/// Speech from text with eSpeak NG's C library, rendered offline. Listing and finding voices go
/// through one lock (eSpeak NG keeps its state in the process); speaking loads a private copy of
/// the library for each call (see `PrivateEspeak`), so that the same text always gives the same
/// samples and narrations on several threads speak at once.
package enum SpeechSynthesizer {
  /// A voice eSpeak NG can speak with.
  package struct Voice: Hashable, Sendable {
    /// The name to choose it by, such as "en" or "fr" (its file in espeak-ng-data/voices).
    package var identifier: String
    /// Its given name, such as "English (Great Britain)".
    package var name: String
    /// The languages it speaks, first the one it is for.
    package var languages: [String]
  }

  /// Where a word of a spoken text begins: its first character (counted in characters from the
  /// text's start) and its length, and when it is said, in seconds from the start of the text's
  /// speech, as eSpeak NG's word events give them.
  package struct Word: Hashable, Sendable {
    /// Characters from the start of the text to the word.
    package var offset: Int
    /// The word's length in characters.
    package var length: Int
    /// When it is said, in seconds from the start of its text's speech.
    package var time: Double
  }

  /// The speaking rates eSpeak NG accepts, in words a minute.
  package static let rates = 80...450

  private static let lock = Mutex<Int?>(nil)

  /// Sets eSpeak NG up once; its sample rate.
  private static func initialized(_ sampleRate: inout Int?) throws -> Int {
    if let sampleRate { return sampleRate }
    let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0)
    guard rate > 0 else {
      throw SynthError(
        "eSpeak NG could not start: its data (espeak-ng-data) is missing; install espeak-ng-data",
        call: "espeak_Initialize", code: .speechUnavailable)
    }
    espeak_SetSynthCallback(collect)
    sampleRate = Int(rate)
    return Int(rate)
  }

  /// The voices installed, by identifier.
  ///
  /// - Throws: `SynthError` when eSpeak NG cannot start.
  package static func voices() throws -> [Voice] {
    try lock.withLock { state in
      _ = try initialized(&state)
      guard let list = espeak_ListVoices(nil) else { return [] }
      var voices: [Voice] = []
      var index = 0
      while let entry = list[index] {
        index += 1
        let voice = entry.pointee
        guard let identifier = voice.identifier.map({ String(cString: $0) }) else { continue }
        var languages: [String] = []
        if var cursor = voice.languages.map({ UnsafeRawPointer($0) }) {
          // A list of a priority byte and a zero-terminated name, ended by a zero byte.
          while cursor.load(as: UInt8.self) != 0 {
            let name = String(cString: cursor.advanced(by: 1).assumingMemoryBound(to: CChar.self))
            languages.append(name)
            cursor = cursor.advanced(by: 1 + name.utf8.count + 1)
          }
        }
        voices.append(
          Voice(
            identifier: identifier, name: voice.name.map { String(cString: $0) } ?? identifier,
            languages: languages))
      }
      return voices.sorted { $0.identifier < $1.identifier }
    }
  }

  /// Whether eSpeak NG can speak with this voice: an identifier ("roa/fr"), a file name ("fr", or
  /// with a variant, "en-us+f3"), a given name ("French (Belgium)") or a language ("fr-fr"), in
  /// any case.
  ///
  /// - Throws: `SynthError` when eSpeak NG cannot start.
  package static func hasVoice(_ wanted: String) throws -> Bool {
    try lock.withLock { state in
      _ = try initialized(&state)
      return select(wanted)
    }
  }

  /// Makes `voice` eSpeak NG's current voice, by its name or else as a language; whether it
  /// could. Called under the lock, after `initialized`. eSpeak NG reads only the voice it needs,
  /// where listing every voice reads them all.
  private static func select(_ voice: String) -> Bool {
    guard !voice.isEmpty else { return false }
    if espeak_SetVoiceByName(voice) == EE_OK { return true }
    return voice.withCString { language in
      var properties = espeak_VOICE()
      properties.languages = language
      return espeak_SetVoiceByProperties(&properties) == EE_OK
    }
  }

  /// Speech of each text, one after another, as mono samples at eSpeak NG's own rate.
  ///
  /// - Parameters:
  ///   - texts: the sentences, each spoken on its own.
  ///   - voice: a voice's identifier or name, or a language ("en", "de").
  ///   - rate: words a minute, within `rates`.
  /// - Returns: the sample rate and each text's samples.
  /// - Throws: `SynthError` for a voice eSpeak NG does not have, or text it cannot speak.
  package static func speak(_ texts: [String], voice: String, rate: Int) throws -> (
    sampleRate: Int, speech: [[Float]]
  ) {
    var speech: [[Float]] = []
    let sampleRate = try speak(texts, voice: voice, rate: rate) { samples, _, _ in
      speech.append(samples)
    }
    return (sampleRate, speech)
  }

  /// Speech of each text, one after another, handed to `each` as soon as it is spoken, as mono
  /// samples with eSpeak NG's own sample rate (which is also returned) and where each word falls.
  /// Speech is stopped as soon as all of it would last longer than `maximumSeconds`.
  ///
  /// - Throws: `SpeechTooLong` when the speech passes `maximumSeconds`; `SynthError` for a voice
  ///   eSpeak NG does not have, or text it cannot speak.
  package static func speak(
    _ texts: [String], voice: String, rate: Int, maximumSeconds: Double = .infinity,
    each: ([Float], Int, [Word]) -> Void
  ) throws -> Int {
    // A fresh copy of the library for each call: the same texts give the same samples.
    let engine = try PrivateEspeak()
    let sampleRate = Int(engine.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0))
    guard sampleRate > 0 else {
      throw SynthError(
        "eSpeak NG could not start: its data (espeak-ng-data) is missing; install espeak-ng-data",
        call: "espeak_Initialize", code: .speechUnavailable)
    }
    engine.setSynthCallback(collect)
    let selected =
      !voice.isEmpty
      && (engine.setVoiceByName(voice) == EE_OK
        || voice.withCString { language in
          var properties = espeak_VOICE()
          properties.languages = language
          return engine.setVoiceByProperties(&properties) == EE_OK
        })
    guard selected else {
      throw SynthError(
        "eSpeak NG has no voice \"\(voice)\"",
        call: "espeak_SetVoiceByName", code: .unknownVoice)
    }
    guard engine.setParameter(espeakRATE, Int32(rate), 0) == EE_OK else {
      throw SynthError(
        "eSpeak NG cannot speak at \(rate) words a minute", call: "espeak_SetParameter",
        code: .invalidRequest)
    }
    let allowed = maximumSeconds * Double(sampleRate)
    var room = allowed < Double(Int.max) ? Int(allowed) : .max
    for text in texts {
      let buffer = SampleBuffer(room: room)
      let context = Unmanaged.passRetained(buffer)
      defer { context.release() }
      let result = text.withCString { pointer in
        engine.synth(
          pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil,
          context.toOpaque())
      }
      if buffer.isCancelled { throw CancellationError() }
      if buffer.isFull { throw SpeechTooLong() }
      guard result == EE_OK else {
        throw SynthError(
          "eSpeak NG could not speak \"\(text.prefix(60))\" (espeak_Synth failed: \(result.rawValue))",
          call: "espeak_Synth", code: .speechUnavailable)
      }
      room -= buffer.samples.count
      each(buffer.samples, sampleRate, buffer.words)
    }
    return sampleRate
  }
}

/// Speech that passed the length it was allowed.
struct SpeechTooLong: Error {}

/// Where the callback puts one text's samples, up to the room it has.
private final class SampleBuffer {
  var samples: [Float] = []
  /// The words' places, from eSpeak NG's word events.
  var words: [SpeechSynthesizer.Word] = []
  /// The most samples it takes.
  let room: Int
  /// Whether the speech went past the room, and was stopped.
  var isFull = false
  /// Whether the call was cancelled while it spoke, and the speech was stopped.
  var isCancelled = false

  init(room: Int) { self.room = room }
}

/// eSpeak NG's callback: the samples of a stretch of speech, and events that carry the buffer.
private func collect(
  _ samples: UnsafeMutablePointer<Int16>?, _ count: Int32,
  _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
  guard let samples, count > 0, let context = events?.pointee.user_data else { return 0 }
  let buffer = Unmanaged<SampleBuffer>.fromOpaque(context).takeUnretainedValue()
  // The events of this stretch, up to the one that ends the list: the words' starts. eSpeak NG
  // counts positions from 1.
  var event = events!
  while event.pointee.type != espeakEVENT_LIST_TERMINATED {
    if event.pointee.type == espeakEVENT_WORD {
      buffer.words.append(
        SpeechSynthesizer.Word(
          offset: max(0, Int(event.pointee.text_position) - 1), length: Int(event.pointee.length),
          time: Double(event.pointee.audio_position) / 1000))
    }
    event += 1
  }
  // Cancelled mid-sentence: stopped within a stretch of speech (the callback runs on the thread
  // that called espeak_Synth, where the call's control is bound).
  if WorkControl.isCancelled {
    buffer.isCancelled = true
    return 1
  }
  guard buffer.samples.count + Int(count) <= buffer.room else {
    // Returning 1 stops the synthesis.
    buffer.isFull = true
    return 1
  }
  for index in 0..<Int(count) { buffer.samples.append(Float(samples[index]) / 32768) }
  return 0
}
