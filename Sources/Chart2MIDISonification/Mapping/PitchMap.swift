import Chart2MIDIChart
import Chart2MIDICore

/// y to pitch: a MIDI note of the scale, never falling when y rises, or an exact fractional note.
struct PitchMap {
  let scale: AxisScale
  /// The notes of the scale inside the note range, lowest first.
  let notes: [UInt8]
  let low: Double
  let high: Double

  init(axis: NumericAxis, options: SonificationOptions) {
    scale = axis.scale
    low = Double(options.noteRange.lowerBound)
    high = Double(options.noteRange.upperBound)
    let root = options.key.flatMap(KeySignature.pitchClass) ?? options.noteRange.lowerBound % 12
    let degrees = Set(options.scale.degrees)
    notes = options.noteRange.filter { degrees.contains(($0 - root + 12) % 12) }.map { UInt8($0) }
  }

  /// The pitch of y as a fractional MIDI note, proportional to y within the note range.
  @inline(__always)
  func exactPitch(for y: Double) -> Double { low + scale.position(of: y) * (high - low) }

  /// The note of the scale at an exact pitch's place in the range, as `note(for:)` places y's:
  /// the steps of a glide on a scale.
  func scaleNote(at exact: Double) -> Double {
    let position = min(1, max(0, (exact - low) / (high - low)))
    return Double(notes[(position * Double(notes.count - 1)).nearestInteger])
  }

  /// The note of the scale nearest y's place in the range.
  @inline(__always)
  func note(for y: Double) -> UInt8 {
    let position = scale.position(of: y)
    return notes[(position * Double(notes.count - 1)).nearestInteger]
  }
}
