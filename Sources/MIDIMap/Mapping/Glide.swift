/// A point of a gliding tone: its time, its exact pitch (nil for a gap), its velocity.
struct GlidePoint {
  var tick: Int
  var pitch: Double?
  var velocity: UInt8
}

/// A continuous series as one gliding tone per run of points between gaps: a held note whose pitch
/// bend follows y.
enum Glide {
  /// How often a glide sends pitch bend: every 10 ticks, about 10 ms.
  static let controlTicks = 10
  /// How often a glide on a program that decays (a piano, a vibraphone) strikes its note again, so
  /// that it stays audible while the data goes on: every second.
  static let restrikeInterval = 1.0

  /// The events of the glides: per run, a held note whose pitch bend follows y, interpolated every
  /// `controlTicks`; when the pitch moves more than `range` semitones from the note, the note ends
  /// and a new one starts there (but no note is shorter than `NoteScheduler.minimumTicks`: until
  /// then the bend holds at the end of its range). With `restrike`, the note also starts again
  /// after that many ticks. Each tone ends `tail` ticks after its last point, or at the gap,
  /// whichever comes first.
  static func events(_ points: [GlidePoint], range: Int, tail: Int, restrike: Int? = nil)
    -> [ScoreEvent]
  {
    var events: [ScoreEvent] = []
    var index = 0
    while index < points.count {
      guard let firstPitch = points[index].pitch else {
        index += 1
        continue
      }
      var end = index
      while end + 1 < points.count, points[end + 1].pitch != nil { end += 1 }
      let run = points[index...end]
      var base = nearestNote(firstPitch)
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
      let first = points[index]
      bend(firstPitch, at: first.tick)
      noteOn(at: first.tick, velocity: first.velocity)
      for (a, b) in zip(run, run.dropFirst()) {
        let span = b.tick - a.tick
        let steps = max(1, span / controlTicks)
        for step in 1...steps {
          let tick = a.tick + span * step / steps
          let pitch = a.pitch! + (b.pitch! - a.pitch!) * Double(step) / Double(steps)
          let isLongEnough = tick - struck >= NoteScheduler.minimumTicks
          let outOfRange = abs(pitch - Double(base)) > Double(range)
          let isDue = restrike.map { tick - struck >= $0 } ?? false
          if isLongEnough && (outOfRange || isDue) {
            noteOff(at: tick)
            base = nearestNote(pitch)
            lastBend = nil
            bend(pitch, at: tick)
            noteOn(at: tick, velocity: b.velocity)
          } else {
            bend(pitch, at: tick)
          }
        }
      }
      var stop = points[end].tick + tail
      if end + 1 < points.count { stop = min(stop, points[end + 1].tick) }
      noteOff(at: max(stop, struck + NoteScheduler.minimumTicks))
      index = end + 1
    }
    return events
  }

  /// The MIDI note nearest a fractional pitch, inside 0...127.
  private static func nearestNote(_ pitch: Double) -> Int { min(127, max(0, Int(pitch.rounded()))) }
}
