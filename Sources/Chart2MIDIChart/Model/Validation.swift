import Chart2MIDIBase

extension ChartDescriptor {
  /// Checks that every value fits its axis: the kind of each x and additional value, category names,
  /// the domain of log axes, the number of additional values, and that there is at least one series.
  ///
  /// - Throws: `DescriptorError` at the first mistake, with its path.
  public func validate() throws {
    if series.isEmpty {
      throw DescriptorError(
        at: "series", "the chart has no series; add at least one series with data points")
    }
    let checkers = (
      x: ValueChecker(axis: xAxis, name: "x axis"),
      extra: additionalAxes.enumerated().map { index, axis in
        ValueChecker(axis: axis, name: "additionalAxes[\(index)]")
      }
    )
    let yDomainNeedsPositive = yAxis.scaleType != .linear
    let additionalCount = additionalAxes.count
    // A point of numbers alone (see `DataPoint`) fits axes that are all numeric and linear when
    // it has as many additional values as there are axes: only its y can be out of a log domain.
    let numbersFit =
      !checkers.x.needsCheckingNumbers
      && checkers.extra.allSatisfy { !$0.needsCheckingNumbers }
    for seriesIndex in series.indices {
      try series[seriesIndex].dataPoints.withUnsafeBufferPointer { points in
        for pointIndex in points.indices {
          if numbersFit, !yDomainNeedsPositive, points[pointIndex].isNumbersOnly,
            points[pointIndex].additionalValueCount == additionalCount
          {
            continue
          }
          try check(points[pointIndex], seriesIndex, pointIndex)
        }
      }
    }

    func check(_ point: borrowing DataPoint, _ seriesIndex: Int, _ pointIndex: Int) throws {
      func path() -> String { "series[\(seriesIndex)].dataPoints[\(pointIndex)]" }
      try checkers.x.check(point.x, at: { "\(path()).x" })
      if yDomainNeedsPositive, let y = point.y, y <= 0 {
        throw DescriptorError(
          at: "\(path()).y",
          "\(ValueFormat.plain(y)) is outside the domain of the \(yAxis.scaleType.rawValue) y axis; values must be above 0"
        )
      }
      if point.additionalValueCount != additionalCount {
        let expected = additionalCount
        throw DescriptorError(
          at: "\(path()).additionalValues",
          "expected \(counted(expected, "value")) (one per additional axis), found \(point.additionalValueCount)"
        )
      }
      for index in 0..<additionalCount {
        try checkers.extra[index].check(
          point.additionalValue(at: index), at: { "\(path()).additionalValues[\(index)]" })
      }
    }
  }

  /// Warnings for values outside their axis range, which the mapping clamps: one sentence per axis
  /// that has any, with the count.
  package func rangeWarnings() -> [String] {
    var warnings: [String] = []
    func note(_ count: Int, _ axisName: String, _ range: ClosedRange<Double>) {
      guard count > 0 else { return }
      warnings.append(
        "\(counted(count, "value")) on the \(axisName) lie outside its range \(ValueFormat.plain(range.lowerBound)) to \(ValueFormat.plain(range.upperBound)) and are clamped"
      )
    }
    let points = series.lazy.flatMap(\.dataPoints)
    if let x = xAxis.numeric {
      note(
        points.filter { !x.contains($0.x.number ?? x.range.lowerBound) }.count, "x axis", x.range)
    }
    note(
      points.filter { point in point.y.map { !yAxis.contains($0) } ?? false }.count, "y axis",
      yAxis.range)
    for (index, axis) in additionalAxes.enumerated() {
      guard let numeric = axis.numeric else { continue }
      let count = points.filter { point in
        index < point.additionalValueCount
          && !numeric.contains(point.additionalValue(at: index).number ?? numeric.range.lowerBound)
      }.count
      note(count, "axis \"\(axis.title)\"", numeric.range)
    }
    return warnings
  }
}

/// Checks values against one axis; the facts it needs are taken from the axis once.
private final class ValueChecker {
  let axis: Axis
  let name: String
  let isNumeric: Bool
  let needsPositive: Bool
  let categories: [String: Int]

  init(axis: Axis, name: String) {
    self.axis = axis
    self.name = name
    isNumeric = axis.numeric != nil
    needsPositive = (axis.numeric?.scaleType ?? .linear) != .linear
    categories = axis.categorical?.makeIndex() ?? [:]
  }

  /// Whether a number on this axis needs a look: it is categorical, or its scale is logarithmic.
  var needsCheckingNumbers: Bool { !isNumeric || needsPositive }

  func check(_ value: DataValue, at path: () -> String) throws {
    switch value {
    case .number(let number):
      if isNumeric {
        if needsPositive, number <= 0 {
          throw DescriptorError(
            at: path(),
            "\(ValueFormat.plain(number)) is outside the domain of the \(axis.numeric!.scaleType.rawValue) \(name) \"\(axis.title)\"; values must be above 0"
          )
        }
      } else {
        throw DescriptorError(
          at: path(),
          "expected a category name for the categorical \(name) \"\(axis.title)\", found \(ValueFormat.plain(number))"
        )
      }
    case .category(let category):
      if isNumeric {
        throw DescriptorError(
          at: path(),
          "expected a number for the numeric \(name) \"\(axis.title)\", found \(quoted(category))")
      }
      if categories[category] == nil {
        let order = axis.categorical!.categoryOrder
        let listed = order.prefix(8).map { quoted($0) }.joined(separator: ", ")
        let more = order.count > 8 ? ", …" : ""
        throw DescriptorError(
          at: path(),
          "\(quoted(category)) is not in the categoryOrder of the \(name) \"\(axis.title)\" (\(listed)\(more))"
        )
      }
    }
  }
}
