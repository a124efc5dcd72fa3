import Chart2MIDIChart
import Chart2MIDICore

/// y to pitch: a MIDI note of the scale, never falling when y rises, or an exact fractional note.
struct PitchMap {
  let scale: AxisScale
  /// The notes of the scale inside the note range, lowest first.
  let notes: [UInt8]
  let low: Double
  let high: Double
  /// y's place on the axis that the low end of the range stands for, and how much of the axis
  /// the range spans: 0 and 1 unless a series plays its own extent.
  private let origin: Double
  private let span: Double

  /// The map of the options' note range over the whole axis.
  init(axis: NumericAxis, options: SonificationOptions) {
    self.init(axis: axis, options: options, range: options.noteRange)
  }

  /// The map of `range` over the axis, or over `extent` of it (a series' own lowest and highest
  /// y). The scale keeps the options' root in any range, so that every part is in one key.
  init(
    axis: NumericAxis, options: SonificationOptions, range: ClosedRange<Int>,
    extent: ClosedRange<Double>? = nil
  ) {
    scale = axis.scale
    low = Double(range.lowerBound)
    high = Double(range.upperBound)
    if let extent {
      origin = axis.scale.position(of: extent.lowerBound)
      span = axis.scale.position(of: extent.upperBound) - origin
    } else {
      (origin, span) = (0, 1)
    }
    let root = options.key.flatMap(KeySignature.pitchClass) ?? options.noteRange.lowerBound % 12
    let degrees = Set(options.scale.degrees)
    func inScale(_ note: Int) -> Bool { degrees.contains((note - root + 12) % 12) }
    var inRange = range.filter(inScale)
    if inRange.isEmpty {
      // A range too narrow for a note of the scale plays the scale's note nearest its middle.
      let middle = (range.lowerBound + range.upperBound) / 2
      inRange = [(0...127).filter(inScale).min { abs($0 - middle) < abs($1 - middle) }!]
    }
    notes = inRange.map { UInt8($0) }
  }

  /// y's place in the range, from 0 to 1.
  @inline(__always)
  private func position(of y: Double) -> Double {
    span == 1 && origin == 0
      ? scale.position(of: y) : min(1, max(0, (scale.position(of: y) - origin) / span))
  }

  /// The pitch of y as a fractional MIDI note, proportional to y within the note range.
  @inline(__always)
  func exactPitch(for y: Double) -> Double { low + position(of: y) * (high - low) }

  /// The note of the scale at an exact pitch's place in the range, as `note(for:)` places y's:
  /// the steps of a glide on a scale.
  func scaleNote(at exact: Double) -> Double {
    let position = min(1, max(0, (exact - low) / (high - low)))
    return Double(notes[(position * Double(notes.count - 1)).nearestInteger])
  }

  /// The note of the scale nearest y's place in the range.
  @inline(__always)
  func note(for y: Double) -> UInt8 {
    notes[(position(of: y) * Double(notes.count - 1)).nearestInteger]
  }
}
