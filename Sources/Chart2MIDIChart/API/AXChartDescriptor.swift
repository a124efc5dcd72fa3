import Chart2MIDIBase
import Foundation

// The chart-descriptor API's own spellings, so that code written against it compiles with
// `import Descriptor` and gives the same chart. Each type turns into the project's model with
// `ChartDescriptor(_:)`.

/// An axis of an `AXChartDescriptor`: `AXNumericDataAxisDescriptor` or
/// `AXCategoricalDataAxisDescriptor`.
public protocol AXDataAxisDescriptor: AnyObject {
  /// The axis title.
  var title: String { get set }
  /// The axis title with its attributes; the chart keeps its characters.
  var attributedTitle: NSAttributedString { get set }
}

/// A numeric axis with a range, gridlines and a closure that writes its values as text.
public final class AXNumericDataAxisDescriptor: AXDataAxisDescriptor {
  /// The axis title.
  public var title: String
  /// The axis title with its attributes.
  public var attributedTitle: NSAttributedString {
    get { NSAttributedString(string: title) }
    set { title = newValue.string }
  }
  /// The lower and upper bound.
  public var range: ClosedRange<Double>
  /// Values at which the chart draws gridlines.
  public var gridlinePositions: [Double]
  /// Writes a value as text, with its unit: "1.32 tons". It may be called from any thread.
  public var valueDescriptionProvider: @Sendable (Double) -> String
  /// Linear or logarithmic spacing (the API's `scaleType`).
  public var scaleType: ScaleType = .linear

  /// Creates a numeric axis.
  public init(
    title: String, range: ClosedRange<Double>, gridlinePositions: [Double],
    valueDescriptionProvider: @escaping @Sendable (Double) -> String
  ) {
    self.title = title
    self.range = range
    self.gridlinePositions = gridlinePositions
    self.valueDescriptionProvider = valueDescriptionProvider
  }

  /// Creates a numeric axis with an attributed title.
  public convenience init(
    attributedTitle: NSAttributedString, range: ClosedRange<Double>, gridlinePositions: [Double],
    valueDescriptionProvider: @escaping @Sendable (Double) -> String
  ) {
    self.init(
      title: attributedTitle.string, range: range, gridlinePositions: gridlinePositions,
      valueDescriptionProvider: valueDescriptionProvider)
  }
}

/// A categorical axis: a title and the categories in order.
public final class AXCategoricalDataAxisDescriptor: AXDataAxisDescriptor {
  /// The axis title.
  public var title: String
  /// The axis title with its attributes.
  public var attributedTitle: NSAttributedString {
    get { NSAttributedString(string: title) }
    set { title = newValue.string }
  }
  /// The categories, in order.
  public var categoryOrder: [String]

  /// Creates a categorical axis.
  public init(title: String, categoryOrder: [String]) {
    self.title = title
    self.categoryOrder = categoryOrder
  }

  /// Creates a categorical axis with an attributed title.
  public convenience init(attributedTitle: NSAttributedString, categoryOrder: [String]) {
    self.init(title: attributedTitle.string, categoryOrder: categoryOrder)
  }
}

/// One data point.
public final class AXDataPoint {
  /// A value on an axis: `.number(_)` or `.category(_)`, read back with `number` and `category`.
  public typealias Value = DataValue

  /// The x value: a number, or a category name.
  public var xValue: Value
  /// The y value; nil is a gap.
  public var yValue: Value?
  /// One value per additional axis.
  public var additionalValues: [Value]
  /// Optional text for the point.
  public var label: String?

  /// A point with a numeric x.
  public init(x: Double, y: Double?, additionalValues: [Value] = [], label: String? = nil) {
    xValue = .number(x)
    yValue = y.map { .number($0) }
    self.additionalValues = additionalValues
    self.label = label
  }

  /// A point with a categorical x.
  public init(x: String, y: Double?, additionalValues: [Value] = [], label: String? = nil) {
    xValue = .category(x)
    yValue = y.map { .number($0) }
    self.additionalValues = additionalValues
    self.label = label
  }
}

/// A named series of points.
public final class AXDataSeriesDescriptor {
  /// The series name.
  public var name: String
  /// Whether the points connect into a line.
  public var isContinuous: Bool
  /// The points.
  public var dataPoints: [AXDataPoint]

  /// Creates a series.
  public init(name: String, isContinuous: Bool, dataPoints: [AXDataPoint]) {
    self.name = name
    self.isContinuous = isContinuous
    self.dataPoints = dataPoints
  }
}

/// A chart: title, summary, axes and series.
public final class AXChartDescriptor {
  /// The way the x axis runs on screen. The audio graph plays the x axis as time whichever way
  /// it is drawn: its lowest value first.
  public enum ContentDirection: Int, Hashable, Sendable {
    case leftToRight, rightToLeft, topToBottom, bottomToTop, radialClockwise,
      radialCounterClockwise
  }

