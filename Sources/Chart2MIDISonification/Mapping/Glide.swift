import Chart2MIDIChart
import Chart2MIDICore

/// A point of a gliding tone: its time, its exact pitch (nil for a gap), its velocity, and its
/// index in the series.
struct GlidePoint {
  var tick: Int
  var pitch: Double?
  var velocity: UInt8
  var index = 0
  /// A gap where another instrument of the line takes over (not the data's own gap): the tone
  /// ends exactly there, however short, so that the two never sound at once.
  var isHandover = false
}

/// A continuous series as one gliding tone per run of points between gaps: a held note whose pitch
/// bend follows y.
enum Glide {
  /// How often a glide sends pitch bend: every 10 ticks, about 10 ms.
  static let controlTicks = 10
  /// How often a glide on a program that decays (a piano, a vibraphone) strikes its note again, so
  /// that it stays audible while the data goes on: every second.
  static let restrikeInterval = 1.0
  /// The closest points a glide that strikes no new note follows: 4 ticks apart (about 4 ms), 240
  /// a second.
  static let bendTicks = 4
  /// The points a second that `bendTicks` allows.
  static var bendsPerSecond: Double { Double(Timebase.ticksPerSecond) / Double(bendTicks) }

  /// The bend range that lets one held note span pitches `span` semitones apart: the smallest whole
  /// number of semitones, at least 2, whose range on both sides of a key covers them (twice it,
  /// less one, is at least their span, so that the middle key lies within it of both ends); at
  /// most 24, which wider series exceed.
  static func range(spanning span: Double) -> Int {
    min(24, max(2, Int(((span + 1) / 2).rounded(.up))))
  }

  /// Whether one held note within `range` of every pitch of a glide whose pitches span `span`
  /// semitones can sound them all.
  static func holds(span: Double, range: Int) -> Bool { span <= Double(2 * range - 1) }

  /// The semitones between the lowest and the highest pitch; nil without one.
  static func span(of points: [GlidePoint]) -> Double? {
    var low = Double.infinity
    var high = -Double.infinity
    for point in points {
      guard let pitch = point.pitch else { continue }
      low = min(low, pitch)
      high = max(high, pitch)
    }
    return low <= high ? high - low : nil
  }

