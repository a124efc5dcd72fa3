import Foundation

/// The statistics of one series that the explorer of an audio graph reads: count, extremes, mean,
/// median, the trend, and outliers.
public struct SeriesStatistics: Hashable, Sendable {
  /// A point, with its position in the series.
  public struct Point: Hashable, Sendable {
    /// Its index in `dataPoints`.
    public var index: Int
    /// Its x value.
    public var x: DataValue
    /// Its y value.
    public var y: Double
    /// Its label, when it has one.
    public var label: String?

    /// Creates a point.
    public init(index: Int, x: DataValue, y: Double, label: String?) {
      self.index = index
      self.x = x
      self.y = y
      self.label = label
    }
  }

  /// Which way a series goes.
  public enum Direction: String, Hashable, Sendable, Codable {
    /// Rising, falling, or neither.
    case increasing, decreasing, flat
  }

  /// The least-squares line through the points, y = intercept + slope × x, with x the numeric value
  /// or, on a categorical axis, the category's position in `categoryOrder`.
  public struct Trend: Hashable, Sendable {
    /// How much y changes per unit of x.
    public var slope: Double
    /// The line's y at x = 0.
    public var intercept: Double
    /// The share of the variation of y that the line explains, 0 to 1.
    public var rSquared: Double
    /// `flat` (no clear trend) when the line changes by less than 5% of the y axis span over the
    /// data's x span, or explains less than half the variation: a rise or a fall is claimed only
    /// where the line accounts for most of what the data does (seasonal data whose line explains
    /// 18% does not "rise overall").
    public var direction: Direction
  }

  /// The series name.
  public var name: String
  /// Points with a y value.
  public var count: Int
  /// Points whose y is null.
  public var gaps: Int
  /// The lowest point (the first, when several share the value).
  public var minimum: Point?
  /// The highest point (the first, when several share the value).
  public var maximum: Point?
  /// How many points share the lowest value (1 when it is the minimum's alone; 0 without points).
  public var minimumCount = 0
  /// How many points share the highest value.
  public var maximumCount = 0
  /// The mean of y, when there is any y.
  public var mean: Double?
  /// The median of y, when there is any y.
  public var median: Double?
  /// The least-squares line, when there are two x values or more.
  public var trend: Trend?
  /// Points far from the trend: more than 3.5 median absolute deviations from the median of the
  /// residuals of a robust (Theil-Sen) line, in x order. Needs at least five points.
  public var outliers: [Point]
  /// The largest modified z-score of any point's residual from that line (outliers score more
  /// than 3.5): how far the most unusual point stands out. Nil below five points.
  public var strongestDeviation: Double?

  /// The statistics of `chart.series[index]`.
  public init(series index: Int, of chart: ChartDescriptor) {
    let series = chart.series[index]
    name = series.name
    let categories = chart.xAxis.categorical?.makeIndex()
    // The values alone, in flat arrays: a point is made only for what is named (the extremes,
    // the outliers). Their places in `dataPoints` are kept only when some points have no y.
    var xs: [Double] = []
    var ys: [Double] = []
    xs.reserveCapacity(series.dataPoints.count)
    ys.reserveCapacity(series.dataPoints.count)
    var places: [Int]?
    for (position, point) in series.dataPoints.enumerated() {
      guard let y = point.y else {
        if places == nil { places = Array(0..<ys.count) }
        continue
      }
      let x: Double
      switch point.x {
      case .number(let value): x = value
      case .category(let name): x = Double(categories?[name] ?? 0)
      }
      places?.append(position)
      xs.append(x)
      ys.append(y)
    }
    func point(_ at: Int) -> Point {
      let index = places?[at] ?? at
      let source = series.dataPoints[index]
      return Point(index: index, x: source.x, y: ys[at], label: source.label)
    }
    count = ys.count
    gaps = series.dataPoints.count - ys.count
    // The first lowest and the first highest, how many share them, and the sum: one pass.
    var low = 0
    var high = 0
    var lows = 0
    var highs = 0
    var sum = 0.0
    for at in ys.indices {
      let y = ys[at]
      sum += y
      if at == 0 || y < ys[low] {
        (low, lows) = (at, 1)
      } else if y == ys[low] {
        lows += 1
      }
      if at == 0 || y > ys[high] {
        (high, highs) = (at, 1)
      } else if y == ys[high] {
        highs += 1
      }
    }
    if !ys.isEmpty {
      minimum = point(low)
      maximum = point(high)
      (minimumCount, maximumCount) = (lows, highs)
      mean = sum / Double(ys.count)
    }
    median = Self.median(ys)
    trend = Self.leastSquares(
      xs, ys, ySpan: chart.yAxis.range.upperBound - chart.yAxis.range.lowerBound)
    let scores = Self.deviationScores(ys, xs, fittedSlope: trend?.slope)
    strongestDeviation = scores.map { $0.map(abs).max() ?? 0 }
    outliers =
      scores.map { scores in
        ys.indices.filter { abs(scores[$0]) > 3.5 }.sorted { xs[$0] < xs[$1] }.map(point)
      } ?? []
  }

