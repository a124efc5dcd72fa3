import Chart2MIDIBase
import Foundation

/// A narration rendered on the graph's timeline: the spoken sentences, when each is said, where
/// the graph starts, and the speech as mono samples at the output's rate.
package struct Narration: Sendable {
  /// A sentence and when it is spoken, in seconds from the start.
  package struct Sentence: Hashable, Sendable {
    /// What is said.
    package var text: String
    /// When it starts.
    package var start: Double
    /// When it ends.
    package var end: Double
    /// Where each word begins in the text and when it is said, in seconds from `start`.
    package var words: [SpeechSynthesizer.Word] = []
  }

  /// The stem the voice is rendered in.
  package static let stemName = "Narration"

  /// Silence between two sentences, in seconds.
  package static let sentenceGap = 0.3

  /// How long before what it announces a cue during the graph ends, in seconds.
  package static let cueLead = 0.15

  /// The longest a narration speaks, in seconds: 10 minutes.
  package static let maximumDuration: Double = 600

  /// Refuses texts that would take longer than `maximumDuration` to speak at `speechRate` words
  /// a minute, before any is spoken: an estimate from their words (eSpeak NG speaks a little
  /// faster), so that a chart with a title of a hundred thousand characters costs nothing.
  ///
  /// - Throws: `SynthError` (`narrationTooLong`) for texts too long to speak.
  package static func checkLength(
    of texts: [String], speechRate: Int, limit: Double = maximumDuration
  ) throws {
    let words = texts.reduce(0) { count, text in
      count + text.split(whereSeparator: { $0.isWhitespace }).count
    }
    let minutes = Double(words) / Double(max(1, speechRate))
    guard minutes * 60 <= maximumDuration else {
      throw SynthError.narrationTooLong(
        "the narration would speak for about \(Int(minutes.rounded())) minutes (\(NumberText.grouped(words)) words at \(speechRate) a minute); \(SynthError.narrationAdvice)"
      )
    }
    guard minutes * 60 <= limit else { throw SynthError.narrationPastLimit(limit, about: true) }
  }

  /// The sentences, in time order.
  package var sentences: [Sentence]
  /// Where the graph's time 0 goes: after the intro and the pause (on the file's tick).
  package var graphStart: Double
  /// Each sentence's speech, mono, in the order of `sentences`.
  package var clips: [[Float]]
  /// The sample rate of the speech.
  package var sampleRate: Int

  /// A sentence to say: its written text (what captions and markers show), the words eSpeak NG
  /// speaks for it (the text after a lexicon and the spoken forms of numbers), or a recording of
  /// it that is played instead.
  package struct Line: Hashable, Sendable {
    /// What is written.
    package var text: String
    /// What eSpeak NG is given to say.
    package var spoken: String
    /// A recording of the sentence, mono at the narration's sample rate; nil for speech.
    package var recording: [Float]?

    /// A sentence spoken as `spoken` (by default as written), or played from `recording`.
    package init(_ text: String, spoken: String? = nil, recording: [Float]? = nil) {
      self.text = text
      self.spoken = spoken ?? text
      self.recording = recording
    }
  }

  /// Speaks `intro` before a graph of `graphDuration` seconds and `details` after it, with
  /// eSpeak NG's `voice` at `speechRate` words a minute, `pause` seconds of silence on either side
  /// of the graph.
  ///
  /// - Throws: `SynthError` for an unknown voice or text eSpeak NG cannot speak;
  ///   `SynthError` (`narrationTooLong`) for a narration longer than `maximumDuration` (refused from its words
  ///   before it is spoken, or stopped as it passes the limit).
  package init(
    intro: [String], details: [String], graphDuration: Double, voice: String, speechRate: Int,
    pause: Double, sampleRate: Int
  ) throws {
    try self.init(
      intro: intro.map { Line($0) }, details: details.map { Line($0) },
      graphDuration: graphDuration, speaker: Speaker(voice: voice, rate: speechRate),
      pause: pause, sampleRate: sampleRate)
  }

  /// Says `intro` before a graph of `graphDuration` seconds and `details` after it: each line
  /// from its recording, or spoken by `speaker`; `pause` seconds of silence on either side of the
  /// graph; each cue during the graph, just before its time.
  ///
  /// - Throws: `SynthError` for a voice or engine that cannot speak the text;
  ///   `SynthError` (`narrationTooLong`) for a narration longer than `maximumDuration` (refused from its words
  ///   before it is spoken, or stopped as it passes the limit).
  package init(
    intro: [Line], details: [Line], cues: [(line: Line, at: Double)] = [],
    graphDuration: Double, speaker: Speaker, pause: Double, sampleRate: Int,
    limit: Double = maximumDuration
  ) throws {
    let lines = intro + details + cues.map(\.line)
    let speaking = lines.indices.filter { lines[$0].recording == nil }
    try Self.checkLength(
      of: speaking.map { lines[$0].spoken }, speechRate: speaker.rate, limit: limit)
    let limit = min(limit, Self.maximumDuration)
    let recorded = lines.reduce(0.0) {
      $0 + Double($1.recording?.count ?? 0) / Double(sampleRate)
    }
    let room = limit - recorded - Self.sentenceGap * Double(max(0, lines.count - 1))
    func tooLong() -> SynthError {
      limit < Self.maximumDuration
        ? SynthError.narrationPastLimit(limit, about: false)
        : SynthError.narrationTooLong(
          "the narration speaks for more than 10 minutes; \(SynthError.narrationAdvice)")
    }
    guard room >= 0 else { throw tooLong() }
    let spoken: [Spoken]
    do {
      spoken = try speaker.speak(speaking.map { lines[$0].spoken }, maximumSeconds: room)
    } catch is SpeechTooLong {
      throw tooLong()
    }
    // Each sentence is resampled on a thread of its own.
    let resampling = spoken.map { speech in
      BackgroundWork {
        try Resampler.resample(speech.samples, from: speech.sampleRate, to: sampleRate)
      }
    }
    var speech = lines.map { $0.recording ?? [] }
    var words = Array(repeating: [SpeechSynthesizer.Word](), count: lines.count)
    for (order, index) in speaking.enumerated() {
      speech[index] = try resampling[order].value()
      words[index] = Self.placed(
        spoken[order].words, from: lines[index].spoken, in: lines[index].text)
    }
    var sentences: [Sentence] = []
    var order: [Int] = []
    var cursor = 0.0
    func length(_ index: Int) -> Double { Double(speech[index].count) / Double(sampleRate) }
    func place(_ index: Int) {
      sentences.append(
        Sentence(
          text: lines[index].text, start: cursor, end: cursor + length(index),
          words: words[index]))
      order.append(index)
      cursor += length(index) + Self.sentenceGap
    }
    for index in intro.indices { place(index) }
    let introEnd = sentences.last?.end
    // The graph starts on the file's tick grid, a pause after the intro, and late enough for
    // the first cue to end just before what it announces.
    var start = introEnd.map { $0 + pause } ?? 0
    let firstCue = intro.count + details.count
    if let first = cues.first {
      let spoken = (introEnd.map { $0 + Self.sentenceGap } ?? 0)
      start = max(start, spoken + length(firstCue) + Self.cueLead - first.at)
    }
    graphStart = (start * 960).rounded(.up) / 960
    // Each cue ends `cueLead` before its time, or follows the one before it.
    var cueEnd = -Double.infinity
    for (offset, cue) in cues.enumerated() {
      let index = firstCue + offset
      cursor = max(graphStart + cue.at - length(index) - Self.cueLead, cueEnd + 0.1)
      place(index)
      cueEnd = sentences.last!.end
    }
    cursor = max(graphStart + graphDuration + pause, cueEnd + Self.sentenceGap)
    for index in details.indices { place(intro.count + index) }
    self.sentences = sentences
    self.sampleRate = sampleRate
    clips = order.map { speech[$0] }
    // The last clip reaches the frame on or after the last sentence's end, where the speech ends.
    if let last = sentences.last {
      let end = Int((last.end * Double(sampleRate)).rounded(.up))
      let first = Int((last.start * Double(sampleRate)).rounded())
      clips[clips.count - 1] += repeatElement(
        0, count: max(0, end - first - clips[clips.count - 1].count))
    }
  }

  /// Word positions in the spoken words as positions in the written text: the same where the
  /// two are the same, else in proportion to their lengths.
  static func placed(
    _ words: [SpeechSynthesizer.Word], from spoken: String, in text: String
  ) -> [SpeechSynthesizer.Word] {
    guard spoken != text else { return words }
    let ratio = Double(text.unicodeScalars.count) / Double(max(1, spoken.unicodeScalars.count))
    return words.map { word in
      var moved = word
      moved.offset = Int((Double(word.offset) * ratio).rounded())
      return moved
    }
  }

  /// The speech as recordings named "Narration", a clip each sentence at its start: one stem.
  package var recordings: [Performance.Recording] {
    zip(sentences, clips).map {
      Performance.Recording(
        name: Self.stemName, samples: $1, sampleRate: sampleRate, start: $0.start)
    }
  }

  /// The speech as one array, silent between the sentences.
  package var samples: [Float] {
    var samples: [Float] = []
    for (sentence, clip) in zip(sentences, clips) {
      let first = Int((sentence.start * Double(sampleRate)).rounded())
      samples += repeatElement(0, count: max(0, first - samples.count))
      samples += clip
    }
    return samples
  }
}

extension SynthError {
  /// What to do about a narration too long.
  static let narrationAdvice =
    "a narration speaks for at most 10 minutes: shorten the title, summary or labels, or narrate only the intro or the details"

  /// A narration longer than `Narration.maximumDuration`: a mistake of the chart whose title,
  /// summary and labels it speaks, so it names the chart's file.
  static func narrationTooLong(_ message: String) -> SynthError {
    SynthError(message, code: .narrationTooLong)
  }

  /// A narration longer than the caller allows: `about` when told from its words.
  static func narrationPastLimit(_ limit: Double, about: Bool) -> SynthError {
    narrationTooLong(
      "the narration would speak for \(about ? "about " : "")more than the \(NumberText.plain(limit)) s this export allows"
    )
  }
}