  /// The events of the glides: per run of points between gaps, a held note whose pitch bend
  /// follows y, interpolated every `controlTicks`. A note is struck on the key that keeps the
  /// longest stretch of points ahead inside the bend range (`key(for:from:in:range:)`), and struck
  /// again at a point whose next stretch leaves the range, or, within a stretch that alone spans
  /// more than the range, where the pitch leaves it: on a key that reaches the next point, or,
  /// when the line runs on further, on the key that leaves the most of it ahead (the pitch near
  /// the edge of the range it comes from), so that a steep line moves the note in steps of
  /// almost twice the range, on the line. Notes are struck at least `spacing` ticks apart (the
  /// density limit's, never under `NoteScheduler.minimumTicks`): until then the bend holds at the
  /// end of its range. Points at least that far apart (as `reduced(_:limit:keeping:spacing:)`
  /// keeps them) are therefore each sounded within half a semitone. With `restrike`, the note
  /// also starts again after that many ticks. Each tone ends `tail` ticks after its last point,
  /// or at the gap, whichever comes first. With `step`, every pitch the tone sounds is the one
  /// `step` makes of the line's (a scale's note): the glide moves in steps along the scale.
  static func events(
    _ points: [GlidePoint], range: Int, tail: Int, restrike: Int? = nil,
    spacing: Int = NoteScheduler.minimumTicks, step stepOf: ((Double) -> Double)? = nil
  ) -> [ScoreEvent] {
    let spacing = max(spacing, NoteScheduler.minimumTicks)
    var points = points
    if let snap = stepOf {
      for index in points.indices { points[index].pitch = points[index].pitch.map(snap) }
    }
    var events: [ScoreEvent] = []
    var index = 0
    let reach = Double(range)
    while index < points.count {
      guard let firstPitch = points[index].pitch else {
        index += 1
        continue
      }
      var end = index
      while end + 1 < points.count, points[end + 1].pitch != nil { end += 1 }
      let run = points[index...end]
      var base = key(for: firstPitch, from: index + 1, in: run, range: range)
      var struck = points[index].tick
      var lastBend: UInt14?
      func bend(_ pitch: Double, at tick: Int) {
        let value = UInt14(semitones: pitch - Double(base), range: range)
        if value != lastBend {
          events.append(ScoreEvent(time: Timebase.seconds(tick), message: .pitchBend(value)))
          lastBend = value
        }
      }
      func noteOn(at tick: Int, velocity: UInt8) {
        struck = tick
        events.append(
          ScoreEvent(
            time: Timebase.seconds(tick),
            message: .noteOn(
              note: UInt7(clamping: base), velocity: UInt7(clamping: Int(velocity)))))
      }
      func noteOff(at tick: Int) {
        events.append(
          ScoreEvent(time: Timebase.seconds(tick), message: .noteOff(note: UInt7(clamping: base))))
      }
      func strikeAgain(_ pitch: Double, at tick: Int, key newKey: Int, velocity: UInt8) {
        noteOff(at: tick)
        base = newKey
        lastBend = nil
        bend(pitch, at: tick)
        noteOn(at: tick, velocity: velocity)
      }
      let first = points[index]
      bend(firstPitch, at: first.tick)
      noteOn(at: first.tick, velocity: first.velocity)
      for place in index..<end {
        let (a, b) = (points[place], points[place + 1])
        // At a point: strike again when the stretch to the next point leaves the range.
        let leaves = abs(a.pitch! - Double(base)) > reach || abs(b.pitch! - Double(base)) > reach
        if place > index, leaves, a.tick - struck >= spacing {
          strikeAgain(
            a.pitch!, at: a.tick, key: key(for: a.pitch!, from: place + 1, in: run, range: range),
            velocity: a.velocity)
        }
        let span = b.tick - a.tick
        let steps = max(1, span / controlTicks)
        for step in 1...steps {
          let tick = a.tick + span * step / steps
          var pitch = a.pitch! + (b.pitch! - a.pitch!) * Double(step) / Double(steps)
          if let snap = stepOf { pitch = snap(pitch) }
          let isLongEnough = tick - struck >= spacing
          let outOfRange = abs(pitch - Double(base)) > reach
          let isDue = restrike.map { tick - struck >= $0 } ?? false
          if isLongEnough && (outOfRange || isDue) {
            // The new key reaches the next point with the pitch now, when both fit; else the line
            // runs on past the range, and the key leaves the most of it ahead: the pitch now
            // lies half a semitone inside the edge it comes from. Such a step is taken only
            // while a note can still be struck at the next point, so that it sounds on pitch
            // there; closer to it, the bend holds at the end of its range until then.
            if abs(b.pitch! - pitch) <= Double(2 * range - 1) {
              strikeAgain(
                pitch, at: tick, key: key(for: pitch, from: place + 1, in: run, range: range),
                velocity: b.velocity)
            } else if b.tick - tick >= spacing {
              let ahead = (Double(range) - 0.5) * (b.pitch! > pitch ? 1 : -1)
              strikeAgain(pitch, at: tick, key: nearestNote(pitch + ahead), velocity: b.velocity)
            } else {
              bend(pitch, at: tick)
            }
          } else {
            bend(pitch, at: tick)
          }
        }
      }
      var stop = points[end].tick + tail
      if end + 1 < points.count { stop = min(stop, points[end + 1].tick) }
      if end + 1 < points.count, points[end + 1].isHandover {
        noteOff(at: max(stop, struck + 1))
      } else {
        // At least the shortest note, but never past the next tone's start.
        let next = points[(end + 1)...].first { $0.pitch != nil }?.tick ?? Int.max
        noteOff(at: max(stop, min(struck + NoteScheduler.minimumTicks, next)))
      }
      index = end + 1
    }
    return events
  }

  /// The key to strike for `pitch` so that the points of `run` from `next` on stay inside the
  /// bend range for as long as they can: the key nearest the middle of the longest stretch ahead
  /// that spans at most `2 × range - 1` semitones (so that a whole key lies within `range` of
  /// both ends).
  static func key(
    for pitch: Double, from next: Int, in run: ArraySlice<GlidePoint>, range: Int
  ) -> Int {
    var (low, high) = (pitch, pitch)
    let widest = Double(2 * range - 1)
    var place = next
    while place < run.endIndex, let ahead = run[place].pitch {
      let (newLow, newHigh) = (min(low, ahead), max(high, ahead))
      if newHigh - newLow > widest { break }
      (low, high) = (newLow, newHigh)
      place += 1
    }
    // The stretch holds the pitch struck now and spans at most 2 × range - 1: its middle key is
    // within range of all of it.
    return nearestNote((low + high) / 2)
  }

