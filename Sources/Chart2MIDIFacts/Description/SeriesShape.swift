import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// The shape of a series as a describer says it: its few main movements (rises, falls, steady
/// stretches, jumps), each ending at a turn (a high or a low) or the series' end; its runs of
/// consecutive unusual points, each one episode; and a pattern that repeats with the calendar
/// ("peaks each July").
///
/// The movements come from a piecewise-linear fit: the points (averaged into at most 240 bins)
/// cut into the fewest lines, up to five, after which one more line explains less than 4% of the
/// variation; a line whose change is under 15% of the series' range is a steady stretch, and two
/// lines that meet more than 30% of the range apart are a jump between them. A turn is the
/// highest (or lowest) point near where a rise meets a fall, so the values said are the data's.
package struct SeriesShape: Hashable, Sendable {
  /// How a movement goes.
  package enum Kind: Hashable, Sendable {
    /// Rising or falling over a stretch.
    case rise, fall
    /// Staying near one value.
    case hold
    /// A sudden step up or down between two points.
    case jump, drop
  }

  /// One movement: from the end of the one before it (or the series' first point) to `end`.
  package struct Leg: Hashable, Sendable {
    /// How it moves.
    package var kind: Kind
    /// Whether it moves at least three times as fast as the series does on average.
    package var steep: Bool
    /// Where it ends: a turn, or where the next movement begins.
    package var end: SeriesStatistics.Point
    /// The mean of its values (what a steady stretch stays near).
    package var mean: Double
    /// Whether `end` is a high (a rise turning to a fall) or a low.
    package var turn: Turn?
  }

  /// A turning point.
  package enum Turn: Hashable, Sendable { case high, low }

  /// A run of at least three consecutive outliers on one side of the rest.
  package struct Episode: Hashable, Sendable {
    /// Its first and last points.
    package var first: SeriesStatistics.Point
    /// Its last point.
    package var last: SeriesStatistics.Point
    /// How many points it holds.
    package var count: Int
    /// Its most extreme point.
    package var extreme: SeriesStatistics.Point
    /// Whether it lies below the rest.
    package var below: Bool
    /// Positions (in x order) it spans.
    package var positions: ClosedRange<Int>
  }

  /// A pattern that repeats with the calendar: the month (1-12) or weekday (0 Monday) where most
  /// years (or weeks) peak and where they are lowest; a month is the most common one, with two
  /// years in three within a month of it.
  package struct Season: Hashable, Sendable {
    /// What repeats.
    package enum Cycle: Hashable, Sendable { case year, week }
    /// The cycle.
    package var cycle: Cycle
    /// The month (1-12) or weekday (0 Monday … 6 Sunday) of most highs, when most agree.
    package var peak: Int?
    /// The month or weekday of most lows, when most agree.
    package var trough: Int?
  }

  /// The first point.
  package var start: SeriesStatistics.Point?
  /// The movements, in x order.
  package var legs: [Leg]
  /// The runs of consecutive outliers.
  package var episodes: [Episode]
  /// A repeating pattern, when the x axis holds dates over several cycles.
  package var season: Season?
  /// Each point's position in x order, by its index in `dataPoints`.
  package var positions: [Int: Int]

  /// Whether the movements are worth saying: the points are a line in x order (not a scatter,
  /// whose points share or revisit x values), and there are at most five movements and at least
  /// two points for each.
  package var isSayable: Bool {
    isLine && !legs.isEmpty && legs.count <= 5 && legs.count * 2 <= pointCount
  }
  /// Whether x grows from each point to the next in the order of `dataPoints`.
  package var isLine = true
  /// The points with a value.
  package var pointCount = 0

  /// The points a movement names: the first, and each movement's end.
  package var namedPoints: [SeriesStatistics.Point] {
    (start.map { [$0] } ?? []) + legs.map(\.end)
  }

  /// The shape of `chart.series[index]`, whose statistics are `statistics`.
  package init(series index: Int, of chart: ChartDescriptor, statistics: SeriesStatistics) {
    let series = chart.series[index]
    let categories = chart.xAxis.categorical?.makeIndex()
    var order: [(x: Double, y: Double, index: Int)] = []
    order.reserveCapacity(series.dataPoints.count)
    for (position, point) in series.dataPoints.enumerated() {
      guard let y = point.y else { continue }
      let x = point.x.category.map { Double(categories?[$0] ?? 0) } ?? point.x.number ?? 0
      order.append((x, y, position))
    }
    pointCount = order.count
    isLine = !zip(order, order.dropFirst()).contains { $0.x >= $1.x }
    if zip(order, order.dropFirst()).contains(where: { $0.x > $1.x }) {
      order = order.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }
        .map(\.element)
    }
    func point(_ at: Int) -> SeriesStatistics.Point {
      let index = order[at].index
      return SeriesStatistics.Point(
        index: index, x: series.dataPoints[index].x, y: order[at].y,
        label: series.dataPoints[index].label)
    }
    var positions: [Int: Int] = [:]
    for (at, entry) in order.enumerated() { positions[entry.index] = at }
    self.positions = positions
    start = order.isEmpty ? nil : point(0)
    legs = []
    episodes = []
    guard order.count >= 2 else { return }
    let ys = order.map(\.y)
    let xs = order.map(\.x)
    let range = (ys.max()! - ys.min()!)
    legs = Self.legs(xs: xs, ys: ys, range: range, point: point)
    episodes = Self.episodes(
      statistics.outliers, positions: positions, ys: ys, median: statistics.median ?? 0,
      point: point)
    if chart.xAxis.numeric?.dateFormat != nil {
      season = Self.season(xs: xs, ys: ys, precision: xs.map(DateFormat.precision(of:)).max())
    }
  }

  // MARK: Movements

  /// A run of points averaged into one, for the fit: its weight, sums and first and last point.
  struct Bin {
    var weight = 0.0
    var x = 0.0
    var y = 0.0
    var xx = 0.0
    var xy = 0.0
    var yy = 0.0
    var first = 0
    var last = 0
  }

  /// The movements of the points `xs`, `ys` (in x order) whose values span `range`.
  static func legs(
    xs: [Double], ys: [Double], range: Double, point: (Int) -> SeriesStatistics.Point
  ) -> [Leg] {
    let count = ys.count
    let mean = ys.reduce(0, +) / Double(count)
    guard range > 0, range.isFinite else {
      return [Leg(kind: .hold, steep: false, end: point(count - 1), mean: mean, turn: nil)]
    }
    // Bins of consecutive points, each point's values shifted so that sums stay precise.
    let binCount = min(count, 240)
    let (x0, y0) = (xs[0], mean)
    var bins: [Bin] = []
    for bin in 0..<binCount {
      let first = bin * count / binCount
      let last = (bin + 1) * count / binCount - 1
      var sums = Bin(first: first, last: last)
      for at in first...last {
        let (x, y) = (xs[at] - x0, ys[at] - y0)
        sums.weight += 1
        sums.x += x
        sums.y += y
        sums.xx += x * x
        sums.xy += x * y
        sums.yy += y * y
      }
      bins.append(sums)
    }
    // Prefix sums over the bins: the error of a line through bins i..<j in constant time.
    var prefix = [Bin()]
    for bin in bins {
      var next = prefix.last!
      next.weight += bin.weight
      next.x += bin.x
      next.y += bin.y
      next.xx += bin.xx
      next.xy += bin.xy
      next.yy += bin.yy
      prefix.append(next)
    }
    func line(_ i: Int, _ j: Int) -> (error: Double, slope: Double, intercept: Double) {
      let (a, b) = (prefix[i], prefix[j])
      let n = b.weight - a.weight
      let sx = b.x - a.x
      let sy = b.y - a.y
      let sxx = (b.xx - a.xx) - sx * sx / n
      let sxy = (b.xy - a.xy) - sx * sy / n
      let syy = (b.yy - a.yy) - sy * sy / n
      guard sxx > 1e-12 * max(1, abs(b.xx - a.xx)) else {
        return (max(0, syy), 0, sy / n)
      }
      let slope = sxy / sxx
      return (max(0, syy - slope * sxy), slope, (sy - slope * sx) / n)
    }
    let shortest = max(2, binCount / 15)
    let most = min(5, binCount / shortest)
    // error[k][j]: the least error of k lines through bins 0..<j; cut[k][j] where the last begins.
    var error = Array(
      repeating: Array(repeating: Double.infinity, count: binCount + 1), count: most + 1)
    var cut = Array(repeating: Array(repeating: 0, count: binCount + 1), count: most + 1)
    error[0][0] = 0
    for k in 1...max(1, most) {
      for j in stride(from: k * shortest, through: binCount, by: 1) {
        for i in stride(from: (k - 1) * shortest, through: j - shortest, by: 1)
        where error[k - 1][i].isFinite {
          let total = error[k - 1][i] + line(i, j).error
          if total < error[k][j] { (error[k][j], cut[k][j]) = (total, i) }
        }
      }
    }
    // The variation around the mean: what the lines explain part of.
    let variation = prefix[binCount].yy - pow(prefix[binCount].y, 2) / Double(count)
    var lines = 1
    while lines < most, error[lines][binCount] > 0.03 * variation,
      error[lines][binCount] - error[lines + 1][binCount] >= 0.04 * variation
    {
      lines += 1
    }
    if most == 0 { lines = 1 }
    // The lines' bins, first to last.
    var bounds: [Range<Int>] = []
    var end = binCount
    for k in stride(from: lines, through: 1, by: -1) {
      let begin = most == 0 ? 0 : cut[k][end]
      bounds.insert(begin..<end, at: 0)
      end = begin
    }
    // Each line as a movement, with a jump where two lines meet far apart.
    let span = max(xs[count - 1] - xs[0], .leastNonzeroMagnitude)
    var raw: [(kind: Kind, first: Int, last: Int)] = []
    var previousEnd: Double?
    for bound in bounds {
      let fit = line(bound.lowerBound, bound.upperBound)
      let (first, last) = (bins[bound.lowerBound].first, bins[bound.upperBound - 1].last)
      let startValue = fit.intercept + fit.slope * (xs[first] - x0)
      let endValue = fit.intercept + fit.slope * (xs[last] - x0)
      if let previousEnd, abs(startValue - previousEnd) >= 0.3 * range {
        raw.append((startValue > previousEnd ? .jump : .drop, first, first))
      }
      let change = endValue - startValue
      raw.append((abs(change) < 0.15 * range ? .hold : change > 0 ? .rise : .fall, first, last))
      previousEnd = endValue
    }
    // Neighbours that move the same way are one movement.
    var merged: [(kind: Kind, first: Int, last: Int)] = []
    for leg in raw {
      if let last = merged.last, last.kind == leg.kind, leg.kind != .jump, leg.kind != .drop {
        merged[merged.count - 1].last = leg.last
      } else {
        merged.append(leg)
      }
    }
    // Each movement ends at a turn's extreme, found between the middles of the two movements
    // around it, or where the next begins.
    var ends: [Int] = []
    var turns: [Turn?] = []
    for (at, leg) in merged.enumerated() {
      guard at + 1 < merged.count else {
        ends.append(count - 1)
        turns.append(nil)
        break
      }
      let next = merged[at + 1]
      let low = max((leg.first + leg.last) / 2, ends.last.map { $0 + 1 } ?? 0)
      let high = max(low, (next.first + next.last) / 2)
      switch (leg.kind, next.kind) {
      case (.rise, .fall), (.rise, .drop), (.jump, .fall):
        let top = (low...high).max { ys[$0] < ys[$1] }!
        ends.append(top)
        turns.append(.high)
      case (.fall, .rise), (.fall, .jump), (.drop, .rise):
        let bottom = (low...high).min { ys[$0] < ys[$1] }!
        ends.append(bottom)
        turns.append(.low)
      case (_, .jump), (_, .drop):
        ends.append(max(next.first - 1, ends.last.map { $0 + 1 } ?? 0))
        turns.append(nil)
      default:
        ends.append(max(leg.last, ends.last.map { $0 + 1 } ?? 0))
        turns.append(nil)
      }
    }
    var legs: [Leg] = []
    var begin = 0
    for (at, leg) in merged.enumerated() {
      let end = min(ends[at], count - 1)
      let stretch = ys[begin...end]
      let change = abs(ys[end] - ys[begin])
      let share = (xs[end] - xs[begin]) / span
      let steep =
        (leg.kind == .rise || leg.kind == .fall) && change >= 0.3 * range
        && change / range >= 3 * share
      legs.append(
        Leg(
          kind: leg.kind, steep: steep, end: point(end),
          mean: stretch.reduce(0, +) / Double(stretch.count), turn: turns[at]))
      begin = end
    }
    return legs
  }
}
