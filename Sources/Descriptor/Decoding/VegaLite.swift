import Foundation

/// Reads a Vega-Lite single-view specification as a chart: marks that draw one shape per datum play
/// a note each, lines and areas play continuous series; `x` and `y` become time and pitch, `color`
/// series or instruments, `size` note duration, `opacity` loudness. What it cannot play faithfully
/// is refused with the place in the specification.
public enum VegaLite {
  /// Marks that play one note per datum.
  static let discreteMarks: Set<String> = ["point", "circle", "square", "tick", "bar", "rect"]
  /// Marks that play continuous series.
  static let continuousMarks: Set<String> = ["line", "trail", "area"]
  /// Channels read; others are refused.
  static let channels: Set<String> = [
    "x", "y", "color", "fill", "stroke", "size", "opacity", "detail", "tooltip", "text", "href",
    "shape", "strokeDash", "xOffset", "yOffset",
  ]

  /// Whether a JSON document is a Vega-Lite specification: a Vega-Lite `$schema`, or `mark` and
  /// `encoding`.
  public static func isSpecification(_ json: JSONValue) -> Bool {
    if case .string(let schema)? = json["$schema"], schema.contains("vega-lite") { return true }
    return json["mark"] != nil && json["encoding"] != nil
  }

  /// The chart a specification draws.
  ///
  /// - Parameters:
  ///   - json: the specification.
  ///   - folder: where a `data.url` is looked for: the specification's folder.
  ///   - dataFolder: where it is looked for next.
  /// - Throws: `DescriptorError` naming the place in the specification of what cannot be played.
  public static func chart(from json: JSONValue, folder: URL?, dataFolder: URL? = nil) throws
    -> ChartDescriptor
  {
    for key in ["layer", "hconcat", "vconcat", "concat", "facet", "repeat", "spec"]
    where json[key] != nil {
      throw DescriptorError(
        at: key,
        "only single-view specifications play; convert each view of a \(key) as its own specification"
      )
    }
    let mark = try markType(json["mark"])
    guard case .object(let encoding)? = json["encoding"] else {
      throw DescriptorError(at: "encoding", "expected an object of encoding channels")
    }
    for (channel, _) in encoding where !channels.contains(channel) {
      throw DescriptorError(
        at: "encoding.\(channel)",
        "the \(channel) channel cannot be played; encode the value with x, y, color, size or opacity"
      )
    }
    let (transformed, transformFormats) = try VegaLiteTransforms.apply(
      json["transform"],
      to: try data(json["data"], folders: [folder, dataFolder].compactMap { $0 }))
    let derivation = try VegaLiteDerivation(rows: transformed, encoding: encoding)
    let rows = derivation.rows
    func field(_ channel: String) throws -> Field? {
      guard let node = derivation.encoding.first(where: { $0.key == channel })?.value else {
        return nil
      }
      var field = try Field(node, channel: channel, rows: rows)
      for (other, node) in derivation.encoding {
        if case .string(let name)? = node["field"] { field.encodedFields[other] = name }
      }
      if let format = derivation.dateFormats[field.name] ?? transformFormats[field.name] {
        field.dateFormat = format
      }
      return field
    }
    guard let x = try field("x"), let y = try field("y") else {
      throw DescriptorError(at: "encoding", "expected both x and y channels with fields")
    }
    // The quantitative one is pitch, the other time; horizontal bars play their categories in order.
    let (time, pitch) = y.isQuantitative || !x.isQuantitative ? (x, y) : (y, x)
    guard pitch.isQuantitative else {
      throw DescriptorError(
        at: "encoding.\(pitch.channel).type",
        "pitch needs a quantitative field; one of x and y must be quantitative")
    }
    var color = try field("color") ?? field("fill") ?? field("stroke")
    // Grouped bars: each offset group plays as its own track, as a nominal color does.
    if let offset = try field("xOffset") ?? field("yOffset") {
      guard offset.isCategorical,
        color == nil || color?.name == offset.name || color?.isCategorical == false
      else {
        throw DescriptorError(
          at: "encoding.\(offset.channel)",
          "an offset group and a different nominal color cannot both choose the instrument; encode the same field in both, or drop one"
        )
      }
      if color == nil || color?.isCategorical == false { color = offset }
    }
    let detail = try field("detail")
    let size = try field("size")
    let opacity = try field("opacity")
    let isContinuous = continuousMarks.contains(mark) && !time.isCategorical

    var additional: [Axis] = []
    var sources: [Field] = []
    var roles: [(key: String, value: JSONValue)] = []
    func add(_ field: Field, role: String?) throws {
      if let role { roles.append((role, .number(Double(additional.count)))) }
      additional.append(try field.axis())
      sources.append(field)
    }
    if let size, size.isQuantitative { try add(size, role: "durationAxis") }
    if let opacity, opacity.isQuantitative { try add(opacity, role: "loudnessAxis") }
    // Discrete marks play a nominal color as instruments; lines split into series by it.
    if !isContinuous, let color, color.isCategorical {
      try add(color, role: "instrumentAxis")
    } else if let color, color.isQuantitative {
      try add(color, role: nil)
    }
    for role in ["durationAxis", "loudnessAxis", "instrumentAxis"]
    where !roles.contains(where: { $0.key == role }) {
      roles.append((role, .number(-1)))
    }
    let splitters = ([isContinuous ? color : nil, detail].compactMap { $0 }).filter {
      $0.isCategorical
    }

    var order: [String] = []
    var pointsBySeries: [String: [DataPoint]] = [:]
    for (index, row) in rows.enumerated() {
      let name =
        splitters.isEmpty
        ? pitch.title : splitters.map { $0.text(row) ?? "" }.joined(separator: ", ")
      guard let t = try time.value(row, index: index) else { continue }
      let extra = try zip(sources, additional).map { source, axis -> DataValue in
        if let value = try source.value(row, index: index) { return value }
        // A missing value sits at the axis's start (its first category, or its lower bound).
        switch axis {
        case .categorical(let categorical): return .category(categorical.categoryOrder[0])
        case .numeric(let numeric): return .number(numeric.range.lowerBound)
        }
      }
      let yValue = try pitch.value(row, index: index)?.number
      if pointsBySeries[name] == nil { order.append(name) }
      pointsBySeries[name, default: []].append(
        DataPoint(x: t, y: yValue, additionalValues: extra))
    }
    let series = order.map { name -> DataSeries in
      var points = pointsBySeries[name]!
      if isContinuous { points.sort { ($0.x.number ?? 0) < ($1.x.number ?? 0) } }
      return DataSeries(name: name, isContinuous: isContinuous, dataPoints: points)
    }
    guard case .numeric(let yAxis) = try pitch.axis() else {
      throw DescriptorError(at: "encoding.\(pitch.channel)", "pitch needs a quantitative field")
    }
    var title = "Vega-Lite chart"
    switch json["title"] {
    case .string(let text)?: title = text
    case .object? where json["title"]?["text"] != nil:
      if case .string(let text)? = json["title"]?["text"] { title = text }
    default: if case .string(let text)? = json["description"] { title = text }
    }
    var summary: String?
    if case .string(let text)? = json["description"], text != title { summary = text }
    var chart = ChartDescriptor(
      title: title, summary: summary, xAxis: try time.axis(), yAxis: yAxis,
      additionalAxes: additional, series: series, sonification: .object(roles))
    if json["params"] != nil || json["selection"] != nil {
      chart.notes.append(
        "the specification's interactive parameters are ignored: sound has no pointer")
    }
    try chart.validate()
    return chart
  }

