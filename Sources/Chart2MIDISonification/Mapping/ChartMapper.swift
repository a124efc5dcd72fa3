import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts

/// Turns a chart into a `Score`: x to onset time, y to pitch, the first numeric additional axis to
/// note duration, the first categorical one to the instrument; its `Timeline` says where every point
/// plays.
public struct ChartMapper: Sendable {
  /// The most MIDI ports a score may use (meta event 0x21 numbers ports from 0).
  package static let maximumPorts = 16
  /// The longest score, in seconds: 24 hours, well inside what a delta time can hold (0x0FFFFFFF
  /// ticks, about 77 hours at 960 ticks per second).
  package static let maximumDuration: Double = 24 * 3600

  /// The options in force.
  package var options: SonificationOptions

  /// Creates a mapper.
  public init(options: SonificationOptions = SonificationOptions()) { self.options = options }

  /// Maps a chart to a score: the axes' roles, the series to play and the time map; then each
  /// series' points become notes or glides on tracks, with markers; then the tracks get their
  /// channels, programs and set-up; the gridline ticks and the conductor's texts complete it.
  ///
  /// - Throws: `MIDIMapError` when an option does not fit the chart (an unknown series name, an
  ///   axis role on an axis of the wrong kind), the music would last over 24 hours, or the chart
  ///   needs more channels than 16 ports hold.
  ///
  /// `statistics` are the series' statistics when the caller has them already (a description
  /// made them); else each series' are computed when first needed (grouping keeps a series'
  /// outliers, thinned markers its extremes), once.
  public func makeScore(for chart: ChartDescriptor, statistics: [SeriesStatistics]? = nil) throws
    -> Score
  {
    let known = StatisticsCache(chart: chart, given: statistics)
    let (roles, selected) = try check(chart)
    let options = try fittedOptions(for: chart)
    let time = TimeMap(axis: chart.xAxis, options: options)
    let shape = NoteShape(chart: chart, roles: roles, options: options)
    let allocation = TrackAllocation(
      chart: chart, options: options, roles: roles, selected: selected)
    let ensemble = options.playsEnsemble

    var markers = MarkerText(chart: chart, style: options.markers, namesSeries: selected.count > 1)
    var contents: [TrackKey: TrackContent] = [:]
    var groupedPoints = 0
    var played: [(series: DataSeries, onsets: [Double])] = []
    var timing: [Timeline.Series] = []
    let stemNames = StemNames.forSeries(chart.series.map(\.name))
    for (order, seriesIndex) in selected.enumerated() {
      let series = chart.series[seriesIndex]
      markers.currentSeries = seriesIndex
      let onsets = time.onsets(of: series, order: order)  // on the grid, with one
      played.append((series, onsets))
      let begins = time.start(ofSeries: order)
      timing.append(
        Timeline.Series(
          index: seriesIndex, name: series.name, stem: stemNames[seriesIndex], placed: onsets,
          span: Timebase.quantized(begins)...Timebase.quantized(begins + time.span)))
      // One series after another: a marker where each begins.
      if options.arrangement == .sequential, selected.count > 1 {
        markers.add(text: "Series: \(series.name)", at: time.start(ofSeries: order))
      }
      let voicing = SeriesVoicing(
        options: options,
        pitches: Self.pitchMaps(
          for: series, index: seriesIndex, chart: chart, shape: shape, options: options
        ) {
          allocation.nameAndProgram(of: $0).program
        }, shape: shape)
      let voices = voicing.voice(series, onsets: onsets, markers: &markers) {
        Set(known[seriesIndex].outliers.map(\.index))
      }
      for (category, content) in voices.tracks {
        let key = TrackKey(series: seriesIndex, category: category)
        // An ensemble's instrument that plays one note at a time takes notes that meet in turn,
        // or in a second voice.
        if ensemble, case .notes(let notes) = content, let grid = options.timeGrid,
          Instruments.isMonophonic(allocation.nameAndProgram(of: key).program)
        {
          let parts = EnsembleParts.voices(notes, step: Timebase.tick(grid.step))
          for (voice, notes) in parts.enumerated() {
            contents[TrackKey(series: seriesIndex, category: category, voice: voice)] =
              .notes(notes)
          }
          continue
        }
        contents[key] = content
      }
      groupedPoints += voices.groupedPoints
      if options.gaps == .noise {
        let noise = GapNoise.notes(
          series: series, onsets: onsets,
          tail: options.timeGrid?.duration(options.noteDuration) ?? options.noteDuration)
        if !noise.isEmpty {
          contents[TrackKey(series: seriesIndex, isGapNoise: true)] = .gapNoise(noise)
        }
      }
    }

    // The notes move to their tracks, so that they can be scheduled where they lie.
    var (tracks, fallbacks) = try allocation.tracks(for: consume contents)
    var earcons = Crossings(chart: chart, thresholds: options.thresholds)
      .earcons(series: played, markers: &markers)
    if let grid = options.timeGrid {
      for index in earcons.indices {
        let length = earcons[index].off - earcons[index].on
        earcons[index].on = Timebase.tick(grid.snap(Timebase.seconds(earcons[index].on)))
        earcons[index].off = earcons[index].on + length
      }
    }
    tracks += Gridlines.tracks(
      chart: chart, ticks: options.gridlines, level: options.tickLevel,
      seriesCount: selected.count, time: time, earcons: earcons)
    var score = Score(
      title: chart.title, conductor: MarkerText.conductorTexts(chart: chart, roles: roles),
      tracks: tracks)
    // A DAW's marker lane shows a few markers a second: the most telling stay.
    markers.thin { series in
      let statistics = known[series]
      return Set(
        [statistics.minimum?.index, statistics.maximum?.index].compactMap { $0 }
          + statistics.outliers.map(\.index))
    }
    score.markers = markers.sortedMarkers
    if ensemble { score.notationTitle = chart.title }
    score.keySignature = keySignature
    score.groupedPoints = groupedPoints
    score.groupingLimit = options.maximumNotesPerSecond
    score.nearestPitchNotes = fallbacks
    score.tempo = options.tempo
    score.grid = options.timeGrid
    score.timeSignature = options.timeSignature
    score.timeline = Timeline(roles: roles, series: timing)
    score.timeline.start = try startTimecode()
    score.timeline.padsStart = options.padStart
    return score
  }

