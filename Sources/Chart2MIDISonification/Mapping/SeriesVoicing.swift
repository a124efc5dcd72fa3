import Chart2MIDIChart
import Chart2MIDICore

/// What one track plays: separate notes, or the points of a gliding tone.
enum TrackContent {
  case notes([Note])
  /// A gliding tone, with its bend range, and on a scale the step from the line's pitch to the
  /// scale's note.
  case glide([GlidePoint], range: Int, step: ((Double) -> Double)?)
  /// The soft noise that marks a series' gaps (see `GapNoise`).
  case gapNoise([Note])
}

/// A track's place in the score: its series, and its category when an instrument axis splits the
/// series (nil when none does), or the series' gap noise; and its voice, when a part that plays
/// one note at a time needs more than one (see `EnsembleParts.voices(_:step:)`).
struct TrackKey: Hashable, Comparable {
  var series: Int
  var category: Int?
  var isGapNoise = false
  var voice = 0

  /// Series order, then no category before the categories in their order, then the gap noise;
  /// a category's voices in order.
  static func < (a: TrackKey, b: TrackKey) -> Bool {
    (a.series, a.rank, a.voice) < (b.series, b.rank, b.voice)
  }

  private var rank: Int { isGapNoise ? Int.max : category.map { $0 + 1 } ?? 0 }
}

/// Turns one series' points into what its tracks play (one per instrument category), and adds the
/// markers of its sounding points.
struct SeriesVoicing {
  let options: SonificationOptions
  /// The pitch map of each slot: slot 0 for the points of no category, slot c + 1 for those of
  /// category c (each category's instrument may play a range of its own).
  let pitches: [PitchMap]
  let shape: NoteShape

  /// What a series plays: its tracks by category, and how many points were grouped into others.
  struct Voices {
    var tracks: [(category: Int?, content: TrackContent)] = []
    var groupedPoints = 0
  }

