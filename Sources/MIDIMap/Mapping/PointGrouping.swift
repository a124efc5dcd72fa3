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
/// and a window that holds more points than its share of `SonificationOptions.maximumNotesPerSecond`
/// plays them by the grouping rule. Windows with few enough points play every point.
enum PointGrouping {
  /// How many notes a window plays: two for `minmax` (its lowest and highest), else one.
  static func allowance(_ rule: SonificationOptions.Grouping) -> Int { rule == .minmax ? 2 : 1 }

  /// The width of a window in seconds: its allowance at the rate limit.
  static func window(_ rule: SonificationOptions.Grouping, limit: Double) -> Double {
    Double(allowance(rule)) / limit
  }

  /// Whether some window holds more points than it may play.
  static func isNeeded(_ points: [SoundingPoint], rule: SonificationOptions.Grouping, limit: Double)
    -> Bool
  {
    guard rule != .none, points.count > allowance(rule) else { return false }
    let width = window(rule, limit: limit)
    var counts: [Int: Int] = [:]
    for point in points {
      let key = Int((point.onset / width).rounded(.down))
      counts[key, default: 0] += 1
      if counts[key]! > allowance(rule) { return true }
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
      if members.count <= allowance(rule) {
        kept += members
      } else {
        let chosen = choose(members, rule: rule, keeping: keeping)
        kept += chosen
        grouped += members.count - chosen.count
      }
      start = end
    }
    return (kept, grouped)
  }

  private static func choose(
    _ members: ArraySlice<SoundingPoint>, rule: SonificationOptions.Grouping, keeping: Set<Int>
  ) -> [SoundingPoint] {
    switch rule {
    case .minmax, .none:
      let lowest = members.min { $0.y < $1.y }!
      let highest = members.max { $0.y < $1.y }!
      var chosen = [lowest]
      if highest.index != lowest.index { chosen.append(highest) }
      for point in members
      where keeping.contains(point.index) && !chosen.contains(where: { $0.index == point.index }) {
        chosen.append(point)
      }
      return chosen.sorted { $0.onset < $1.onset }
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
