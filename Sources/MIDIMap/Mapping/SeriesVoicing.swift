import Descriptor

/// What one track plays: separate notes, or the points of a gliding tone.
enum TrackContent {
  case notes([Note])
  case glide([GlidePoint])
}

/// A track's place in the score: its series, and its category when an instrument axis splits the
/// series (nil when none does).
struct TrackKey: Hashable, Comparable {
  var series: Int
  var category: Int?

  /// Series order, then no category before the categories in their order.
  static func < (a: TrackKey, b: TrackKey) -> Bool {
    (a.series, a.category.map { $0 + 1 } ?? 0) < (b.series, b.category.map { $0 + 1 } ?? 0)
  }
}

/// Turns one series' points into what its tracks play (one per instrument category), and adds the
/// markers of its sounding points.
struct SeriesVoicing {
  let options: SonificationOptions
  let pitch: PitchMap
  let shape: NoteShape

  /// The tracks of the series, by category, and its markers added to `markers`.
  func voice(
    _ series: DataSeries, onsets: [Double], markers: inout MarkerText
  ) -> [(category: Int?, content: TrackContent)] {
    let points = series.dataPoints
    let glides = series.isContinuous && options.continuous == .glide
    // Slot 0 holds the points of no category, slot c + 1 those of category c.
    let slots = shape.categoryCount + 1
    var notesBySlot = [[Note]](repeating: [], count: slots)
    var glidesBySlot = [[GlidePoint]](repeating: [], count: slots)
    func slot(of point: DataPoint) -> Int { shape.category(of: point).map { $0 + 1 } ?? 0 }
    // A continuous series visits its points in time order (ties keep the given order).
    let timeOrder =
      series.isContinuous
      ? points.indices.sorted { (onsets[$0], $0) < (onsets[$1], $1) } : Array(points.indices)
    // Notes of a continuous series last until the next sounding point (legato).
    var nextOnset = [Double?](repeating: nil, count: points.count)
    if series.isContinuous && !glides && shape.roles.duration == nil {
      for (rank, index) in timeOrder.enumerated().dropLast()
      where points[timeOrder[rank + 1]].y != nil {
        nextOnset[index] = onsets[timeOrder[rank + 1]]
      }
    }
    let isExact = options.scale == .exact
    for index in timeOrder {
      let point = points[index]
      let onset = onsets[index]
      if glides {
        glidesBySlot[slot(of: point)].append(
          GlidePoint(
            tick: Timebase.tick(onset), pitch: point.y.map(pitch.exactPitch),
            velocity: shape.velocity(of: point)))
      }
      guard let y = point.y else { continue }
      if !glides {
        var duration = options.noteDuration
        if let fromAxis = shape.duration(of: point) {
          duration = fromAxis
        } else if let next = nextOnset[index], next > onset {
          duration = next - onset
        }
        let on = Timebase.tick(onset)
        var note = Note(
          on: on, off: max(on + NoteScheduler.minimumTicks, Timebase.tick(onset + duration)),
          pitch: pitch.note(for: y),
          velocity: shape.velocity(of: point))
        if isExact {
          note.bend = UInt14(
            semitones: pitch.exactPitch(for: y) - Double(note.pitch), range: options.bendRange)
        }
        notesBySlot[slot(of: point)].append(note)
      }
      markers.add(point, in: series, at: onset)
    }
    var result: [(category: Int?, content: TrackContent)] = []
    for slot in 0..<slots {
      let category = slot == 0 ? nil : slot - 1
      if !notesBySlot[slot].isEmpty {
        result.append((category, .notes(notesBySlot[slot])))
      } else if glidesBySlot[slot].contains(where: { $0.pitch != nil }) {
        result.append((category, .glide(glidesBySlot[slot])))
      }
    }
    return result
  }
}
