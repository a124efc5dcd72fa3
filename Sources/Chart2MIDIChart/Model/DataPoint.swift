/// One data point: x, y (nil is a gap), one value per additional axis, and an optional label.
///
/// A point of numbers (a numeric x, a y or a gap, at most one numeric additional value, no label)
/// is held in 40 bytes with nothing allocated, so that a million points cost 40 MB; a category, a
/// label or other additional values go into a shared box beside it.
public struct DataPoint: Sendable {
  /// x when it is a number.
  @usableFromInline package var xNumber = 0.0
  /// y when there is one.
  @usableFromInline package var yNumber = 0.0
  /// The additional value, when the point has exactly one and it is a number.
  @usableFromInline var singleNumber = 0.0
  @usableFromInline package var flags: UInt8 = 0
  /// What is not a number: nil for a point of numbers.
  @usableFromInline package var box: Box?

  @usableFromInline package static let hasY: UInt8 = 1
  @usableFromInline static let hasSingleNumber: UInt8 = 2

  /// The parts of a point that are not numbers held inline. Up to two additional values are held
  /// in the box itself, so a point with a category and a size takes one allocation of 112 bytes
  /// where a box and an array took 160.
  @usableFromInline package final class Box: Sendable {
    @usableFromInline package let xCategory: String?
    @usableFromInline let label: String?
    /// The first two additional values (`.number(0)` past `count`).
    @usableFromInline let first: DataValue
    /// The number of additional values.
    @usableFromInline let count: UInt8
    @usableFromInline let second: DataValue
    /// The additional values past the second.
    @usableFromInline let rest: [DataValue]

    init(xCategory: String?, additionalValues: [DataValue], label: String?) {
      self.xCategory = xCategory
      self.label = label
      first = additionalValues.first ?? .number(0)
      second = additionalValues.count > 1 ? additionalValues[1] : .number(0)
      // Past 255 values, the count is read from the rest.
      count = UInt8(min(additionalValues.count, 255))
      rest = Array(additionalValues.dropFirst(2))
    }

    /// The number of additional values.
    @inlinable var additionalValueCount: Int { count < 255 ? Int(count) : 2 + rest.count }

    /// The additional value at `index`, which must be below `additionalValueCount`.
    @inlinable func additionalValue(at index: Int) -> DataValue {
      switch index {
      case 0 where additionalValueCount > 0: first
      case 1 where additionalValueCount > 1: second
      default: rest[index - 2]
      }
    }

    /// The additional values, in order.
    @inlinable var additionalValues: [DataValue] {
      (0..<additionalValueCount).map(additionalValue(at:))
    }
  }

  /// Creates a data point.
  public init(x: DataValue, y: Double?, additionalValues: [DataValue] = [], label: String? = nil) {
    self.y = y
    store(x: x, additionalValues: additionalValues, label: label)
  }

  /// A point of numbers, made without an array for its one additional value.
  package init(x: Double, y: Double?, additionalNumber: Double) {
    xNumber = x
    self.y = y
    singleNumber = additionalNumber
    flags |= Self.hasSingleNumber
  }

  /// The x value: a number on a numeric x axis, a category on a categorical one.
  @inlinable
  public var x: DataValue {
    get { box?.xCategory.map(DataValue.category) ?? .number(xNumber) }
    set { store(x: newValue, additionalValues: additionalValues, label: label) }
  }

  /// The y value; `nil` is a gap, which is silent.
  @inlinable
  public var y: Double? {
    get { flags & Self.hasY != 0 ? yNumber : nil }
    set {
      yNumber = newValue ?? 0
      flags = newValue == nil ? flags & ~Self.hasY : flags | Self.hasY
    }
  }

  /// One value per additional axis, in the order of `additionalAxes`. In loops over many points,
  /// `additionalValue(at:)` and `additionalValueCount` read them without making an array.
  @inlinable
  public var additionalValues: [DataValue] {
    get {
      flags & Self.hasSingleNumber != 0 ? [.number(singleNumber)] : box?.additionalValues ?? []
    }
    set { store(x: x, additionalValues: newValue, label: label) }
  }

  /// Optional text for the point, such as a name.
  @inlinable
  public var label: String? {
    get { box?.label }
    set { store(x: x, additionalValues: additionalValues, label: newValue) }
  }

  /// Whether the point is made of numbers alone (numeric x, y or a gap, at most one numeric
  /// additional value, no label), held without a box.
  var isNumbersOnly: Bool { box == nil }

  /// The number of additional values.
  @inlinable
  package var additionalValueCount: Int {
    flags & Self.hasSingleNumber != 0 ? 1 : box?.additionalValueCount ?? 0
  }

  /// The additional value at `index`, which must be below `additionalValueCount`.
  @inlinable
  package func additionalValue(at index: Int) -> DataValue {
    if flags & Self.hasSingleNumber != 0 {
      precondition(index == 0, "additional value index out of range")
      return .number(singleNumber)
    }
    return box!.additionalValue(at: index)
  }

  /// Sets the parts that may need the box.
  @usableFromInline mutating func store(x: DataValue, additionalValues: [DataValue], label: String?)
  {
    var category: String?
    switch x {
    case .number(let number): xNumber = number
    case .category(let name):
      xNumber = 0
      category = name
    }
    var rest = additionalValues
    singleNumber = 0
    flags &= ~Self.hasSingleNumber
    if additionalValues.count == 1, case .number(let number) = additionalValues[0] {
      singleNumber = number
      flags |= Self.hasSingleNumber
      rest = []
    }
    box =
      category == nil && rest.isEmpty && label == nil
      ? nil : Box(xCategory: category, additionalValues: rest, label: label)
  }
}

extension DataPoint: Hashable {
  /// Whether two points have the same values and label.
  public static func == (a: DataPoint, b: DataPoint) -> Bool {
    a.x == b.x && a.y == b.y && a.label == b.label && a.additionalValues == b.additionalValues
  }

  /// Hashes the point, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(x)
    hasher.combine(y)
    hasher.combine(additionalValues)
    hasher.combine(label)
  }
}
