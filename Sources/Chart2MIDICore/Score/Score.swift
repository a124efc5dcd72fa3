/// One track: a name, the channel and port it plays on, and its events in time order (the channel
/// set-up events at time 0 included).
package struct ScoreTrack: Hashable, Sendable {
  /// The track name (SMF meta event 0x03), such as the series name.
  package var name: String
  /// The stem the track belongs to when rendered: the series name, "Gridlines" or "Thresholds".
  package var stem: String
  /// The MIDI port (meta event 0x21), 0 for the first 16 channels.
  package var port: Int
  /// The track's channel: every channel message's, unless the event names one of the members.
  package var channel: UInt4
  /// Further channels the track plays on, one sounding note on each, so that every note of an
  /// exact-pitch track holds its own pitch bend, as in an MPE (MIDI Polyphonic Expression) zone.
  package var memberChannels: [UInt4] = []
  /// The General MIDI program (for the track listing; the program change is among the events).
  package var program: UInt7
  /// What the track plays.
  package var part: Part = .series
  /// The category of the instrument axis the track plays, when a category splits its series.
  package var category: String?

  /// What a track plays.
  package enum Part: Hashable, Sendable {
    /// A series' notes or glides (of one category, when the instrument axis splits it).
    case series
    /// A series' soft noise where its points are missing.
    case gaps
    /// A context track on the percussion channel: gridline ticks, or threshold earcons.
    case context
  }
  /// The events, in time order; at equal times in the order they are to be sent.
  package var events: [ScoreEvent]

  /// Creates a track.
  package init(
    name: String, stem: String, port: Int = 0, channel: UInt4, program: UInt7,
    events: [ScoreEvent] = []
  ) {
    self.name = name
    self.stem = stem
    self.port = port
    self.channel = channel
    self.program = program
    self.events = events
  }

  /// Every channel the track plays on: its own, then its members.
  package var channels: [UInt4] { [channel] + memberChannels.filter { $0 != channel } }

  /// Whether the track plays General MIDI percussion.
  package var isPercussion: Bool { channel == .percussion }

  /// The number of note-on events.
  package var noteCount: Int {
    events.reduce(0) { count, event in
      if case .noteOn = event.message { return count + 1 }
      return count
    }
  }
}

/// A piece of music made from a chart: a conductor track (title, texts, markers) and one track per
/// series (or per series and category). Times are seconds; ticks exist only in the encoder.
public struct Score: Hashable, Sendable {
  /// A marker: a labelled point, a threshold crossing, the start of a series.
  package struct Marker: Hashable, Sendable {
    /// Seconds from the start.
    package var time: Double
    /// The whole text.
    package var text: String

    /// A marker.
    package init(time: Double, text: String) {
      self.time = time
      self.text = text
    }
  }

  /// The sequence name, written in the conductor track.
  public var title: String
  /// The title a notation program shows above the score, when the parts are made for players:
  /// written as MuseScore's title event in the first track that plays notes.
  package var notationTitle: String?
  /// Text events of the conductor track, at time 0: the summary and the axes.
  package var conductor: [ScoreEvent]
  /// The markers, in time order, each held once as its whole text: the encoder writes them as the
  /// conductor track's marker events (a long one in several), a WAV file gets them as cues.
  package var markers: [Marker] = []
  /// The key of the scale the notes are chosen from, when there is one.
  package var keySignature: KeySignature?
  /// The file's tempo in beats (quarter notes) a minute; the music's times in seconds stay as they
  /// are, whatever the tempo.
  public var tempo: Double = 120
  /// The file's time signature.
  public var timeSignature: TimeSignature = .common
  /// The grid the notes were snapped to, when there is one: the file's division is a multiple of
  /// its steps, and the encoder writes its steps exactly.
  package var grid: TimeGrid?
  /// Where the chart lies in time: axis roles, each point's onset, each series' span, where the
  /// graph starts and where the file lies on a programme's timeline (its SMPTE offset).
  package var timeline = Timeline()
  /// How many points of dense discrete series were grouped into others' notes (see
  /// `SonificationOptions.grouping`); their markers and captions remain.
  package var groupedPoints = 0
  /// The most notes a second a track of a discrete series played before its points were grouped
  /// (an ensemble's parts play fewer than sound does).
  package var groupingLimit: Double = 16
  /// How many exact-pitch notes found no channel free to bend, and play instead the key nearest
  /// their pitch under a bend their channel already has (at most half a semitone off).
  package var nearestPitchNotes = 0
  /// The instrument tracks.
  package var tracks: [ScoreTrack]

  /// Moves the music and its markers later by `seconds` (rounded to the file's tick of 1/960 s),
  /// for something that comes before it, such as a spoken introduction: the timeline's graph
  /// start moves with them; the conductor's texts stay at 0.
  package mutating func delay(by seconds: Double) {
    let offset = Timebase.quantized(seconds)
    guard offset > 0 else { return }
    for index in tracks.indices {
      for event in tracks[index].events.indices { tracks[index].events[event].time += offset }
    }
    for index in markers.indices { markers[index].time += offset }
    timeline.graphStart += offset
  }

  /// Adds a marker, in time order (after the markers already at its time).
  package mutating func addMarker(_ text: String, at seconds: Double) {
    let time = Timebase.quantized(seconds)
    let place = markers.firstIndex { $0.time > time } ?? markers.count
    markers.insert(Marker(time: time, text: text), at: place)
  }

  /// The conductor track's text and marker events in time order: the texts, then each marker's
  /// pieces (see `TextChunks`).
  package var conductorEvents: [ScoreEvent] {
    conductor
      + markers.flatMap { marker in
        TextChunks.split(marker.text).map { ScoreEvent(time: marker.time, message: .marker($0)) }
      }
  }

  /// Creates a score.
  package init(title: String, conductor: [ScoreEvent] = [], tracks: [ScoreTrack] = []) {
    self.title = title
    self.conductor = conductor
    self.tracks = tracks
  }

  /// The time of the last event of any track, in seconds.
  public var duration: Double {
    let trackEnd = tracks.compactMap { $0.events.last?.time }.max() ?? 0
    return max(trackEnd, conductor.last?.time ?? 0, markers.last?.time ?? 0)
  }

  /// The number of MIDI ports the tracks use.
  package var portCount: Int { (tracks.map(\.port).max() ?? 0) + 1 }
}
