import Descriptor

/// Turns a chart into a `Score`: x to onset time, y to pitch, the first numeric additional axis to
/// note duration, the first categorical one to the instrument (DESIGN.md, "The mapping").
public struct ChartMapper: Sendable {
  /// The MIDI timing resolution the mapper quantizes to: 960 ticks per second (120 bpm, 480 ticks
  /// per quarter note), so that every time in the score is exact in the file.
  public static let ticksPerSecond = 960
  /// Melodic channels, in the order tracks take them; channel index 9 is percussion.
  static let melodicChannels: [UInt4] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]
  /// The most MIDI ports a score may use (meta event 0x21 numbers ports from 0).
  public static let maximumPorts = 16
  /// The longest score, in seconds: 24 hours, well inside what a delta time can hold (0x0FFFFFFF
  /// ticks, about 77 hours at 960 ticks per second).
  public static let maximumDuration: Double = 24 * 3600

  /// The options in force.
  public var options: SonificationOptions

  /// Creates a mapper.
  public init(options: SonificationOptions = SonificationOptions()) { self.options = options }

  /// Maps a chart to a score.
  ///
  /// - Throws: `MIDIMapError` when an option does not fit the chart (an unknown series name, an
  ///   axis role on an axis of the wrong kind) or the chart needs more channels than 16 ports hold.
  public func makeScore(for chart: ChartDescriptor) throws -> Score {
    let roles = try AxisRoles(chart: chart, options: options)
    let selected = try selectedSeries(of: chart)
    let time = TimeMap(axis: chart.xAxis, options: options)
    try checkLength(series: selected.count, time: time)
    let pitch = PitchMap(axis: chart.yAxis, options: options)
    let categoryIndex = roles.instrument.map { chart.additionalAxes[$0].categorical!.makeIndex() }
    let durationScale = roles.duration.map { chart.additionalAxes[$0].numeric!.scale }
    let loudnessScale = roles.loudness.map { chart.additionalAxes[$0].numeric!.scale }

    // Notes per (series, category); category -1 when no axis splits the series.
    struct TrackKey: Hashable, Comparable {
      var series: Int
      var category: Int
      static func < (a: TrackKey, b: TrackKey) -> Bool {
        (a.series, a.category) < (b.series, b.category)
      }
    }
    var notesByTrack: [TrackKey: [Note]] = [:]
    var glidesByTrack: [TrackKey: [GlidePoint]] = [:]
    var markers: [ScoreEvent] = []
    let isExact = options.scale == .exact
    for (order, seriesIndex) in selected.enumerated() {
      let series = chart.series[seriesIndex]
      // This series' notes by category (index 0: no category), gathered into notesByTrack after.
      var notesByCategory = [[Note]](repeating: [], count: (categoryIndex?.count ?? 0) + 1)
      var glidesByCategory = [[GlidePoint]](repeating: [], count: notesByCategory.count)
      let glides = series.isContinuous && options.continuous == .glide
      let points = series.dataPoints
      let onsets = onsetTimes(of: series, order: order, time: time)
      // For a continuous series, a note lasts until the next sounding point (legato).
      var nextOnset = [Double?](repeating: nil, count: points.count)
      // A glide visits the points in time order (ties keep the given order).
      let timeOrder =
        series.isContinuous
        ? points.indices.sorted { (onsets[$0], $0) < (onsets[$1], $1) } : Array(points.indices)
      if series.isContinuous && !glides && roles.duration == nil {
        for (rank, index) in timeOrder.enumerated().dropLast()
        where points[timeOrder[rank + 1]].y != nil {
          nextOnset[index] = onsets[timeOrder[rank + 1]]
        }
      }
      for index in timeOrder {
        let point = points[index]
        let onset = onsets[index]
        if glides {
          let category = instrumentCategory(of: point, roles: roles, index: categoryIndex)
          let velocity = loudness(of: point, roles: roles, scale: loudnessScale)
          glidesByCategory[category + 1].append(
            GlidePoint(
              tick: Self.tick(onset), pitch: point.y.map(pitch.exactPitch), velocity: velocity))
        }
        guard let y = point.y else { continue }
        if glides {
          appendMarker(
            for: point, series: series, chart: chart, several: selected.count > 1, at: onset,
            to: &markers)
          continue
        }
        var duration = options.noteDuration
        if let axis = roles.duration, case .number(let value) = point.additionalValues[axis] {
          let position = durationScale!.position(of: value)
          duration =
            options.durationRange.lowerBound
            + position * (options.durationRange.upperBound - options.durationRange.lowerBound)
        } else if let next = nextOnset[index], next > onset {
          duration = next - onset
        }
        let velocity = loudness(of: point, roles: roles, scale: loudnessScale)
        let category = instrumentCategory(of: point, roles: roles, index: categoryIndex)
        let onTick = Self.tick(onset)
        var note = Note(
          on: onTick, off: max(onTick + 1, Self.tick(onset + duration)),
          pitch: pitch.note(for: y), velocity: velocity)
        if isExact {
          let exact = pitch.exactPitch(for: y)
          note.bend = Self.bendValue(
            semitones: exact - Double(note.pitch), range: options.bendRange)
        }
        notesByCategory[category + 1].append(note)
        appendMarker(
          for: point, series: series, chart: chart, several: selected.count > 1, at: onset,
          to: &markers)
      }
      for (slot, notes) in notesByCategory.enumerated() where !notes.isEmpty {
        notesByTrack[TrackKey(series: seriesIndex, category: slot - 1)] = notes
      }
      for (slot, glide) in glidesByCategory.enumerated()
      where glide.contains(where: { $0.pitch != nil }) {
        glidesByTrack[TrackKey(series: seriesIndex, category: slot - 1)] = glide
      }
    }

    // Tracks in series order, then category order; each its own channel.
    let keys = Set(notesByTrack.keys).union(glidesByTrack.keys).sorted()
    let melodicLimit = Self.maximumPorts * Self.melodicChannels.count
    if keys.count > melodicLimit {
      throw MIDIMapError(
        at: "",
        "the chart needs \(keys.count) melodic tracks, but MIDI has room for \(melodicLimit) (\(Self.maximumPorts) ports of \(Self.melodicChannels.count) channels); choose fewer series with --series"
      )
    }
    let pans = panPositions(for: selected.map { chart.series[$0].name })
    var tracks: [ScoreTrack] = []
    for (number, key) in keys.enumerated() {
      let series = chart.series[key.series]
      var name = series.name
      var program = Instruments.palette[
        selected.firstIndex(of: key.series)! % Instruments.palette.count]
      if key.category >= 0, let axis = roles.instrument {
        let categoryName = chart.additionalAxes[axis].categorical!.categoryOrder[key.category]
        name = "\(series.name): \(categoryName)"
        program =
          options.programs[categoryName].map { UInt7(clamping: $0) }
          ?? Instruments.palette[key.category % Instruments.palette.count]
      }
      if let chosen = options.programs[series.name] { program = UInt7(clamping: chosen) }
      var track = ScoreTrack(
        name: name, stem: series.name, port: number / Self.melodicChannels.count,
        channel: Self.melodicChannels[number % Self.melodicChannels.count], program: program)
      let bends = glidesByTrack[key] != nil || isExact
      track.events = Self.setUpEvents(
        program: program, pan: pans[series.name] ?? 64, bendRange: bends ? options.bendRange : nil)
      if let glide = glidesByTrack[key] {
        track.events += Self.glideEvents(
          glide, range: options.bendRange, tail: Self.tick(options.noteDuration))
      } else {
        Self.appendNotes(notesByTrack[key]!, to: &track.events)
      }
      tracks.append(track)
    }
    if options.gridlines,
      let gridlineTrack = gridlineTrack(chart: chart, series: selected.count, time: time)
    {
      tracks.append(gridlineTrack)
    }

    // A stable sort: the pieces of one marker stay in order.
    markers = markers.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
    return Score(
      title: chart.title, conductor: conductorTexts(chart: chart, roles: roles) + markers,
      tracks: tracks)
  }

  /// Refuses a score that would last longer than `maximumDuration`.
  func checkLength(series count: Int, time: TimeMap) throws {
    let spans =
      options.arrangement == .sequential ? Double(count) * (time.span + options.gap) : time.span
    let longestNote = max(options.noteDuration, options.durationRange.upperBound)
    let end = spans + longestNote
    guard end.isFinite, end <= Self.maximumDuration else {
      let length =
        !end.isFinite
        ? "forever"
        : end / 3600 < 1e6 ? String(format: "%.0f hours", end / 3600) : "more than a million hours"
      throw MIDIMapError(
        at: "",
        "the music would last \(length), longer than the 24 hours a chart may play; lower the duration, the seconds per unit, the gap or the note lengths"
      )
    }
  }

  /// When each point of each played series starts, in seconds, exactly as in the score (on the
  /// 1/960 s grid): series index to one onset per point.
  ///
  /// - Throws: `MIDIMapError` for an unknown series name among the options.
  public func pointOnsets(in chart: ChartDescriptor) throws -> [Int: [Double]] {
    let time = TimeMap(axis: chart.xAxis, options: options)
    try checkLength(series: try selectedSeries(of: chart).count, time: time)
    var result: [Int: [Double]] = [:]
    for (order, seriesIndex) in try selectedSeries(of: chart).enumerated() {
      result[seriesIndex] = onsetTimes(of: chart.series[seriesIndex], order: order, time: time)
        .map { Self.seconds(Self.tick($0)) }
    }
    return result
  }

  /// Each point's onset before quantization: its place on the x span, after the series before it
  /// when sequential.
  func onsetTimes(of series: DataSeries, order: Int, time: TimeMap) -> [Double] {
    let offset = options.arrangement == .sequential ? Double(order) * (time.span + options.gap) : 0
    return series.dataPoints.map { offset + time.onset(of: $0.x) }
  }

  // MARK: Pieces

  /// A note in ticks, before it becomes two events (three with a pitch bend).
  struct Note {
    var on: Int
    var off: Int
    var pitch: UInt8
    var velocity: UInt8
    /// The pitch bend sent just before the note, for exact pitch.
    var bend: UInt16?
  }

  /// A point of a gliding tone: its time, its exact pitch (nil for a gap), its velocity.
  struct GlidePoint {
    var tick: Int
    var pitch: Double?
    var velocity: UInt8
  }

  /// How often a glide sends pitch bend: every 10 ticks, about 10 ms.
  static let glideControlTicks = 10

  /// A 14-bit pitch-bend value for an offset in semitones: 8192 is none, 0 and 16383 the ends of
  /// the range.
  public static func bendValue(semitones: Double, range: Int) -> UInt16 {
    let value = (8192 + semitones / Double(range) * 8192).rounded()
    return UInt16(min(16383, max(0, value)))
  }

  /// The events of one gliding tone per run of points between gaps: a held note whose pitch bend
  /// follows y, interpolated every `glideControlTicks`; when the pitch moves more than `range`
  /// semitones from the note, the note ends and a new one starts there. Each tone ends `tail` ticks
  /// after its last point, or at the gap, whichever comes first.
  static func glideEvents(_ points: [GlidePoint], range: Int, tail: Int) -> [ScoreEvent] {
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
      var base = min(127, max(0, Int(firstPitch.rounded())))
      var lastBend: UInt16?
      func bend(_ pitch: Double, at tick: Int) {
        let value = bendValue(semitones: pitch - Double(base), range: range)
        if value != lastBend {
          events.append(ScoreEvent(time: seconds(tick), message: .pitchBend(value)))
          lastBend = value
        }
      }
      let first = points[index]
      bend(firstPitch, at: first.tick)
      events.append(
        ScoreEvent(
          time: seconds(first.tick),
          message: .noteOn(
            note: UInt7(clamping: base), velocity: UInt7(clamping: Int(first.velocity)))))
      for (a, b) in zip(run, run.dropFirst()) {
        let span = b.tick - a.tick
        let steps = max(1, span / glideControlTicks)
        for step in 1...steps {
          let tick = a.tick + span * step / steps
          let pitch = a.pitch! + (b.pitch! - a.pitch!) * Double(step) / Double(steps)
          if abs(pitch - Double(base)) > Double(range) {
            events.append(
              ScoreEvent(time: seconds(tick), message: .noteOff(note: UInt7(clamping: base))))
            base = min(127, max(0, Int(pitch.rounded())))
            lastBend = nil
            bend(pitch, at: tick)
            events.append(
              ScoreEvent(
                time: seconds(tick),
                message: .noteOn(
                  note: UInt7(clamping: base), velocity: UInt7(clamping: Int(b.velocity)))))
          } else {
            bend(pitch, at: tick)
          }
        }
      }
      var stop = points[end].tick + tail
      if end + 1 < points.count { stop = min(stop, points[end + 1].tick) }
      stop = max(stop, points[end].tick + 1)
      events.append(ScoreEvent(time: seconds(stop), message: .noteOff(note: UInt7(clamping: base))))
      index = end + 1
    }
    return events
  }

  /// The velocity of a point: from the loudness axis, or the default.
  func loudness(of point: DataPoint, roles: AxisRoles, scale: AxisScale?) -> UInt8 {
    guard let axis = roles.loudness, case .number(let value) = point.additionalValues[axis] else {
      return UInt8(clamping: options.velocity)
    }
    let position = scale!.position(of: value)
    return UInt8(
      clamping: Int(
        (Double(options.velocityRange.lowerBound) + position
          * Double(options.velocityRange.count - 1))
          .rounded()))
  }

  /// The category index of a point on the instrument axis, or -1.
  func instrumentCategory(of point: DataPoint, roles: AxisRoles, index: [String: Int]?) -> Int {
    guard let axis = roles.instrument, case .category(let name) = point.additionalValues[axis]
    else {
      return -1
    }
    return index?[name] ?? -1
  }

  /// Appends a point's marker (split into pieces of at most 127 bytes), when it gets one.
  func appendMarker(
    for point: DataPoint, series: DataSeries, chart: ChartDescriptor, several: Bool,
    at onset: Double,
    to markers: inout [ScoreEvent]
  ) {
    guard let text = markerText(for: point, series: series, chart: chart, several: several) else {
      return
    }
    for piece in TextChunks.split(text) {
      markers.append(ScoreEvent(time: Self.seconds(Self.tick(onset)), message: .marker(piece)))
    }
  }

  static func tick(_ seconds: Double) -> Int { Int((seconds * Double(ticksPerSecond)).rounded()) }
  static func seconds(_ tick: Int) -> Double { Double(tick) / Double(ticksPerSecond) }

  /// Bank select, program, volume and pan, before the first note; when the track bends, the
  /// pitch-bend range (RPN 0: CC 101 = 0, CC 100 = 0, data entry CC 6 = semitones, CC 38 = 0 cents,
  /// then the null RPN 127/127) and a centred bend.
  static func setUpEvents(program: UInt7, pan: Int, bendRange: Int? = nil) -> [ScoreEvent] {
    var events: [ScoreEvent] = [
      ScoreEvent(time: 0, message: .controlChange(controller: 0, value: 0)),
      ScoreEvent(time: 0, message: .controlChange(controller: 32, value: 0)),
      ScoreEvent(time: 0, message: .programChange(program)),
      ScoreEvent(time: 0, message: .controlChange(controller: 7, value: 100)),
      ScoreEvent(time: 0, message: .controlChange(controller: 10, value: UInt7(clamping: pan))),
    ]
    if let bendRange {
      let controls: [(UInt7, UInt7)] = [
        (101, 0), (100, 0), (6, UInt7(clamping: bendRange)), (38, 0), (101, 127), (100, 127),
      ]
      events += controls.map {
        ScoreEvent(time: 0, message: .controlChange(controller: $0.0, value: $0.1))
      }
      events.append(ScoreEvent(time: 0, message: .pitchBend(8192)))
    }
    return events
  }

  /// Appends note-on and note-off events in time order. Notes of one pitch never overlap: an earlier
  /// note ends where the next one of the same pitch begins, and notes that start together on one
  /// pitch sound as one (the longer). At one tick, note-offs come before note-ons.
  static func appendNotes(_ input: [Note], to events: inout [ScoreEvent]) {
    var notes = input
    let inOrder = zip(notes, notes.dropFirst()).allSatisfy {
      ($0.on, $0.pitch) <= ($1.on, $1.pitch)
    }
    if !inOrder {
      notes.sort { ($0.on, $0.pitch) < ($1.on, $1.pitch) }
    }
    var kept: [Note] = []
    kept.reserveCapacity(notes.count)
    var lastOfPitch = [Int](repeating: -1, count: 128)
    for note in notes {
      let previous = lastOfPitch[Int(note.pitch)]
      if previous >= 0, kept[previous].off > note.on {
        if kept[previous].on == note.on {
          kept[previous].off = max(kept[previous].off, note.off)
          kept[previous].velocity = max(kept[previous].velocity, note.velocity)
          continue
        }
        kept[previous].off = note.on
      }
      lastOfPitch[Int(note.pitch)] = kept.count
      kept.append(note)
    }
    var offs = kept.map { (tick: $0.off, pitch: $0.pitch) }
    offs.sort { $0.tick < $1.tick }
    events.reserveCapacity(events.count + kept.count * 2)
    var nextOff = 0
    for note in kept {
      while nextOff < offs.count, offs[nextOff].tick <= note.on {
        events.append(
          ScoreEvent(
            time: seconds(offs[nextOff].tick),
            message: .noteOff(note: UInt7(clamping: Int(offs[nextOff].pitch)))))
        nextOff += 1
      }
      if let bend = note.bend {
        events.append(ScoreEvent(time: seconds(note.on), message: .pitchBend(bend)))
      }
      events.append(
        ScoreEvent(
          time: seconds(note.on),
          message: .noteOn(
            note: UInt7(clamping: Int(note.pitch)), velocity: UInt7(clamping: Int(note.velocity)))))
    }
    for off in offs[nextOff...] {
      events.append(
        ScoreEvent(
          time: seconds(off.tick), message: .noteOff(note: UInt7(clamping: Int(off.pitch)))))
    }
  }

  func selectedSeries(of chart: ChartDescriptor) throws -> [Int] {
    guard let names = options.seriesNames else { return Array(chart.series.indices) }
    return try names.map { name in
      guard let index = chart.series.firstIndex(where: { $0.name == name }) else {
        let known = chart.series.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw MIDIMapError(at: "series", "no series is named \"\(name)\"; the chart has \(known)")
      }
      return index
    }
  }

  /// Pans: those set by name; the rest spread evenly from left (16) to right (111).
  func panPositions(for names: [String]) -> [String: Int] {
    var pans: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      if let chosen = options.pans[name] {
        pans[name] = chosen
      } else if names.count > 1 {
        pans[name] = 16 + Int((Double(index) * 95 / Double(names.count - 1)).rounded())
      } else {
        pans[name] = 64
      }
    }
    return pans
  }

  func gridlineTrack(chart: ChartDescriptor, series count: Int, time: TimeMap) -> ScoreTrack? {
    guard case .numeric(let axis) = chart.xAxis, !axis.gridlinePositions.isEmpty, count > 0 else {
      return nil
    }
    let repeats = options.arrangement == .sequential ? count : 1
    var notes: [Note] = []
    for repeat_ in 0..<repeats {
      let offset = Double(repeat_) * (time.span + options.gap)
      for position in axis.gridlinePositions where axis.contains(position) {
        let on = Self.tick(offset + time.onset(of: .number(position)))
        notes.append(
          Note(on: on, off: on + Self.tick(0.05), pitch: Instruments.tickKey.value, velocity: 40))
      }
    }
    var track = ScoreTrack(name: "Gridlines", stem: "Gridlines", channel: .percussion, program: 0)
    track.events = Self.setUpEvents(program: 0, pan: 64)
    Self.appendNotes(notes, to: &track.events)
    return track
  }

  /// The marker text of a point, or nil when the point gets none: "Honda Civic: 1.32 tons, 34 mpg",
  /// or "1960: 268 births per 10,000 people" for an unlabelled point when all points are marked.
  func markerText(for point: DataPoint, series: DataSeries, chart: ChartDescriptor, several: Bool)
    -> String?
  {
    let prefix = several ? "\(series.name), " : ""
    switch options.markers {
    case .none: return nil
    case .labelled:
      guard let label = point.label else { return nil }
      return
        "\(prefix)\(label): \(chart.xAxis.describe(point.x)), \(chart.yAxis.describe(point.y!))"
    case .all:
      let values = "\(chart.xAxis.describe(point.x)): \(chart.yAxis.describe(point.y!))"
      return point.label.map { "\(prefix)\($0), \(values)" } ?? "\(prefix)\(values)"
    }
  }

  /// The summary and one text per axis with its role, at time 0.
  func conductorTexts(chart: ChartDescriptor, roles: AxisRoles) -> [ScoreEvent] {
    var texts: [String] = []
    if let summary = chart.summary, !summary.isEmpty { texts.append(summary) }
    texts.append("time (x): \(Self.describeAxis(chart.xAxis))")
    texts.append("pitch (y): \(Self.describeAxis(.numeric(chart.yAxis)))")
    for (index, axis) in chart.additionalAxes.enumerated() {
      let role: String
      switch index {
      case roles.duration: role = "duration"
      case roles.loudness: role = "loudness"
      case roles.instrument: role = "instrument"
      default: role = "not played"
      }
      texts.append("\(role): \(Self.describeAxis(axis))")
    }
    return texts.flatMap { TextChunks.split($0) }.map { ScoreEvent(time: 0, message: .text($0)) }
  }

  /// "Weight, 0.00 tons to 5.00 tons" or "Country: USA, Japan, Germany".
  static func describeAxis(_ axis: Axis) -> String {
    switch axis {
    case .numeric(let numeric):
      let scale = numeric.scaleType == .linear ? "" : " (\(numeric.scaleType.rawValue) scale)"
      return "\(numeric.title), \(numeric.rangeText)\(scale)"
    case .categorical(let categorical):
      return "\(categorical.title): \(categorical.categoryOrder.joined(separator: ", "))"
    }
  }
}

