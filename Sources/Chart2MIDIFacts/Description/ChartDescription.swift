import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// What an audio graph's explorer says about a chart: its title, summary, axes, and per series the
/// count, extremes, mean, median, trend and outliers, in short sentences; the same as JSON.
public struct ChartDescription: Sendable {
  /// A text as a sentence: a full stop added unless it ends with one, or with `?` or `!`.
  package static func sentence(_ text: String) -> String {
    guard let last = text.last, !".?!".contains(last) else { return text }
    return text + "."
  }

  /// The chart described.
  public var chart: ChartDescriptor
  /// One entry per series.
  public var statistics: [SeriesStatistics]
  /// The language of the sentences that a narration speaks too: the summary made from the data,
  /// the axes, the comparison of series, and the values with their places.
  public var language: DescriptionLanguage
  /// The most decimals of the chart's y values, for statistics.
  let yDecimals: Int

  /// Describes a chart, in English unless `language` says otherwise.
  public init(_ chart: ChartDescriptor, language: DescriptionLanguage = .english) {
    self.chart = chart
    self.language = language
    statistics = chart.series.indices.map { SeriesStatistics(series: $0, of: chart) }
    yDecimals = chart.yDecimals
  }

  /// The same description in another language: the statistics, which no language changes, are
  /// not computed again.
  package func speaking(_ language: DescriptionLanguage) -> ChartDescription {
    var copy = self
    copy.language = language
    return copy
  }

  // MARK: Sentences

  /// The chart's summary, or one made from the trend and extremes when it has none.
  public var summary: String { chart.summary.flatMap { $0.isEmpty ? nil : $0 } ?? generatedSummary }

  /// A summary made from each series' trend and extremes, and which series is higher on average.
  package var generatedSummary: String {
    var sentences = statistics.compactMap { stats -> String? in
      guard let lowest = stats.minimum, let highest = stats.maximum else { return nil }
      return language.summary(
        name(of: stats), trend: language.trend(stats.trend?.direction, sentence: false),
        high: extremeText(for: highest, count: stats.maximumCount),
        low: extremeText(for: lowest, count: stats.minimumCount))
    }
    if let comparison = comparisonSentence { sentences.append(comparison) }
    return sentences.joined(separator: " ")
  }

  /// "High is higher on average than Low." for two series; the order from highest for more.
  package var comparisonSentence: String? {
    let ranked = statistics.filter { $0.mean != nil }.sorted { $0.mean! > $1.mean! }
    guard ranked.count >= 2 else { return nil }
    return language.comparison(
      ranked.map(\.name), by: language.number(difference(ranked[0].mean! - ranked[1].mean!)))
  }

  /// One sentence per axis: "The x axis is Year, from 1917 to 1975.", the y axis, then "An
  /// additional axis is MSRP, from $0 to $120,000." for each additional axis.
  package var axisSentences: [String] {
    [
      language.axisSentence(.x, axisText(chart.xAxis)),
      language.axisSentence(.y, axisText(.numeric(chart.yAxis))),
    ] + chart.additionalAxes.map { language.axisSentence(.additional, axisText($0)) }
  }

  /// The description as lines of text, one sentence or two per line.
  public var text: String {
    var lines = [ChartDescription.sentence(chart.title), summary]
    let axes = axisSentences
    lines.append(axes[0] + " " + axes[1])
    lines += axes.dropFirst(2)
    for (index, stats) in statistics.enumerated() {
      lines.append(contentsOf: seriesSentences(stats, series: chart.series[index]))
    }
    if let comparison = comparisonSentence { lines.append(comparison) }
    return lines.joined(separator: "\n") + "\n"
  }

