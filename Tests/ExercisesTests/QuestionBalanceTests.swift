import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIExercises
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import Testing

/// Exercises of the example charts, a seasonal chart and a categorical chart made here, over 20
/// seeds: where the right answers sit, how the answers of a kind fall, that no question gives
/// another away, and that each kind of question is asked with a true key, checked here against
/// the data.
@Suite("Balanced, independent questions")
struct QuestionBalanceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Monthly highs over four years, dated: highest each July, lowest each January.
  static var seasonal: ChartDescriptor {
    var x = NumericAxis(title: "Month", range: 0...1)
    x.dateFormat = DateFormat("%b %Y")
    var points: [DataPoint] = []
    for year in 2019...2022 {
      for month in 1...12 {
        let seconds = ISODate.seconds(String(format: "%04d-%02d-01", year, month))!
        let high = 60 - 18 * cos(Double(month - 1) / 12 * 2 * .pi) + Double((year * 7 + month) % 5)
        points.append(DataPoint(x: .number(seconds), y: high))
      }
    }
    x.range = points.first!.x.number!...points.last!.x.number!
    return ChartDescriptor(
      title: "Monthly highs", xAxis: .numeric(x),
      yAxis: NumericAxis(
        title: "High", range: 30...90, valueFormat: try! ValueFormat("%.0f degrees")),
      series: [DataSeries(name: "High", isContinuous: true, dataPoints: points)])
  }

  /// Yields of two years at ten sites: 1932 lower at every site but Morris.
  static var categorical: ChartDescriptor {
    let sites = [
      "Crookston", "Duluth", "Grand Rapids", "Morris", "University Farm", "Waseca", "Ames",
      "Brookings", "Fargo", "Lamberton",
    ]
    let base = [48.0, 30, 28, 33, 36, 58, 40, 31, 44, 38]
    let series = [("1931", 0.0), ("1932", -9.0)].map { name, shift in
      DataSeries(
        name: name, isContinuous: false,
        dataPoints: sites.indices.map { at in
          let y = base[at] + (sites[at] == "Morris" ? (name == "1932" ? 12 : -6) : shift)
          return DataPoint(x: .category(sites[at]), y: y)
        })
    }
    return ChartDescriptor(
      title: "Barley yields",
      xAxis: .categorical(CategoricalAxis(title: "Site", categoryOrder: sites)),
      yAxis: NumericAxis(
        title: "Yield", range: 0...70, valueFormat: try! ValueFormat("%.1f bushels")),
      series: series)
  }

  static func charts() throws -> [ChartDescriptor] {
    let examples = root.appendingPathComponent("Examples")
    var files = try FileManager.default.contentsOfDirectory(atPath: examples.path)
      .filter { $0.hasSuffix(".json") }.map { examples.appendingPathComponent($0) }
    let vega = examples.appendingPathComponent("vega-lite")
    files += try FileManager.default.contentsOfDirectory(atPath: vega.path)
      .filter { $0.hasSuffix(".json") }.map { vega.appendingPathComponent($0) }
    return try files.sorted { $0.path < $1.path }.map { try ChartDescriptor(contentsOf: $0) }
      + [seasonal, categorical]
  }

  /// The subject of a prompt made from `template` ("Does {1} mostly rise, fall or stay level?").
  static func subject(_ prompt: String, _ template: String) -> String? {
    let parts = template.components(separatedBy: "{1}")
    guard parts.count == 2, prompt.hasPrefix(parts[0]), prompt.hasSuffix(parts[1]) else {
      return nil
    }
    return String(prompt.dropFirst(parts[0].count).dropLast(parts[1].count))
  }

  @Test func overTwentySeedsTheAnswersAreBalancedIndependentAndTrue() throws {
    let charts = try Self.charts()
    let candidates = try charts.map { chart in
      QuestionMaker(chart: chart, score: try ChartMapper().makeScore(for: chart)).candidates
    }
    var positions: [Int: Int] = [:]
    var kinds: [Question.Kind: [Int: Int]] = [:]
    var asked: [Question.Kind: Int] = [:]
    var distinct: Set<String> = []
    for seed in 1...20 {
      var generator = SeededGenerator(seed: UInt64(seed))
      let chosen = QuestionMaker.choose(candidates, count: 3, using: &generator)
      let all = chosen.flatMap { $0 }.filter { $0.numeric == nil }
      // The right position: no position right in more than half, rounded up.
      let byPosition = Dictionary(grouping: all) { $0.answer }.mapValues(\.count)
      #expect(all.count >= 4)
      #expect(
        byPosition.values.max()! <= (all.count + 1) / 2,
        "seed \(seed): \(byPosition.sorted { $0.key < $1.key })")
      for (position, count) in byPosition { positions[position, default: 0] += count }
      // The answers of a kind: rises, falls or level; no or yes; beginning, middle or end.
      for kind in [Question.Kind.trend, .outlier, .peakPlace, .durationLink, .together] {
        let answers = all.filter { $0.kind == kind }.map {
          kind == .outlier ? min($0.answer, 1) : $0.answer
        }
        let most = Dictionary(grouping: answers) { $0 }.values.map(\.count).max() ?? 0
        #expect(most <= (answers.count + 1) / 2, "seed \(seed), \(kind): \(answers)")
        for answer in answers { kinds[kind, default: [:]][answer, default: 0] += 1 }
      }
      for (chart, questions) in zip(charts, chosen) {
        try check(questions, of: chart)
        for question in questions {
          asked[question.kind, default: 0] += 1
          distinct.insert(question.prompt)
        }
      }
      // Choices without an order of their own are shuffled: the same question's right
      // instrument is not always first.
    }
    print("right positions over 20 seeds: \(positions.sorted { $0.key < $1.key })")
    print("answers by kind over 20 seeds: \(kinds.mapValues { $0.sorted { $0.key < $1.key } })")
    print("distinct questions over 20 seeds: \(distinct.count)")
    print("asked over 20 seeds: \(asked.sorted { $0.key.rawValue < $1.key.rawValue })")
    for kind in [Question.Kind.lowestValue, .season, .compareAt, .together, .estimate] {
      #expect(asked[kind, default: 0] >= 1, "\(kind) never asked")
    }
    // The seasonal and the categorical chart get at least two questions in every seed.
    for seed in 1...20 {
      var generator = SeededGenerator(seed: UInt64(seed))
      let chosen = QuestionMaker.choose(candidates, count: 3, using: &generator)
      #expect(chosen[chosen.count - 2].count >= 2 && chosen[chosen.count - 1].count >= 2)
      if seed <= 3 {
        for questions in chosen.suffix(2) {
          print("seed \(seed): \(questions.map { "\($0.kind): \($0.prompt) → \($0.rightChoice)" })")
        }
      }
    }
  }

  /// One item's questions: none gives another away, and each new kind's key is true by this
  /// test's own reading of the data.
  func check(_ questions: [Question], of chart: ChartDescriptor) throws {
    let words = (
      trend: "Does {1} mostly rise, fall or stay level?",
      peak: "Is the highest note of {1} near the beginning, in the middle or near the end?",
      when: "When is {1} highest?", low: "When is {1} lowest?"
    )
    // A line that rises or falls tells where it peaks and where it is lowest.
    let directed = questions.filter { $0.kind == .trend && $0.answer < 2 }.compactMap {
      Self.subject($0.prompt, words.trend)
    }
    for question in questions where [.peakPlace, .peakValue, .lowestValue].contains(question.kind) {
      for subject in directed {
        #expect(
          !question.prompt.contains(" \(subject) ") && !question.prompt.hasSuffix(" \(subject)?"),
          "\(chart.title): trend and \(question.prompt)")
      }
    }
    let together = questions.filter { $0.kind == .together }
    if !together.isEmpty {
      #expect(!questions.contains { $0.kind == .trend }, "\(chart.title): trend and together")
    }
    let values = chart.series.flatMap { $0.dataPoints.compactMap(\.y) }
    for question in questions {
      switch question.kind {
      case .lowestValue:
        // The right choice names the x of the series' lowest value.
        let series = try #require(
          chart.series.first { series in
            question.prompt.contains(series.name)
              || chart.series.count == 1
          })
        let lowest = series.dataPoints.filter { $0.y != nil }.min { $0.y! < $1.y! }!
        #expect(question.rightChoice == chart.xAxis.describe(lowest.x), "\(chart.title)")
      case .estimate:
        let answer = try #require(question.numeric)
        #expect(abs(answer.value - values.max()!) <= answer.tolerance)
        #expect(
          answer.tolerance <= 0.1 * (chart.yAxis.range.upperBound - chart.yAxis.range.lowerBound)
            * 1.3)
      case .season:
        // Each year's highest (lowest) month, by this test's reading.
        var years: [Int: [(month: Int, y: Double)]] = [:]
        for point in chart.series[0].dataPoints {
          let date = ISODate.civil(fromDays: Int(point.x.number! / 86400))
          years[date.year, default: []].append((date.month, point.y!))
        }
        let lowest = question.prompt.contains("lowest")
        let months = years.values.map { entries in
          (lowest ? entries.min { $0.y < $1.y }! : entries.max { $0.y < $1.y }!).month
        }
        let common = Dictionary(grouping: months) { $0 }.max { $0.value.count < $1.value.count }!
          .key
        #expect(question.rightChoice == DateFormat.months[common - 1], "\(question.prompt)")
      case .compareAt:
        // At the named x, the right series is the higher.
        let place = try #require(
          chart.xAxis.categorical?.categoryOrder.first { question.prompt.contains("At \($0),") }
            ?? chart.series[0].dataPoints.map { chart.xAxis.describe($0.x) }.first {
              question.prompt.contains("At \($0),")
            })
        let at = chart.series.map { series in
          (series.name, series.dataPoints.first { chart.xAxis.describe($0.x) == place }?.y)
        }.filter { $0.1 != nil }
        let higher = at.max { $0.1! < $1.1! }!.0
        #expect(question.rightChoice.hasPrefix("\(higher) ("), "\(question.prompt)")
      case .together:
        let names = chart.series.map(\.name).filter { question.prompt.contains("\($0) (") }
        try #require(names.count == 2)
        let a = chart.series.first { $0.name == names[0] }!
        let b = chart.series.first { $0.name == names[1] }!
        var ys: [(Double, Double)] = []
        for point in a.dataPoints {
          if let other = b.dataPoints.first(where: { $0.x == point.x }), let y = point.y,
            let z = other.y
          {
            ys.append((y, z))
          }
        }
        let n = Double(ys.count)
        let (ma, mb) = (ys.map(\.0).reduce(0, +) / n, ys.map(\.1).reduce(0, +) / n)
        let cov = ys.reduce(0) { $0 + ($1.0 - ma) * ($1.1 - mb) }
        let va = ys.reduce(0) { $0 + ($1.0 - ma) * ($1.0 - ma) }
        let vb = ys.reduce(0) { $0 + ($1.1 - mb) * ($1.1 - mb) }
        let r = cov / (va * vb).squareRoot()
        let expected = r >= 0.6 ? 0 : r <= -0.6 ? 1 : 2
        #expect(question.answer == expected, "\(question.prompt): r = \(r)")
      default: continue
      }
    }
  }

  /// Two level charts whose one question of shape has the same answer (it stays level): the
  /// second would make it right in both trend questions, and is left out; an estimate alone
  /// does not keep it.
  @Test func aChartWhoseAnswersWouldTipTheBalanceIsLeftOut() throws {
    let level = (0..<30).map { 50 + [0.0, 1, -1, 0.5, -0.5][$0 % 5] * 3 }
    let charts = ["A", "B"].map { name in
      ChartDescriptor(
        title: name, xAxis: .numeric(NumericAxis(title: "Day", range: 0...29)),
        yAxis: NumericAxis(title: "Level", range: 0...100),
        series: [
          DataSeries(
            name: name, isContinuous: false,
            dataPoints: level.enumerated().map { DataPoint(x: .number(Double($0)), y: $1) })
        ])
    }
    let candidates = try charts.map { chart in
      QuestionMaker(chart: chart, score: try ChartMapper().makeScore(for: chart)).candidates
    }
    // Each offers the same: it stays level, and an estimate.
    for offered in candidates {
      #expect(offered.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.estimate, .trend])
      #expect(offered.first { $0.kind == .trend }?.answer == 2)
    }
    var generator = SeededGenerator(seed: 3)
    let chosen = QuestionMaker.choose(candidates, count: 3, using: &generator)
    #expect(!chosen[0].isEmpty && chosen[1].isEmpty, "\(chosen.map { $0.map(\.kind) })")
  }
}