  /// The chart title.
  public var title: String?
  /// The chart title with its attributes; the chart keeps its characters.
  public var attributedTitle: NSAttributedString? {
    get { title.map { NSAttributedString(string: $0) } }
    set { title = newValue?.string }
  }
  /// The key takeaway, in a sentence or two.
  public var summary: String?
  /// The x axis, numeric or categorical.
  public var xAxis: any AXDataAxisDescriptor
  /// The y axis; without one, the chart's y axis spans its values.
  public var yAxis: AXNumericDataAxisDescriptor?
  /// Further axes.
  public var additionalAxes: [any AXDataAxisDescriptor]
  /// The data.
  public var series: [AXDataSeriesDescriptor]
  /// The way the x axis runs on screen: left to right unless set.
  public var contentDirection = ContentDirection.leftToRight

  /// Creates a chart descriptor.
  public init(
    title: String? = nil, summary: String? = nil, xAxis: any AXDataAxisDescriptor,
    yAxis: AXNumericDataAxisDescriptor? = nil, additionalAxes: [any AXDataAxisDescriptor] = [],
    series: [AXDataSeriesDescriptor]
  ) {
    self.title = title
    self.summary = summary
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.additionalAxes = additionalAxes
    self.series = series
  }

  /// Creates a chart descriptor with an attributed title. (Where no title is given, the plain
  /// form is the one called, as with the API.)
  @_disfavoredOverload
  public convenience init(
    attributedTitle: NSAttributedString? = nil, summary: String? = nil,
    xAxis: any AXDataAxisDescriptor, yAxis: AXNumericDataAxisDescriptor? = nil,
    additionalAxes: [any AXDataAxisDescriptor] = [], series: [AXDataSeriesDescriptor]
  ) {
    self.init(
      title: attributedTitle?.string, summary: summary, xAxis: xAxis, yAxis: yAxis,
      additionalAxes: additionalAxes, series: series)
  }
}

extension Axis {
  /// The project's axis for an API axis. A categorical axis keeps the first of any repeated
  /// category names (the API allows repeats; a JSON descriptor does not).
  package init(_ axis: any AXDataAxisDescriptor) {
    switch axis {
    case let numeric as AXNumericDataAxisDescriptor:
      self = .numeric(NumericAxis(numeric))
    case let categorical as AXCategoricalDataAxisDescriptor:
      var seen: Set<String> = []
      let order = categorical.categoryOrder.filter { seen.insert($0).inserted }
      self = .categorical(CategoricalAxis(title: categorical.title, categoryOrder: order))
    default:
      self = .categorical(CategoricalAxis(title: axis.title, categoryOrder: []))
    }
  }
}

extension NumericAxis {
  /// The project's numeric axis for an API axis, its closure kept for every value written as text.
  package init(_ axis: AXNumericDataAxisDescriptor) {
    self.init(
      title: axis.title, range: axis.range, scaleType: axis.scaleType,
      gridlinePositions: axis.gridlinePositions,
      valueDescriptionProvider: ValueDescriptionProvider(axis.valueDescriptionProvider))
  }
}

extension NumericAxis {
  /// The y axis of a chart built without one: titled "y", from the lowest y value to the highest
  /// (0 to 1 without any).
  package init(spanning series: [AXDataSeriesDescriptor]) {
    let values = series.lazy.flatMap(\.dataPoints).compactMap { $0.yValue?.number }
      .filter(\.isFinite)
    let low = values.min() ?? 0
    let high = values.max() ?? 1
    self.init(
      title: "y", range: low < high ? low...high : (low - 1)...(high + 1), gridlinePositions: [])
  }
}

extension ChartDescriptor {
  /// The project's chart for a chart built with the API, validated like a JSON descriptor. A chart
  /// without a y axis gets one that spans its values; the content direction changes nothing
  /// heard: the x axis plays as time from its lowest value.
  ///
  /// - Throws: `DescriptorError` with the path of the first value that does not fit its axis.
  public init(_ descriptor: AXChartDescriptor) throws {
    for (seriesIndex, series) in descriptor.series.enumerated() {
      for (pointIndex, point) in series.dataPoints.enumerated() {
        if case .category(let name) = point.yValue {
          throw DescriptorError(
            at: "series[\(seriesIndex)].dataPoints[\(pointIndex)].y",
            "expected a number for the y axis, found \(quoted(name))")
        }
      }
    }
    self.init(
      title: descriptor.title ?? "", summary: descriptor.summary, xAxis: Axis(descriptor.xAxis),
      yAxis: descriptor.yAxis.map(NumericAxis.init) ?? NumericAxis(spanning: descriptor.series),
      additionalAxes: descriptor.additionalAxes.map(Axis.init),
      series: descriptor.series.map { series in
        DataSeries(
          name: series.name, isContinuous: series.isContinuous,
          dataPoints: series.dataPoints.map { point in
            DataPoint(
              x: point.xValue, y: point.yValue?.number, additionalValues: point.additionalValues,
              label: point.label)
          })
      })
    if case .categorical(let axis) = xAxis, axis.categoryOrder.isEmpty {
      throw DescriptorError(at: "xAxis", "the axis is neither numeric nor categorical")
    }
    try validate()
  }
}
