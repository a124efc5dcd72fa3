import Descriptor
import Foundation
import MIDIMap
import Synth

/// What is said around an audio graph, the way the audio-graph explorer presents a chart: before
/// it, the title, the axes, what each series sounds like and how to read the sound; after it, the
/// summary and each series' extremes, trend and outliers.
public struct NarrationScript: Hashable, Sendable {
  /// The sentences before the graph.
  public var intro: [String]
  /// The sentences after it.
  public var details: [String]

  /// The script of a chart as a score plays it (its instruments, its timeline's axis roles, its
  /// context and gap tracks), in the language of the narration's voice (see
  /// `DescriptionLanguage`).
  public init(chart: ChartDescriptor, score: Score, settings: ExportSettings) {
    let options = settings.sonification
    let language = DescriptionLanguage(voice: settings.narration.voice)
    let description = ChartDescription(chart, language: language)
    var intro = [ChartDescription.sentence(chart.title)]
    intro += description.axisSentences
    intro += Self.instrumentSentences(score: score, language: language)
    let roles = score.timeline.roles
    let reading = language.reading(
      time: chart.xAxis.title, pitch: chart.yAxis.title,
      duration: roles.duration.map { chart.additionalAxes[$0].title },
      loudness: roles.loudness.map { chart.additionalAxes[$0].title })
    intro.append(Self.capitalized(reading.joined(separator: language.separator(";"))) + ".")
    // The context track's sounds, when it plays.
    if score.tracks.contains(where: { $0.part == .context && $0.noteCount > 0 }) {
      var cues: [String] = []
      if options.gridlines, chart.xAxis.numeric?.gridlinePositions.isEmpty == false {
        cues.append(language.gridlineTicks)
      }
      if !options.thresholds.isEmpty { cues.append(language.thresholdChirps) }
      if !cues.isEmpty {
        intro.append(Self.capitalized(cues.joined(separator: language.separator(";"))) + ".")
      }
    }
    if options.gaps == .noise, score.tracks.contains(where: { $0.part == .gaps }) {
      intro.append(language.gapNoise)
    }
    self.intro = intro
    var details = [description.summary]
    for stats in description.statistics {
      guard let highest = stats.maximum, let lowest = stats.minimum else { continue }
      var sentence = language.extremes(
        stats.name.isEmpty ? chart.title : stats.name,
        highest: description.extremeText(for: highest, count: stats.maximumCount),
        lowest: description.extremeText(for: lowest, count: stats.minimumCount))
      if let trend = stats.trend {
        sentence += " " + language.trend(trend.direction, sentence: true)
      }
      // The extremes were just said: an outlier among them is not said again.
      let outliers = stats.outliers.filter { $0.index != highest.index && $0.index != lowest.index }
      if !outliers.isEmpty {
        sentence += " " + language.outliers(outliers.map(description.valueText))
      }
      details.append(sentence)
    }
    if let comparison = description.comparisonSentence { details.append(comparison) }
    self.details = details
  }

  /// "Birth rate plays the flute." or "USA plays the acoustic grand piano, Japan the flute."
  static func instrumentSentences(score: Score, language: DescriptionLanguage) -> [String] {
    let melodic = score.tracks.filter { $0.part == .series }
    var stems: [String] = []
    for track in melodic where !stems.contains(track.stem) { stems.append(track.stem) }
    return stems.map { stem in
      let tracks = melodic.filter { $0.stem == stem }
      guard tracks.count > 1 || tracks[0].category != nil else {
        return "\(stem) \(language.plays(tracks[0].program, first: true))."
      }
      let parts = tracks.enumerated().map { index, track -> String in
        "\(track.category ?? track.name) \(language.plays(track.program, first: index == 0))"
      }
      let prefix = stems.count > 1 ? language.inSeries(stem) : ""
      return Self.capitalized(prefix + parts.joined(separator: ", ")) + "."
    }
  }

  static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