  /// A d3-format specification as a printf-style format, for the common forms: an optional `$`,
  /// an optional `,` (thousands), an optional `.N` precision, and type `f`, `d`, `e`, or none
  /// (N significant digits); nil for others (the axis then writes plain numbers).
  static func numberFormat(d3 specification: String) -> ValueFormat? {
    var rest = Substring(specification)
    var prefix = ""
    if rest.first == "$" {
      prefix = "$"
      rest = rest.dropFirst()
    }
    var grouping = ""
    if rest.first == "," {
      grouping = "'"
      rest = rest.dropFirst()
    }
    var precision: Int?
    if rest.first == "." {
      rest = rest.dropFirst()
      let digits = rest.prefix { $0.isNumber }
      precision = Int(digits)
      rest = rest.dropFirst(digits.count)
    }
    if rest.first == "~" { rest = rest.dropFirst() }
    let conversion: String
    switch rest {
    case "f": conversion = "%\(grouping).\(precision ?? 6)f"
    case "" where precision != nil: conversion = "%.\(precision!)g"
    case "d": conversion = "%\(grouping).0f"
    case "e": conversion = "%.\(precision ?? 6)e"
    default: return nil
    }
    return try? ValueFormat(prefix + conversion)
  }

  static func markType(_ node: JSONValue?) throws -> String {
    let type: String
    switch node {
    case .string(let name)?: type = name
    case .object?:
      guard case .string(let name)? = node?["type"] else {
        throw DescriptorError(at: "mark.type", "expected a mark type such as \"point\" or \"line\"")
      }
      type = name
    default:
      throw DescriptorError(at: "mark", "expected a mark such as \"point\", \"bar\" or \"line\"")
    }
    guard discreteMarks.contains(type) || continuousMarks.contains(type) else {
      let known = (discreteMarks.union(continuousMarks)).sorted().joined(separator: ", ")
      throw DescriptorError(
        at: node?["type"] != nil ? "mark.type" : "mark",
        "the \(type) mark cannot be played; use one of \(known)")
    }
    return type
  }

