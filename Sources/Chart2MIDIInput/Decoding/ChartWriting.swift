import Chart2MIDIChart
import Foundation

extension ChartDescriptor {
  /// The chart in the descriptor format, as JSON text that `init(json:)` reads back to the same
  /// chart: date axes with ISO 8601 dates, the `sonification` options kept.
  public func descriptorJSON() -> String {
    var lines: [String] = ["{"]
    var members: [String] = ["  \"title\": \(Self.quote(title))"]
    if let summary { members.append("  \"summary\": \(Self.quote(summary))") }
    members.append("  \"xAxis\": \(Self.axisJSON(xAxis))")
    members.append("  \"yAxis\": \(Self.axisJSON(.numeric(yAxis)))")
    if !additionalAxes.isEmpty {
      members.append(
        "  \"additionalAxes\": [\(additionalAxes.map(Self.axisJSON).joined(separator: ", "))]")
    }
    var seriesTexts: [String] = []
    for item in series {
      let points = item.dataPoints.map { point -> String in
        var fields = ["\"x\": \(value(point.x, on: xAxis))"]
        fields.append("\"y\": \(point.y.map { ValueFormat.plain($0) } ?? "null")")
        if !point.additionalValues.isEmpty {
          let values = zip(point.additionalValues, additionalAxes).map { value($0, on: $1) }
          fields.append("\"additionalValues\": [\(values.joined(separator: ", "))]")
        }
        if let label = point.label { fields.append("\"label\": \(Self.quote(label))") }
        return "      {\(fields.joined(separator: ", "))}"
      }
      seriesTexts.append(
        "    {\"name\": \(Self.quote(item.name)), \"isContinuous\": \(item.isContinuous), \"dataPoints\": [\n\(points.joined(separator: ",\n"))\n    ]}"
      )
    }
    members.append("  \"series\": [\n\(seriesTexts.joined(separator: ",\n"))\n  ]")
    if let sonification { members.append("  \"sonification\": \(Self.json(sonification))") }
    lines.append(members.joined(separator: ",\n"))
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A value as JSON: a date as ISO 8601 on a date axis.
  func value(_ value: DataValue, on axis: Axis) -> String {
    switch value {
    case .category(let name): return Self.quote(name)
    case .number(let number):
      if axis.numeric?.dateFormat != nil { return Self.quote(Self.isoDate(number)) }
      return ValueFormat.plain(number)
    }
  }

  static func isoDate(_ seconds: Double) -> String {
    let precision = DateFormat.precision(of: seconds)
    switch precision {
    case .year, .month, .day: return DateFormat("%Y-%m-%d").format(seconds)
    case .minute: return DateFormat("%Y-%m-%dT%H:%MZ").format(seconds)
    case .second:
      let fraction = seconds - seconds.rounded(.down)
      let base = DateFormat("%Y-%m-%dT%H:%M:%S").format(seconds)
      return fraction == 0 ? base + "Z" : base + String(format: "%.3f", fraction).dropFirst() + "Z"
    }
  }

  static func axisJSON(_ axis: Axis) -> String {
    switch axis {
    case .categorical(let categorical):
      let names = categorical.categoryOrder.map(quote).joined(separator: ", ")
      return
        "{\"type\": \"categorical\", \"title\": \(quote(categorical.title)), \"categoryOrder\": [\(names)]}"
    case .numeric(let numeric):
      let isDate = numeric.dateFormat != nil
      func bound(_ value: Double) -> String {
        isDate ? quote(isoDate(value)) : ValueFormat.plain(value)
      }
      var fields = [
        "\"type\": \(isDate ? "\"date\"" : "\"numeric\"")", "\"title\": \(quote(numeric.title))",
        "\"range\": [\(bound(numeric.range.lowerBound)), \(bound(numeric.range.upperBound))]",
      ]
      if !isDate, numeric.scaleType != .linear {
        fields.append("\"scaleType\": \"\(numeric.scaleType.rawValue)\"")
      }
      if !numeric.gridlinePositions.isEmpty {
        fields.append(
          "\"gridlinePositions\": [\(numeric.gridlinePositions.map(bound).joined(separator: ", "))]"
        )
      }
      if let format = numeric.dateFormat {
        fields.append("\"valueFormat\": \(quote(format.pattern))")
      } else if let format = numeric.valueFormat {
        fields.append("\"valueFormat\": \(quote(format.description))")
      }
      return "{\(fields.joined(separator: ", "))}"
    }
  }

  static func json(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number): ValueFormat.plain(number)
    case .string(let text): quote(text)
    case .array(let items): "[\(items.map(json).joined(separator: ", "))]"
    case .object(let members):
      "{\(members.map { "\(quote($0.key)): \(json($0.value))" }.joined(separator: ", "))}"
    }
  }

  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
