import Descriptor

/// The texts of the file: a marker at each point that gets one, and the conductor track's summary
/// and axis texts. Texts longer than a meta event holds are split (see `TextChunks`).
struct MarkerText {
  let chart: ChartDescriptor
  let style: SonificationOptions.Markers
  /// Whether several series play, so that a marker names its series.
  let namesSeries: Bool
  /// The markers gathered so far as whole texts, in the order added.
  private(set) var markers: [Score.Marker] = []

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
  mutating func add(_ point: DataPoint, in series: DataSeries, at onset: Double) {
    guard marks(point), let text = text(for: point, in: series) else { return }
    add(text: text, at: onset)
  }

  /// Adds a marker that is not a point's (a threshold crossing), unless markers are off.
  mutating func add(text: String, at time: Double) {
    guard style != .none else { return }
    let time = Timebase.quantized(time)
    markers.append(Score.Marker(time: time, text: text))
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
