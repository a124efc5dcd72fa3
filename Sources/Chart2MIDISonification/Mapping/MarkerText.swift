import Chart2MIDIChart
import Chart2MIDICore

/// The texts of the file: a marker at each point that gets one, and the conductor track's summary
/// and axis texts. Texts longer than a meta event holds are split (see `TextChunks`).
struct MarkerText {
  let chart: ChartDescriptor
  let style: SonificationOptions.Markers
  /// Whether several series play, so that a marker names its series.
  let namesSeries: Bool
  /// The markers gathered so far as whole texts, in the order added.
  private(set) var markers: [Score.Marker] = []
  /// For each marker, the point it marks (its series' index in the chart and its index there),
  /// or nil for a marker of no point (a crossing, a series' start).
  private var marked: [(series: Int32, point: Int32)?] = []
  /// The series whose points are being added.
  var currentSeries = 0

  /// The most markers in any second, wherever it starts, with the default `labelled` style: 4,
  /// about what a DAW's marker lane shows legibly at a normal zoom.
  static let maximumPerSecond = 4

  init(chart: ChartDescriptor, style: SonificationOptions.Markers, namesSeries: Bool) {
    self.chart = chart
    self.style = style
    self.namesSeries = namesSeries
  }

  /// The marker text of a point, or nil when the point gets none: "Honda Civic: 1.32 tons, 34 mpg",
  /// or "1960: 268 births per 10,000 people" for an unlabelled point when all points are marked.
  func text(for point: DataPoint, in series: DataSeries) -> String? {
    switch style {
    case .none: return nil
    case .labelled:
      guard let label = point.label else { return nil }
      let prefix = namesSeries ? "\(series.name), " : ""
      return
        "\(prefix)\(label): \(chart.xAxis.describe(point.x)), \(chart.yAxis.describe(point.y!))"
    case .all:
      let prefix = namesSeries ? "\(series.name), " : ""
      let values = "\(chart.xAxis.describe(point.x)): \(chart.yAxis.describe(point.y!))"
      return point.label.map { "\(prefix)\($0), \(values)" } ?? "\(prefix)\(values)"
    }
  }

  /// Whether a point gets a marker: a quick test before the text is made.
  @inline(__always)
  func marks(_ point: borrowing DataPoint) -> Bool {
    switch style {
    case .none: false
    case .labelled: point.label != nil
    case .all: true
    }
  }

  /// Adds a sounding point's marker, when it gets one, at its onset.
  @inline(__always)
  mutating func add(_ point: DataPoint, index: Int, in series: DataSeries, at onset: Double) {
    guard marks(point), let text = text(for: point, in: series) else { return }
    add(text: text, at: onset)
    marked[marked.count - 1] = (Int32(clamping: currentSeries), Int32(clamping: index))
  }

  /// Adds a marker that is not a point's (a threshold crossing), unless markers are off.
  mutating func add(text: String, at time: Double) {
    guard style != .none else { return }
    let time = Timebase.quantized(time)
    markers.append(Score.Marker(time: time, text: text))
    marked.append(nil)
  }

  /// With the `labelled` style, thins markers denser than `maximumPerSecond` in some second:
  /// markers of no point (threshold crossings, series' starts) are chosen first, then the points
  /// `important` names for their series (its extremes and outliers), then the other labelled
  /// points in time order; each is kept when every second around it still holds at most the
  /// limit. Markers that already keep the limit all stay. Returns how many were left out.
  @discardableResult
  mutating func thin(important: (Int) -> Set<Int>) -> Int {
    guard style == .labelled, Self.isTooDense(markers.map(\.time)) else { return 0 }
    var importantPoints: [Int: Set<Int>] = [:]
    func rank(_ index: Int) -> Int {
      guard let origin = marked[index] else { return 0 }
      let series = Int(origin.series)
      if importantPoints[series] == nil { importantPoints[series] = important(series) }
      return importantPoints[series]!.contains(Int(origin.point)) ? 1 : 2
    }
    let ranks = markers.indices.map(rank)
    let order = markers.indices.sorted {
      (ranks[$0], markers[$0].time, $0) < (ranks[$1], markers[$1].time, $1)
    }
    // The kept times by whole second, so that a new marker's neighbours are found at once.
    var kept: [Int: [Double]] = [:]
    var keep = [Bool](repeating: false, count: markers.count)
    let limit = Self.maximumPerSecond
    for index in order {
      let time = markers[index].time
      let second = Int(time.rounded(.down))
      // The kept times within a second of this one, and this one.
      var near = [time]
      for bucket in (second - 1)...(second + 1) {
        near += (kept[bucket] ?? []).filter { abs($0 - time) < 1 }
      }
      near.sort()
      // Every second [start, start + 1) that holds this time, starting at a marker.
      let fits = near.indices.allSatisfy { first in
        near[first] > time || near[first] + 1 <= time
          || near[first...].prefix { $0 < near[first] + 1 }.count <= limit
      }
      guard fits else { continue }
      keep[index] = true
      kept[second, default: []].append(time)
    }
    let left = keep.filter { !$0 }.count
    markers = markers.indices.filter { keep[$0] }.map { markers[$0] }
    marked = marked.indices.filter { keep[$0] }.map { marked[$0] }
    return left
  }

  /// Whether some second, wherever it starts, holds more than `maximumPerSecond` of the times.
  static func isTooDense(_ times: [Double]) -> Bool {
    let sorted = times.sorted()
    return sorted.indices.contains { index in
      index + maximumPerSecond < sorted.count
        && sorted[index + maximumPerSecond] < sorted[index] + 1
    }
  }

  /// The whole markers in time order.
  var sortedMarkers: [Score.Marker] {
    markers.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }

  /// The summary and one text per axis with its role, at time 0.
  static func conductorTexts(chart: ChartDescriptor, roles: AxisRoles) -> [ScoreEvent] {
    var texts: [String] = []
    if let summary = chart.summary, !summary.isEmpty { texts.append(summary) }
    texts.append("time (x): \(describe(chart.xAxis))")
    texts.append("pitch (y): \(describe(.numeric(chart.yAxis)))")
    for (index, axis) in chart.additionalAxes.enumerated() {
      texts.append("\(roles.role(of: index)): \(describe(axis))")
    }
    return texts.flatMap { TextChunks.split($0) }.map { ScoreEvent(time: 0, message: .text($0)) }
  }

  /// "Weight, 0.00 tons to 5.00 tons" or "Country: USA, Japan, Germany".
  static func describe(_ axis: Axis) -> String {
    switch axis {
    case .numeric(let numeric):
      let scale = numeric.scaleType == .linear ? "" : " (\(numeric.scaleType.rawValue) scale)"
      return "\(numeric.title), \(numeric.rangeText)\(scale)"
    case .categorical(let categorical):
      return "\(categorical.title): \(categorical.categoryOrder.joined(separator: ", "))"
    }
  }
}