  /// The tracks of the series, by category, and its markers added to `markers` (every sounding
  /// point gets its marker, grouped or not). `outliers` gives the indices of the series' outliers,
  /// asked for only when a discrete series is dense enough to group.
  func voice(
    _ series: DataSeries, onsets: [Double], markers: inout MarkerText,
    outliers: () -> Set<Int> = { [] }
  ) -> Voices {
    let points = series.dataPoints
    let glides = series.isContinuous && options.continuous == .glide
    // Slot 0 holds the points of no category, slot c + 1 those of category c.
    let slots = shape.categoryCount + 1
    // Points that may be grouped wait as sounding points; the others become notes at once. A
    // glide's points are reduced instead (see `GlideReduction`).
    let rule = glides ? SonificationOptions.Grouping.none : options.grouping
    var soundingBySlot = [[SoundingPoint]](repeating: [], count: slots)
    var notesBySlot = [[Note]](repeating: [], count: slots)
    var glidesBySlot = [[GlidePoint]](repeating: [], count: slots)
    func slot(of point: DataPoint) -> Int { shape.category(of: point).map { $0 + 1 } ?? 0 }
    // A continuous series visits its points in time order (ties keep the given order); a
    // discrete one in the order given, without an array of indices.
    let timeOrder =
      series.isContinuous ? points.indices.sorted { (onsets[$0], $0) < (onsets[$1], $1) } : []
    func index(at rank: Int) -> Int { series.isContinuous ? timeOrder[rank] : rank }
    // Notes of a continuous series last until the next sounding point (legato).
    var nextOnset: [Double?] = []
    if series.isContinuous && !glides && shape.roles.duration == nil {
      nextOnset = [Double?](repeating: nil, count: points.count)
      for (rank, index) in timeOrder.enumerated().dropLast()
      where points[timeOrder[rank + 1]].y != nil {
        nextOnset[index] = onsets[timeOrder[rank + 1]]
      }
    }
    // A discrete series of one instrument, every point a note: its notes are made in one array,
    // a long series' on every core (see `InParts`); its markers in the points' order.
    // Grouped, its sounding points are made so, then its windows grouped in one pass.
    if !series.isContinuous, slots == 1 {
      var voices = Voices()
      let notes = points.withUnsafeBufferPointer { points in
        guard rule != .none else { return self.notes(of: points, onsets: onsets) }
        if rule == .minmax {
          switch PointGrouping.minmax(
            points, onsets: onsets, limit: options.maximumNotesPerSecond, keeping: outliers)
          {
          case .notNeeded: return self.notes(of: points, onsets: onsets)
          case .grouped(let kept, let grouped):
            voices.groupedPoints = grouped
            return self.notes(of: points, onsets: onsets, at: kept)
          case .notInOrder: break
          }
        }
        let sounding = soundingPoints(of: points, onsets: onsets)
        guard
          let grouped = PointGrouping.group(
            sounding, rule: rule, limit: options.maximumNotesPerSecond, keeping: outliers)
        else { return self.notes(of: sounding) }
        voices.groupedPoints = grouped.grouped
        return self.notes(of: grouped.kept)
      }
      points.withUnsafeBufferPointer { points in
        for index in points.indices where points[index].y != nil {
          markers.add(points[index], index: index, in: series, at: onsets[index])
        }
      }
      if !notes.isEmpty { voices.tracks.append((nil, .notes(notes))) }
      return voices
    }
    if slots == 1, !glides {
      if rule == .none {
        notesBySlot[0].reserveCapacity(points.count)
      } else {
        soundingBySlot[0].reserveCapacity(points.count)
      }
    }
    // The points are read where they lie, not copied one by one.
    points.withUnsafeBufferPointer { points in
      for rank in points.indices {
        let index = index(at: rank)
        let onset = onsets[index]
        if glides {
          let own = slot(of: points[index])
          let tick = Timebase.tick(onset)
          glidesBySlot[own].append(
            GlidePoint(
              tick: tick, pitch: points[index].y.map(pitches[own].exactPitch),
              velocity: shape.velocity(of: points[index]), index: index))
          // A line of several instruments sounds each over its own stretches only: the other
          // instruments' tones end where this point begins.
          for other in 0..<slots where other != own && glidesBySlot[other].last?.pitch != nil {
            glidesBySlot[other].append(
              GlidePoint(tick: tick, pitch: nil, velocity: 0, index: index, isHandover: true))
          }
        }
        guard let y = points[index].y else { continue }
        if !glides {
          var sounding = self.sounding(points[index], index: index, y: y, onset: onset)
          if shape.roles.duration == nil, !nextOnset.isEmpty, let next = nextOnset[index],
            next > onset
          {
            sounding.duration = next - onset
          }
          if rule == .none {
            let own = slot(of: points[index])
            notesBySlot[own].append(note(sounding, slot: own))
          } else {
            soundingBySlot[slot(of: points[index])].append(sounding)
          }
        }
        markers.add(points[index], index: index, in: series, at: onset)
      }
    }
    var voices = Voices()
    // A dense discrete series plays its points in groups; its outliers are found once, if needed.
    var outlierIndices: Set<Int>?
    for slot in 0..<slots {
      let category = slot == 0 ? nil : slot - 1
      var sounding = soundingBySlot[slot]
      let grouping = PointGrouping.group(
        sounding, rule: rule, limit: options.maximumNotesPerSecond
      ) {
        if outlierIndices == nil { outlierIndices = outliers() }
        return outlierIndices!
      }
      if let grouped = grouping {
        sounding = grouped.kept
        voices.groupedPoints += grouped.grouped
        if !nextOnset.isEmpty { legato(&sounding, timeOrder: timeOrder, points: points) }
      }
      if !sounding.isEmpty {
        voices.tracks.append((category, .notes(notes(of: sounding, slot: slot))))
      } else if !notesBySlot[slot].isEmpty {
        // Moved, not copied: the scheduler orders them where they lie.
        var notes: [Note] = []
        swap(&notes, &notesBySlot[slot])
        voices.tracks.append((category, .notes(notes)))
      } else if glidesBySlot[slot].contains(where: { $0.pitch != nil }) {
        // A glide that one held note spans (its range chosen for it, or wide enough) follows
        // every point up to the bend rate; one that strikes new notes, as many as the density
        // limit lets it strike. Denser, it follows a reduction of its points that keeps their
        // shape.
        let span = Glide.span(of: glidesBySlot[slot]) ?? 0
        let range = options.bendRange ?? Glide.range(spanning: span)
        let held = Glide.holds(span: span, range: range)
        let limit = held ? Glide.bendsPerSecond : options.maximumNotesPerSecond
        let spacing =
          held
          ? Glide.bendTicks
          : max(NoteScheduler.minimumTicks, Timebase.tick(1 / options.maximumNotesPerSecond))
        var points = glidesBySlot[slot]
        if Self.isDense(points, limit: limit) {
          if outlierIndices == nil { outlierIndices = outliers() }
          points = Glide.reduced(points, limit: limit, keeping: outlierIndices!, spacing: spacing)
        }
        // On a scale (not the chromatic one), the glide moves along its notes.
        let step: ((Double) -> Double)? =
          [.major, .minor, .pentatonic].contains(options.scale)
          ? { [pitch = pitches[slot]] in pitch.scaleNote(at: $0) } : nil
        voices.tracks.append((category, .glide(points, range: range, step: step)))
      }
    }
    return voices
  }

  /// Whether a glide's points come faster than `limit` a second over their span.
  static func isDense(_ points: [GlidePoint], limit: Double) -> Bool {
    guard let first = points.first, let last = points.last, points.count > 2 else { return false }
    return Double(points.count - 2) > Timebase.seconds(last.tick - first.tick) * limit
  }

