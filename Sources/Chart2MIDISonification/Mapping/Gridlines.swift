import Chart2MIDIChart
import Chart2MIDICore
import Foundation

/// The context tracks, on the percussion channel: ticks at the x axis's gridlines
/// ("Gridlines"), and the earcons of threshold crossings (see `Crossings`) on a track of their own
/// ("Thresholds"), so that each has its own stem and a DAW its own lane.
enum Gridlines {
  /// The General MIDI percussion key of the tick: closed hi-hat.
  static let key: UInt7 = 42
  /// How long a tick is.
  static let length = 0.05

  /// The velocity of a tick `level` decibels (-40 to 0) from the loudest: 127 × 10^(level / 40),
  /// as General MIDI's velocity curve makes a velocity's gain.
  static func velocity(level: Double) -> UInt8 {
    UInt8(min(127, max(1, (127 * pow(10, level / 40)).rounded())))
  }
  /// The gridline ticks' track and stem name.
  static let name = "Gridlines"
  /// The threshold earcons' track and stem name.
  static let thresholdsName = "Thresholds"

  /// The context tracks that have something to play: with `ticks`, a tick at each gridline of
  /// the x axis inside its range, once per span played ("Gridlines"); the `earcons`
  /// ("Thresholds").
  static func tracks(
    chart: ChartDescriptor, ticks: Bool, level: Double = 0, seriesCount: Int, time: TimeMap,
    earcons: [Note]
  ) -> [ScoreTrack] {
    var gridlines: [Note] = []
    if ticks, case .numeric(let axis) = chart.xAxis {
      gridlines = self.ticks(axis: axis, seriesCount: seriesCount, time: time, level: level)
    }
    return [(name, gridlines), (thresholdsName, earcons)].compactMap { name, notes in
      guard !notes.isEmpty else { return nil }
      var track = ScoreTrack(name: name, stem: name, channel: .percussion, program: 0)
      track.part = .context
      track.events = ChannelSetup.events(program: 0, pan: 64, isPercussion: true)
      NoteScheduler.append(
        notes.sorted { ($0.on, $0.pitch) < ($1.on, $1.pitch) }, to: &track.events)
      return track
    }
  }

  static func ticks(axis: NumericAxis, seriesCount: Int, time: TimeMap, level: Double = 0)
    -> [Note]
  {
    let velocity = velocity(level: level)
    var notes: [Note] = []
    for span in 0..<time.repeats(seriesCount: seriesCount) {
      let offset = time.start(ofSeries: span)
      for position in axis.gridlinePositions where axis.contains(position) {
        let on = Timebase.tick(time.placed(offset + time.onset(of: .number(position))))
        notes.append(
          Note(on: on, off: on + Timebase.tick(length), pitch: key.value, velocity: velocity))
      }
    }
    return notes
  }
}
