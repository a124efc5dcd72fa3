import Chart2MIDIBase
import Chart2MIDIChart
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
    package init(index: Int, x: DataValue, y: Double, label: String?) {
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
  package var minimumCount = 0
  /// How many points share the highest value.
  package var maximumCount = 0
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
  package var strongestDeviation: Double?

  /// The statistics of `chart.series[index]`.
  public init(series index: Int, of chart: ChartDescriptor) {
    let series = chart.series[index]
    name = series.name
    let categories = chart.xAxis.categorical?.makeIndex()
    // The values alone, in flat arrays: a point is made only for what is named (the extremes,
    // the outliers). Their places in `dataPoints` are kept only when some points have no y.
    // The same pass finds the first lowest and highest y, how many share them, the sums and the
    // span of x.
    var places: [Int]?
    var sums = Sums()
    var (low, high, lows, highs) = (0, 0, 0, 0)
    var ys: [Double] = []
    let total = series.dataPoints.count
    let xs = [Double](unsafeUninitializedCapacity: total) { xBuffer, xCount in
      ys = [Double](unsafeUninitializedCapacity: total) { yBuffer, yCount in
        var kept = 0
        series.dataPoints.withUnsafeBufferPointer { points in
          for position in points.indices {
            guard points[position].flags & DataPoint.hasY != 0 else {
              if places == nil { places = Array(0..<kept) }
              continue
            }
            let y = points[position].yNumber
            var x = points[position].xNumber
            if let name = points[position].box?.xCategory { x = Double(categories?[name] ?? 0) }
            places?.append(position)
            xBuffer[kept] = x
            yBuffer[kept] = y
            sums.add(x, y)
            if kept == 0 || y < yBuffer[low] {
              (low, lows) = (kept, 1)
            } else if y == yBuffer[low] {
              lows += 1
            }
            if kept == 0 || y > yBuffer[high] {
              (high, highs) = (kept, 1)
            } else if y == yBuffer[high] {
              highs += 1
            }
            kept += 1
          }
        }
        yCount = kept
      }
      xCount = ys.count
    }
    func point(_ at: Int) -> Point {
      let index = places?[at] ?? at
      let source = series.dataPoints[index]
      return Point(index: index, x: source.x, y: ys[at], label: source.label)
    }
    count = ys.count
    gaps = total - ys.count
    if !ys.isEmpty {
      minimum = point(low)
      maximum = point(high)
      (minimumCount, maximumCount) = (lows, highs)
      mean = sums.y / Double(ys.count)
    }
    median = Selection.median(ys)
    trend = Self.leastSquares(
      xs, ys, sums: sums, ySpan: chart.yAxis.range.upperBound - chart.yAxis.range.lowerBound)
    // The scores one at a time: the strongest, and the points past 3.5.
    var far: [Int] = []
    var strongest = 0.0
    if let line = Self.deviationLine(ys, xs, fittedSlope: trend?.slope) {
      for at in ys.indices {
        let score = abs(line.score(x: xs[at], y: ys[at]))
        strongest = Swift.max(strongest, score)
        if score > 3.5 { far.append(at) }
      }
      strongestDeviation = strongest
    }
    outliers = far.sorted { xs[$0] < xs[$1] }.map(point)
  }

  /// Sums of x and y, in order, and the span of x: what a line and a mean need, in the pass
  /// that reads the values.
  struct Sums {
    var x = 0.0
    var y = 0.0
    var lowestX = Double.infinity
    var highestX = -Double.infinity

    mutating func add(_ x: Double, _ y: Double) {
      self.x += x
      self.y += y
      lowestX = Swift.min(lowestX, x)
      highestX = Swift.max(highestX, x)
    }

    init() {}

    init(_ xs: [Double], _ ys: [Double]) {
      for (x, y) in zip(xs, ys) { add(x, y) }
    }
  }

  /// The least share of the variation a line must explain for its rise or fall to be stated, as
  /// the whole percentage that is said with it ("explains 50% of the variation").
  package static let clearTrend = 0.5

  static func leastSquares(_ xs: [Double], _ ys: [Double], sums: Sums? = nil, ySpan: Double)
    -> Trend?
  {
    guard xs.count >= 2 else { return nil }
    let sums = sums ?? Sums(xs, ys)
    let n = Double(xs.count)
    let meanX = sums.x / n
    let meanY = sums.y / n
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
    let xSpan = sums.highestX - sums.lowestX
    let change = abs(slope) * xSpan
    let direction: Direction =
      change < 0.05 * ySpan || (rSquared * 100).rounded() < Self.clearTrend * 100
      ? .flat : (slope > 0 ? .increasing : .decreasing)
    return Trend(
      slope: slope, intercept: meanY - slope * meanX, rSquared: rSquared, direction: direction)
  }

  /// The line and scale of the modified z-scores of the points' residuals: a score is
  /// 0.6745 × (y - slope × x - intercept) / spread.
  struct DeviationLine {
    var slope: Double
    var intercept: Double
    var spread: Double

    func score(x: Double, y: Double) -> Double {
      spread > 0 ? 0.6745 * ((y - slope * x) - intercept) / spread : 0
    }
  }

  /// The line of the modified z-scores of each point's residual from a Theil-Sen line (the
  /// median of the pairwise slopes, for up to 2,000 points; the least-squares line above that);
  /// nil below five points. Outliers score more than 3.5. Above 2,000 points, `fittedSlope` is
  /// the least-squares slope when the caller has it. No array of residuals is made: each median
  /// is selected from the residuals as they are computed.
  static func deviationLine(_ ys: [Double], _ xs: [Double], fittedSlope: Double? = nil)
    -> DeviationLine?
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
    return ys.withUnsafeBufferPointer { ys in
      xs.withUnsafeBufferPointer { xs in
        let count = ys.count
        let intercept = Selection.median(count: count) { ys[$0] - slope * xs[$0] } ?? 0
        // The residuals' median is 0: the intercept is the median of y - slope x (up to
        // rounding, far below what a score shows).
        func residual(_ at: Int) -> Double { (ys[at] - slope * xs[at]) - intercept }
        var spread = Selection.median(count: count) { abs(residual($0)) } ?? 0
        if spread == 0 {
          // More than half the residuals are equal: scale the mean absolute deviation instead.
          var total = 0.0
          for at in 0..<count { total += abs(residual(at)) }
          spread = total / Double(count) * 1.2533
        }
        return DeviationLine(slope: slope, intercept: intercept, spread: spread)
      }
    }
  }

  /// Every point's modified z-score (see `deviationLine(_:_:fittedSlope:)`); nil below five.
  static func deviationScores(_ ys: [Double], _ xs: [Double], fittedSlope: Double? = nil)
    -> [Double]?
  {
    deviationLine(ys, xs, fittedSlope: fittedSlope).map { line in
      zip(xs, ys).map { line.score(x: $0, y: $1) }
    }
  }
}
