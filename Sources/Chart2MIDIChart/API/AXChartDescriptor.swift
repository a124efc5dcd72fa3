import Foundation

// The chart-descriptor API's own spellings, so that code written against it compiles with
// `import Descriptor` and gives the same chart. Each type turns into the project's model with
// `ChartDescriptor(_:)`.

/// An axis of an `AXChartDescriptor`: `AXNumericDataAxisDescriptor` or
/// `AXCategoricalDataAxisDescriptor`.
public protocol AXDataAxisDescriptor: AnyObject {
  /// The axis title.
  var title: String { get set }
}

/// A numeric axis with a range, gridlines and a closure that writes its values as text.
public final class AXNumericDataAxisDescriptor: AXDataAxisDescriptor {
  /// The axis title.
  public var title: String
  /// The lower and upper bound.
  public var range: ClosedRange<Double>
  /// Values at which the chart draws gridlines.
  public var gridlinePositions: [Double]
  /// Writes a value as text, with its unit: "1.32 tons".
  public var valueDescriptionProvider: (Double) -> String
  /// Linear or logarithmic spacing (the API's `scaleType`).
  public var scaleType: ScaleType = .linear

  /// Creates a numeric axis.
  public init(
    title: String, range: ClosedRange<Double>, gridlinePositions: [Double],
    valueDescriptionProvider: @escaping (Double) -> String
  ) {
    self.title = title
    self.range = range
    self.gridlinePositions = gridlinePositions
    self.valueDescriptionProvider = valueDescriptionProvider
  }
}

/// A categorical axis: a title and the categories in order.
public final class AXCategoricalDataAxisDescriptor: AXDataAxisDescriptor {
  /// The axis title.
  public var title: String
  /// The categories, in order.
  public var categoryOrder: [String]

  /// Creates a categorical axis.
  public init(title: String, categoryOrder: [String]) {
    self.title = title
    self.categoryOrder = categoryOrder
  }
}

/// One data point.
public final class AXDataPoint {
  /// A value on an axis: `.number(_)` or `.category(_)`.
  public typealias Value = DataValue

  /// The x value: a number, or a category name.
  public var xValue: Value
  /// The y value; nil is a gap.
  public var yValue: Double?
  /// One value per additional axis.
  public var additionalValues: [Value]
  /// Optional text for the point.
  public var label: String?

  /// A point with a numeric x.
  public init(x: Double, y: Double?, additionalValues: [Value] = [], label: String? = nil) {
    xValue = .number(x)
    yValue = y
    self.additionalValues = additionalValues
    self.label = label
  }

  /// A point with a categorical x.
  public init(x: String, y: Double?, additionalValues: [Value] = [], label: String? = nil) {
    xValue = .category(x)
    yValue = y
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
  /// The chart title.
  public var title: String?
  /// The key takeaway, in a sentence or two.
  public var summary: String?
  /// The x axis, numeric or categorical.
  public var xAxis: any AXDataAxisDescriptor
  /// The y axis.
  public var yAxis: AXNumericDataAxisDescriptor
  /// Further axes.
  public var additionalAxes: [any AXDataAxisDescriptor]
  /// The data.
  public var series: [AXDataSeriesDescriptor]

  /// Creates a chart descriptor.
  public init(
    title: String?, summary: String?, xAxis: any AXDataAxisDescriptor,
    yAxis: AXNumericDataAxisDescriptor, additionalAxes: [any AXDataAxisDescriptor] = [],
    series: [AXDataSeriesDescriptor]
  ) {
    self.title = title
    self.summary = summary
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.additionalAxes = additionalAxes
    self.series = series
  }
}

/// Holds a closure from the API, which is not marked `Sendable`: the closures the API is given
/// format numbers and are called from one thread at a time.
private final class UncheckedClosure: @unchecked Sendable {
  let describe: (Double) -> String
  init(_ describe: @escaping (Double) -> String) { self.describe = describe }
}

extension ValueDescriptionProvider {
  /// Wraps a closure that is not marked `Sendable`, such as the chart-descriptor API's.
  package init(unchecked describe: @escaping (Double) -> String) {
    let box = UncheckedClosure(describe)
    self.init({ box.describe($0) })
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
      valueDescriptionProvider: ValueDescriptionProvider(unchecked: axis.valueDescriptionProvider))
  }
}

extension ChartDescriptor {
  /// The project's chart for a chart built with the API, validated like a JSON descriptor.
  ///
  /// - Throws: `DescriptorError` with the path of the first value that does not fit its axis.
  public init(_ descriptor: AXChartDescriptor) throws {
    self.init(
      title: descriptor.title ?? "", summary: descriptor.summary, xAxis: Axis(descriptor.xAxis),
      yAxis: NumericAxis(descriptor.yAxis),
      additionalAxes: descriptor.additionalAxes.map(Axis.init),
      series: descriptor.series.map { series in
        DataSeries(
          name: series.name, isContinuous: series.isContinuous,
          dataPoints: series.dataPoints.map { point in
            DataPoint(
              x: point.xValue, y: point.yValue, additionalValues: point.additionalValues,
              label: point.label)
          })
      })
    if case .categorical(let axis) = xAxis, axis.categoryOrder.isEmpty {
      throw DescriptorError(at: "xAxis", "the axis is neither numeric nor categorical")
    }
    try validate()
  }
}
