import Chart2MIDIChart
import Chart2MIDICore

/// A soft noise where a series has no data, so that a gap is not taken for the end: a held note of
/// General MIDI's Seashore (program 122, a wash of noise in every General MIDI soundfont) on a track
/// of the series' own, in its stem and at its pan.
enum GapNoise {
  static let program: UInt7 = 122
  static let pitch: UInt8 = 60
  /// Soft: about 18 dB under a note at the default velocity.
  static let velocity: UInt8 = 56

  /// A note for each run of `null` points, in play order: from the first missing point's onset to
  /// the next point with a value, or, for a run at the end, `tail` seconds past its last point.
  static func notes(series: DataSeries, onsets: [Double], tail: Double) -> [Note] {
    let order = series.dataPoints.indices.sorted { (onsets[$0], $0) < (onsets[$1], $1) }
    var notes: [Note] = []
    var runStart: Double?
    var runEnd = 0.0
    for index in order {
      if series.dataPoints[index].y == nil {
        if runStart == nil { runStart = onsets[index] }
        runEnd = onsets[index] + tail
      } else if let start = runStart {
        notes.append(note(from: start, to: onsets[index]))
        runStart = nil
      }
    }
    if let start = runStart { notes.append(note(from: start, to: runEnd)) }
    return notes.filter { $0.off > $0.on }
  }

  private static func note(from start: Double, to end: Double) -> Note {
    Note(on: Timebase.tick(start), off: Timebase.tick(end), pitch: pitch, velocity: velocity)
  }
}