  package func seriesSentences(_ stats: SeriesStatistics, series: DataSeries) -> [String] {
    let name = name(of: stats)
    guard let lowest = stats.minimum, let highest = stats.maximum, let mean = stats.mean,
      let median = stats.median
    else {
      return ["\(name): no points with a value."]
    }
    let xs = stats.count == 1 ? [] : xExtent(series)
    let span = xs.count == 2 ? " from \(xs[0]) to \(xs[1])" : ""
    let gaps = stats.gaps > 0 ? ", and \(counted(stats.gaps, "gap"))" : ""
    var lines = [
      "\(name): \(counted(stats.count, "point"))\(span)\(gaps).",
      "Highest: \(extremeText(for: highest, count: stats.maximumCount)).",
      "Lowest: \(extremeText(for: lowest, count: stats.minimumCount)).",
      "Mean: \(statistic(mean)). Median: \(statistic(median)).",
    ]
    if let trend = stats.trend {
      let share = Int((trend.rSquared * 100).rounded())
      let word = trend.direction == .flat ? "none clear" : trend.direction.rawValue
      lines.append("Trend: \(word); a straight line explains \(share)% of the variation.")
    }
    if stats.outliers.isEmpty {
      if stats.count >= 5 { lines.append("No outliers.") }
    } else {
      let listed = stats.outliers.map(valueText)
      lines.append("Outlier\(listed.count == 1 ? "" : "s"): \(listed.joined(separator: "; ")).")
    }
    return lines
  }

  /// A point's value and place: "268 births per 10,000 people in 1960 (Peak)".
  package func valueText(for point: SeriesStatistics.Point) -> String {
    "\(language.number(y(point.y))) \(place(point))"
  }

  /// An extreme's value and place, and how many points share it when several do: "3 degrees, 6
  /// times, first on day 21". `point` is the first of them.
  package func extremeText(for point: SeriesStatistics.Point, count: Int) -> String {
    guard count > 1 else { return valueText(for: point) }
    return language.repeated(language.number(y(point.y)), count, place(point))
  }

  /// A y value in the y axis's words.
  package func y(_ value: Double) -> String { chart.yAxis.describe(value) }

  /// A y value computed from the data (a mean, a median), rounded to the data's precision.
  package func statistic(_ value: Double) -> String {
    chart.yAxis.describeStatistic(value, dataDecimals: yDecimals)
  }

  /// A difference of y values, rounded like a statistic.
  func difference(_ value: Double) -> String { statistic(value) }

  /// A series' name; the chart's title for a series without one.
  package func name(of stats: SeriesStatistics) -> String {
    stats.name.trimmingCharacters(in: .whitespaces).isEmpty ? chart.title : stats.name
  }

  /// "in 1960", "at 1.38 tons (Toyota Prius)", "in Jul".
  package func place(_ point: SeriesStatistics.Point) -> String {
    var x = chart.xAxis.describe(point.x, in: language)
    let measure = x.contains(where: \.isLetter) && chart.xAxis.categorical == nil
    if chart.xAxis.numeric != nil { x = language.number(x) }
    let preposition = language.preposition(
      date: chart.xAxis.numeric?.dateFormat, measure: measure,
      category: chart.xAxis.categorical != nil)
    let label = point.label.map { " (\($0))" } ?? ""
    return "\(preposition) \(x)\(label)"
  }

  /// The first and last x of a series, in the x axis's words.
  func xExtent(_ series: DataSeries) -> [String] {
    switch chart.xAxis {
    case .numeric(let axis):
      let values = series.dataPoints.compactMap { $0.y == nil ? nil : $0.x.number }
      guard let low = values.min(), let high = values.max() else { return [] }
      return [axis.describePlace(low), axis.describePlace(high)]
    case .categorical(let axis):
      let index = axis.makeIndex()
      let positions = series.dataPoints.compactMap {
        $0.y == nil ? nil : $0.x.category.flatMap { index[$0] }
      }
      guard let low = positions.min(), let high = positions.max() else { return [] }
      return [axis.categoryOrder[low], axis.categoryOrder[high]]
    }
  }

