import Chart2MIDIBase
import Chart2MIDIChart

/// Interprets an axis object of the descriptor format.
enum AxisDecoding {
  static let numericFields = [
    "type", "title", "range", "scaleType", "gridlinePositions", "valueFormat",
  ]
  static let categoricalFields = ["type", "title", "categoryOrder"]
  static let dateFields = ["type", "title", "range", "gridlinePositions", "valueFormat"]

  static func axis(_ node: JSONValue, at path: String) throws -> Axis {
    guard case .object(let members) = node else {
      throw DescriptorError(
        at: path,
        "expected an axis object with type, title and range or categoryOrder, found \(node.summary)"
      )
    }
    let type: String
    switch node["type"] {
    case .string(let name)?: type = name
    case nil:
      // The kind follows from the fields when "type" is left out.
      type = node["categoryOrder"] != nil ? "categorical" : "numeric"
    case let other?:
      throw DescriptorError(
        at: "\(path).type",
        "expected \"numeric\", \"categorical\" or \"date\", found \(other.summary)")
    }
    let known: [String]
    switch type {
    case "numeric": known = numericFields
    case "categorical": known = categoricalFields
    case "date": known = dateFields
    default:
      throw DescriptorError(
        at: "\(path).type",
        "expected \"numeric\", \"categorical\" or \"date\", found \(quoted(type))")
    }
    for member in members where !known.contains(member.key) {
      throw unknownField(member.key, at: path, known: known)
    }
    let title = try text(node["title"], at: "\(path).title", required: true) ?? ""
    if type == "categorical" {
      return .categorical(try categorical(node, title: title, at: path))
    }
    if type == "date" { return .numeric(try date(node, title: title, at: path)) }
    return .numeric(try numeric(node, title: title, at: path))
  }

  /// A date axis: its range and gridlines as ISO 8601 dates (or seconds since 1970), its
  /// `valueFormat` a date pattern (see `DateFormat`); without one, the format fits the range and
  /// gridlines (the decoder fits it to the data afterwards).
  static func date(_ node: JSONValue, title: String, at path: String) throws -> NumericAxis {
    guard case .object(let members) = node else { throw missingField("range", at: path) }
    func seconds(_ value: JSONValue, at place: String) throws -> JSONValue {
      guard case .string(let text) = value else { return value }
      guard let seconds = ISODate.seconds(text) else { throw notADate(value, at: place) }
      return .number(seconds)
    }
    var numericMembers: [(key: String, value: JSONValue)] = []
    for member in members where member.key != "valueFormat" && member.key != "type" {
      var value = member.value
      if member.key == "range" || member.key == "gridlinePositions", case .array(let items) = value
      {
        value = .array(
          try items.enumerated().map { try seconds($1, at: "\(path).\(member.key)[\($0)]") })
      }
      numericMembers.append((member.key, value))
    }
    var axis = try numeric(.object(numericMembers), title: title, at: path)
    if let pattern = try text(node["valueFormat"], at: "\(path).valueFormat", required: false) {
      axis.dateFormat = DateFormat(pattern)
    } else {
      axis.dateFormat = DateFormat.fitting(
        [axis.range.lowerBound, axis.range.upperBound] + axis.gridlinePositions)
    }
    return axis
  }

  /// The mistake of a value that is not a date.
  static func notADate(_ value: JSONValue, at path: String) -> DescriptorError {
    DescriptorError(
      at: path,
      "expected an ISO 8601 date such as \"2015-07-14\" or \"2015-07-14T13:05:00Z\", found \(value.summary)"
    )
  }

