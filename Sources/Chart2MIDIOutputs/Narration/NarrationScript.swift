import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation

/// What is said around an audio graph, in the order describers of complex images work to (W3C WAI,
/// DCMP): from the general to the specific. Before the graph, at most about 10 s at the speaking
/// rate: the title, the one takeaway and what to listen for (what each series sounds like, what
/// pitch and the other sounds mean); after it, the rest: each series' shape (its main movements,
/// rises, falls, turns, steady stretches and jumps, with their times and values; a repeating
/// pattern named once; a run of unusual points as one episode), then the series compared. No
/// sentence is said twice: series that share a shape are said together, and what the takeaway
/// said is not said again.
///
/// `NarrationSettings.Parts.full` keeps the longer form: the whole summary, each axis's range and
/// every sentence on how to hear the chart before the graph.
package struct NarrationScript: Hashable, Sendable {
  /// A short cue said during the graph: a series' name before it plays in sequence, or a
  /// threshold's name and value where a series first crosses it.
  package struct Cue: Hashable, Sendable {
    /// What is said.
    package var text: String
    /// When what it announces happens, in seconds of the graph.
    package var at: Double
  }

  /// The longest an intro is meant to speak, in seconds, unless the whole form is asked for.
  package static let introSeconds = 10.0

  /// The sentences before the graph.
  package var intro: [String]
  /// The sentences after it.
  package var details: [String]
  /// How to hear the chart, without its title or takeaway: each axis's range, what each series
  /// sounds like, how to read the sound and the context sounds. A listening exercise's sheet
  /// shows these, which give no answer away.
  package var guide: [String]
  /// The cues said during the graph, when asked for (`NarrationSettings.cues`).
  package var cues: [Cue] = []

  /// The script of a chart as a score plays it (its instruments, as the soundfont the settings
  /// name plays them; its timeline's axis roles, its context and gap tracks), in the language of
  /// the narration's voice (see `DescriptionLanguage`).
  package init(chart: ChartDescriptor, score: Score, settings: ExportSettings) {
    self.init(
      facts: ChartDescription(
        chart, language: DescriptionLanguage(voice: settings.narration.voice)),
      score: score, settings: settings)
  }

  /// The script of the chart `facts` describes, in their language. `measure` says how long
  /// sentences take to speak, one after another, when the voice can tell before the narration is
  /// spoken; else they are estimated (see `SpeechEstimate`).
  package init(
    facts description: ChartDescription, score: Score, settings: ExportSettings,
    measure: (([String]) throws -> Double)? = nil
  ) {
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
    let thresholds = ChartMapper.thresholdNames(options, chart: chart)
    if score.tracks.contains(where: { $0.part == .context && $0.noteCount > 0 }) {
      if options.gridlines, chart.xAxis.numeric?.gridlinePositions.isEmpty == false {
        reading.append(language.gridlineTicks)
      }
      if !thresholds.isEmpty {
        reading.append(language.thresholdChirps(description.list(thresholds)))
      }
    }
    let readingSentence =
      Self.capitalized(reading.joined(separator: language.separator(";"))) + "."
    var gapSentences: [String] = []
    if options.gaps == .noise, score.tracks.contains(where: { $0.part == .gaps }) {
      gapSentences.append(language.gapNoise)
    }
    guide = description.axisSentences + hearing + [readingSentence] + gapSentences

    // The takeaway: a given summary's first sentence (all of it in full), or one made from the
    // data: one series' shape, or how several rank. Each choice has shorter ones for a short
    // intro: the shape without its values, which the details then say.
    let title = ChartDescription.sentence(chart.title)
    var details: [String] = []
    let given = chart.summary.flatMap { $0.isEmpty ? nil : $0 }
    let valued = description.statistics.indices.filter {
      description.statistics[$0].maximum != nil
    }
    let shapes = description.shapes
    /// A takeaway: what it says, what it leaves for after the graph, and whether it said the
    /// one series' shape.
    struct Takeaway {
      var sentences: [String]
      var after: [String] = []
      var saysShape = false
      var saysComparison = false
      var saysTrend = false
      /// Whether it said the shape every series shares, with its turns' places.
      var saysSharedShape = false
    }
    var takeaways: [Takeaway] = []
    let single = valued.count == 1 ? valued[0] : nil
    let brief = single.flatMap { index -> String? in
      let name = description.name(of: description.statistics[index])
      return description.briefMovements(shapes[index]).map {
        ChartDescription.sentence(Self.capitalized(name) + " " + $0)
      }
    }
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
        takeaways.append(Takeaway(sentences: [given]))
      } else {
        takeaways.append(
          Takeaway(
            sentences: [sentences[0]], after: [sentences.dropFirst().joined(separator: " ")]))
      }
      if let brief { takeaways.append(Takeaway(sentences: [brief], after: [given])) }
    } else if let index = single {
      let stats = description.statistics[index]
      let name = description.name(of: stats)
      if let season = shapes[index].season,
        let sentence = description.seasonSentence(name: name, season)
      {
        takeaways.append(Takeaway(sentences: [sentence], saysShape: true))
      } else if let sentence = description.shapeSentence(name: name, shapes[index]) {
        takeaways.append(Takeaway(sentences: [sentence], saysShape: true))
        if let brief, brief != sentence { takeaways.append(Takeaway(sentences: [brief])) }
      } else if let trend = stats.trend, trend.direction != .flat {
        takeaways.append(
          Takeaway(
            sentences: [
              ChartDescription.sentence(
                "\(name) \(language.trend(trend.direction, sentence: false))")
            ], saysTrend: true))
      }
    } else {
      // Several series of one shape: that shape is the takeaway (the details then say it
      // once); else how they rank.
      let signatures = Set(valued.map { ChartDescription.signature(shapes[$0]) })
      let names = valued.map { description.name(of: description.statistics[$0]) }
      if valued.count >= 2, signatures.count == 1, valued.allSatisfy({ shapes[$0].season == nil }) {
        // With its turns' places, or, shorter, its movements alone (the places then follow the
        // graph); the series named, or, shorter, counted.
        for (brief, all) in [(false, false), (false, true), (true, false), (true, true)] {
          if let shared = description.sharedShapeSentence(
            names: names, valued.map { shapes[$0] }, brief: brief, all: all)
          {
            takeaways.append(Takeaway(sentences: [shared], saysSharedShape: !brief))
          }
        }
      }
      if let comparison = description.comparisonSentence {
        takeaways.append(Takeaway(sentences: [comparison], saysComparison: true))
      }
    }
    // The last resort of a short intro: the title alone.
    if !full { takeaways.append(Takeaway(sentences: [], after: given.map { [$0] } ?? [])) }

    var chosen = takeaways[0]
    var intro: [String]
    var unheard: [String] = []
    if full {
      intro =
        [title] + chosen.sentences + description.axisSentences + hearing + [readingSentence]
        + gapSentences
    } else {
      // What to listen for, as long as the intro stays short: the instruments, how to read the
      // sound, the gap noise; then less of it, or a shorter takeaway.
      let pitchOnly = reading.count > 1 ? [Self.capitalized(reading[1]) + "."] : []
      let fuller = [
        hearing + [readingSentence] + gapSentences, hearing + [readingSentence],
        hearing + pitchOnly,
      ]
      let fewer = [hearing, pitchOnly, []]
      let estimate = SpeechEstimate(language: language, rate: settings.narration.speechRate)
      // Only texts near the limit are spoken to measure them: a long title is never spoken here.
      func seconds(_ sentences: [String]) -> Double {
        let guess = estimate.seconds(sentences)
        guard guess <= 2 * Self.introSeconds else { return guess }
        return (try? measure?(sentences)) ?? guess
      }
      var listening: [String] = []
      // A takeaway with something to listen for first; the title alone only as a last resort.
      search: for levels in [fuller, fewer] {
        for takeaway in levels == fuller ? takeaways.dropLast() : takeaways[...] {
          for level in levels
          where seconds([title] + takeaway.sentences + level) <= Self.introSeconds {
            (chosen, listening) = (takeaway, level)
            break search
          }
        }
        (chosen, listening) = (takeaways[takeaways.count - 1], [])
      }
      intro = [title] + chosen.sentences + listening
      // What each sound is, when the intro had no room for it, is said after the graph, so that
      // a listener who plays it again knows.
      if !hearing.isEmpty, !listening.contains(hearing[0]) { unheard = hearing }
    }
    details += chosen.after + unheard
    let comparisonSaid = chosen.saysComparison
    var shapeSaid = Set<Int>()
    if chosen.saysShape, let single { shapeSaid.insert(single) }
    self.intro = intro

    // Series that share a shape (the same movements, turning at the same places) are said
    // together, with the highest and lowest among them.
    var together = Set<Int>()
    var groups: [[Int]] = []
    for index in valued where !shapeSaid.contains(index) && shapes[index].season == nil {
      let signature = ChartDescription.signature(shapes[index])
      guard shapes[index].legs.count >= 2 else { continue }
      if let group = groups.firstIndex(where: {
        ChartDescription.signature(shapes[$0[0]]) == signature
      }) {
        groups[group].append(index)
      } else {
        groups.append([index])
      }
    }
    for group in groups where group.count >= 2 {
      let names = group.map { description.name(of: description.statistics[$0]) }
      guard
        let sentence = description.sharedShapeSentence(names: names, group.map { shapes[$0] })
      else { continue }
      // Said before the graph, every series's shape with its places is not said again.
      if !(chosen.saysSharedShape && group.count == valued.count) { details.append(sentence) }
      if let extremes = description.groupExtremes(group.map { description.statistics[$0] }) {
        details.append(extremes)
      }
      together.formUnion(group)
    }
    for index in valued {
      details += description.shapeSentences(
        description.statistics[index], shapes[index],
        sayShape: !shapeSaid.contains(index) && !together.contains(index),
        extremesSaid: together.contains(index), trendSaid: chosen.saysTrend && index == single)
    }
    if !comparisonSaid, let comparison = description.comparisonSentence {
      details.append(comparison)
    }
    // No sentence twice.
    var said = Set(intro)
    self.details = details.filter { said.insert($0).inserted }

    if settings.narration.cues {
      cues = Self.cues(score: score, options: options, thresholds: thresholds)
    }
  }

  /// The cues during the graph: each series' name before it plays, when they play one after
  /// another; each threshold's name and value where a series first crosses it (by the
  /// crossing's marker).
  static func cues(score: Score, options: SonificationOptions, thresholds: [String]) -> [Cue] {
    var cues: [Cue] = []
    let timeline = score.timeline
    if options.arrangement == .sequential, timeline.series.count > 1 {
      for series in timeline.series {
        cues.append(Cue(text: series.name, at: series.span.lowerBound))
      }
    }
    for name in thresholds {
      let crossing = score.markers.first {
        $0.text.hasSuffix(" " + name)
          && ($0.text.contains(" rises above ") || $0.text.contains(" falls below "))
      }
      if let crossing { cues.append(Cue(text: name, at: crossing.time)) }
    }
    return cues.sorted { $0.at < $1.at }
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
