import Descriptor
import Foundation
import MIDIMap

/// What is said around an audio graph, the way the audio-graph explorer presents a chart: before
/// it, the title, the axes, what each series sounds like and how to read the sound; after it, the
/// summary and each series' extremes, trend and outliers.
public struct NarrationScript: Hashable, Sendable {
  /// The sentences before the graph.
  public var intro: [String]
  /// The sentences after it.
  public var details: [String]

  /// The script of a chart as a score plays it, in the language of the options' voice (see
  /// `DescriptionLanguage`).
  ///
  /// - Throws: `MIDIMapError` when an axis role option does not fit the chart.
  public init(chart: ChartDescriptor, score: Score, options: SonificationOptions) throws {
    let language = DescriptionLanguage(voice: options.voice)
    let description = ChartDescription(chart, language: language)
    var intro = [ChartDescription.sentence(chart.title)]
    intro += description.axisSentences
    intro += Self.instrumentSentences(score: score, language: language)
    let roles = try ChartMapper(options: options).axisRoles(for: chart)
    let reading = language.reading(
      time: chart.xAxis.title, pitch: chart.yAxis.title,
      duration: roles.duration.map { chart.additionalAxes[$0].title },
      loudness: roles.loudness.map { chart.additionalAxes[$0].title })
    intro.append(Self.capitalized(reading.joined(separator: language.separator(";"))) + ".")
    // The context track's sounds, when it plays.
    if score.tracks.contains(where: { $0.isPercussion && $0.noteCount > 0 }) {
      var cues: [String] = []
      if options.gridlines, chart.xAxis.numeric?.gridlinePositions.isEmpty == false {
        cues.append(language.gridlineTicks)
      }
      if !options.thresholds.isEmpty { cues.append(language.thresholdChirps) }
      if !cues.isEmpty {
        intro.append(Self.capitalized(cues.joined(separator: language.separator(";"))) + ".")
      }
    }
    if options.gaps == .noise, score.tracks.contains(where: { $0.name.hasSuffix(" gaps") }) {
      intro.append(language.gapNoise)
    }
    self.intro = intro
    var details = [description.summary]
    for stats in description.statistics {
      guard let highest = stats.maximum, let lowest = stats.minimum else { continue }
      var sentence = language.extremes(
        stats.name.isEmpty ? chart.title : stats.name, highest: description.valueText(for: highest),
        lowest: description.valueText(for: lowest))
      if let trend = stats.trend {
        sentence += " " + language.trend(trend.direction, sentence: true)
      }
      if !stats.outliers.isEmpty {
        sentence += " " + language.outliers(stats.outliers.map(description.valueText))
      }
      details.append(sentence)
    }
    if let comparison = description.comparisonSentence { details.append(comparison) }
    self.details = details
  }

  /// "Birth rate plays the flute." or "USA plays the acoustic grand piano, Japan the flute."
  static func instrumentSentences(score: Score, language: DescriptionLanguage) -> [String] {
    let melodic = score.tracks.filter { !$0.isPercussion && !$0.name.hasSuffix(" gaps") }
    var stems: [String] = []
    for track in melodic where !stems.contains(track.stem) { stems.append(track.stem) }
    return stems.map { stem in
      let tracks = melodic.filter { $0.stem == stem }
      guard tracks.count > 1 || tracks[0].name != stem else {
        return "\(stem) \(language.plays(tracks[0].program, first: true))."
      }
      let parts = tracks.enumerated().map { index, track -> String in
        let category = String(track.name.dropFirst(stem.count + 2))
        return "\(category) \(language.plays(track.program, first: index == 0))"
      }
      let prefix = stems.count > 1 ? language.inSeries(stem) : ""
      return Self.capitalized(prefix + parts.joined(separator: ", ")) + "."
    }
  }

  static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}

/// A narration rendered on the graph's timeline: the spoken sentences, when each is said, where
/// the graph starts, and the speech as mono samples at the output's rate.
public struct Narration: Sendable {
  /// A sentence and when it is spoken, in seconds from the start.
  public struct Sentence: Hashable, Sendable {
    /// What is said.
    public var text: String
    /// When it starts.
    public var start: Double
    /// When it ends.
    public var end: Double
  }

  /// Silence between two sentences, in seconds.
  public static let sentenceGap = 0.3

  /// The sentences, in time order.
  public var sentences: [Sentence]
  /// Where the graph's time 0 goes: after the intro and the pause (on the file's tick).
  public var graphStart: Double
  /// Each sentence's speech, mono, in the order of `sentences`.
  public var clips: [[Float]]
  /// The sample rate of the speech.
  public var sampleRate: Int

  /// Speaks the parts of `script` that `parts` names around a graph of `graphDuration` seconds.
  ///
  /// - Throws: `SynthError` for an unknown voice or text eSpeak NG cannot speak.
  public init(
    script: NarrationScript, parts: SonificationOptions.Narration, graphDuration: Double,
    options: SonificationOptions, sampleRate: Int
  ) throws {
    let intro = parts.hasIntro ? script.intro : []
    let details = parts.hasDetails ? script.details : []
    // Each sentence is resampled on a thread of its own while the next is spoken.
    var resampling: [BackgroundWork<[Float]>] = []
    _ = try SpeechSynthesizer.speak(
      intro + details, voice: options.voice, rate: options.speechRate
    ) { samples, speechRate in
      resampling.append(
        BackgroundWork { try Resampler.resample(samples, from: speechRate, to: sampleRate) })
    }
    let speech = try resampling.map { try $0.value() }
    var sentences: [Sentence] = []
    var cursor = 0.0
    func place(_ index: Int) {
      let length = Double(speech[index].count) / Double(sampleRate)
      sentences.append(
        Sentence(text: (intro + details)[index], start: cursor, end: cursor + length))
      cursor += length + Self.sentenceGap
    }
    for index in intro.indices { place(index) }
    let introEnd = sentences.last?.end
    // The graph starts on the file's tick grid, a pause after the intro.
    graphStart =
      introEnd.map { (($0 + options.narrationPause) * 960).rounded(.up) / 960 } ?? 0
    cursor = graphStart + graphDuration + options.narrationPause
    for index in details.indices { place(intro.count + index) }
    self.sentences = sentences
    self.sampleRate = sampleRate
    clips = speech
    // The last clip reaches the frame on or after the last sentence's end, where the speech ends.
    if let last = sentences.last {
      let end = Int((last.end * Double(sampleRate)).rounded(.up))
      let first = Int((last.start * Double(sampleRate)).rounded())
      clips[clips.count - 1] += repeatElement(
        0, count: max(0, end - first - speech[speech.count - 1].count))
    }
  }

  /// The speech as recordings named "Narration", a clip each sentence at its start: one stem.
  public var recordings: [Performance.Recording] {
    zip(sentences, clips).map {
      Performance.Recording(
        name: "Narration", samples: $1, sampleRate: sampleRate, start: $0.start)
    }
  }

  /// The speech as one array, silent between the sentences.
  public var samples: [Float] {
    var samples: [Float] = []
    for (sentence, clip) in zip(sentences, clips) {
      let first = Int((sentence.start * Double(sampleRate)).rounded())
      samples += repeatElement(0, count: max(0, first - samples.count))
      samples += clip
    }
    return samples
  }
}
