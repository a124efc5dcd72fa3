import Descriptor
import Foundation
import MIDIMap

/// The questions a chart's data makes clear, each answerable by listening to its audio graph,
/// phrased in the chart's words, with its facts and where to listen.
///
/// A question is asked only when the statistics leave a margin (the constants below): a line
/// whose straight-line fit is weak is not asked about its direction, two series whose means are
/// close are not compared, a peak with a rival elsewhere is not placed.
public struct QuestionMaker {
  /// The least share of variation a straight line explains for "rises" or "falls".
  public static let clearTrend = SeriesStatistics.clearTrend
  /// A level series changes by less than this share of the y axis along its line...
  public static let levelChange = 0.05
  /// ...and spans less than this share of the y axis.
  public static let levelSpread = 0.25
  /// The least gap, as a share of the y axis, between the answer and any rival: two series'
  /// means, two categories' means, a peak and the highest point elsewhere.
  public static let margin = 0.10
  /// The least correlation, either way, for "longer notes are higher (lower)".
  public static let clearLink = 0.5
  /// The most correlation, either way, for "no clear link".
  public static let noLink = 0.15
  /// A series whose most unusual point scores below this (a modified z-score) has no note that
  /// stands out; an outlier scores above 3.5, and is asked about above `clearOutlier`.
  public static let noOutlier = 2.5
  /// The score above which an outlier is asked about.
  public static let clearOutlier = 5.0

  let chart: ChartDescriptor
  let description: ChartDescription
  /// Onsets of every point of each series played, in seconds from the start of the audio file.
  let onsets: [Int: [Double]]
  let roles: AxisRoles
  /// The instrument that plays each category of the instrument axis.
  let instruments: [String: String]

  /// The questions of a chart as `score` plays it: each point's time in the audio file and the
  /// axes' roles come from the score's timeline (after a narration's intro, and a padded start),
  /// the instruments from its tracks.
  public init(chart: ChartDescriptor, score: Score) {
    self.chart = chart
    description = ChartDescription(chart)
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
    for track in score.tracks where track.part == .series {
      if let category = track.category, instruments[category] == nil {
        instruments[category] = "the \(Instruments.name(of: track.program).lowercased())"
      }
    }
    self.instruments = instruments
  }

  var ySpan: Double { chart.yAxis.range.upperBound - chart.yAxis.range.lowerBound }

  /// The series played, with their statistics, in chart order.
  var played: [(index: Int, stats: SeriesStatistics)] {
    description.statistics.enumerated().compactMap { index, stats in
      onsets[index] == nil || stats.count == 0 ? nil : (index, stats)
    }
  }

  /// Every question the data makes clear, in a fixed order: per series its trend, the place and
  /// value of its peak and a note that stands out; then the comparison of series, the highest
  /// instrument, the link of duration and pitch, and the number of series.
  public var candidates: [Question] {
    var questions: [Question] = []
    for (index, stats) in played {
      questions += [
        trend(index, stats), peakPlace(index, stats), peakValue(index, stats),
        outlier(index, stats),
      ].compactMap { $0 }
    }
    questions += [higherSeries(), highestInstrument(), durationLink(), seriesCount()].compactMap {
      $0
    }
    return questions
  }

  /// Up to `count` questions of as many kinds as the data allows: the kinds in an order drawn
  /// from `generator`, one question of each in turn, and no two about the same note.
  public func questions(
    count: Int, using generator: inout some RandomNumberGenerator
  ) -> [Question] {
    var byKind: [Question.Kind: [Question]] = [:]
    for question in candidates { byKind[question.kind, default: []].append(question) }
    var kinds = Question.Kind.allCases.filter { byKind[$0] != nil }
    kinds.shuffle(using: &generator)
    for kind in kinds { byKind[kind]!.shuffle(using: &generator) }
    var chosen: [Question] = []
    while chosen.count < count, !kinds.isEmpty {
      for kind in kinds where chosen.count < count && !byKind[kind]!.isEmpty {
        let question = byKind[kind]!.removeFirst()
        chosen.append(question)
        // One question per note: a peak that is also the outlier is asked about once.
        if let time = question.listenAt, [.peakPlace, .peakValue, .outlier].contains(kind) {
          for other in [Question.Kind.peakPlace, .peakValue, .outlier] {
            byKind[other]?.removeAll { $0.listenAt == time }
          }
        }
      }
      kinds.removeAll { byKind[$0]!.isEmpty }
    }
    return chosen
  }

  // MARK: Per series

  /// The subject of a question about one series: its name, or the y axis's title for a chart of
  /// one series.
  func subject(_ stats: SeriesStatistics) -> String {
    played.count == 1 ? chart.yAxis.title : description.name(of: stats)
  }

  /// Where in the series' time a point plays, 0 (its first note) to 1 (its last).
  func fraction(_ series: Int, _ point: Int) -> Double? {
    guard let times = onsets[series], let first = times.min(), let last = times.max(),
      last > first
    else { return nil }
    return (times[point] - first) / (last - first)
  }

  static let thirds = ["near the beginning", "in the middle", "near the end"]

