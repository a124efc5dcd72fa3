import Foundation

/// A value on an axis: a number, or the name of a category.
public enum DataValue: Hashable, Sendable {
  /// A numeric value.
  case number(Double)
  /// A category name, one of a categorical axis's `categoryOrder`.
  case category(String)

  /// The number, when the value is numeric.
  public var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The category name, when the value is categorical.
  public var category: String? {
    if case .category(let name) = self { return name }
    return nil
  }
}

/// How a numeric axis spaces its values.
public enum ScaleType: String, Hashable, Sendable, CaseIterable {
  case linear
  case log10
  case ln
}

/// A numeric axis: a title, a range, an optional log scale, gridlines and a value format.
public struct NumericAxis: Hashable, Sendable {
  /// The axis title, spoken before its values.
  public var title: String
  /// The lower and upper bound of the axis.
  public var range: ClosedRange<Double>
  /// Linear or logarithmic spacing.
  public var scaleType: ScaleType
  /// Values at which the chart draws gridlines.
  public var gridlinePositions: [Double]
  /// How a value is written as text, for example `%.2f tons`.
  public var valueFormat: ValueFormat?
  /// A closure that writes a value as text; it takes precedence over `valueFormat`.
  public var valueDescriptionProvider: ValueDescriptionProvider?
  /// Set for a date axis: its values are seconds since 1970-01-01T00:00:00Z (see `ISODate`),
  /// placed in proportion to time and written as dates in this format.
  public var dateFormat: DateFormat?

  /// Creates a numeric axis.
  public init(
    title: String, range: ClosedRange<Double>, scaleType: ScaleType = .linear,
    gridlinePositions: [Double] = [], valueFormat: ValueFormat? = nil,
    valueDescriptionProvider: ValueDescriptionProvider? = nil
  ) {
    self.title = title
    self.range = range
    self.scaleType = scaleType
    self.gridlinePositions = gridlinePositions
    self.valueFormat = valueFormat
    self.valueDescriptionProvider = valueDescriptionProvider
  }

  /// Where `value` lies on the axis, from 0 (lower bound) to 1 (upper bound), in log space for log
  /// axes; values outside the range are clamped.
  package func normalizedPosition(of value: Double) -> Double { scale.position(of: value) }

  /// The axis's range and scale alone: a small value to keep in loops over many points.
  package var scale: AxisScale { AxisScale(range: range, scaleType: scaleType) }

  /// Whether `value` lies inside the axis range.
  package func contains(_ value: Double) -> Bool { range.contains(value) }

  /// The range in the axis's words: "0.00 tons to 5.00 tons".
  package var rangeText: String { "\(describe(range.lowerBound)) to \(describe(range.upperBound))" }

  /// The value written as text: the provider if there is one, else the value format (a date's
  /// month and weekday names in `language`), else a plain number with no more digits than it needs.
  public func describe(_ value: Double, in language: DescriptionLanguage = .english) -> String {
    if let provider = valueDescriptionProvider { return provider.describe(value) }
    if let dateFormat { return dateFormat.format(value, in: language) }
    if let format = valueFormat { return format.format(value) }
    return ValueFormat.plain(value)
  }

  /// A place on the axis written as text, as `describe(_:in:)` writes it, except that a value
  /// format never rounds it into another place: a point at 2007.75 on an axis of years written
  /// "%.0f" is "2007.75", not "2008" (see `ValueFormat.truthfulFormat(_:)`).
  package func describePlace(_ value: Double, in language: DescriptionLanguage = .english) -> String
  {
    if valueDescriptionProvider == nil, dateFormat == nil, let format = valueFormat {
      return format.truthfulFormat(value)
    }
    return describe(value, in: language)
  }

  /// A value computed from the data, such as a mean, a median or a difference: in the axis's words
  /// when it has a format or a provider; else with one decimal more than the data's values have
  /// (`dataDecimals`, see `ChartDescriptor.yDecimals`), so that a mean of whole numbers reads
  /// "10.3", not "10.3333".
  package func describeStatistic(_ value: Double, dataDecimals: Int) -> String {
    guard valueDescriptionProvider == nil, valueFormat == nil, dateFormat == nil, value.isFinite
    else {
      return describe(value)
    }
    let decimals = min(6, dataDecimals + 1)
    let scale = pow(10, Double(decimals))
    return ValueFormat.plain((value * scale).rounded() / scale)
  }
}

extension ChartDescriptor {
  /// The most decimals any y value of the chart has, up to 6: 0 for whole numbers.
  package var yDecimals: Int {
    var most = 0
    let powers: [Double] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]
    for series in self.series {
      for point in series.dataPoints {
        guard let y = point.y, y.isFinite else { continue }
        while most < 6 {
          let scaled = y * powers[most]
          if abs(scaled - scaled.rounded()) <= 1e-9 * max(1, abs(scaled)) { break }
          most += 1
        }
      }
    }
    return most
  }
}

