import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Foundation

/// Where a series crosses a threshold: a short earcon on the "Thresholds" track, a high wood block
/// when it rises above the line and a low one when it falls below (General MIDI percussion, so
/// that any player tells them apart), and a marker that says which line was crossed.
struct Crossings {
  /// A crossing: when, and which way.
  struct Crossing: Equatable {
    var time: Double
    var rising: Bool
  }

  /// The percussion keys of the earcons: Hi Wood Block for a rise, Low Wood Block for a fall.
  static let risingKey: UInt7 = 76
  static let fallingKey: UInt7 = 77
  static let velocity: UInt8 = 90
  static let length = 0.12
  /// Crossings closer together than this count as one: chatter around a line is one event.
  static let minimumSpacing = 0.1

  let chart: ChartDescriptor
  let thresholds: [SonificationOptions.Threshold]

  /// The earcon notes and the markers of every played series' crossings of every threshold.
  func earcons(
    series: [(series: DataSeries, onsets: [Double])], markers: inout MarkerText
  ) -> [Note] {
    var notes: [Note] = []
    guard !thresholds.isEmpty else { return notes }
    // The data's precision, for a mean's name: counted once for all series.
    let decimals = thresholds.contains { $0.level == .mean } ? chart.yDecimals : 0
    for (series, onsets) in series {
      let values = series.dataPoints.compactMap(\.y)
      guard !values.isEmpty else { continue }
      for threshold in thresholds {
        let level: Double
        switch threshold.level {
        case .value(let value): level = value
        case .mean: level = values.reduce(0, +) / Double(values.count)
        }
        let crossings = Self.find(
          in: zip(onsets, series.dataPoints.map(\.y)).map { ($0, $1) }, level: level,
          axis: chart.yAxis, interpolates: series.isContinuous)
        let name = lineName(threshold, level: level, decimals: decimals)
        for crossing in crossings {
          let on = Timebase.tick(crossing.time)
          notes.append(
            Note(
              on: on, off: on + Timebase.tick(Self.length),
              pitch: (crossing.rising ? Self.risingKey : Self.fallingKey).value,
              velocity: Self.velocity))
          let direction = crossing.rising ? "rises above" : "falls below"
          markers.add(text: "\(series.name) \(direction) \(name)", at: crossing.time)
        }
      }
    }
    return notes
  }

  /// "target (50 %)", "the mean (42.3 mpg)" or "50 %"; a mean is rounded to the data's precision.
  func lineName(_ threshold: SonificationOptions.Threshold, level: Double, decimals: Int) -> String
  {
    let value =
      threshold.level == .mean
      ? chart.yAxis.describeStatistic(level, dataDecimals: decimals)
      : chart.yAxis.describe(level)
    switch (threshold.name, threshold.level) {
    case (let name?, _): return "\(name) (\(value))"
    case (nil, .mean): return "the mean (\(value))"
    case (nil, .value): return value
    }
  }

  /// The crossings of `level` by points in play order (`nil` y for a gap). A point exactly on
  /// the line does not end a side: a touch is no crossing, and a pass through the line crosses
  /// at the first point on it. Between two points across the line, a continuous series (one
  /// gliding tone) crosses where its pitch does, interpolated on the axis's scale; a discrete
  /// series, and a series after a gap, at the first point on the new side, the note that is
  /// heard there. Crossings closer than `minimumSpacing` to the previous one merge: one earcon
  /// at the first, in the direction of the net change, or none when the series is back where
  /// it was.
  static func find(
    in points: [(onset: Double, y: Double?)], level: Double, axis: NumericAxis,
    interpolates: Bool
  ) -> [Crossing] {
    let ordered = points.enumerated().sorted {
      ($0.element.onset, $0.offset) < ($1.element.onset, $1.offset)
    }.map(\.element)
    var raw: [Crossing] = []
    var side = 0
    var last: (onset: Double, y: Double)?
    var onLine: Double?
    var afterGap = false
    for point in ordered {
      guard let y = point.y else {
        afterGap = true
        continue
      }
      let newSide = y > level ? 1 : y < level ? -1 : 0
      if newSide == 0 {
        if onLine == nil { onLine = point.onset }
        continue
      }
      if side != 0, newSide != side, let last {
        let time: Double
        if let onLine {
          time = onLine
        } else if interpolates, !afterGap {
          let fraction = axis.fraction(of: level, from: last.y, to: y)
          time = last.onset + fraction * (point.onset - last.onset)
        } else {
          time = point.onset
        }
        raw.append(Crossing(time: time, rising: newSide > 0))
      }
      side = newSide
      last = (point.onset, y)
      onLine = nil
      afterGap = false
    }
    // Merge chatter: a cluster of crossings each within the spacing of the one before.
    var merged: [Crossing] = []
    var index = 0
    while index < raw.count {
      var end = index
      while end + 1 < raw.count, raw[end + 1].time - raw[end].time < minimumSpacing { end += 1 }
      // Crossings alternate, so an odd count changes the side and an even one comes back.
      if (end - index) % 2 == 0 {
        merged.append(Crossing(time: raw[index].time, rising: raw[end].rising))
      }
      index = end + 1
    }
    return merged
  }
}

extension NumericAxis {
  /// Where `level` lies between two values, 0 to 1, on the axis's scale (so that on a log axis a
  /// crossing falls where a glide's pitch crosses).
  func fraction(of level: Double, from a: Double, to b: Double) -> Double {
    func scaled(_ value: Double) -> Double {
      switch scaleType {
      case .linear: value
      case .log10, .ln: value > 0 ? Foundation.log(value) : .nan
      }
    }
    var fraction = (scaled(level) - scaled(a)) / (scaled(b) - scaled(a))
    if !fraction.isFinite { fraction = (level - a) / (b - a) }
    return min(1, max(0, fraction))
  }
}

extension ChartMapper {
  /// The thresholds' names as markers and a narration say them: "target (50 %)" for a line at a
  /// value, "the mean" for each series' own.
  package static func thresholdNames(_ options: SonificationOptions, chart: ChartDescriptor)
    -> [String]
  {
    let crossings = Crossings(chart: chart, thresholds: options.thresholds)
    return options.thresholds.map { threshold in
      guard case .value(let level) = threshold.level else { return "the mean" }
      return crossings.lineName(threshold, level: level, decimals: 0)
    }
  }
}