  /// The pitch map of each of a series' slots (see `SeriesVoicing.pitches`): the series' own note
  /// range when one is set, else the note range; an ensemble's part moved to its instrument's
  /// range (`program` gives a track's), over the series' own extent when it spans little of
  /// the axis.
  static func pitchMaps(
    for series: DataSeries, index: Int, chart: ChartDescriptor, shape: NoteShape,
    options: SonificationOptions, program: (TrackKey) -> UInt7
  ) -> [PitchMap] {
    let chosen = options.seriesNoteRanges[series.name]
    let extent =
      options.playsEnsemble ? EnsembleParts.ownExtent(of: series, axis: chart.yAxis) : nil
    return (0...shape.categoryCount).map { slot in
      var range = chosen ?? options.noteRange
      if chosen == nil, options.playsEnsemble {
        let key = TrackKey(series: index, category: slot == 0 ? nil : slot - 1)
        range = EnsembleParts.fitted(range, program: program(key))
      }
      return PitchMap(axis: chart.yAxis, options: options, range: range, extent: extent)
    }
  }

  /// The options, with an ensemble's choices (see `EnsembleParts.options(_:)`) and the tempo
  /// `fitBars` chooses: the one at which the x span (each series' span when they play one after
  /// another) fills whole bars.
  ///
  /// - Throws: `MIDIMapError` at the option when no whole number of bars fits 20...300 bpm.
  func fittedOptions(for chart: ChartDescriptor) throws -> SonificationOptions {
    var options = EnsembleParts.options(self.options)
    guard options.fitBars else { return options }
    let span = TimeMap(axis: chart.xAxis, options: options).span
    guard let tempo = options.tempo(fillingBars: span) else {
      throw MIDIMapError(
        "no whole number of \(options.timeSignature) bars fills the \(ValueFormat.plain(span)) s the graph lasts at 20 to 300 beats a minute; choose another duration or time signature",
        at: options.origin(of: .fitBars), code: .settingDoesNotFitChart)
    }
    options.tempo = tempo
    return options
  }

