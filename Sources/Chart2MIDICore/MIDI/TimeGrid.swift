/// A grid of steps at the file's tempo: onsets snap to the nearest step and
/// durations to a whole number of steps (at least one), so that a score shows notes on the beat's
/// subdivisions rather than a live performance's times.
///
/// Rounding never reverses two times, so every value keeps its order; two points that fall on
/// one step play together, as a chord (or one note, when they have one pitch).
package struct TimeGrid: Hashable, Sendable {
  /// Seconds per step.
  package let step: Double
  /// Steps per quarter note.
  package let stepsPerQuarter: Int

  /// A grid of `stepsPerQuarter` steps a quarter note at `tempo` quarter notes a minute.
  package init(stepsPerQuarter: Int, tempo: Double) {
    self.stepsPerQuarter = stepsPerQuarter
    step = 60 / tempo / Double(stepsPerQuarter)
  }

  /// The nearest step to a time in seconds.
  @inline(__always)
  package func snap(_ seconds: Double) -> Double { (seconds / step).rounded() * step }

  /// A duration as a whole number of steps, at least one.
  @inline(__always)
  package func duration(_ seconds: Double) -> Double { max(1, (seconds / step).rounded()) * step }
}
