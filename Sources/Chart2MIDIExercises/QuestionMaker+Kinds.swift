import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIOutputs
import Foundation

/// Questions of a yearly season, of a number to estimate, of two series at one x value and of
/// two series that go together.
extension QuestionMaker {
  /// The least correlation, either way, for "they rise and fall together" ("one rises as the
  /// other falls").
  static let together = 0.6

  /// In which month a series with dates over at least two whole years is usually highest, and
  /// in which lowest: asked when at least two in three years have their highest (lowest) value
  /// within a month of one month, and none within a month of another choice. The choices are
  /// that month and the months three, six and nine after it, in the calendar's order.
  func seasons(_ index: Int, _ stats: SeriesStatistics) -> [Question] {
    guard chart.xAxis.numeric?.dateFormat != nil, let times = onsets[index], ySpan > 0 else {
      return []
    }
    var years: [Int: [(at: Int, month: Int, y: Double)]] = [:]
    for (at, point) in chart.series[index].dataPoints.enumerated() {
      guard let y = point.y, case .number(let x) = point.x, x.isFinite else { continue }
      let date = ISODate.civil(fromDays: Int((x / 86400).rounded(.down)))
      years[date.year, default: []].append((at, date.month, y))
    }
    // Whole years: nine months or more of them.
    let whole = years.filter { Set($0.value.map(\.month)).count >= 9 }.sorted { $0.key < $1.key }
    guard whole.count >= 2 else { return [] }
    func distance(_ a: Int, _ b: Int) -> Int {
      let apart = abs(a - b) % 12
      return min(apart, 12 - apart)
    }
    var questions: [Question] = []
    for (side, highest) in [true, false].enumerated() {
      let extremes = whole.map { year, entries in
        (
          year: year,
          point: highest ? entries.max { $0.y < $1.y }! : entries.min { $0.y < $1.y }!
        )
      }
      var counts: [Int: Int] = [:]
      for entry in extremes { counts[entry.point.month, default: 0] += 1 }
      let month = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
      let near = extremes.filter { distance($0.point.month, month) <= 1 }.count
      let others = [3, 6, 9].map { (month - 1 + $0) % 12 + 1 }
      guard near * 3 >= extremes.count * 2,
        !extremes.contains(where: { entry in
          others.contains { distance($0, entry.point.month) <= 1 }
        })
      else { continue }
      let choices = ([month] + others).sorted()
      let listed = extremes.map {
        ExerciseWords.fill(
          words.seasonYear, "\($0.year)", language.months[$0.point.month - 1], y($0.point.y))
      }
      questions.append(
        Question(
          kind: .season, prompt: ExerciseWords.fill(words.seasonPrompts[side], subject(stats)),
          choices: choices.map { language.months[$0 - 1] },
          answer: choices.firstIndex(of: month)!,
          explanation: ExerciseWords.fill(
            words.seasonExplanations[side], listed.joined(separator: "; ")),
          listenAt: times[extremes[0].point.at],
          facts: ["season-\(highest ? "high" : "low")-\(index)"]))
    }
    return questions
  }

  /// About what value the highest note of the chart stands for (the highest point of the series
  /// that reaches highest): right within a tenth of the y axis, rounded to a round number (1,
  /// 2, 2.5 or 5 times a power of ten), since the introduction says which values the lowest and
  /// highest notes stand for.
  func estimate() -> Question? {
    guard oneScale,
      let (index, stats) = played.filter({ $0.stats.maximum != nil }).max(by: {
        $0.stats.maximum!.y < $1.stats.maximum!.y
      }), stats.count >= 2, let high = stats.maximum, let times = onsets[index], ySpan > 0
    else { return nil }
    let tolerance = Self.round(0.1 * ySpan)
    let value = high.y
    return Question(
      kind: .estimate,
      prompt: ExerciseWords.fill(words.estimatePrompt, subject(stats), statistic(tolerance)),
      numeric: Question.NumericAnswer(value: value, tolerance: tolerance),
      explanation: ExerciseWords.fill(
        words.estimateExplanation, valueText(high), statistic(value - tolerance),
        statistic(value + tolerance)),
      listenAt: times[high.index], facts: ["estimate-\(index)"])
  }

  /// The round number nearest `value`: 1, 2, 2.5 or 5 times a power of ten.
  static func round(_ value: Double) -> Double {
    guard value > 0, value.isFinite else { return value }
    let power = pow(10, (log10(value)).rounded(.down))
    let steps = [1, 2, 2.5, 5, 10].map { $0 * power }
    return steps.min { abs($0 - value) < abs($1 - value) }!
  }

  /// The series that can be told apart by ear and named: each plays one instrument of its own,
  /// and no two names say which is higher.
  var distinctSeries: [(index: Int, stats: SeriesStatistics)] {
    let series = played.filter { seriesInstruments[$0.index] != nil }
    let named = series.compactMap { seriesInstruments[$0.index] }
    guard series.count >= 2, series.count <= 6, Set(named).count == named.count,
      !namesGiveAway(series.map(\.index))
    else { return [] }
    return series
  }

  /// A series' name and its instrument: "1932 (the oboe)".
  func named(_ index: Int) -> String {
    "\(description.name(of: description.statistics[index])) (\(seriesInstruments[index]!))"
  }