  static func numeric(_ node: JSONValue, title: String, at path: String) throws -> NumericAxis {
    guard let rangeNode = node["range"] else { throw missingField("range", at: path) }
    guard case .array(let bounds) = rangeNode, bounds.count == 2 else {
      throw DescriptorError(
        at: "\(path).range", "expected [lower, upper], two numbers, found \(rangeNode.summary)")
    }
    let lower = try finite(bounds[0], at: "\(path).range[0]")
    let upper = try finite(bounds[1], at: "\(path).range[1]")
    if lower == upper {
      throw DescriptorError(
        at: "\(path).range",
        "the range is empty: lower and upper bound are both \(ValueFormat.plain(lower)); give the axis a span"
      )
    }
    if lower > upper {
      throw DescriptorError(
        at: "\(path).range",
        "the range is reversed: the lower bound \(ValueFormat.plain(lower)) is above the upper bound \(ValueFormat.plain(upper))"
      )
    }
    var scale = ScaleType.linear
    if let scaleNode = node["scaleType"], scaleNode != .null {
      guard case .string(let name) = scaleNode, let parsed = ScaleType(rawValue: name) else {
        throw DescriptorError(
          at: "\(path).scaleType",
          "expected \"linear\", \"log10\" or \"ln\", found \(scaleNode.summary)")
      }
      scale = parsed
    }
    if scale != .linear, lower <= 0 {
      throw DescriptorError(
        at: "\(path).range[0]",
        "a \(scale.rawValue) axis needs a lower bound above 0, found \(ValueFormat.plain(lower))")
    }
    var gridlines: [Double] = []
    if let gridNode = node["gridlinePositions"], gridNode != .null {
      guard case .array(let positions) = gridNode else {
        throw DescriptorError(
          at: "\(path).gridlinePositions", "expected an array of numbers, found \(gridNode.summary)"
        )
      }
      for (index, position) in positions.enumerated() {
        gridlines.append(try finite(position, at: "\(path).gridlinePositions[\(index)]"))
      }
    }
    var format: ValueFormat?
    if let spec = try text(node["valueFormat"], at: "\(path).valueFormat", required: false) {
      do {
        format = try ValueFormat(spec)
      } catch let error as DescriptorError {
        throw DescriptorError(at: "\(path).valueFormat", error.message)
      }
    }
    return NumericAxis(
      title: title, range: lower...upper, scaleType: scale, gridlinePositions: gridlines,
      valueFormat: format)
  }

  static func categorical(_ node: JSONValue, title: String, at path: String) throws
    -> CategoricalAxis
  {
    guard let orderNode = node["categoryOrder"] else {
      throw missingField("categoryOrder", at: path)
    }
    guard case .array(let elements) = orderNode else {
      throw DescriptorError(
        at: "\(path).categoryOrder",
        "expected an array of category names, found \(orderNode.summary)")
    }
    if elements.isEmpty {
      throw DescriptorError(
        at: "\(path).categoryOrder", "the axis has no categories; list at least one name")
    }
    var names: [String] = []
    var seen: Set<String> = []
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element else {
        throw DescriptorError(
          at: "\(path).categoryOrder[\(index)]",
          "expected a category name, found \(element.summary)")
      }
      if !seen.insert(name).inserted {
        throw DescriptorError(
          at: "\(path).categoryOrder[\(index)]",
          "\(quoted(name)) is listed twice; name each category once")
      }
      names.append(name)
    }
    return CategoricalAxis(title: title, categoryOrder: names)
  }

  static func text(_ node: JSONValue?, at path: String, required: Bool) throws -> String? {
    switch node {
    case .string(let value)?: return value
    case nil, .null?:
      if required {
        let parts = path.split(separator: ".")
        throw missingField(String(parts.last ?? ""), at: parts.dropLast().joined(separator: "."))
      }
      return nil
    case let other?:
      throw DescriptorError(at: path, "expected a string, found \(other.summary)")
    }
  }

  static func finite(_ node: JSONValue, at path: String) throws -> Double {
    guard case .number(let value) = node else {
      throw DescriptorError(at: path, "expected a number, found \(node.summary)")
    }
    guard value.isFinite else {
      throw DescriptorError(at: path, "\(ValueFormat.plain(value)) is not a finite number")
    }
    return value
  }
}
