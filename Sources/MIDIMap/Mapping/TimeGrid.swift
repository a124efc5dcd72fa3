/// The grid of `SonificationOptions.grid` at the file's tempo: onsets snap to the nearest step and
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

  /// The grid of `grid` at `tempo` quarter notes a minute.
  package init(_ grid: SonificationOptions.Grid, tempo: Double) {
    stepsPerQuarter = grid.stepsPerQuarter
    step = 60 / tempo / Double(stepsPerQuarter)
  }

  /// The nearest step to a time in seconds.
  @inline(__always)
  package func snap(_ seconds: Double) -> Double { (seconds / step).rounded() * step }

  /// A duration as a whole number of steps, at least one.
  @inline(__always)
  package func duration(_ seconds: Double) -> Double { max(1, (seconds / step).rounded()) * step }
}

extension SonificationOptions {
  /// The grid onsets and durations snap to, at the options' tempo; nil without `grid`.
  var timeGrid: TimeGrid? { grid.map { TimeGrid($0, tempo: tempo) } }

  /// The tempo at which `span` seconds fill a whole number of bars of the time signature: the
  /// number of bars nearest the chosen tempo's, as far as the tempo stays inside 20...300 bpm;
  /// nil when no whole number of bars fits there.
  func tempo(fillingBars span: Double) -> Double? {
    let quarters = Double(timeSignature.beats) * 4 / Double(timeSignature.noteValue)
    // Bars of `span` seconds at 1 bpm: the tempo is bars × perBar.
    let perBar = quarters * 60 / span
    let fewest = max(1, (20 / perBar).rounded(.up))
    let most = (300 / perBar).rounded(.down)
    guard fewest <= most else { return nil }
    let bars = min(most, max(fewest, (span * tempo / 60 / quarters).rounded()))
    return bars * perBar
  }
}
