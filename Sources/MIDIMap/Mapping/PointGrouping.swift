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
    // In time order, a window's points are a run: count the runs, in one pass.
    let ordered = inTimeOrder(points)
    var run = 0
    var key = Int.min
    for point in ordered {
      let next = Int((point.onset / width).rounded(.down))
      run = next == key ? run + 1 : 1
      key = next
      if run > allowance { return true }
    }
    return false
  }

  /// The points in time order: as given when they are (the usual case, checked in one pass),
  /// else sorted.
  static func inTimeOrder(_ points: [SoundingPoint]) -> [SoundingPoint] {
    let ordered = zip(points, points.dropFirst()).allSatisfy {
      ($0.onset, $0.index) <= ($1.onset, $1.index)
    }
    return ordered ? points : points.sorted { ($0.onset, $0.index) < ($1.onset, $1.index) }
  }

  /// The points to play, and how many points were grouped into others. `keeping` names points
  /// that `minmax` always plays (the series' outliers).
  static func group(
    _ points: [SoundingPoint], rule: SonificationOptions.Grouping, limit: Double,
    keeping: Set<Int> = []
  ) -> (kept: [SoundingPoint], grouped: Int) {
    guard isNeeded(points, rule: rule, limit: limit) else { return (points, 0) }
    let width = window(rule, limit: limit)
    let ordered = inTimeOrder(points)
    var kept: [SoundingPoint] = []
    kept.reserveCapacity(ordered.count)
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
        let before = kept.count
        choose(
          members, rule: rule, allowance: allowance(rule, limit: limit), keeping: keeping,
          into: &kept)
        grouped += members.count - (kept.count - before)
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
    keeping: Set<Int>, into kept: inout [SoundingPoint]
  ) {
    switch rule {
    case .minmax, .none:
      // The first lowest, the first highest and the mean, in one pass.
      var lowest = members.startIndex
      var highest = members.startIndex
      var sum = 0.0
      for at in members.indices {
        if members[at].y < members[lowest].y { lowest = at }
        if members[at].y > members[highest].y { highest = at }
        sum += members[at].y
      }
      let mean = sum / Double(members.count)
      // Appended straight to the kept points, then put in time order among themselves.
      let first = kept.count
      func taken(_ index: Int) -> Bool { kept[first...].contains { $0.index == index } }
      if !keeping.isEmpty {
        for point in members where kept.count - first < allowance && keeping.contains(point.index) {
          kept.append(point)
        }
      }
      // The farther extreme first, so that an allowance of one keeps it.
      let farther = abs(members[highest].y - mean) > abs(members[lowest].y - mean)
      for at in [farther ? highest : lowest, farther ? lowest : highest]
      where kept.count - first < allowance && !taken(members[at].index) {
        kept.append(members[at])
      }
      kept[first...].sort { ($0.onset, $0.index) < ($1.onset, $1.index) }
    case .first: kept.append(members.first!)
    case .last: kept.append(members.last!)
    case .mean:
      let count = Double(members.count)
      var mean = members.first!
      mean.y = members.reduce(0) { $0 + $1.y } / count
      mean.duration = members.reduce(0) { $0 + $1.duration } / count
      mean.velocity = members.reduce(0) { $0 + $1.velocity } / count
      kept.append(mean)
    }
  }
}
