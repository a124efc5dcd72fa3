import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// A series' runs of unusual points, and its calendar season.
extension SeriesShape {
  // MARK: Episodes

  /// Runs of at least three outliers in a row (in x order) on one side of the median.
  static func episodes(
    _ outliers: [SeriesStatistics.Point], positions: [Int: Int], ys: [Double], median: Double,
    point: (Int) -> SeriesStatistics.Point
  ) -> [Episode] {
    let places = outliers.compactMap { positions[$0.index] }.sorted()
    var episodes: [Episode] = []
    var runStart = 0
    for at in places.indices {
      let ends =
        at + 1 == places.count || places[at + 1] != places[at] + 1
        || (ys[places[at + 1]] < median) != (ys[places[at]] < median)
      guard ends else { continue }
      let run = places[runStart...at]
      if run.count >= 3 {
        let below = ys[run.first!] < median
        let extreme = below ? run.min { ys[$0] < ys[$1] }! : run.max { ys[$0] < ys[$1] }!
        episodes.append(
          Episode(
            first: point(run.first!), last: point(run.last!), count: run.count,
            extreme: point(extreme), below: below, positions: run.first!...run.last!))
      }
      runStart = at + 1
    }
    return episodes
  }

  // MARK: Seasons

  /// The month (or weekday) where most years (or weeks) peak and are lowest, for dates over at
  /// least two whole cycles that agree in at least two of three.
  static func season(xs: [Double], ys: [Double], precision: DateFormat.Precision?) -> Season? {
    guard let precision, precision >= .month, let first = xs.first, let last = xs.last else {
      return nil
    }
    let days = (last - first) / 86400
    let cycle: Season.Cycle
    if days >= 700 {
      cycle = .year
    } else if precision >= .day, days >= 20 {
      cycle = .week
    } else {
      return nil
    }
    // Each cycle's highest and lowest point's month or weekday, for cycles well covered.
    var cycles: [Int: (count: Int, high: Int, low: Int)] = [:]
    for at in xs.indices {
      let day = Int((xs[at] / 86400).rounded(.down))
      // Weeks from 1970-01-05, a Monday.
      let key =
        cycle == .year
        ? ISODate.civil(fromDays: day).year : Int((Double(day - 4) / 7).rounded(.down))
      if var entry = cycles[key] {
        entry.count += 1
        if ys[at] > ys[entry.high] { entry.high = at }
        if ys[at] < ys[entry.low] { entry.low = at }
        cycles[key] = entry
      } else {
        cycles[key] = (1, at, at)
      }
    }
    let needed = max(1, cycles.values.map(\.count).max()! * 3 / 4)
    let whole = cycles.values.filter { $0.count >= needed && $0.count >= 3 }
    guard whole.count >= 2 else { return nil }
    func phase(_ at: Int) -> Int {
      let day = Int((xs[at] / 86400).rounded(.down))
      switch cycle {
      case .year: return ISODate.civil(fromDays: day).month
      case .week: return (((day - 4) % 7) + 7) % 7
      }
    }
    // A month agrees with its neighbours (a peak in July or August is "around July"); a
    // weekday only with itself.
    let period = cycle == .year ? 12 : 7
    let tolerance = cycle == .year ? 1 : 0
    func agreed(_ phases: [Int]) -> Int? {
      var counts: [Int: Int] = [:]
      for phase in phases { counts[phase, default: 0] += 1 }
      func near(_ a: Int, _ b: Int) -> Bool {
        let distance = abs(a - b) % period
        return min(distance, period - distance) <= tolerance
      }
      guard let (phase, _) = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }),
        phases.filter({ near($0, phase) }).count * 3 >= phases.count * 2
      else { return nil }
      return phase
    }
    // The phase must explain most of what the line through the points leaves: a rise and a
    // fall over the years is no season.
    let n = Double(xs.count)
    let (meanX, meanY) = (xs.reduce(0, +) / n, ys.reduce(0, +) / n)
    var (sxx, sxy) = (0.0, 0.0)
    for at in xs.indices {
      sxx += (xs[at] - meanX) * (xs[at] - meanX)
      sxy += (xs[at] - meanX) * (ys[at] - meanY)
    }
    let slope = sxx > 0 ? sxy / sxx : 0
    var byPhase: [Int: (sum: Double, count: Double)] = [:]
    var residuals: [Double] = []
    for at in xs.indices {
      let residual = ys[at] - meanY - slope * (xs[at] - meanX)
      residuals.append(residual)
      byPhase[phase(at), default: (0, 0)].sum += residual
      byPhase[phase(at), default: (0, 0)].count += 1
    }
    let total = residuals.reduce(0) { $0 + $1 * $1 }
    let between = byPhase.values.reduce(0) { $0 + $1.sum * $1.sum / $1.count }
    guard total > 0, between >= 0.5 * total else { return nil }
    let peak = agreed(whole.map { phase($0.high) })
    let trough = agreed(whole.map { phase($0.low) })
    guard peak != nil || trough != nil else { return nil }
    return Season(cycle: cycle, peak: peak, trough: trough)
  }
}