/// Which additional axis plays which role.
struct AxisRoles {
  var duration: Int?
  var loudness: Int?
  var instrument: Int?

  init(chart: ChartDescriptor, options: SonificationOptions) throws {
    let axes = chart.additionalAxes
    let numeric = axes.indices.filter { axes[$0].numeric != nil }
    let categorical = axes.indices.filter { axes[$0].categorical != nil }
    func pick(_ chosen: Int?, default fallback: Int?, numeric wantsNumeric: Bool, name: String)
      throws
      -> Int?
    {
      guard let chosen else { return fallback }
      if chosen == -1 { return nil }
      guard axes.indices.contains(chosen) else {
        throw MIDIMapError(
          at: "sonification.\(name)",
          "there is no additionalAxes[\(chosen)]; the chart has \(axes.count) additional axes")
      }
      guard (axes[chosen].numeric != nil) == wantsNumeric else {
        throw MIDIMapError(
          at: "sonification.\(name)",
          "additionalAxes[\(chosen)] \"\(axes[chosen].title)\" is not \(wantsNumeric ? "numeric" : "categorical")"
        )
      }
      return chosen
    }
    duration = try pick(
      options.durationAxis, default: numeric.first, numeric: true, name: "durationAxis")
    let remaining = numeric.filter { $0 != duration }
    loudness = try pick(
      options.loudnessAxis, default: remaining.first, numeric: true, name: "loudnessAxis")
    instrument = try pick(
      options.instrumentAxis, default: categorical.first, numeric: false, name: "instrumentAxis")
  }
}