  /// The points of two series at the same x values, where both play at once.
  func paired(_ a: Int, _ b: Int) -> [(x: DataValue, a: Int, b: Int)] {
    guard let timesA = onsets[a], let timesB = onsets[b] else { return [] }
    let pointsB = chart.series[b].dataPoints
    var byX: [DataValue: Int] = [:]
    for (at, point) in pointsB.enumerated() where point.y != nil { byX[point.x] = at }
    return chart.series[a].dataPoints.enumerated().compactMap { at, point in
      guard point.y != nil, let other = byX[point.x], abs(timesA[at] - timesB[other]) < 0.05
      else { return nil }
      return (point.x, at, other)
    }
  }

  /// Which of two series sounds higher at one x value: asked where the series that is higher on
  /// average is lower, by the margin (Morris, where 1932 beat 1931), else where they are
  /// furthest apart; the choices are the series with their instruments.
  func compareAt() -> Question? {
    let series = distinctSeries
    guard !series.isEmpty, ySpan > 0 else { return nil }
    var best: (a: Int, b: Int, x: DataValue, at: (Int, Int), gap: Double, reversed: Bool)?
    for (first, one) in series.enumerated() {
      for other in series.dropFirst(first + 1) {
        guard let meanA = one.stats.mean, let meanB = other.stats.mean else { continue }
        for pair in paired(one.index, other.index) {
          let ya = chart.series[one.index].dataPoints[pair.a].y!
          let yb = chart.series[other.index].dataPoints[pair.b].y!
          let gap = abs(ya - yb)
          guard gap >= Self.margin * ySpan else { continue }
          let reversed = (ya > yb) != (meanA > meanB)
          if best == nil || (reversed ? 1 : 0, gap) > (best!.reversed ? 1 : 0, best!.gap) {
            best = (one.index, other.index, pair.x, (pair.a, pair.b), gap, reversed)
          }
        }
      }
    }
    guard let best else { return nil }
    let ya = chart.series[best.a].dataPoints[best.at.0].y!
    let yb = chart.series[best.b].dataPoints[best.at.1].y!
    var place = chart.xAxis.describe(best.x, in: language)
    if chart.xAxis.numeric != nil { place = language.number(place) }
    let values = [(best.a, ya), (best.b, yb)].map {
      "\(description.name(of: description.statistics[$0.0])) \(y($0.1))"
    }
    return Question(
      kind: .compareAt, prompt: ExerciseWords.fill(words.comparePrompt, place),
      choices: [named(best.a), named(best.b)], answer: ya > yb ? 0 : 1,
      explanation: ExerciseWords.fill(
        words.compareExplanation, place, values.joined(separator: "; ")),
      listenAt: onsets[best.a]?[best.at.0],
      // Where the higher series is higher, the means tell it.
      facts: best.reversed ? ["compare"] : ["compare", "means"], isOrdered: false)
  }

  /// Whether two series rise and fall together, by the correlation of their values at the same
  /// x: clear either way (`together`), or none (below `noLink`, over twelve values or more).
  func together() -> [Question] {
    let series = distinctSeries
    guard series.count <= 4 else { return [] }
    var questions: [Question] = []
    for (first, one) in series.enumerated() {
      for other in series.dropFirst(first + 1) {
        let pairs = paired(one.index, other.index)
        guard pairs.count >= 8 else { continue }
        let a = pairs.map { chart.series[one.index].dataPoints[$0.a].y! }
        let b = pairs.map { chart.series[other.index].dataPoints[$0.b].y! }
        guard let r = Self.correlation(a, b),
          let answer = Self.link(r, count: pairs.count, clear: Self.together)
        else { continue }
        let names = [one, other].map { description.name(of: $0.stats) }
        questions.append(
          Question(
            kind: .together,
            prompt: ExerciseWords.fill(
              words.togetherPrompt, named(one.index), named(other.index)),
            choices: words.togetherChoices, answer: answer,
            explanation: ExerciseWords.fill(
              words.togetherExplanation, "\(pairs.count)", chart.xAxis.title, names[0], names[1],
              language.number(String(format: "%.2f", r)), words.togetherHows[answer]),
            listenAt: graphStart,
            // Two lines that both rise go together: their trends tell it.
            facts: ["trend-\(one.index)", "trend-\(other.index)", "together"]))
      }
    }
    return questions
  }

  /// A correlation's answer among "together" (0), "opposite" (1) and "no clear link" (2): clear
  /// beyond ±`clear`; no link within ±`noLink`, over twelve values or more; else nil.
  static func link(_ r: Double, count: Int, clear: Double) -> Int? {
    if r >= clear { return 0 }
    if r <= -clear { return 1 }
    if abs(r) < noLink, count >= 12 { return 2 }
    return nil
  }

  /// Pearson's correlation of two lists of the same length, nil when either does not vary.
  static func correlation(_ a: [Double], _ b: [Double]) -> Double? {
    let n = Double(a.count)
    guard a.count == b.count, a.count >= 2 else { return nil }
    let (meanA, meanB) = (a.reduce(0, +) / n, b.reduce(0, +) / n)
    var (sab, saa, sbb) = (0.0, 0.0, 0.0)
    for (x, y) in zip(a, b) {
      sab += (x - meanA) * (y - meanB)
      saa += (x - meanA) * (x - meanA)
      sbb += (y - meanB) * (y - meanB)
    }
    guard saa > 0, sbb > 0 else { return nil }
    return sab / (saa * sbb).squareRoot()
  }
}
