import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

extension VegaLite {
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
    /// The format of a temporal field cut to a time unit.
    var dateFormat: DateFormat?
    /// The fields of the other channels, by channel name, for a sort by one of them.
    var encodedFields: [String: String] = [:]

    /// Categories ordered by an aggregate of a field's values in each (sum by default).
    func sorted(
      _ categories: [String], by field: String, op: String, descending: Bool, in rows: [DataRow]
    ) throws -> [String] {
      guard VegaLiteDerivation.aggregates.contains(op) else {
        throw DescriptorError(
          at: "encoding.\(channel).sort.op", "\(quoted(op)) is not an aggregate read",
          code: .unsupported)
      }
      var members: [String: [DataRow]] = [:]
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

    init(_ node: JSONValue, channel: String, rows: [DataRow]) throws {
      let place = "encoding.\(channel)"
      self.channel = channel
      for key in ["aggregate", "timeUnit", "bin"]
      where node[key] != nil && node[key] != .bool(false) {
        throw DescriptorError(
          at: "\(place).\(key)",
          "\(key) is not read yet; give the values it would compute in the data", code: .unsupported
        )
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

    func text(_ row: DataRow) -> String? {
      switch row[name] {
      case .string(let text)?: text
      case .number(let number)?: ValueFormat.plain(number)
      case .bool(let flag)?: flag ? "true" : "false"
      default: nil
      }
    }

    /// Seconds since 1970 of a temporal value: an ISO date, or Vega-Lite's milliseconds.
    func seconds(_ value: JSONValue?) -> Double? { value.flatMap(VegaLiteDerivation.seconds) }

    func value(_ row: DataRow, index: Int) throws -> DataValue? {
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

    /// The axis of the field over `rows`: numeric over its domain or its values, a date axis, or
    /// its categories in the field's sort order (ascending by default, as Vega-Lite sorts).
    func axis(of rows: [DataRow]) throws -> Axis {
      if isCategorical { return .categorical(try categoricalAxis(of: rows)) }
      return .numeric(try numericAxis(of: rows))
    }

    /// The categories of the field over `rows`, in its sort order.
    private func categoricalAxis(of rows: [DataRow]) throws -> CategoricalAxis {
      // Distinct values in the order met, found with a set: a million distinct values take a
      // million lookups, not a million squared.
      var seen: [String] = []
      var met = Set<String>()
      for row in rows {
        if let name = text(row), met.insert(name).inserted { seen.append(name) }
      }
      switch sort {
      case .array(let values)?:
        let listed = values.compactMap { value -> String? in
          if case .string(let text) = value { return text }
          if case .number(let number) = value { return ValueFormat.plain(number) }
          return nil
        }
        let listedSet = Set(listed)
        var listedSeen = Set<String>()
        seen =
          listed.filter { met.contains($0) && listedSeen.insert($0).inserted }
          + seen.filter { !listedSet.contains($0) }
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
        seen = try sorted(seen, by: field, op: "sum", descending: descending, in: rows)
      case .object(let members)?:
        // {"field": ..., "op": ..., "order": ...} or {"encoding": ..., "order": ...}.
        let spec = JSONValue.object(members)
        let descending = spec["order"] == .string("descending")
        var op = "sum"
        if case .string(let given)? = spec["op"] { op = given }
        if case .string(let field)? = spec["field"] {
          seen = try sorted(seen, by: field, op: op, descending: descending, in: rows)
        } else if case .string(let other)? = spec["encoding"], let field = encodedFields[other] {
          seen = try sorted(seen, by: field, op: op, descending: descending, in: rows)
        } else {
          seen.sort()
          if descending { seen.reverse() }
        }
      default: seen.sort()
      }
      // A category axis needs a category: a missing value takes the first one's place.
      guard !seen.isEmpty else {
        throw DescriptorError(at: "encoding.\(channel).field", "\"\(name)\" has no values")
      }
      return CategoricalAxis(title: title, categoryOrder: seen)
    }

    /// The numeric axis of the field over `rows`: over its domain or its values, a date axis for
    /// dates.
    private func numericAxis(of rows: [DataRow]) throws -> NumericAxis {
      let temporal = type == "temporal"
      // A value's place on the axis: a date's seconds, or a number.
      func place(_ value: JSONValue?) -> Double? {
        if temporal { return seconds(value) }
        if case .number(let number)? = value { return number }
        return nil
      }
      // Only finite values place an axis (a reversed domain spans the same values).
      var values = rows.compactMap { place($0[name]) }.filter(\.isFinite)
      if let domain, domain.count == 2 {
        let bounds = domain.compactMap(place).filter(\.isFinite)
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
      guard low < high, low.isFinite, high.isFinite else {
        throw DescriptorError(
          at: "encoding.\(channel).field", "\"\(name)\" spans more than numbers can hold")
      }
      var axis = NumericAxis(title: title, range: low...high, scaleType: scaleType)
      if temporal {
        axis.dateFormat = format.map(DateFormat.init) ?? dateFormat ?? DateFormat.fitting(values)
      } else if let format {
        axis.valueFormat = VegaLite.numberFormat(d3: format)
      }
      return axis
    }
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
}
