import Descriptor

/// Soft ticks on the percussion channel at the x axis's gridlines, in a track of their own.
enum Gridlines {
  /// The General MIDI percussion key of the tick: closed hi-hat.
  static let key: UInt7 = 42
  /// How loud and how long a tick is.
  static let velocity: UInt8 = 40
  static let length = 0.05
  /// The track and stem name.
  static let name = "Gridlines"

  /// The track, or nil when the x axis has no gridlines (or no series plays): a tick at each
  /// gridline inside the range, once per span played.
  static func track(chart: ChartDescriptor, seriesCount: Int, time: TimeMap) -> ScoreTrack? {
    guard case .numeric(let axis) = chart.xAxis, !axis.gridlinePositions.isEmpty, seriesCount > 0
    else {
      return nil
    }
    var notes: [Note] = []
    for span in 0..<time.repeats(seriesCount: seriesCount) {
      let offset = time.start(ofSeries: span)
      for position in axis.gridlinePositions where axis.contains(position) {
        let on = Timebase.tick(offset + time.onset(of: .number(position)))
        notes.append(
          Note(on: on, off: on + Timebase.tick(length), pitch: key.value, velocity: velocity))
      }
    }
    var track = ScoreTrack(name: name, stem: name, channel: .percussion, program: 0)
    track.events = ChannelSetup.events(program: 0, pan: 64)
    NoteScheduler.append(notes, to: &track.events)
    return track
  }
}