  /// The data rows: inline `values`, or a local CSV, TSV or JSON file named by `url`.
  static func data(_ node: JSONValue?, folders: [URL]) throws -> [[String: JSONValue]] {
    var rows = try rawData(node, folders: folders)
    // format.parse: a field's values as numbers, booleans, dates or text.
    if case .object(let fields)? = node?["format"]?["parse"] {
      for (field, kind) in fields {
        guard case .string(let name) = kind else { continue }
        for row in rows.indices {
          guard let value = rows[row][field], value != .null else { continue }
          let text = VegaLiteExpression.text(value)
          switch name {
          case "number": rows[row][field] = Double(text).map(JSONValue.number) ?? .null
          case "boolean": rows[row][field] = .bool(["true", "1"].contains(text.lowercased()))
          case "string": rows[row][field] = .string(text)
          default:
            guard name.hasPrefix("date") || name.hasPrefix("utc") else {
              throw DescriptorError(
                at: "data.format.parse.\(field)",
                "expected number, boolean, date or string, found \(quoted(name))")
            }
            if case .string = value, ISODate.seconds(text) == nil {
              throw DescriptorError(
                "data row \(row + 1), field \(quoted(field)): expected an ISO 8601 date, found \(quoted(text))"
              )
            }
          }
        }
      }
    }
    return rows
  }

  static func rawData(_ node: JSONValue?, folders: [URL]) throws -> [[String: JSONValue]] {
    guard let node else { throw DescriptorError(at: "data", "expected data with values or a url") }
    if case .array(let values)? = node["values"] {
      return try values.enumerated().map { index, value in
        guard case .object(let members) = value else {
          throw DescriptorError(
            at: "data.values[\(index)]", "expected an object of fields, found \(value.summary)")
        }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
      }
    }
    guard case .string(let path)? = node["url"] else {
      throw DescriptorError(at: "data", "expected inline values or a url to a local file")
    }
    let candidates =
      path.hasPrefix("/")
      ? [URL(fileURLWithPath: path)] : folders.map { URL(fileURLWithPath: path, relativeTo: $0) }
    guard let bytes = candidates.lazy.compactMap({ try? Data(contentsOf: $0) }).first else {
      if path.contains("://") {
        throw DescriptorError(
          at: "data.url", "\(path) is not a local file; download it and name the file instead")
      }
      throw DescriptorError(
        at: "data.url",
        "cannot read \(path) beside the specification\(folders.count > 1 ? " or in --data-dir" : "")"
      )
    }
    var type = (path.lowercased() as NSString).pathExtension
    if case .string(let given)? = node["format"]?["type"] { type = given }
    if type == "json" {
      var buffer = [UInt8](bytes)
      buffer.append(0)
      let json = try buffer.withUnsafeBufferPointer { pointer -> JSONValue in
        var scanner = JSONScanner(nulTerminated: pointer)
        return try scanner.readValue()
      }
      return try rawData(.object([("values", json)]), folders: folders)
    }
    guard type == "csv" || type == "tsv" || type == "txt" || type.isEmpty else {
      throw DescriptorError(at: "data.url", "\(path): expected a CSV, TSV or JSON file")
    }
    let separator = UInt8(ascii: type == "tsv" ? "\t" : ",")
    let table = try CSVTable.parse(bytes, separator: separator).filter { $0 != [""] }
    guard let header = table.first else {
      throw DescriptorError(at: "data.url", "\(path) is empty; expected a header row")
    }
    return table.dropFirst().map { row in
      Dictionary(
        zip(header, row).map { name, cell -> (String, JSONValue) in
          (name, Double(cell).map(JSONValue.number) ?? (cell.isEmpty ? .null : .string(cell)))
        }, uniquingKeysWith: { $1 })
    }
  }

