import Chart2MIDIChart
import Chart2MIDICore

/// Parts that players can read and play (`SonificationOptions.PartStyle.ensemble`): each within its
/// instrument's range, no more notes in a second than the grid has steps, and an instrument that
/// plays one note at a time never given two.
enum EnsembleParts {
  /// The options the ensemble's parts are made with: on a grid (sixteenths when none is set),
  /// a continuous series as a note a point (a score holds no pitch bend) unless a glide was asked
  /// for, and, unless a density was set, dense points grouped so that no second holds more notes
  /// than the grid has steps.
  static func options(_ options: SonificationOptions) -> SonificationOptions {
    guard options.playsEnsemble else { return options }
    var options = options
    if options.grid == nil { options.grid = .sixteenth }
    if options.origins[.continuous] == nil { options.continuous = .notes }
    if options.origins[.maximumNotesPerSecond] == nil, let grid = options.timeGrid {
      options.maximumNotesPerSecond = min(options.maximumNotesPerSecond, 1 / grid.step)
    }
    return options
  }

  /// The note range a part on `program` plays `range` in: moved by whole octaves (which keeps
  /// its key) to where it overlaps the instrument's playable range most, the smaller move on a
  /// tie, then cut to that range; `range` itself for a program with no playable range.
  static func fitted(_ range: ClosedRange<Int>, program: UInt7) -> ClosedRange<Int> {
    guard let playable = Instruments.playableRange(of: program) else { return range }
    func overlap(_ shift: Int) -> Int {
      min(range.upperBound + shift, playable.upperBound)
        - max(range.lowerBound + shift, playable.lowerBound)
    }
    let shift =
      stride(from: -48, through: 48, by: 12)
      .filter {
        (0...127).contains(range.lowerBound + $0) && (0...127).contains(range.upperBound + $0)
      }
      .max { (overlap($0), -abs($0)) < (overlap($1), -abs($1)) } ?? 0
    let low = max(range.lowerBound + shift, playable.lowerBound)
    let high = min(range.upperBound + shift, playable.upperBound)
    return low < high ? low...high : playable
  }

  /// A series' own lowest and highest y, when they span less than half of the axis: its part
  /// then spreads them over its whole range, as a part of a few notes would not be worth playing.
  static func ownExtent(of series: DataSeries, axis: NumericAxis) -> ClosedRange<Double>? {
    var lowest = Double.infinity
    var highest = -Double.infinity
    series.dataPoints.withUnsafeBufferPointer { points in
      for point in points {
        guard let y = point.y else { continue }
        lowest = min(lowest, y)
        highest = max(highest, y)
      }
    }
    guard lowest < highest,
      axis.scale.position(of: highest) - axis.scale.position(of: lowest) < 0.5
    else { return nil }
    return lowest...highest
  }

  /// The notes of a part that plays one note at a time, as one or more voices, each with no two
  /// notes sounding at once. Notes that meet on a step move on to the next free step when it
  /// comes before the next note's own; otherwise they go to the next voice, which takes them
  /// the same way. Each note ends where the next of its voice begins.
  static func voices(_ notes: [Note], step: Int) -> [[Note]] {
    var remaining = notes.enumerated().sorted {
      ($0.element.on, $0.offset) < ($1.element.on, $1.offset)
    }
    .map(\.element)
    var voices: [[Note]] = []
    while !remaining.isEmpty {
      var voice: [Note] = []
      var left: [Note] = []
      // The onset of the next note that starts later than each one.
      var nextOnset = [Int](repeating: .max, count: remaining.count)
      for index in remaining.indices.reversed().dropFirst() {
        nextOnset[index] =
          remaining[index + 1].on > remaining[index].on
          ? remaining[index + 1].on : nextOnset[index + 1]
      }
      var free = Int.min
      for (index, var note) in remaining.enumerated() {
        if note.on < free {
          guard free < nextOnset[index] else {
            left.append(note)
            continue
          }
          let length = note.off - note.on
          note.on = free
          note.off = free + length
        }
        voice.append(note)
        free = note.on + step
      }
      for index in voice.indices.dropLast() where voice[index].off > voice[index + 1].on {
        voice[index].off = voice[index + 1].on
      }
      voices.append(voice)
      remaining = left
    }
    return voices
  }
}