  /// A run of a continuous series with more points a second than `limit`, reduced so that a
  /// glide can follow it: the points a largest-triangle-three-buckets reduction keeps (the
  /// first, the last, and in each bucket of `1 / limit` s the point that makes the largest
  /// triangle with the point kept before and the mean of the next bucket), where a bucket's
  /// point of `keeping` (an outlier), or else the run's lowest or highest point, is kept
  /// instead. Kept points are at least `spacing` ticks apart (`NoteScheduler.minimumTicks`, so
  /// that the glide can strike a new note at any of them, or `bendTicks` for a glide that strikes
  /// none). Gaps (points without a pitch) stay.
  static func reduced(
    _ points: [GlidePoint], limit: Double, keeping: Set<Int>,
    spacing: Int = NoteScheduler.minimumTicks
  ) -> [GlidePoint] {
    var result: [GlidePoint] = []
    result.reserveCapacity(points.count)
    var start = 0
    while start < points.count {
      guard points[start].pitch != nil else {
        result.append(points[start])
        start += 1
        continue
      }
      var end = start
      while end + 1 < points.count, points[end + 1].pitch != nil { end += 1 }
      result += reducedRun(points[start...end], limit: limit, keeping: keeping, spacing: spacing)
      start = end + 1
    }
    return result
  }

  /// One run (every point with a pitch), reduced as `reduced(_:limit:keeping:spacing:)` says.
  private static func reducedRun(
    _ run: ArraySlice<GlidePoint>, limit: Double, keeping: Set<Int>, spacing: Int
  ) -> [GlidePoint] {
    let seconds = Timebase.seconds(run.last!.tick - run.first!.tick)
    let buckets = Int((seconds * limit).rounded(.down))
    guard buckets >= 1, run.count > buckets + 2 else { return Array(run) }
    let lowest = run.min { $0.pitch! < $1.pitch! }!.index
    let highest = run.max { $0.pitch! < $1.pitch! }!.index
    // The inner points, cut into buckets of equal count.
    let inner = run.index(after: run.startIndex)..<run.index(before: run.endIndex)
    func bucket(_ number: Int) -> Range<Int> {
      let lower = inner.lowerBound + number * inner.count / buckets
      let upper = inner.lowerBound + (number + 1) * inner.count / buckets
      return lower..<upper
    }
    var kept = [run.first!]
    for number in 0..<buckets {
      let members = bucket(number)
      guard !members.isEmpty else { continue }
      // The mean of the next bucket, or the last point.
      let following = number + 1 < buckets ? bucket(number + 1) : (run.endIndex - 1)..<run.endIndex
      let meanTick = following.reduce(0.0) { $0 + Double(run[$1].tick) } / Double(following.count)
      let meanPitch = following.reduce(0.0) { $0 + run[$1].pitch! } / Double(following.count)
      let previous = kept.last!
      func area(_ point: GlidePoint) -> Double {
        abs(
          (Double(previous.tick) - meanTick) * (point.pitch! - previous.pitch!)
            - (Double(previous.tick) - Double(point.tick)) * (meanPitch - previous.pitch!))
      }
      let chosen =
        members.first { keeping.contains(run[$0].index) }
        ?? members.first { run[$0].index == lowest || run[$0].index == highest }
        ?? members.max { area(run[$0]) < area(run[$1]) }!
      kept.append(run[chosen])
    }
    kept.append(run.last!)
    // Points closer than the spacing: the one that matters more stays.
    var spaced: [GlidePoint] = []
    for point in kept {
      guard let last = spaced.last, point.tick - last.tick < spacing else {
        spaced.append(point)
        continue
      }
      func matters(_ p: GlidePoint) -> Bool {
        keeping.contains(p.index) || p.index == lowest || p.index == highest
          || p.index == run.first!.index || p.index == run.last!.index
      }
      if matters(point) && !matters(last) { spaced[spaced.count - 1] = point }
    }
    return spaced
  }

  /// The MIDI note nearest a fractional pitch, inside 0...127.
  private static func nearestNote(_ pitch: Double) -> Int { min(127, max(0, Int(pitch.rounded()))) }
}