  /// One encoding channel's field, its type and its values.
  struct Field {
    let channel: String
    let name: String
    let type: String
    let title: String
    let scaleType: ScaleType
    let domain: [JSONValue]?
    let sort: JSONValue?
    let includesZero: Bool
    /// The axis's `format` (d3-format for numbers, d3-time-format for dates), when given.
    let format: String?
    let rows: [[String: JSONValue]]
    /// The format of a temporal field cut to a time unit.
    var dateFormat: DateFormat?
    /// The fields of the other channels, by channel name, for a sort by one of them.
    var encodedFields: [String: String] = [:]

    /// Categories ordered by an aggregate of a field's values in each (sum by default).
    func sorted(_ categories: [String], by field: String, op: String, descending: Bool) throws
      -> [String]
    {
      guard VegaLiteDerivation.aggregates.contains(op) else {
        throw DescriptorError(
          at: "encoding.\(channel).sort.op", "\(quoted(op)) is not an aggregate read")
      }
      var members: [String: [[String: JSONValue]]] = [:]
      for row in rows { if let name = text(row) { members[name, default: []].append(row) } }
      let keys = categories.map { name -> Double in
        let group = members[name] ?? []
        let numbers = group.compactMap { VegaLiteDerivation.number($0[field]) }
        let value = VegaLiteDerivation.compute(
          op, numbers, count: group.count, members: group, field: field)
        return VegaLiteExpression.number(value)
      }
      let order = categories.indices.sorted { a, b in
        keys[a] == keys[b] ? a < b : (descending ? keys[a] > keys[b] : keys[a] < keys[b])
      }
      return order.map { categories[$0] }
    }

    var isQuantitative: Bool { type == "quantitative" || type == "temporal" }
    var isCategorical: Bool { type == "nominal" || type == "ordinal" }

    init(_ node: JSONValue, channel: String, rows: [[String: JSONValue]]) throws {
      let place = "encoding.\(channel)"
      self.channel = channel
      self.rows = rows
      for key in ["aggregate", "timeUnit", "bin"]
      where node[key] != nil && node[key] != .bool(false) {
        throw DescriptorError(
          at: "\(place).\(key)",
          "\(key) is not read yet; give the values it would compute in the data")
      }
      guard case .string(let field)? = node["field"] else {
        throw DescriptorError(at: "\(place).field", "expected the name of a data field")
      }
      name = field
      guard rows.contains(where: { $0[field] != nil }) else {
        throw DescriptorError(at: "\(place).field", "\"\(field)\" is not in the data")
      }
      switch node["type"] {
      case .string(let name)?
      where ["quantitative", "temporal", "nominal", "ordinal"].contains(name):
        type = name
      case nil:
        type =
          rows.allSatisfy { row in
            if case .number? = row[field] { true } else { row[field] == nil || row[field] == .null }
          } ? "quantitative" : "nominal"
      case let other?:
        throw DescriptorError(
          at: "\(place).type",
          "expected quantitative, temporal, ordinal or nominal, found \(other.summary)")
      }
      var title = field
      if case .string(let text)? = node["title"] { title = text }
      if case .string(let text)? = node["axis"]?["title"] { title = text }
      self.title = title
      scaleType = node["scale"]?["type"] == .string("log") ? .log10 : .linear
      if case .array(let values)? = node["scale"]?["domain"], values.count >= 2 {
        domain = values
      } else {
        domain = nil
      }
      sort = node["sort"]
      includesZero = node["scale"]?["zero"] != .bool(false)
      if case .string(let text)? = node["axis"]?["format"] ?? node["format"] {
        format = text
      } else {
        format = nil
      }
    }

    func text(_ row: [String: JSONValue]) -> String? {
      switch row[name] {
      case .string(let text)?: text
      case .number(let number)?: ValueFormat.plain(number)
      case .bool(let flag)?: flag ? "true" : "false"
      default: nil
      }
    }

