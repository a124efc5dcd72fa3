import Descriptor
import Foundation
import MIDIMap

/// Questions that compare the series played, their instruments and the duration axis, and
/// count the series.
extension QuestionMaker {
  /// The first onset of all series played: where the graph starts.
  var graphStart: Double? { onsets.values.compactMap { $0.min() }.min() }

  func higherSeries() -> Question? {
    let series = played.filter { $0.stats.mean != nil }
    guard series.count >= 2, series.count <= 6, ySpan > 0 else { return nil }
    let ranked = series.sorted { $0.stats.mean! > $1.stats.mean! }
    guard ranked[0].stats.mean! - ranked[1].stats.mean! >= Self.margin * ySpan else { return nil }
    let means = series.map {
      "\(description.name(of: $0.stats)) \(description.statistic($0.stats.mean!))"
    }
    return Question(
      kind: .higherSeries, prompt: "Which series sounds higher on average?",
      choices: series.map { description.name(of: $0.stats) },
      answer: series.firstIndex { $0.index == ranked[0].index }!,
      explanation: "Mean \(chart.yAxis.title): \(means.joined(separator: "; ")).",
      listenAt: graphStart)
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
    return Question(
      kind: .highestInstrument,
      prompt: "Which instrument plays the highest notes on average?",
      choices: categories.map {
        "\(instruments[$0]!.prefix(1).uppercased())\(instruments[$0]!.dropFirst()) (\($0))"
      },
      answer: ranked[0],
      explanation:
        "Mean \(chart.yAxis.title) by \(axis.title): \(categories.indices.map { "\(categories[$0]) \(description.statistic(means[$0]))" }.joined(separator: "; ")).",
      listenAt: graphStart)
  }

  func durationLink() -> Question? {
    guard let axisIndex = roles.duration, let axis = chart.additionalAxes[axisIndex].numeric
    else { return nil }
    var pairs: [(Double, Double)] = []
    for (index, _) in played {
      for point in chart.series[index].dataPoints {
        guard let y = point.y, axisIndex < point.additionalValueCount,
          let length = point.additionalValue(at: axisIndex).number
        else { continue }
        pairs.append((length, y))
      }
    }
    guard pairs.count >= 8 else { return nil }
    let n = Double(pairs.count)
    let meanA = pairs.reduce(0) { $0 + $1.0 } / n
    let meanB = pairs.reduce(0) { $0 + $1.1 } / n
    var (sab, saa, sbb) = (0.0, 0.0, 0.0)
    for (a, b) in pairs {
      sab += (a - meanA) * (b - meanB)
      saa += (a - meanA) * (a - meanA)
      sbb += (b - meanB) * (b - meanB)
    }
    guard saa > 0, sbb > 0 else { return nil }
    let r = sab / (saa * sbb).squareRoot()
    let answer: Int
    if r >= Self.clearLink {
      answer = 0
    } else if r <= -Self.clearLink {
      answer = 1
    } else if abs(r) < Self.noLink, pairs.count >= 12 {
      answer = 2
    } else {
      return nil
    }
    let how = [
      "more \(axis.title) goes with more \(chart.yAxis.title)",
      "more \(axis.title) goes with less \(chart.yAxis.title)",
      "\(axis.title) and \(chart.yAxis.title) are not linked",
    ][answer]
    return Question(
      kind: .durationLink,
      prompt:
        "Longer notes mean more \(axis.title). Do longer notes come with higher or lower pitch?",
      choices: [
        "Longer notes are mostly higher", "Longer notes are mostly lower", "There is no clear link",
      ],
      answer: answer,
      explanation:
        "The correlation of \(axis.title) and \(chart.yAxis.title) over \(pairs.count) points is \(String(format: "%.2f", r)): \(how).",
      listenAt: graphStart)
  }

  func seriesCount() -> Question? {
    let count = played.count
    guard count >= 2, count <= 8, roles.instrument == nil else { return nil }
    // The right count is not always in the same place among the choices.
    let lowest = max(1, count - count % 3)
    let choices = (lowest...lowest + 3).map(String.init)
    let names = played.map { description.name(of: $0.stats) }
    return Question(
      kind: .seriesCount, prompt: "How many series play, each with its own instrument?",
      choices: choices, answer: count - lowest,
      explanation: "\(count) series: \(names.joined(separator: ", ")).", listenAt: graphStart)
  }
}