  /// Which third of the series' time a point plays in, unless it is within 5% of a boundary.
  func third(_ series: Int, _ point: Int) -> Int? {
    guard let place = fraction(series, point) else { return nil }
    for boundary in [1.0 / 3, 2.0 / 3] where abs(place - boundary) < 0.05 { return nil }
    return Self.third(of: place)
  }

  /// The third, 0 to 2, that a place from 0 to 1 lies in.
  static func third(of place: Double) -> Int { min(2, Int(place * 3)) }

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
      ? "a straight line through it changes by \(description.statistic(abs(end - start))) from start to end, and its values stay between \(description.y(low.y)) and \(description.y(high.y))"
      : "a straight line through it goes from \(description.statistic(start)) to \(description.statistic(end)) and explains \(share)% of the variation"
    let name = subject(stats)
    return Question(
      kind: .trend, prompt: "Does \(name) mostly rise, fall or stay level?",
      choices: ["It mostly rises", "It mostly falls", "It stays about level"], answer: answer,
      explanation:
        "\(["Rises", "Falls", "Stays level"][answer]): \(line). Lowest \(description.valueText(for: low)); highest \(description.valueText(for: high)).",
      listenAt: onsets[index]?.min())
  }

  func peakPlace(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    guard stats.count >= 5, let high = stats.maximum, let answer = third(index, high.index),
      let times = onsets[index]
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
      kind: .peakPlace,
      prompt:
        "Is the highest note of \(subject(stats)) near the beginning, in the middle or near the end?",
      choices: Self.thirds.map { $0.prefix(1).uppercased() + $0.dropFirst() }, answer: answer,
      explanation:
        "Highest: \(description.valueText(for: high)), \(percent)% of the way through the series.",
      listenAt: times[high.index])
  }

  func peakValue(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    guard stats.count >= 4, stats.count <= 200, let high = stats.maximum,
      let times = onsets[index], let first = times.min(), let last = times.max(), last > first
    else { return nil }
    let points = chart.series[index].dataPoints
    let length = last - first
    // Any point near the peak's height plays close to it in time; the highest points elsewhere,
    // apart from each other, are the other choices.
    var others: [Int] = []
    let ranked = points.indices.filter { points[$0].y != nil && $0 != high.index }
      .sorted { points[$0].y! > points[$1].y! }
    for position in ranked {
      let apart = abs(times[position] - times[high.index]) >= 0.1 * length
      if points[position].y! >= high.y - Self.margin * ySpan {
        if apart { return nil }
        continue
      }
      guard apart,
        others.allSatisfy({ abs(times[$0] - times[position]) >= 0.1 * length }),
        chart.xAxis.describe(points[position].x) != chart.xAxis.describe(high.x)
      else { continue }
      others.append(position)
      if others.count == 3 { break }
    }
    guard others.count == 3 else { return nil }
    let options = ([high.index] + others).sorted { times[$0] < times[$1] }
    let isDate = chart.xAxis.numeric?.dateFormat != nil
    let prompt =
      isDate
      ? "When is \(subject(stats)) highest?"
      : "At which \(chart.xAxis.title) is \(subject(stats)) highest?"
    let next = others.max { points[$0].y! < points[$1].y! }!
    let nextText = description.valueText(
      for: SeriesStatistics.Point(
        index: next, x: points[next].x, y: points[next].y!, label: points[next].label))
    return Question(
      kind: .peakValue, prompt: prompt,
      choices: options.map { chart.xAxis.describe(points[$0].x) },
      answer: options.firstIndex(of: high.index)!,
      explanation:
        "Highest: \(description.valueText(for: high)); the highest of the other choices: \(nextText).",
      listenAt: times[high.index])
  }

  func outlier(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    guard stats.count >= 10, let strongest = stats.strongestDeviation, let times = onsets[index]
    else { return nil }
    let choices = ["No note stands out"] + Self.thirds.map { "Yes, \($0)" }
    let name = subject(stats)
    let prompt = "Does a note of \(name) stand out from the rest? If so, about when?"
    if stats.outliers.isEmpty, strongest < Self.noOutlier {
      return Question(
        kind: .outlier, prompt: prompt, choices: choices, answer: 0,
        explanation:
          "No point lies far from the trend: the most unusual lies \(ValueFormat.plain((strongest * 10).rounded() / 10)) typical deviations from it, and an outlier lies more than 3.5.",
        listenAt: nil)
    }
    guard !stats.outliers.isEmpty, strongest >= Self.clearOutlier else { return nil }
    let places = stats.outliers.map { third(index, $0.index) }
    guard let place = places.first ?? nil, places.allSatisfy({ $0 == place }) else { return nil }
    // One outlier's time is where to listen; several are each given theirs.
    let listed = stats.outliers.map {
      description.valueText(for: $0)
        + (stats.outliers.count > 1 ? ", at \(Question.clock(times[$0.index])) in the audio" : "")
    }
    return Question(
      kind: .outlier, prompt: prompt, choices: choices, answer: place + 1,
      explanation:
        "\(listed.count == 1 ? "Outlier" : "Outliers"): \(listed.joined(separator: "; ")).",
      listenAt: times[stats.outliers[0].index])
  }
}
