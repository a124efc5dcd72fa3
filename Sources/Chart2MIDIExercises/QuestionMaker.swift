import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

/// The questions a chart's data makes clear, each answerable by listening to its audio graph,
/// phrased in the chart's words, with its facts and where to listen.
///
/// A question is asked only when its answer is clear and needs the ear:
/// - the statistics leave a margin (the constants below): a line whose straight-line fit is weak
///   is not asked about its direction, two series whose means are close are not compared, a peak
///   with a rival elsewhere is not placed, a value near an outlier fence is not judged;
/// - places in time are measured in the audio the student hears (from the graph's first note to
///   its last), and what is heard (the link of note length and pitch) from the notes as played,
///   after grouping;
/// - an answer never depends on a format's rounding: places are written so that they stay true
///   and apart (`NumericAxis.describePlace`);
/// - the titles do not give the answer away: series whose names hold opposed words ("High" and
///   "Low", "Max" and "Min"; see `opposedWords`) are not compared, and comparisons name the
///   instruments, not the series;
/// - nothing on the sheet states the answer: the number of series is not asked, since the sheet
///   names each series and its instrument so that the student knows what to listen for.
package struct QuestionMaker {
  /// The least share of variation a straight line explains for "rises" or "falls".
  package static let clearTrend = SeriesStatistics.clearTrend
  /// A level series changes by less than this share of the y axis along its line...
  package static let levelChange = 0.05
  /// ...and spans less than this share of the y axis.
  package static let levelSpread = 0.25
  /// The least gap, as a share of the y axis, between the answer and any rival: two series'
  /// means, two categories' means, a peak and the highest point elsewhere.
  package static let margin = 0.10
  /// The least correlation, either way, for "longer notes are higher (lower)".
  package static let clearLink = 0.5
  /// The most correlation, either way, for "no clear link".
  package static let noLink = 0.15
  /// An outlier lies more than this many interquartile ranges below the lower quartile or above
  /// the upper one (the boxplot's fences, as schools teach them).
  package static let fence = 1.5
  /// An outlier question is asked only when every value lies at least this many interquartile
  /// ranges from a fence, either side.
  package static let fenceMargin = 0.5
  /// "No note stands out" is asked only when, besides, no note lies more than this many
  /// interquartile ranges from its neighbours' mean: a spike on a rising line is heard, though
  /// it lies inside the fences.
  package static let jump = 1.0
  /// Words that give a comparison away when the series' names hold both sides: in English,
  /// German, French and Spanish.
  package static let opposedWords: [(Set<String>, Set<String>)] = [
    (
      ["high", "higher", "highest", "highs", "hoch", "höchst", "haut", "haute", "alto", "alta"],
      ["low", "lower", "lowest", "lows", "tief", "niedrig", "bas", "basse", "bajo", "baja"]
    ),
    (
      ["max", "maximum", "maxima", "máx", "máximo", "máxima"],
      ["min", "minimum", "minima", "mín", "mínimo", "mínima"]
    ),
    (
      ["upper", "top", "ober", "oben", "supérieur", "superior"],
      ["lower", "bottom", "unter", "unten", "inférieur", "inferior"]
    ),
    (["hot", "warm", "heiß", "chaud", "caliente"], ["cold", "cool", "kalt", "froid", "frío"]),
    (["most", "more", "mehr", "plus", "más"], ["least", "less", "weniger", "moins", "menos"]),
  ]

  let chart: ChartDescriptor
  let description: ChartDescription
  /// The questions' language, and their words in it.
  let language: DescriptionLanguage
  let words: ExerciseWords
  /// Onsets of every point of each series played, in seconds from the start of the audio file.
  let onsets: [Int: [Double]]
  let roles: AxisRoles
  /// The instrument that plays each category of the instrument axis.
  let instruments: [String: String]
  /// The instrument of each series that plays one, by series index.
  let seriesInstruments: [Int: String]
  /// The series' notes as played (after grouping): their lengths in seconds and their keys.
  let notes: [(length: Double, key: Double)]
  /// Whether every series plays the y axis on one scale of pitch, so that a note's height says
  /// its value: not with a series' own note range, nor in an ensemble's parts.
  var oneScale = true

  /// The questions of a chart as `score` plays it: each point's time in the audio file and the
  /// axes' roles come from the score's timeline (after a narration's intro, and a padded start),
  /// the instruments from its tracks, named by `instrumentName` ("the flute", "a pure tone"); in
  /// `language`, its words and number formats.
  package init(
    chart: ChartDescriptor, score: Score, language: DescriptionLanguage = .english,
    instrumentName: (UInt7) -> String = { "the \(Instruments.name(of: $0).lowercased())" }
  ) {
    self.init(
      facts: ChartDescription(chart, language: language), score: score,
      instrumentName: instrumentName)
  }

  /// The questions of the chart `facts` describe, in their language.
  package init(
    facts: ChartDescription, score: Score,
    instrumentName: (UInt7) -> String = { "the \(Instruments.name(of: $0).lowercased())" }
  ) {
    let language = facts.language
    chart = facts.chart
    self.language = language
    words = ExerciseWords.of(language)
    description = facts
    let timeline = score.timeline
    var onsets: [Int: [Double]] = [:]
    for series in timeline.series {
      onsets[series.index] = series.onsets.indices.map {
        timeline.audioTime(ofPoint: $0, inSeries: series.index)!
      }
    }
    self.onsets = onsets
    roles = timeline.roles
    var instruments: [String: String] = [:]
    var seriesInstruments: [Int: String] = [:]
    let melodic = score.tracks.filter { $0.part == .series }
    for track in melodic {
      if let category = track.category, instruments[category] == nil {
        instruments[category] = instrumentName(track.program)
      }
    }
    for (index, series) in chart.series.enumerated() {
      let stem = timeline.series(at: index)?.stem ?? series.name
      let tracks = melodic.filter { $0.stem == stem }
      if tracks.count == 1, tracks[0].category == nil {
        seriesInstruments[index] = instrumentName(tracks[0].program)
      }
    }
    self.instruments = instruments
    self.seriesInstruments = seriesInstruments
    notes = Self.playedNotes(melodic)
  }

  /// Each note of `tracks` as it sounds: from its note-on to its note-off on the same channel
  /// and key.
  static func playedNotes(_ tracks: [ScoreTrack]) -> [(length: Double, key: Double)] {
    var notes: [(length: Double, key: Double)] = []
    for track in tracks {
      var sounding: [Int: Double] = [:]
      for event in track.events {
        // An event on the track's own channel names none.
        let channel = event.channel ?? track.channel
        switch event.message {
        case .noteOn(let note, let velocity) where velocity.value > 0:
          sounding[Int(channel.value) << 8 | Int(note.value)] = event.time
        case .noteOn(let note, _), .noteOff(let note):
          let key = Int(channel.value) << 8 | Int(note.value)
          if let start = sounding.removeValue(forKey: key) {
            notes.append((event.time - start, Double(note.value)))
          }
        default: continue
        }
      }
    }
    return notes
  }

  var ySpan: Double { chart.yAxis.range.upperBound - chart.yAxis.range.lowerBound }

  /// The series played, with their statistics, in chart order.
  var played: [(index: Int, stats: SeriesStatistics)] {
    description.statistics.enumerated().compactMap { index, stats in
      onsets[index] == nil || stats.count == 0 ? nil : (index, stats)
    }
  }

  /// Every question the data makes clear, in a fixed order: per series its trend, the place and
  /// value of its peak, where it is lowest, whether a note stands out, and in which month it
  /// peaks and is lowest; then the comparison of series, the highest instrument, the link of
  /// note length and pitch, two series at one x value, about how high the highest note's value
  /// is, and which series go together.
  package var candidates: [Question] {
    var questions: [Question] = []
    for (index, stats) in played {
      questions += [
        trend(index, stats), peakPlace(index, stats), peakValue(index, stats),
        lowestValue(index, stats), outlier(index, stats),
      ].compactMap { $0 }
      questions += seasons(index, stats)
    }
    questions += [higherSeries(), highestInstrument(), durationLink(), compareAt(), estimate()]
      .compactMap { $0 }
    questions += together()
    return questions
  }

  /// Up to `count` questions of as many kinds as the data allows (see `choose`).
  package func questions(
    count: Int, using generator: inout some RandomNumberGenerator
  ) -> [Question] {
    Self.choose([candidates], count: count, using: &generator)[0]
  }

  // MARK: Per series

  /// The subject of a question about one series: its name, or the y axis's title for a chart of
  /// one series.
  func subject(_ stats: SeriesStatistics) -> String {
    played.count == 1 ? chart.yAxis.title : description.name(of: stats)
  }

  /// The stretch of the audio a series' places are measured in: from the graph's first note to
  /// its last, where the series play together; the series' own notes where they play one after
  /// another.
  func span(_ series: Int) -> ClosedRange<Double>? {
    guard let own = onsets[series], let first = own.min(), let last = own.max() else {
      return nil
    }
    let all = onsets.values.flatMap { [$0.min(), $0.max()].compactMap { $0 } }
    guard let start = all.min(), let end = all.max(), end > start else {
      return last > first ? first...last : nil
    }
    // Series that overlap most of the graph play together.
    let together = onsets.values.allSatisfy { times in
      guard let low = times.min(), let high = times.max() else { return true }
      return (high - low) >= 0.5 * (end - start)
    }
    if together { return start...end }
    return last > first ? first...last : nil
  }

  /// Where in the audio a point plays, 0 (the first note of its stretch, see `span`) to 1 (the
  /// last).
  func fraction(_ series: Int, _ point: Int) -> Double? {
    guard let times = onsets[series], let span = span(series) else { return nil }
    return (times[point] - span.lowerBound) / (span.upperBound - span.lowerBound)
  }

  /// Which third of the audio a point plays in, unless it is within 5% of a boundary.
  func third(_ series: Int, _ point: Int) -> Int? {
    guard let place = fraction(series, point) else { return nil }
    for boundary in [1.0 / 3, 2.0 / 3] where abs(place - boundary) < 0.05 { return nil }
    return Self.third(of: place)
  }

  /// The third, 0 to 2, that a place from 0 to 1 lies in.
  static func third(of place: Double) -> Int { min(2, Int(place * 3)) }

  /// A y value computed from the data, in the language's number format.
  func statistic(_ value: Double) -> String { language.number(description.statistic(value)) }

  /// A y value of the data, in the language's number format.
  func y(_ value: Double) -> String { language.number(description.y(value)) }

  /// A point's value and place, in the language's number format.
  func valueText(_ point: SeriesStatistics.Point) -> String { description.valueText(for: point) }

  /// A time in the audio.
  func clock(_ seconds: Double) -> String { Question.clock(seconds, in: language) }

  /// A value of the fitted line, inside the y axis: "about 0" where the line leaves it.
  func fitted(_ value: Double) -> String {
    let range = chart.yAxis.range
    guard !range.contains(value) else { return statistic(value) }
    return ExerciseWords.fill(
      words.about, statistic(min(range.upperBound, max(range.lowerBound, value))))
  }

  /// A text with its first letter in capitals.
  static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }

  func trend(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    guard stats.count >= 4, let trend = stats.trend, let low = stats.minimum,
      let high = stats.maximum, ySpan > 0
    else { return nil }
    let xs = chart.series[index].dataPoints.compactMap { point -> Double? in
      guard point.y != nil else { return nil }
      switch point.x {
      case .number(let value): return value
      case .category(let name):
        return Double(chart.xAxis.categorical?.categoryOrder.firstIndex(of: name) ?? 0)
      }
    }
    guard let first = xs.min(), let last = xs.max() else { return nil }
    let start = trend.intercept + trend.slope * first
    let end = trend.intercept + trend.slope * last
    let answer: Int
    switch trend.direction {
    case .increasing where trend.rSquared >= Self.clearTrend: answer = 0
    case .decreasing where trend.rSquared >= Self.clearTrend: answer = 1
    case .flat
    where abs(end - start) < Self.levelChange * ySpan
      && (high.y - low.y) < Self.levelSpread * ySpan:
      answer = 2
    default: return nil
    }
    let share = Int((trend.rSquared * 100).rounded())
    let line =
      answer == 2
      ? ExerciseWords.fill(words.levelLine, statistic(abs(end - start)), y(low.y), y(high.y))
      : ExerciseWords.fill(words.slopeLine, fitted(start), fitted(end), "\(share)")
    return Question(
      kind: .trend, prompt: ExerciseWords.fill(words.trendPrompt, subject(stats)),
      choices: words.trendChoices, answer: answer,
      explanation: ExerciseWords.fill(
        words.trendExplanation, words.trendHeads[answer], line, valueText(low), valueText(high)),
      listenAt: onsets[index]?.min(),
      // A line that rises or falls tells where it is highest and lowest.
      facts: answer == 2 ? ["trend-\(index)"] : ["trend-\(index)", "peak-\(index)", "low-\(index)"])
  }

  func peakPlace(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    guard stats.count >= 5, let high = stats.maximum, let answer = third(index, high.index),
      let times = onsets[index], let span = span(index)
    else { return nil }
    // Every point near the peak's height plays in the same third.
    let points = chart.series[index].dataPoints
    for (position, point) in points.enumerated() {
      guard let y = point.y, y >= high.y - Self.margin * ySpan else { continue }
      guard let place = fraction(index, position), Self.third(of: place) == answer else {
        return nil
      }
    }
    let percent = Int(((fraction(index, high.index) ?? 0) * 100).rounded())
    return Question(
      kind: .peakPlace, prompt: ExerciseWords.fill(words.peakPlacePrompt, subject(stats)),
      choices: words.thirds.map(Self.capitalized), answer: answer,
      explanation: ExerciseWords.fill(
        words.peakPlaceExplanation, valueText(high), clock(times[high.index]), "\(percent)",
        clock(span.lowerBound), clock(span.upperBound)),
      listenAt: times[high.index], facts: ["peak-\(index)"])
  }

  func peakValue(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    extremeValue(index, stats, highest: true)
  }

  func lowestValue(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    extremeValue(index, stats, highest: false)
  }

  /// At which x value a series is highest (or lowest): four choices in time, the others the
  /// highest (lowest) points elsewhere, apart in time and from the answer by the margin.
  func extremeValue(_ index: Int, _ stats: SeriesStatistics, highest: Bool) -> Question? {
    guard stats.count >= 4, stats.count <= 200,
      let extreme = highest ? stats.maximum : stats.minimum,
      let times = onsets[index], let first = times.min(), let last = times.max(), last > first
    else { return nil }
    let points = chart.series[index].dataPoints
    let length = last - first
    // How far a value is from the extreme, towards the middle.
    func gap(_ y: Double) -> Double { highest ? extreme.y - y : y - extreme.y }
    // Any point near the extreme's height plays close to it in time; the most extreme points
    // elsewhere, apart from each other, are the other choices. Each choice is the place as
    // written true ("2007.75", never a format's "2008").
    var others: [Int] = []
    let ranked = points.indices.filter { points[$0].y != nil && $0 != extreme.index }
      .sorted { gap(points[$0].y!) < gap(points[$1].y!) }
    for position in ranked {
      let apart = abs(times[position] - times[extreme.index]) >= 0.1 * length
      if gap(points[position].y!) < Self.margin * ySpan {
        if apart { return nil }
        continue
      }
      guard apart,
        others.allSatisfy({ abs(times[$0] - times[position]) >= 0.1 * length }),
        chart.xAxis.describe(points[position].x) != chart.xAxis.describe(extreme.x)
      else { continue }
      others.append(position)
      if others.count == 3 { break }
    }
    guard others.count == 3 else { return nil }
    let options = ([extreme.index] + others).sorted { times[$0] < times[$1] }
    let texts = options.map { language.number(chart.xAxis.describe(points[$0].x, in: language)) }
    guard Set(texts).count == texts.count else { return nil }
    let isDate = chart.xAxis.numeric?.dateFormat != nil
    let prompt =
      isDate
      ? ExerciseWords.fill(highest ? words.peakWhenPrompt : words.lowWhenPrompt, subject(stats))
      : ExerciseWords.fill(
        highest ? words.peakWherePrompt : words.lowWherePrompt, chart.xAxis.title,
        subject(stats))
    let next = others.min { gap(points[$0].y!) < gap(points[$1].y!) }!
    let nextText = valueText(
      SeriesStatistics.Point(
        index: next, x: points[next].x, y: points[next].y!, label: points[next].label))
    return Question(
      kind: highest ? .peakValue : .lowestValue, prompt: prompt, choices: texts,
      answer: options.firstIndex(of: extreme.index)!,
      explanation: ExerciseWords.fill(
        highest ? words.peakValueExplanation : words.lowValueExplanation, valueText(extreme),
        nextText),
      listenAt: times[extreme.index], facts: [(highest ? "peak-" : "low-") + "\(index)"])
  }
}