  /// Notes of a continuous series, once grouped, last again until the next note played (not the
  /// next point, which may have been grouped away), unless a gap (a point without y) lies
  /// between them: then the note lasts the note duration, as before any gap.
  func legato(_ kept: inout [SoundingPoint], timeOrder: [Int], points: [DataPoint]) {
    // The points without y before each rank, and each index's rank in time order.
    var gapsBefore = [Int](repeating: 0, count: timeOrder.count + 1)
    var rank = [Int](repeating: 0, count: points.count)
    for (place, index) in timeOrder.enumerated() {
      gapsBefore[place + 1] = gapsBefore[place] + (points[index].y == nil ? 1 : 0)
      rank[index] = place
    }
    for place in kept.indices {
      let here = rank[kept[place].index]
      // The last note keeps the length it had.
      guard place + 1 < kept.count else { continue }
      let next = kept[place + 1]
      let gaps = gapsBefore[rank[next.index]] - gapsBefore[here + 1]
      if gaps == 0, next.onset > kept[place].onset {
        kept[place].duration = next.onset - kept[place].onset
      } else if gaps > 0 {
        kept[place].duration = options.noteDuration
      }
    }
  }

  /// A point as it sounds: at its onset, as long as its duration axis says (or the note
  /// duration), as loud as its loudness axis says (or the velocity).
  @inline(__always)
  func sounding(_ point: DataPoint, index: Int, y: Double, onset: Double) -> SoundingPoint {
    SoundingPoint(
      index: index, onset: onset, y: y, duration: shape.duration(of: point) ?? options.noteDuration,
      velocity: Double(shape.velocity(of: point)))
  }

  /// The notes of a discrete series' points in their order, made in parts on every core (see
  /// `InParts`); a point without y makes none.
  func notes(of points: UnsafeBufferPointer<DataPoint>, onsets: [Double], parts: Int? = nil)
    -> [Note]
  {
    onsets.withUnsafeBufferPointer { onsets in
      // Read only, while the parts run.
      nonisolated(unsafe) let (points, onsets) = (points, onsets)
      let voicing = self
      return InParts.compactMap(count: points.count, parts: parts) { index in
        points[index].y.map {
          voicing.note(voicing.sounding(points[index], index: index, y: $0, onset: onsets[index]))
        }
      }
    }
  }

  /// The notes of the points at `indices` (which have y), in that order, made on every core.
  func notes(of points: UnsafeBufferPointer<DataPoint>, onsets: [Double], at indices: [Int])
    -> [Note]
  {
    onsets.withUnsafeBufferPointer { onsets in
      indices.withUnsafeBufferPointer { indices in
        nonisolated(unsafe) let (points, onsets, indices) = (points, onsets, indices)
        let voicing = self
        return InParts.compactMap(count: indices.count) { at in
          let index = indices[at]
          return points[index].y.map {
            voicing.note(voicing.sounding(points[index], index: index, y: $0, onset: onsets[index]))
          }
        }
      }
    }
  }

  /// The sounding points of a discrete series' points in their order, made as `notes(of:onsets:)`
  /// makes notes.
  func soundingPoints(of points: UnsafeBufferPointer<DataPoint>, onsets: [Double])
    -> [SoundingPoint]
  {
    onsets.withUnsafeBufferPointer { onsets in
      nonisolated(unsafe) let (points, onsets) = (points, onsets)
      let voicing = self
      return InParts.compactMap(count: points.count) { index in
        points[index].y.map {
          voicing.sounding(points[index], index: index, y: $0, onset: onsets[index])
        }
      }
    }
  }

  /// The notes of sounding points, in their order, made on every core.
  func notes(of sounding: [SoundingPoint], slot: Int = 0) -> [Note] {
    sounding.withUnsafeBufferPointer { sounding in
      nonisolated(unsafe) let sounding = sounding
      let voicing = self
      return InParts.compactMap(count: sounding.count) { voicing.note(sounding[$0], slot: slot) }
    }
  }

  /// The note of a sounding point: its pitch in the scale (bent to the exact pitch when asked),
  /// lasting its duration (whole grid steps, with a grid) but at least the shortest note.
  func note(_ point: SoundingPoint, slot: Int = 0) -> Note {
    let pitch = pitches[slot]
    let on = Timebase.tick(point.onset)
    let duration = options.timeGrid?.duration(point.duration) ?? point.duration
    var note = Note(
      on: on,
      off: max(on + NoteScheduler.minimumTicks, Timebase.tick(point.onset + duration)),
      pitch: pitch.note(for: point.y), velocity: UInt8(clamping: point.velocity.nearestInteger))
    if options.scale == .exact {
      note.bend = UInt14(
        semitones: pitch.exactPitch(for: point.y) - Double(note.pitch),
        range: options.exactBendRange)
    }
    return note
  }
}
