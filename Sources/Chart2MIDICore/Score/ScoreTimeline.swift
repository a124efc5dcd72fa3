/// Where everything of a mapped chart lies in time, as the mapping placed it: the one source that
/// captions, markers, WAV cues, narration and exercises read, so that none maps the chart again.
///
/// Three clocks meet here. A point's *onset* counts from the graph's time 0. The *outputs* (the
/// MIDI file, captions) count from their own time 0, where a spoken intro comes first: a point
/// plays at `graphStart` + its onset. The *audio file* counts from its first sample, which is the
/// outputs' time 0 unless a padded start puts `audioLeadIn` seconds of silence before it. And the
/// outputs' time 0 lies at `start` on a programme's timeline.
package struct Timeline: Hashable, Sendable {
  /// A series as it plays.
  package struct Series: Hashable, Sendable {
    /// Its index in the chart's `series`.
    package var index: Int
    /// Its name.
    package var name: String
    /// When each of its points starts in seconds from the graph's time 0, as the mapping placed
    /// it before the file's tick grid (the array the mapping made, shared, not copied).
    let placed: [Double]
    /// When its x span plays, in seconds from the graph's time 0: the whole span when series play
    /// together, its own turn when they play one after another.
    package var span: ClosedRange<Double>
    /// The stem the series' tracks play in: its name, made distinct from every other stem.
    package var stem: String

    /// A played series whose points the mapping placed at `placed` seconds.
    package init(
      index: Int, name: String, stem: String? = nil, placed: [Double], span: ClosedRange<Double>
    ) {
      (self.index, self.name, self.placed, self.span) = (index, name, placed, span)
      self.stem = stem ?? name
    }

    /// The number of its points.
    package var pointCount: Int { placed.count }

    /// When a point starts, in seconds from the graph's time 0, on the file's tick grid (a point
    /// whose y is null, which does not sound, too).
    package func onset(ofPoint point: Int) -> Double { Timebase.quantized(placed[point]) }

    /// When each point starts, in seconds from the graph's time 0, on the file's tick grid.
    package var onsets: [Double] { placed.map(Timebase.quantized) }
  }

  /// Which additional axis plays which role.
  package var roles: AxisRoles
  /// The series played, in the order they play.
  package var series: [Series]
  /// Where the graph's time 0 lies in the outputs: after a spoken intro and its pause, else 0.
  package var graphStart: Double = 0
  /// Where the outputs' time 0 lies on a programme's timeline; nil for none.
  package var start: Timecode?
  /// Whether audio begins with `start` seconds of silence instead of carrying it as metadata.
  package var padsStart = false

  /// A timeline with no series and no start.
  package init(roles: AxisRoles = AxisRoles(), series: [Series] = []) {
    self.roles = roles
    self.series = series
  }

  /// Seconds of silence before the outputs' time 0 in an audio file: the start when it is padded.
  package var audioLeadIn: Double { padsStart ? start?.secondsValue ?? 0 : 0 }

  /// Where the graph's time 0 lies on the programme's timeline, with a start.
  package var graphTimecode: Timecode? {
    start.map { Timecode(seconds: $0.secondsValue + graphStart, frameRate: $0.frameRate) }
  }

  /// The played series at `index` of the chart's `series`, or nil when it does not play.
  package func series(at index: Int) -> Series? { series.first { $0.index == index } }

  /// When a point starts in the outputs (the MIDI file, captions): the graph's start plus its
  /// onset; nil when its series does not play.
  package func time(ofPoint point: Int, inSeries index: Int) -> Double? {
    series(at: index).map { graphStart + $0.onset(ofPoint: point) }
  }

  /// When a point starts in an audio file rendered from the score, counted from its first sample.
  package func audioTime(ofPoint point: Int, inSeries index: Int) -> Double? {
    time(ofPoint: point, inSeries: index).map { audioLeadIn + $0 }
  }
}
