import Chart2MIDIChart
import Chart2MIDICore
import Foundation

/// x to onset time: a point's place on the x span, and each series' start when they play one
/// after another.
struct TimeMap {
  let scale: AxisScale?
  /// Seconds one series' x range spans.
  let span: Double
  let categoryIndex: [String: Int]
  let slot: Double
  let arrangement: SonificationOptions.Arrangement
  let gap: Double
  /// The grid onsets snap to, if any.
  let grid: TimeGrid?

  init(axis: Axis, options: SonificationOptions) {
    scale = axis.numeric?.scale
    grid = options.timeGrid
    arrangement = options.arrangement
    gap = options.gap
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

  /// The onset of an x value within one span: its position on a numeric axis times the span, or
  /// the start of its equal slot on a categorical axis.
  @inline(__always)
  func onset(of x: DataValue) -> Double {
    switch x {
    case .number(let value): (scale?.position(of: value) ?? 0) * span
    case .category(let name): Double(categoryIndex[name] ?? 0) * slot
    }
  }

  /// When the `order`th played series starts: 0 when series play together.
  func start(ofSeries order: Int) -> Double {
    arrangement == .sequential ? Double(order) * (span + gap) : 0
  }

  /// How many times the x span plays: once, or once per series when sequential.
  func repeats(seriesCount: Int) -> Int { arrangement == .sequential ? seriesCount : 1 }

  /// A time where it plays: on the grid's nearest step, with a grid.
  @inline(__always)
  func placed(_ seconds: Double) -> Double { grid?.snap(seconds) ?? seconds }

  /// Each point's onset before quantization (on the grid, with one); a long series' on every core
  /// (see `InParts`).
  func onsets(of series: DataSeries, order: Int) -> [Double] {
    let offset = start(ofSeries: order)
    return series.dataPoints.withUnsafeBufferPointer { points in
      // Read only, while the parts run.
      nonisolated(unsafe) let points = points
      let map = self
      return InParts.compactMap(count: points.count) {
        map.placed(offset + map.onset(of: points[$0].x))
      }
    }
  }

  /// Refuses music that would last longer than `ChartMapper.maximumDuration`.
  ///
  /// - Throws: `MIDIMapError` saying how long it would last and what shortens it.
  func checkLength(seriesCount: Int, options: SonificationOptions) throws {
    let spans = arrangement == .sequential ? Double(seriesCount) * (span + gap) : span
    let longestNote = max(options.noteDuration, options.durationRange.upperBound)
    let end = spans + longestNote
    guard end.isFinite, end <= ChartMapper.maximumDuration else {
      let length =
        !end.isFinite
        ? "forever"
        : end / 3600 < 1e6 ? String(format: "%.0f hours", end / 3600) : "more than a million hours"
      throw MIDIMapError(
        "the music would last \(length), longer than the 24 hours a chart may play; lower the duration, the seconds per unit, the gap or the note lengths",
        code: .exceedsMIDI
      )
    }
  }
}
