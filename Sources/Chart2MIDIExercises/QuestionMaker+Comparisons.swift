import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

/// Questions that compare the series played, their instruments and the duration axis.
extension QuestionMaker {
  /// The first onset of all series played: where the graph starts.
  var graphStart: Double? { onsets.values.compactMap { $0.min() }.min() }

  /// Whether the series' names give a comparison away: two hold opposed words ("High" and
  /// "Low").
  func namesGiveAway(_ series: [Int]) -> Bool {
    let words = series.map { index in
      Set(chart.series[index].name.lowercased().split { !$0.isLetter }.map(String.init))
    }
    return Self.opposedWords.contains { one, other in
      words.contains { !$0.isDisjoint(with: one) } && words.contains { !$0.isDisjoint(with: other) }
    }
  }

  /// Which series sounds higher on average, asked by instrument: each series plays one of its
  /// own, and the names do not say it.
  func higherSeries() -> Question? {
    let series = played.filter { $0.stats.mean != nil }
    guard series.count >= 2, series.count <= 6, ySpan > 0 else { return nil }
    let named = series.compactMap { seriesInstruments[$0.index] }
    guard named.count == series.count, Set(named).count == named.count,
      !namesGiveAway(series.map(\.index))
    else { return nil }
    let ranked = series.sorted { $0.stats.mean! > $1.stats.mean! }
    guard ranked[0].stats.mean! - ranked[1].stats.mean! >= Self.margin * ySpan else { return nil }
    let means = series.map {
      "\(description.name(of: $0.stats)) (\(seriesInstruments[$0.index]!)) \(statistic($0.stats.mean!))"
    }
    return Question(
      kind: .higherSeries, prompt: words.higherSeriesPrompt,
      choices: named.map(Self.capitalized),
      answer: series.firstIndex { $0.index == ranked[0].index }!,
      explanation: ExerciseWords.fill(
        words.meanOf, chart.yAxis.title, means.joined(separator: "; ")),
      listenAt: graphStart, facts: ["means"], isOrdered: false)
  }

  func highestInstrument() -> Question? {
    guard let axisIndex = roles.instrument, let axis = chart.additionalAxes[axisIndex].categorical,
      ySpan > 0
    else { return nil }
    var sums: [String: (total: Double, count: Int)] = [:]
    for (index, _) in played {
      for point in chart.series[index].dataPoints {
        guard let y = point.y, axisIndex < point.additionalValueCount,
          case .category(let name) = point.additionalValue(at: axisIndex)
        else { continue }
        sums[name, default: (0, 0)].total += y
        sums[name, default: (0, 0)].count += 1
      }
    }
    let categories = axis.categoryOrder.filter { sums[$0] != nil && instruments[$0] != nil }
    guard categories.count >= 2, categories.count <= 6 else { return nil }
    let means = categories.map { sums[$0]!.total / Double(sums[$0]!.count) }
    let ranked = means.indices.sorted { means[$0] > means[$1] }
    guard means[ranked[0]] - means[ranked[1]] >= Self.margin * ySpan else { return nil }
    // Where the highest category is also the first or last to play on average, a line's
    // trend tells it (a rising line whose last notes are one instrument's).
    var facts = ["instruments"]
    let times = categories.map { category in
      let at = played.flatMap { index, _ in
        chart.series[index].dataPoints.indices.filter { point in
          let values = chart.series[index].dataPoints[point]
          guard values.y != nil, axisIndex < values.additionalValueCount,
            case .category(let name) = values.additionalValue(at: axisIndex)
          else { return false }
          return name == category
        }.compactMap { onsets[index]?[$0] }
      }
      return at.reduce(0, +) / Double(max(1, at.count))
    }
    if times.max() == times[ranked[0]] || times.min() == times[ranked[0]] {
      facts += played.map { "trend-\($0.index)" }
    }
    return Question(
      kind: .highestInstrument, prompt: words.highestInstrumentPrompt,
      choices: categories.map { "\(Self.capitalized(instruments[$0]!)) (\($0))" },
      answer: ranked[0],
      explanation: ExerciseWords.fill(
        words.meanByAxis, chart.yAxis.title, axis.title,
        categories.indices.map { "\(categories[$0]) \(statistic(means[$0]))" }.joined(
          separator: "; ")),
      listenAt: graphStart, facts: facts, isOrdered: false)
  }

  /// Whether longer notes come with higher or lower pitch, in the notes as they play (after
  /// grouping, which may join points into one note).
  func durationLink() -> Question? {
    guard let axisIndex = roles.duration, let axis = chart.additionalAxes[axisIndex].numeric
    else { return nil }
    let pairs = notes
    guard pairs.count >= 8 else { return nil }
    guard let r = Self.correlation(pairs.map(\.length), pairs.map(\.key)),
      let answer = Self.link(r, count: pairs.count, clear: Self.clearLink)
    else { return nil }
    let how = ExerciseWords.fill(words.durationHows[answer], axis.title, chart.yAxis.title)
    return Question(
      kind: .durationLink, prompt: ExerciseWords.fill(words.durationPrompt, axis.title),
      choices: words.durationChoices, answer: answer,
      explanation: ExerciseWords.fill(
        words.durationExplanation, "\(pairs.count)", language.number(String(format: "%.2f", r)),
        how),
      listenAt: graphStart, facts: ["duration"])
  }
}
