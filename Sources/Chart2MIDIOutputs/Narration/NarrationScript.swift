import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation

/// What is said around an audio graph, in the order describers of complex images work to (W3C WAI,
/// DCMP): from the general to the specific. Before the graph, the title, the takeaway and how to
/// hear it (what each series sounds like, what time, pitch and the other sounds mean); after it,
/// the details (each series' extremes, trend and outliers, the rest of a given summary). No fact
/// is said twice: a takeaway made from the data (a series' trend, or how the series rank) is not
/// said again in the details.
///
/// `NarrationSettings.Parts.full` keeps the longer form: the whole summary and each axis's range
/// before the graph.
package struct NarrationScript: Hashable, Sendable {
  /// The sentences before the graph.
  package var intro: [String]
  /// The sentences after it.
  package var details: [String]
  /// How to hear the chart, without its title or takeaway: each axis's range, what each series
  /// sounds like, how to read the sound and the context sounds. A listening exercise's sheet
  /// shows these, which give no answer away.
  package var guide: [String]

  /// The script of a chart as a score plays it (its instruments, as the soundfont the settings
  /// name plays them; its timeline's axis roles, its context and gap tracks), in the language of
  /// the narration's voice (see `DescriptionLanguage`).
  package init(chart: ChartDescriptor, score: Score, settings: ExportSettings) {
    self.init(
      facts: ChartDescription(
        chart, language: DescriptionLanguage(voice: settings.narration.voice)),
      score: score, settings: settings)
  }

  /// The script of the chart `facts` describes, in their language.
  package init(facts description: ChartDescription, score: Score, settings: ExportSettings) {
    let options = settings.sonification
    let language = description.language
    let chart = description.chart
    let full = settings.narration.parts == .full
    let presets = (try? settings.locatedSoundFont()).map(SoundFontPresets.names(in:)) ?? [:]
    var hearing = Self.instrumentSentences(score: score, language: language) { program in
      Self.instrument(program, presets: presets, language: language)
    }
    // One sound alone needs no naming before the graph, but in the longer form.
    if !full, score.tracks.filter({ $0.part == .series }).count == 1 { hearing = [] }
    let roles = score.timeline.roles
    var reading = language.reading(
      time: chart.xAxis.title, pitch: chart.yAxis.title,
      duration: roles.duration.map { chart.additionalAxes[$0].title },
      loudness: roles.loudness.map { chart.additionalAxes[$0].title })
    // The context track's sounds, when it plays.
    if score.tracks.contains(where: { $0.part == .context && $0.noteCount > 0 }) {
      if options.gridlines, chart.xAxis.numeric?.gridlinePositions.isEmpty == false {
        reading.append(language.gridlineTicks)
      }
      if !options.thresholds.isEmpty { reading.append(language.thresholdChirps) }
    }
    var guide =
      hearing + [Self.capitalized(reading.joined(separator: language.separator(";"))) + "."]
    if options.gaps == .noise, score.tracks.contains(where: { $0.part == .gaps }) {
      guide.append(language.gapNoise)
    }
    self.guide = description.axisSentences + guide

    // The takeaway: a given summary's first sentence (all of it in full), or one made from the
    // data: one series' trend, or how several rank on average.
    var intro = [ChartDescription.sentence(chart.title)]
    var details: [String] = []
    let given = chart.summary.flatMap { $0.isEmpty ? nil : $0 }
    let statistics = description.statistics.filter { $0.maximum != nil && $0.minimum != nil }
    var trendSaid = false
    var comparisonSaid = false
    if let given {
      // The takeaway is the summary's first sentence, or its first clause when a semicolon
      // ends one; the rest follows the graph.
      var sentences = Self.sentences(of: given)
      if let clause = sentences[0].firstIndex(of: ";"),
        sentences[0][sentences[0].index(after: clause)...].contains(where: \.isLetter)
      {
        let rest = sentences[0][sentences[0].index(after: clause)...]
          .trimmingCharacters(in: .whitespaces)
        sentences[0] = sentences[0][..<clause].trimmingCharacters(in: .whitespaces) + "."
        sentences.insert(Self.capitalized(rest), at: 1)
      }
      if full || sentences.count == 1 {
        intro.append(given)
      } else {
        intro.append(sentences[0])
        details.append(sentences.dropFirst().joined(separator: " "))
      }
    } else if statistics.count == 1 {
      let stats = statistics[0]
      intro.append(
        "\(stats.name.isEmpty ? chart.title : stats.name) \(language.trend(stats.trend?.direction, sentence: false))."
      )
      trendSaid = true
    } else if let comparison = description.comparisonSentence {
      intro.append(comparison)
      comparisonSaid = true
    }
    if full { intro += description.axisSentences }
    intro += guide
    self.intro = intro

    for stats in statistics {
      if let sentence = Self.seriesSentence(
        stats, description: description, title: chart.title, withTrend: !trendSaid)
      {
        details.append(sentence)
      }
    }
    if !comparisonSaid, let comparison = description.comparisonSentence {
      details.append(comparison)
    }
    self.details = details
  }

  /// A series' facts in one sentence, in the description's language: its highest and lowest
  /// points, its trend when asked, and its outliers that are neither ("Cars is highest at …, and
  /// lowest at …. It falls overall. An outlier: …."); nil for a series without values.
  static func seriesSentence(
    _ stats: SeriesStatistics, description: ChartDescription, title: String, withTrend: Bool
  ) -> String? {
    guard let highest = stats.maximum, let lowest = stats.minimum else { return nil }
    let language = description.language
    var sentence = language.extremes(
      stats.name.isEmpty ? title : stats.name,
      highest: description.extremeText(for: highest, count: stats.maximumCount),
      lowest: description.extremeText(for: lowest, count: stats.minimumCount))
    if let trend = stats.trend, withTrend {
      sentence += " " + language.trend(trend.direction, sentence: true)
    }
    // The extremes were just said: an outlier among them is not said again.
    let outliers = stats.outliers.filter { $0.index != highest.index && $0.index != lowest.index }
    if !outliers.isEmpty {
      sentence += " " + language.outliers(outliers.map(description.valueText))
    }
    return sentence
  }

  /// A text's sentences: cut after a full stop, question or exclamation mark followed by a space
  /// and a capital letter or a digit (so that "1.5" and "e.g. the" stay whole).
  static func sentences(of text: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      current.append(character)
      guard ".!?".contains(character), index + 2 < characters.count,
        characters[index + 1] == " ",
        characters[index + 2].isUppercase || characters[index + 2].isNumber
      else { continue }
      sentences.append(current.trimmingCharacters(in: .whitespaces))
      current = ""
    }
    let rest = current.trimmingCharacters(in: .whitespaces)
    if !rest.isEmpty { sentences.append(rest) }
    return sentences
  }

  /// What a program sounds like in the soundfont that plays it, as the object of "plays": the
  /// timbre of chart2midi's own soundfont ("a pure tone"); the instrument's name in the language
  /// when the soundfont's preset is the General MIDI instrument ("Flute TB" plays the flute); or
  /// the preset's own name. Without the soundfont's names, the General MIDI instrument.
  package static func instrument(
    _ program: UInt7, presets: [SoundFontPresets.Key: String], language: DescriptionLanguage
  ) -> String {
    guard let preset = presets[SoundFontPresets.Key(bank: 0, program: Int(program.value))] else {
      return language.instrumentName(program)
    }
    if let timbre = language.table.timbreNames[preset] { return timbre }
    func words(_ text: String) -> [String] {
      text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 4 }
    }
    let presetText = preset.lowercased()
    if words(Instruments.name(of: program)).contains(where: { presetText.contains($0) }) {
      return language.instrumentName(program)
    }
    return language.table.otherInstrument(preset)
  }

  /// "Birth rate plays the flute." or, for series of one instrument each, one sentence: "IBM plays
  /// a struck string, AAPL a pure tone."; a series of several instruments (one per category) a
  /// sentence of its own: "USA plays the acoustic grand piano, Japan the flute."
  static func instrumentSentences(
    score: Score, language: DescriptionLanguage, name: (UInt7) -> String
  ) -> [String] {
    let melodic = score.tracks.filter { $0.part == .series }
    var stems: [String] = []
    for track in melodic where !stems.contains(track.stem) { stems.append(track.stem) }
    let single = stems.filter { stem in
      let tracks = melodic.filter { $0.stem == stem }
      return tracks.count == 1 && tracks[0].category == nil
    }
    var sentences: [String] = []
    if !single.isEmpty {
      let parts = single.enumerated().map { index, stem -> String in
        let program = melodic.first { $0.stem == stem }!.program
        let instrument = name(program)
        return "\(stem) \(index == 0 ? language.table.plays(instrument) : instrument)"
      }
      sentences.append(Self.capitalized(parts.joined(separator: ", ")) + ".")
    }
    for stem in stems where !single.contains(stem) {
      let tracks = melodic.filter { $0.stem == stem }
      let parts = tracks.enumerated().map { index, track -> String in
        let instrument = name(track.program)
        return
          "\(track.category ?? track.name) \(index == 0 ? language.table.plays(instrument) : instrument)"
      }
      let prefix = stems.count > 1 ? language.inSeries(stem) : ""
      sentences.append(Self.capitalized(prefix + parts.joined(separator: ", ")) + ".")
    }
    return sentences
  }

  static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
