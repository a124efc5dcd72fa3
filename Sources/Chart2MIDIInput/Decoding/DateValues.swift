import Chart2MIDIChart

extension ChartDescriptor {
  /// Turns the ISO 8601 strings that points give on date axes into seconds since 1970, and fits
  /// the format of each date axis whose format was not given (`keepingFormats`, x first, then the
  /// additional axes) to its range, gridlines and values.
  ///
  /// - Throws: `DescriptorError` at the first value on a date axis that is not a date.
  mutating func resolveDates(keepingFormats kept: [Bool]) throws {
    var axes: [(index: Int?, axis: NumericAxis)] = []
    if let x = xAxis.numeric, x.dateFormat != nil { axes.append((nil, x)) }
    for (index, axis) in additionalAxes.enumerated() {
      if let numeric = axis.numeric, numeric.dateFormat != nil { axes.append((index, numeric)) }
    }
    guard !axes.isEmpty else { return }
    for (position, axis) in axes {
      var values: [Double] =
        [axis.range.lowerBound, axis.range.upperBound] + axis.gridlinePositions
      for seriesIndex in series.indices {
        for pointIndex in series[seriesIndex].dataPoints.indices {
          let point = series[seriesIndex].dataPoints[pointIndex]
          let value =
            position.map { $0 < point.additionalValueCount ? point.additionalValue(at: $0) : nil }
            ?? point.x
          guard let value else { continue }
          let path =
            "series[\(seriesIndex)].dataPoints[\(pointIndex)]"
            + (position.map { ".additionalValues[\($0)]" } ?? ".x")
          let seconds: Double
          switch value {
          case .number(let number): seconds = number
          case .category(let text):
            guard let parsed = ISODate.seconds(text) else {
              throw AxisDecoding.notADate(.string(text), at: path)
            }
            seconds = parsed
          }
          values.append(seconds)
          if let position {
            series[seriesIndex].dataPoints[pointIndex].additionalValues[position] = .number(seconds)
          } else {
            series[seriesIndex].dataPoints[pointIndex].x = .number(seconds)
          }
        }
      }
      let keep = kept[(position ?? -1) + 1]
      if !keep {
        var fitted = axis
        fitted.dateFormat = DateFormat.fitting(values)
        if let position {
          additionalAxes[position] = .numeric(fitted)
        } else {
          xAxis = .numeric(fitted)
        }
      }
    }
  }
}
