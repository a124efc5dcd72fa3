/// The mapping's grid: 960 ticks a second (480 per quarter note at 120 bpm, the default tempo), so
/// that every time in a score falls exactly on a tick of a file at that tempo. At other tempos the
/// file's own division comes from `FileTimebase`. Seconds live in the model; ticks only here and in
/// the encoder.
package enum Timebase {
  /// Ticks per quarter note at 120 bpm: the header's division at the default tempo.
  static let ticksPerQuarterNote: UInt16 = 480
  /// Microseconds per quarter note: 500,000 is 120 bpm.
  static let microsecondsPerQuarterNote: UInt32 = 500_000
  /// Ticks per second: the grid.
  package static let ticksPerSecond = 960

  /// The nearest tick to a time in seconds.
  @inline(__always)
  package static func tick(_ seconds: Double) -> Int {
    (seconds * Double(ticksPerSecond)).nearestInteger
  }

  /// The time of a tick, in seconds.
  @inline(__always)
  package static func seconds(_ tick: Int) -> Double { Double(tick) / Double(ticksPerSecond) }

  /// A time rounded to the tick grid, as the file will hold it.
  package static func quantized(_ seconds: Double) -> Double { Self.seconds(tick(seconds)) }
}

extension Double {
  /// `Int(rounded())`, halves away from zero, without a call into the C library and without a
  /// branch: the difference between a value and its whole part is exact, and so is twice it,
  /// which truncates to 1 from a half up, to -1 from a half down, and to 0 between. (A branch on
  /// the fraction would be mispredicted half the time: it is as likely above a half as below.)
  @inline(__always)
  package var nearestInteger: Int {
    let whole = Int(self)
    return whole &+ Int((self - Double(whole)) * 2)
  }
}
