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
    for (seriesIndex, series) in series.enumerated() {
      for (pointIndex, point) in series.dataPoints.enumerated() {
        let path = "series[\(seriesIndex)].dataPoints[\(pointIndex)]"
        try checkers.x.check(point.x, at: { "\(path).x" })
        if yDomainNeedsPositive, let y = point.y, y <= 0 {
          throw DescriptorError(
            at: "\(path).y",
            "\(ValueFormat.plain(y)) is outside the domain of the \(yAxis.scaleType.rawValue) y axis; values must be above 0")
        }
        if point.additionalValues.count != additionalAxes.count {
          let expected = additionalAxes.count
          throw DescriptorError(
            at: "\(path).additionalValues",
            "expected \(expected) value\(expected == 1 ? "" : "s") (one per additional axis), found \(point.additionalValues.count)")
        }
        for (index, value) in point.additionalValues.enumerated() {
          try checkers.extra[index].check(value, at: { "\(path).additionalValues[\(index)]" })
        }
      }
    }
  }

  /// Warnings for values outside their axis range, which the mapping clamps: one sentence per axis
  /// that has any, with the count.
  public func rangeWarnings() -> [String] {
    var warnings: [String] = []
    func note(_ count: Int, _ axisName: String, _ range: ClosedRange<Double>) {
      guard count > 0 else { return }
      warnings.append(
        "\(count) value\(count == 1 ? "" : "s") on the \(axisName) lie outside its range \(ValueFormat.plain(range.lowerBound)) to \(ValueFormat.plain(range.upperBound)) and are clamped")
    }
    let points = series.lazy.flatMap(\.dataPoints)
    if let x = xAxis.numeric {
      note(points.filter { !x.contains($0.x.number ?? x.range.lowerBound) }.count, "x axis", x.range)
    }
    note(
      points.filter { point in point.y.map { !yAxis.contains($0) } ?? false }.count, "y axis",
      yAxis.range)
    for (index, axis) in additionalAxes.enumerated() {
      guard let numeric = axis.numeric else { continue }
      let count = points.filter { point in
        index < point.additionalValues.count
          && !numeric.contains(point.additionalValues[index].number ?? numeric.range.lowerBound)
      }.count
      note(count, "axis \"\(axis.title)\"", numeric.range)
    }
    return warnings
  }
}

/// Checks values against one axis; the category lookup is built once.
private struct ValueChecker {
  let axis: Axis
  let name: String
  let categories: [String: Int]

  init(axis: Axis, name: String) {
    self.axis = axis
    self.name = name
    self.categories = axis.categorical?.makeIndex() ?? [:]
  }

  func check(_ value: DataValue, at path: () -> String) throws {
    switch (axis, value) {
    case (.numeric(let numeric), .number(let number)):
      if numeric.scaleType != .linear, number <= 0 {
        throw DescriptorError(
          at: path(),
          "\(ValueFormat.plain(number)) is outside the domain of the \(numeric.scaleType.rawValue) \(name) \"\(numeric.title)\"; values must be above 0")
      }
    case (.numeric(let numeric), .category(let category)):
      throw DescriptorError(
        at: path(),
        "expected a number for the numeric \(name) \"\(numeric.title)\", found \(quoted(category))")
    case (.categorical(let categorical), .number(let number)):
      throw DescriptorError(
        at: path(),
        "expected a category name for the categorical \(name) \"\(categorical.title)\", found \(ValueFormat.plain(number))")
    case (.categorical(let categorical), .category(let category)):
      if categories[category] == nil {
        let listed = categorical.categoryOrder.prefix(8).map { quoted($0) }.joined(separator: ", ")
        let more = categorical.categoryOrder.count > 8 ? ", …" : ""
        throw DescriptorError(
          at: path(),
          "\(quoted(category)) is not in the categoryOrder of the \(name) \"\(categorical.title)\" (\(listed)\(more))")
      }
    }
  }
}