/// x to onset time within one series' span.
struct TimeMap {
  let scale: AxisScale?
  let span: Double
  let categoryIndex: [String: Int]
  let slot: Double

  init(axis: Axis, options: SonificationOptions) {
    scale = axis.numeric?.scale
    switch axis {
    case .numeric(let numeric):
      if let perUnit = options.secondsPerUnit, numeric.scaleType == .linear {
        span = perUnit * (numeric.range.upperBound - numeric.range.lowerBound)
      } else {
        span = options.totalDuration
      }
      categoryIndex = [:]
      slot = 0
    case .categorical(let categorical):
      let count = Double(categorical.categoryOrder.count)
      span = options.secondsPerUnit.map { $0 * count } ?? options.totalDuration
      categoryIndex = categorical.makeIndex()
      slot = span / count
    }
  }

  /// The onset of an x value: its position on a numeric axis times the span, or the start of its
  /// equal slot on a categorical axis.
  func onset(of x: DataValue) -> Double {
    switch x {
    case .number(let value): (scale?.position(of: value) ?? 0) * span
    case .category(let name): Double(categoryIndex[name] ?? 0) * slot
    }
  }
}

/// y to a MIDI note of the scale, never falling when y rises.
struct PitchMap {
  let scale: AxisScale
  let notes: [UInt8]

  init(axis: NumericAxis, options: SonificationOptions) {
    scale = axis.scale
    low = Double(options.noteRange.lowerBound)
    high = Double(options.noteRange.upperBound)
    let root = options.noteRange.lowerBound % 12
    let degrees = Set(options.scale.degrees)
    notes = options.noteRange.filter { degrees.contains(($0 - root + 12) % 12) }.map { UInt8($0) }
  }

  let low: Double
  let high: Double

  /// The pitch of y as a fractional MIDI note, proportional to y within the note range.
  func exactPitch(for y: Double) -> Double { low + scale.position(of: y) * (high - low) }

  func note(for y: Double) -> UInt8 {
    let position = scale.position(of: y)
    return notes[Int((position * Double(notes.count - 1)).rounded())]
  }
}

extension ChartMapper {
  /// Maps a chart built with the chart-descriptor API's types.
  ///
  /// - Throws: `DescriptorError` for a value that does not fit its axis; `MIDIMapError` as
  ///   `makeScore(for:)` does.
  public func makeScore(for descriptor: AXChartDescriptor) throws -> Score {
    try makeScore(for: ChartDescriptor(descriptor))
  }
}