    /// Seconds since 1970 of a temporal value: an ISO date, or Vega-Lite's milliseconds.
    func seconds(_ value: JSONValue?) -> Double? {
      switch value {
      case .number(let number)?: number / 1000
      case .string(let text)?: ISODate.seconds(text)
      default: nil
      }
    }

    func value(_ row: [String: JSONValue], index: Int) throws -> DataValue? {
      let place = "data row \(index + 1), field \"\(name)\""
      switch type {
      case "temporal":
        guard row[name] != nil, row[name] != .null else { return nil }
        guard let seconds = seconds(row[name]) else {
          throw DescriptorError(
            "\(place): expected a date, found \(row[name]!.summary)")
        }
        return .number(seconds)
      case "quantitative":
        switch row[name] {
        case .number(let number)?: return .number(number)
        case nil, .null?: return nil
        case .string(let text)?:
          if let number = Double(text) { return .number(number) }
          throw DescriptorError("\(place): expected a number, found \(quoted(text))")
        case let other?:
          throw DescriptorError("\(place): expected a number, found \(other.summary)")
        }
      default:
        return text(row).map(DataValue.category)
      }
    }

    /// The axis of the field: numeric over its domain or its values, a date axis, or its categories
    /// in the field's sort order (ascending by default, as Vega-Lite sorts).
    func axis() throws -> Axis {
      if isCategorical {
        var seen: [String] = []
        for row in rows { if let name = text(row), !seen.contains(name) { seen.append(name) } }
        switch sort {
        case .array(let values)?:
          let listed = values.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            if case .number(let number) = value { return ValueFormat.plain(number) }
            return nil
          }
          seen = listed.filter(seen.contains) + seen.filter { !listed.contains($0) }
        case .null?: break
        case .string("descending")?: seen.sort(by: >)
        case .string(let channel)? where channel != "ascending":
          // By another channel's values: "y", or "-y" for descending.
          let descending = channel.hasPrefix("-")
          let other = descending ? String(channel.dropFirst()) : channel
          guard let field = encodedFields[other] else {
            throw DescriptorError(
              at: "encoding.\(self.channel).sort",
              "\(quoted(channel)) names no encoded channel; sort by x, y, -x or -y, or list the order"
            )
          }
          seen = try sorted(seen, by: field, op: "sum", descending: descending)
        case .object(let members)?:
          // {"field": ..., "op": ..., "order": ...} or {"encoding": ..., "order": ...}.
          let spec = JSONValue.object(members)
          let descending = spec["order"] == .string("descending")
          var op = "sum"
          if case .string(let given)? = spec["op"] { op = given }
          if case .string(let field)? = spec["field"] {
            seen = try sorted(seen, by: field, op: op, descending: descending)
          } else if case .string(let other)? = spec["encoding"], let field = encodedFields[other] {
            seen = try sorted(seen, by: field, op: op, descending: descending)
          } else {
            seen.sort()
            if descending { seen.reverse() }
          }
        default: seen.sort()
        }
        return .categorical(CategoricalAxis(title: title, categoryOrder: seen))
      }
      let temporal = type == "temporal"
      var values = rows.compactMap { row -> Double? in
        temporal
          ? seconds(row[name])
          : row[name].flatMap { if case .number(let n) = $0 { n } else { nil } }
      }
      if let domain, domain.count == 2 {
        let bounds = domain.compactMap {
          temporal
            ? seconds($0)
            : ($0 == .null ? nil : { if case .number(let n) = $0 { n } else { nil } }($0))
        }
        if bounds.count == 2 { values = bounds }
      }
      guard var low = values.min(), var high = values.max() else {
        throw DescriptorError(at: "encoding.\(channel).field", "\"\(name)\" has no values")
      }
      if low == high {
        low -= temporal ? 86400 : max(1, abs(low) / 10)
        high += temporal ? 86400 : max(1, abs(high) / 10)
      }
      if scaleType == .linear, !temporal, domain == nil, includesZero,
        channel == "x" || channel == "y"
      {
        // Vega-Lite's quantitative position scales include zero unless `scale.zero` is false.
        low = min(low, 0)
        high = max(high, 0)
      }
      var axis = NumericAxis(title: title, range: low...high, scaleType: scaleType)
      if temporal {
        axis.dateFormat = format.map(DateFormat.init) ?? dateFormat ?? DateFormat.fitting(values)
      } else if let format {
        axis.valueFormat = VegaLite.numberFormat(d3: format)
      }
      return .numeric(axis)
    }
  }
}