/// A numeric axis's range and scale type, which place a value between 0 and 1.
package struct AxisScale: Hashable, Sendable {
  /// The scale type.
  package let scaleType: ScaleType
  @usableFromInline let low: Double
  @usableFromInline let span: Double

  /// The scale of a range.
  package init(range: ClosedRange<Double>, scaleType: ScaleType) {
    self.scaleType = scaleType
    let low = Self.transform(range.lowerBound, scaleType)
    self.low = low
    span = Self.transform(range.upperBound, scaleType) - low
  }

  private static func transform(_ value: Double, _ scaleType: ScaleType) -> Double {
    switch scaleType {
    case .linear: value
    case .log10: value > 0 ? Foundation.log10(value) : -.infinity
    case .ln: value > 0 ? Foundation.log(value) : -.infinity
    }
  }

  /// Where `value` lies, from 0 (lower bound) to 1 (upper bound), in log space for log scales;
  /// values outside the range are clamped.
  @inlinable package func position(of value: Double) -> Double {
    guard span > 0 else { return 0 }
    let transformed: Double
    switch scaleType {
    case .linear: transformed = value
    case .log10: transformed = value > 0 ? Foundation.log10(value) : -.infinity
    case .ln: transformed = value > 0 ? Foundation.log(value) : -.infinity
    }
    return min(1, max(0, (transformed - low) / span))
  }
}

/// A closure that writes an axis value as text, as the chart-descriptor API's
/// `valueDescriptionProvider`. A closure cannot be compared, so a provider is equal only to itself
/// and its copies: two providers made from separate closures differ, even when the closures do the
/// same.
public struct ValueDescriptionProvider: Hashable, Sendable {
  /// The closure, in a box whose identity stands for the closure's.
  private final class Box: Sendable {
    let describe: @Sendable (Double) -> String
    init(_ describe: @escaping @Sendable (Double) -> String) { self.describe = describe }
  }
  private let box: Box

  /// Wraps a closure.
  public init(_ describe: @escaping @Sendable (Double) -> String) { box = Box(describe) }

  /// The value written as text by the closure.
  public func describe(_ value: Double) -> String { box.describe(value) }

  /// Whether two providers are the same closure: one provider and its copies.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box }
  /// Hashes the closure's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(box)) }
}

/// A categorical axis: a title and its categories in order.
public struct CategoricalAxis: Hashable, Sendable {
  /// The axis title.
  public var title: String
  /// The categories, in the order they are played and listed.
  public var categoryOrder: [String]

  /// Creates a categorical axis.
  public init(title: String, categoryOrder: [String]) {
    self.title = title
    self.categoryOrder = categoryOrder
  }

  /// A lookup from category name to its position in `categoryOrder` (the first, if a name repeats).
  package func makeIndex() -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(categoryOrder.count)
    for (position, name) in categoryOrder.enumerated() where index[name] == nil {
      index[name] = position
    }
    return index
  }
}

/// An axis of either kind.
public enum Axis: Hashable, Sendable {
  case numeric(NumericAxis)
  case categorical(CategoricalAxis)

  /// The axis title.
  public var title: String {
    switch self {
    case .numeric(let axis): axis.title
    case .categorical(let axis): axis.title
    }
  }

  /// The numeric axis, when it is one.
  public var numeric: NumericAxis? {
    if case .numeric(let axis) = self { return axis }
    return nil
  }

  /// The categorical axis, when it is one.
  public var categorical: CategoricalAxis? {
    if case .categorical(let axis) = self { return axis }
    return nil
  }

  /// A value on this axis written as text, a date in `language`; a number as a place that its
  /// format never rounds into another (see `NumericAxis.describePlace(_:in:)`).
  public func describe(_ value: DataValue, in language: DescriptionLanguage = .english) -> String {
    switch (self, value) {
    case (.numeric(let axis), .number(let number)): axis.describePlace(number, in: language)
    case (_, .category(let name)): name
    case (.categorical, .number(let number)): ValueFormat.plain(number)
    }
  }
}

/// A named series of data points, continuous (a line) or discrete (points or bars).
public struct DataSeries: Hashable, Sendable {
  /// The series name, used for its track and stem.
  public var name: String
  /// Whether the points connect into a line.
  public var isContinuous: Bool
  /// The points, in the order given.
  public var dataPoints: [DataPoint]

  /// Creates a series.
  public init(name: String, isContinuous: Bool, dataPoints: [DataPoint]) {
    self.name = name
    self.isContinuous = isContinuous
    self.dataPoints = dataPoints
  }
}

/// A chart as the audio-graph chart descriptor describes it.
public struct ChartDescriptor: Hashable, Sendable {
  /// The chart title.
  public var title: String
  /// The key takeaway of the chart, in a sentence or two.
  public var summary: String?
  /// The x axis, numeric or categorical; it becomes time.
  public var xAxis: Axis
  /// The y axis, numeric; it becomes pitch.
  public var yAxis: NumericAxis
  /// Further axes: the first numeric one becomes note duration, the first categorical one the
  /// instrument.
  public var additionalAxes: [Axis]
  /// The data.
  public var series: [DataSeries]
  /// The descriptor's own `sonification` object, read by the mapping as its options.
  public var sonification: JSONValue?
  /// What reading the chart left out, in a sentence each, such as a Vega-Lite specification's
  /// interactive parameters; commands show them as warnings.
  public var notes: [String] = []

  /// Creates a chart descriptor.
  public init(
    title: String, summary: String? = nil, xAxis: Axis, yAxis: NumericAxis,
    additionalAxes: [Axis] = [], series: [DataSeries], sonification: JSONValue? = nil
  ) {
    self.title = title
    self.summary = summary
    self.xAxis = xAxis
    self.yAxis = yAxis
    self.additionalAxes = additionalAxes
    self.series = series
    self.sonification = sonification
  }

  /// The number of points in all series.
  public var pointCount: Int { series.reduce(0) { $0 + $1.dataPoints.count } }
}
