import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

/// Whether a note stands out, asked with the statistics schools teach.
extension QuestionMaker {
  /// Whether a note stands out, by the boxplot's rule: a value more than 1.5 interquartile ranges
  /// below the lower quartile or above the upper one is an outlier. Asked only when no value is
  /// near a fence; "no" only when no note jumps from its neighbours either (see `jump`).
  func outlier(_ index: Int, _ stats: SeriesStatistics) -> Question? {
    guard stats.count >= 10, let times = onsets[index] else { return nil }
    let points = chart.series[index].dataPoints.enumerated().compactMap { at, point in
      point.y.map { (index: at, y: $0) }
    }
    let values = points.map(\.y)
    guard let q1 = Selection.quantile(values, 0.25), let q3 = Selection.quantile(values, 0.75),
      let lowest = values.min(), let highest = values.max()
    else { return nil }
    let iqr = q3 - q1
    guard iqr > 0 else { return nil }
    let (lowFence, highFence) = (q1 - Self.fence * iqr, q3 + Self.fence * iqr)
    let margin = Self.fenceMargin * iqr
    guard points.allSatisfy({ abs($0.y - lowFence) >= margin && abs($0.y - highFence) >= margin })
    else { return nil }
    let outliers = points.filter { $0.y < lowFence || $0.y > highFence }
    let choices = [words.noOutlier] + words.thirds.map { ExerciseWords.fill(words.yesOutlier, $0) }
    let prompt = ExerciseWords.fill(words.outlierPrompt, subject(stats))
    // Both fences, even one outside the y axis (that no value can pass): the explanation
    // states the figures it used.
    let beyond = [
      ExerciseWords.fill(words.below, statistic(lowFence)),
      ExerciseWords.fill(words.above, statistic(highFence)),
    ]
    let fences = ExerciseWords.fill(
      words.fences, statistic(q1), statistic(q3),
      beyond.joined(separator: words.or))
    if outliers.isEmpty {
      // Nothing jumps from its neighbours either, in the order the notes play.
      let order = points.sorted { times[$0.index] < times[$1.index] }
      for at in order.indices.dropFirst().dropLast() {
        let around = (order[at - 1].y + order[at + 1].y) / 2
        if abs(order[at].y - around) > Self.jump * iqr { return nil }
      }
      return Question(
        kind: .outlier, prompt: prompt, choices: choices, answer: 0,
        explanation: ExerciseWords.fill(
          words.noExplanation, fences, y(lowest), y(highest)),
        listenAt: nil, facts: ["outlier-\(index)"])
    }
    let places = outliers.map { third(index, $0.index) }
    guard let place = places.first ?? nil, places.allSatisfy({ $0 == place }) else { return nil }
    let listed = outliers.map { outlier in
      let point = chart.series[index].dataPoints[outlier.index]
      return ExerciseWords.fill(
        words.atInAudio,
        valueText(
          SeriesStatistics.Point(
            index: outlier.index, x: point.x, y: outlier.y, label: point.label)),
        clock(times[outlier.index]))
    }
    return Question(
      kind: .outlier, prompt: prompt, choices: choices, answer: place + 1,
      explanation: ExerciseWords.fill(
        words.yesExplanation, fences, listed.joined(separator: "; ")),
      listenAt: times[outliers[0].index], facts: ["outlier-\(index)"])
  }
}