  /// "Year, from 1917 to 1975" or "Month, with 12 categories: Jan, Feb, …".
  func axisText(_ axis: Axis) -> String {
    switch axis {
    case .numeric(let numeric):
      return language.numericAxis(
        numeric.title,
        from: language.number(numeric.describe(numeric.range.lowerBound, in: language)),
        to: language.number(numeric.describe(numeric.range.upperBound, in: language)),
        scale: numeric.scaleType == .linear ? nil : numeric.scaleType.rawValue)
    case .categorical(let categorical):
      return language.categoricalAxis(categorical.title, categories: categorical.categoryOrder)
    }
  }

  // MARK: JSON

  /// The description as JSON: the same facts as the text, as data.
  public func json() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(Document(self))
  }

  struct Document: Encodable {
    var title: String
    var summary: String
    var summaryIsGenerated: Bool
    var axes: [AxisEntry]
    var series: [SeriesEntry]
    var comparison: String?

    init(_ description: ChartDescription) {
      let chart = description.chart
      title = chart.title
      summary = description.summary
      summaryIsGenerated = chart.summary.map(\.isEmpty) ?? true
      axes =
        [
          AxisEntry(role: "x", axis: chart.xAxis),
          AxisEntry(role: "y", axis: .numeric(chart.yAxis)),
        ]
        + chart.additionalAxes.map { AxisEntry(role: "additional", axis: $0) }
      series = zip(description.statistics, chart.series).map { SeriesEntry($0, $1, description) }
      comparison = description.comparisonSentence
    }
  }

  struct AxisEntry: Encodable {
    var role: String
    var kind: String
    var title: String
    var range: [Double]?
    var rangeText: [String]?
    var scaleType: String?
    var categories: [String]?

    init(role: String, axis: Axis) {
      self.role = role
      title = axis.title
      switch axis {
      case .numeric(let numeric):
        kind = numeric.dateFormat == nil ? "numeric" : "date"
        range = [numeric.range.lowerBound, numeric.range.upperBound]
        rangeText = range!.map { numeric.describe($0) }
        scaleType = numeric.scaleType.rawValue
      case .categorical(let categorical):
        kind = "categorical"
        categories = categorical.categoryOrder
      }
    }
  }

  struct PointEntry: Encodable {
    var index: Int
    var x: DataValue
    var xText: String
    var y: Double
    var yText: String
    var label: String?

    init(_ point: SeriesStatistics.Point, _ description: ChartDescription) {
      index = point.index
      x = point.x
      xText = description.chart.xAxis.describe(point.x)
      y = point.y
      yText = description.y(point.y)
      label = point.label
    }
  }

  struct TrendEntry: Encodable {
    var slope: Double
    var intercept: Double
    var rSquared: Double
    var direction: SeriesStatistics.Direction
  }

  struct SeriesEntry: Encodable {
    var name: String
    var isContinuous: Bool
    var count: Int
    var gaps: Int
    var minimum: PointEntry?
    var maximum: PointEntry?
    var mean: Double?
    var meanText: String?
    var median: Double?
    var medianText: String?
    var trend: TrendEntry?
    var outliers: [PointEntry]
    var sentences: [String]

    init(_ stats: SeriesStatistics, _ series: DataSeries, _ description: ChartDescription) {
      name = stats.name
      isContinuous = series.isContinuous
      count = stats.count
      gaps = stats.gaps
      minimum = stats.minimum.map { PointEntry($0, description) }
      maximum = stats.maximum.map { PointEntry($0, description) }
      mean = stats.mean
      meanText = stats.mean.map(description.statistic)
      median = stats.median
      medianText = stats.median.map(description.statistic)
      trend = stats.trend.map {
        TrendEntry(
          slope: $0.slope, intercept: $0.intercept, rSquared: $0.rSquared, direction: $0.direction)
      }
      outliers = stats.outliers.map { PointEntry($0, description) }
      sentences = description.seriesSentences(stats, series: series)
    }
  }
}

extension DataValue: Encodable {
  /// A number, or a category name as a string.
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let value): try container.encode(value)
    case .category(let name): try container.encode(name)
    }
  }
}