  /// Checks, before any work, that the options fit the chart and that its music fits MIDI: the
  /// axis roles, the series to play (each needs a track of its own, and 16 ports hold 240), and
  /// the length (at most 24 hours).
  ///
  /// - Throws: `MIDIMapError` as `makeScore(for:)` does for these.
  package func checkFits(_ chart: ChartDescriptor) throws { _ = try check(chart) }

  /// The axis roles and the series to play, checked as `checkFits(_:)` says.
  private func check(_ chart: ChartDescriptor) throws -> (AxisRoles, [Int]) {
    let roles = try AxisRoles(chart: chart, options: options)
    let selected = try SeriesSelection.indices(in: chart, options: options)
    let capacity = Self.maximumPorts * TrackAllocation.melodicChannels.count
    guard selected.count <= capacity else {
      throw MIDIMapError(
        "the chart has \(selected.count) series to play, each on a track of its own, but MIDI has room for \(capacity) (\(Self.maximumPorts) ports of \(TrackAllocation.melodicChannels.count) channels); choose fewer series to play",
        code: .exceedsMIDI
      )
    }
    try TimeMap(axis: chart.xAxis, options: options).checkLength(
      seriesCount: selected.count, options: options)
    return (roles, selected)
  }

  /// The timecode of the `start` option at its frame rate.
  ///
  /// - Throws: `MIDIMapError` at the option for a timecode that does not exist at the frame rate
  ///   (a frame number past the rate, or a frame that drop-frame timecode skips).
  func startTimecode() throws -> Timecode? {
    guard let start = options.start else { return nil }
    if let seconds = Double(start) {
      return Timecode(seconds: seconds, frameRate: options.frameRate)
    }
    switch Timecode.read(start, frameRate: options.frameRate) {
    case .success(let timecode): return timecode
    case .failure(let problem):
      throw MIDIMapError(
        "\(start) \(problem.words)", at: options.origin(of: .start), code: .settingDoesNotFitChart)
    }
  }

  /// The key of a chosen scale, on the `key` option or else the lowest note of the range; none for
  /// chromatic and exact pitch.
  var keySignature: KeySignature? {
    let root = options.key.flatMap(KeySignature.pitchClass) ?? options.noteRange.lowerBound % 12
    let isMinor: Bool
    switch options.scale {
    case .major, .pentatonic: isMinor = false
    case .minor: isMinor = true
    case .chromatic, .exact: return nil
    }
    return KeySignature(root: root, isMinor: isMinor, spelledAs: options.key ?? "")
  }

  /// Maps a chart built with the chart-descriptor API's types.
  ///
  /// - Throws: `DescriptorError` for a value that does not fit its axis; `MIDIMapError` as
  ///   `makeScore(for:)` does.
  public func makeScore(for descriptor: AXChartDescriptor) throws -> Score {
    try makeScore(for: ChartDescriptor(descriptor))
  }
}

/// Each series' statistics, computed when first asked for and kept.
private final class StatisticsCache {
  let chart: ChartDescriptor
  var computed: [Int: SeriesStatistics] = [:]

  init(chart: ChartDescriptor, given: [SeriesStatistics]?) {
    self.chart = chart
    if let given, given.count == chart.series.count {
      for (index, statistics) in given.enumerated() { computed[index] = statistics }
    }
  }

  subscript(series: Int) -> SeriesStatistics {
    if let known = computed[series] { return known }
    let statistics = SeriesStatistics(series: series, of: chart)
    computed[series] = statistics
    return statistics
  }
}
