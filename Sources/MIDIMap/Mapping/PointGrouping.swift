/// A point about to sound: its index in the series, its onset in seconds, its y, and the duration
/// and velocity the additional axes give it.
struct SoundingPoint {
  var index: Int
  var onset: Double
  var y: Double
  var duration: Double
  var velocity: Double
}

/// Dense points played as groups, so that a listener can follow them: time is cut into windows,
/// and a window that holds more points than it may play plays them by the grouping rule. Windows
/// with few enough points play every point.
///
/// Notes keep their true times, so a second that straddles windows overlaps one window more than
/// it covers: the windows are made wide enough that any second, wherever it starts, holds at most
/// `SonificationOptions.maximumNotesPerSecond` notes (for a limit above the window's allowance;
/// below it, a window of one note lasts a second divided by the limit).
enum PointGrouping {
  /// How many notes a window plays: two for `minmax` (its lowest and highest) when the limit
  /// allows more than two a second, else one.
  static func allowance(_ rule: SonificationOptions.Grouping, limit: Double) -> Int {
    rule == .minmax && limit > 2 ? 2 : 1
  }

  /// The width of a window in seconds. A second overlaps at most 1 / width + 1 windows, so a
  /// width of allowance / (limit - allowance) keeps it at the limit.
  static func window(_ rule: SonificationOptions.Grouping, limit: Double) -> Double {
    let allowance = Double(allowance(rule, limit: limit))
    return limit > allowance ? allowance / (limit - allowance) : allowance / limit
  }

  /// Whether some window holds more points than it may play.
  static func isNeeded(_ points: [SoundingPoint], rule: SonificationOptions.Grouping, limit: Double)
    -> Bool
  {
    let allowance = allowance(rule, limit: limit)
    guard rule != .none, points.count > allowance else { return false }
    let width = window(rule, limit: limit)
    var counts: [Int: Int] = [:]
    for point in points {
      let key = Int((point.onset / width).rounded(.down))
      counts[key, default: 0] += 1
      if counts[key]! > allowance { return true }
    }
    return false
  }

  /// The points to play, and how many points were grouped into others. `keeping` names points
  /// that `minmax` always plays (the series' outliers).
  static func group(
    _ points: [SoundingPoint], rule: SonificationOptions.Grouping, limit: Double,
    keeping: Set<Int> = []
  ) -> (kept: [SoundingPoint], grouped: Int) {
    guard isNeeded(points, rule: rule, limit: limit) else { return (points, 0) }
    let width = window(rule, limit: limit)
    let ordered = points.sorted { ($0.onset, $0.index) < ($1.onset, $1.index) }
    var kept: [SoundingPoint] = []
    var grouped = 0
    var start = 0
    while start < ordered.count {
      let key = Int((ordered[start].onset / width).rounded(.down))
      var end = start + 1
      while end < ordered.count, Int((ordered[end].onset / width).rounded(.down)) == key {
        end += 1
      }
      let members = ordered[start..<end]
      if members.count <= allowance(rule, limit: limit) {
        kept += members
      } else {
        let chosen = choose(
          members, rule: rule, allowance: allowance(rule, limit: limit), keeping: keeping)
        kept += chosen
        grouped += members.count - chosen.count
      }
      start = end
    }
    return (kept, grouped)
  }

  /// The points a window plays. `minmax` plays the points of `keeping` (outliers) first, then
  /// the lowest and the highest, up to the allowance; with an allowance of one, the point
  /// farthest from the window's mean.
  private static func choose(
    _ members: ArraySlice<SoundingPoint>, rule: SonificationOptions.Grouping, allowance: Int,
    keeping: Set<Int>
  ) -> [SoundingPoint] {
    switch rule {
    case .minmax, .none:
      let lowest = members.min { $0.y < $1.y }!
      let highest = members.max { $0.y < $1.y }!
      let mean = members.reduce(0) { $0 + $1.y } / Double(members.count)
      // The farther extreme first, so that an allowance of one keeps it.
      let extremes =
        abs(highest.y - mean) > abs(lowest.y - mean) ? [highest, lowest] : [lowest, highest]
      var chosen: [SoundingPoint] = []
      for point in members.filter({ keeping.contains($0.index) }) + extremes
      where chosen.count < allowance && !chosen.contains(where: { $0.index == point.index }) {
        chosen.append(point)
      }
      return chosen.sorted { ($0.onset, $0.index) < ($1.onset, $1.index) }
    case .first: return [members.first!]
    case .last: return [members.last!]
    case .mean:
      let count = Double(members.count)
      var mean = members.first!
      mean.y = members.reduce(0) { $0 + $1.y } / count
      mean.duration = members.reduce(0) { $0 + $1.duration } / count
      mean.velocity = members.reduce(0) { $0 + $1.velocity } / count
      return [mean]
    }
  }
}
