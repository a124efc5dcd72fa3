import Chart2MIDIChart

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

  /// The points in time order: as given when they are (the usual case, checked in one pass),
  /// else sorted.
  static func inTimeOrder(_ points: [SoundingPoint]) -> [SoundingPoint] {
    let ordered = zip(points, points.dropFirst()).allSatisfy {
      ($0.onset, $0.index) <= ($1.onset, $1.index)
    }
    return ordered ? points : points.sorted { ($0.onset, $0.index) < ($1.onset, $1.index) }
  }

  /// The points to play, in time order, and how many points were grouped into others; nil when
  /// no window holds more points than it may play (then every point plays as it is).
  /// `keeping` names points that `minmax` always plays (the series' outliers): it is asked for
  /// only when some window is grouped.
  static func group(
    _ points: [SoundingPoint], rule: SonificationOptions.Grouping, limit: Double,
    keeping: () -> Set<Int> = { [] }
  ) -> (kept: [SoundingPoint], grouped: Int)? {
    let allowance = allowance(rule, limit: limit)
    guard rule != .none, points.count > allowance else { return nil }
    let width = window(rule, limit: limit)
    let ordered = inTimeOrder(points)
    // In time order, a window's points are a run; each run's end, in one pass.
    var ends: [Int] = []
    var isNeeded = false
    ordered.withUnsafeBufferPointer { ordered in
      var key = Int((ordered[0].onset / width).rounded(.down))
      var start = 0
      for at in 1..<ordered.count {
        let next = Int((ordered[at].onset / width).rounded(.down))
        guard next != key else { continue }
        ends.append(at)
        isNeeded = isNeeded || at - start > allowance
        (key, start) = (next, at)
      }
      ends.append(ordered.count)
      isNeeded = isNeeded || ordered.count - start > allowance
    }
    guard isNeeded else { return nil }
    // The outliers to keep, as a mark per point.
    let outliers = keeping()
    var marked: [Bool] = []
    if !outliers.isEmpty {
      marked = [Bool](repeating: false, count: ordered.reduce(0) { max($0, $1.index) } + 1)
      for index in outliers where marked.indices.contains(index) { marked[index] = true }
    }
    var kept: [SoundingPoint] = []
    kept.reserveCapacity(Swift.min(ordered.count, ends.count * allowance))
    var chosen: [Int] = []
    var grouped = 0
    var start = 0
    for end in ends {
      let members = ordered[start..<end]
      if members.count <= allowance {
        kept += members
      } else {
        let before = kept.count
        choose(
          members, rule: rule, allowance: allowance, marked: marked, chosen: &chosen, into: &kept)
        grouped += members.count - (kept.count - before)
      }
      start = end
    }
    return (kept, grouped)
  }

  /// What `minmax(_:onsets:limit:keeping:)` finds.
  enum Windows {
    /// No window holds more points than it may play: every point plays.
    case notNeeded
    /// The points' onsets fall as their indices rise somewhere: group sounding points instead.
    case notInOrder
    /// The indices of the points to play, in order, and how many points were grouped into others.
    case grouped(kept: [Int], grouped: Int)
  }

  /// `group(_:rule:limit:keeping:)` with `minmax`, over a series' points where they lie, when
  /// their onsets rise with their indices (a discrete series as charts give it): the windows are
  /// found and chosen from without a sounding point made for each point, and the choice is the
  /// same. Points without y play nothing and are passed over.
  static func minmax(
    _ points: UnsafeBufferPointer<DataPoint>, onsets: [Double], limit: Double,
    keeping: () -> Set<Int>
  ) -> Windows {
    let allowance = allowance(.minmax, limit: limit)
    let width = window(.minmax, limit: limit)
    func key(_ index: Int) -> Int { Int((onsets[index] / width).rounded(.down)) }
    // One pass: in time order, and is some window over its allowance?
    var (previous, count, run, isNeeded) = (-Double.infinity, 0, 0, false)
    var current = Int.min
    for index in points.indices where points[index].y != nil {
      guard onsets[index] >= previous else { return .notInOrder }
      previous = onsets[index]
      count += 1
      let next = key(index)
      run = next == current ? run + 1 : 1
      current = next
      isNeeded = isNeeded || run > allowance
    }
    guard count > allowance, isNeeded else { return .notNeeded }
    var marked = [Bool](repeating: false, count: points.count)
    for index in keeping() where marked.indices.contains(index) { marked[index] = true }
    var kept: [Int] = []
    kept.reserveCapacity(count)
    var grouped = 0
    // The window's points, gathered as the window is read, and the places chosen among them.
    var members: [Int] = []
    var chosen: [Int] = []
    current = Int.min
    for index in points.indices where points[index].y != nil {
      let next = key(index)
      if next != current {
        grouped += choose(
          members, of: points, allowance: allowance, marked: marked, chosen: &chosen, into: &kept)
        members.removeAll(keepingCapacity: true)
        current = next
      }
      members.append(index)
    }
    grouped += choose(
      members, of: points, allowance: allowance, marked: marked, chosen: &chosen, into: &kept)
    return .grouped(kept: kept, grouped: grouped)
  }

  /// The indices a window of `minmax` plays (see `minmaxChoice`), in index order, which is time
  /// order here. Returns how many of the window's points were grouped into others.
  private static func choose(
    _ members: [Int], of points: UnsafeBufferPointer<DataPoint>, allowance: Int, marked: [Bool],
    chosen: inout [Int], into kept: inout [Int]
  ) -> Int {
    guard members.count > allowance else {
      kept += members
      return 0
    }
    minmaxChoice(
      count: members.count, allowance: allowance, y: { points[members[$0]].y! },
      isMarked: { marked[members[$0]] }, into: &chosen)
    for at in chosen { kept.append(members[at]) }
    return members.count - chosen.count
  }

  /// Which of a window's `count` points `minmax` plays, as their places in the window (which is in
  /// time order), ascending: the marked ones (outliers) first, then the extreme farther from the
  /// window's mean, then the other, up to `allowance`; with an allowance of one, the farther
  /// extreme. The first lowest and the first highest are the extremes.
  @inline(__always)
  static func minmaxChoice(
    count: Int, allowance: Int, y: (Int) -> Double, isMarked: (Int) -> Bool,
    into chosen: inout [Int]
  ) {
    chosen.removeAll(keepingCapacity: true)
    var (lowest, highest, sum) = (0, 0, 0.0)
    var (low, high) = (y(0), y(0))
    for at in 0..<count {
      let value = y(at)
      if value < low { (lowest, low) = (at, value) }
      if value > high { (highest, high) = (at, value) }
      sum += value
    }
    let mean = sum / Double(count)
    for at in 0..<count where chosen.count < allowance && isMarked(at) { chosen.append(at) }
    let farther = abs(high - mean) > abs(low - mean)
    let (one, other) = farther ? (highest, lowest) : (lowest, highest)
    if chosen.count < allowance, !chosen.contains(one) { chosen.append(one) }
    if chosen.count < allowance, !chosen.contains(other) { chosen.append(other) }
    chosen.sort()
  }

  /// The points a window plays: for `minmax`, those `minmaxChoice` chooses.
  private static func choose(
    _ members: ArraySlice<SoundingPoint>, rule: SonificationOptions.Grouping, allowance: Int,
    marked: [Bool], chosen: inout [Int], into kept: inout [SoundingPoint]
  ) {
    switch rule {
    case .minmax, .none:
      let start = members.startIndex
      minmaxChoice(
        count: members.count, allowance: allowance, y: { members[start + $0].y },
        isMarked: { !marked.isEmpty && marked[members[start + $0].index] }, into: &chosen)
      for at in chosen { kept.append(members[start + at]) }
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