  /// The median, by selection in linear time.
  static func median(_ values: [Double]) -> Double? { Selection.median(values) }

  /// The least share of the variation a line must explain for its rise or fall to be stated, as
  /// the whole percentage that is said with it ("explains 50% of the variation").
  public static let clearTrend = 0.5

  static func leastSquares(_ xs: [Double], _ ys: [Double], ySpan: Double) -> Trend? {
    guard xs.count >= 2 else { return nil }
    let n = Double(xs.count)
    let meanX = xs.reduce(0, +) / n
    let meanY = ys.reduce(0, +) / n
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for (x, y) in zip(xs, ys) {
      sxx += (x - meanX) * (x - meanX)
      sxy += (x - meanX) * (y - meanY)
      syy += (y - meanY) * (y - meanY)
    }
    // Values so large that their squares overflow have no line to speak of.
    guard sxx > 0, sxx.isFinite, sxy.isFinite, syy.isFinite else { return nil }
    let slope = sxy / sxx
    // r from square roots first, so that large values do not overflow the product.
    let r = syy > 0 ? sxy / (sxx.squareRoot() * syy.squareRoot()) : 0
    guard r.isFinite, slope.isFinite else { return nil }
    let rSquared = Swift.min(1, r * r)
    let xSpan = (xs.max() ?? 0) - (xs.min() ?? 0)
    let change = abs(slope) * xSpan
    let direction: Direction =
      change < 0.05 * ySpan || (rSquared * 100).rounded() < Self.clearTrend * 100
      ? .flat : (slope > 0 ? .increasing : .decreasing)
    return Trend(
      slope: slope, intercept: meanY - slope * meanX, rSquared: rSquared, direction: direction)
  }

  /// The modified z-score of each point's residual from a Theil-Sen line (the median of the
  /// pairwise slopes, for up to 2,000 points; the least-squares line above that); nil below five
  /// points. Outliers score more than 3.5.
  /// Above 2,000 points, `fittedSlope` is the least-squares slope when the caller has it.
  static func deviationScores(_ ys: [Double], _ xs: [Double], fittedSlope: Double? = nil)
    -> [Double]?
  {
    guard ys.count >= 5 else { return nil }
    var slope = 0.0
    if ys.count <= 2000 {
      var slopes: [Double] = []
      slopes.reserveCapacity(ys.count * (ys.count - 1) / 2)
      for i in 0..<ys.count {
        for j in (i + 1)..<ys.count where xs[j] != xs[i] {
          slopes.append((ys[j] - ys[i]) / (xs[j] - xs[i]))
        }
      }
      slope = Selection.median(reordering: &slopes) ?? 0
    } else if let fittedSlope {
      slope = fittedSlope
    } else if let trend = leastSquares(xs, ys, ySpan: 1) {
      slope = trend.slope
    }
    // Two arrays in all: the residuals, which become the scores, and one to select medians in.
    var work = zip(xs, ys).map { $1 - slope * $0 }
    let intercept = Selection.median(reordering: &work) ?? 0
    var scores = zip(xs, ys).map { $1 - (intercept + slope * $0) }
    // The residuals' median is 0: the intercept is the median of y - slope x (up to rounding,
    // far below what a score shows).
    let center = 0.0
    for at in scores.indices { work[at] = abs(scores[at]) }
    var spread = Selection.median(reordering: &work) ?? 0
    if spread == 0 {
      // More than half the residuals are equal: scale the mean absolute deviation instead.
      spread = scores.reduce(0) { $0 + abs($1 - center) } / Double(scores.count) * 1.2533
    }
    guard spread > 0 else { return scores.map { _ in 0 } }
    for at in scores.indices { scores[at] = 0.6745 * (scores[at] - center) / spread }
    return scores
  }
}
