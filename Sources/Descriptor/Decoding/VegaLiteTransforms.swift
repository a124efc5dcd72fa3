import Foundation

/// The `transform` array of a Vega-Lite specification, applied to the data rows in order:
/// `filter` (an expression or a field predicate), `calculate`, `aggregate`, `joinaggregate`,
/// `timeUnit`, `bin` and `fold`. Any other transform is refused by its place.
enum VegaLiteTransforms {
  /// Date formats for fields a `timeUnit` transform makes, by field name.
  typealias Formats = [String: DateFormat]

  static func apply(_ node: JSONValue?, to rows: [[String: JSONValue]]) throws -> (
    [[String: JSONValue]], Formats
  ) {
    guard let node, node != .null else { return (rows, [:]) }
    guard case .array(let transforms) = node else {
      throw DescriptorError(at: "transform", "expected an array of transforms")
    }
    var rows = rows
    var formats: Formats = [:]
    for (index, transform) in transforms.enumerated() {
      let place = "transform[\(index)]"
      func text(_ key: String) throws -> String {
        guard case .string(let value)? = transform[key] else {
          throw DescriptorError(at: "\(place).\(key)", "expected a field name")
        }
        return value
      }
      if let filter = transform["filter"] {
        rows = try rows.filter { try predicate(filter, at: "\(place).filter")($0) }
      } else if case .string(let formula)? = transform["calculate"] {
        let expression = try parse(formula, at: "\(place).calculate")
        let name = try text("as")
        for row in rows.indices { rows[row][name] = expression.evaluate(rows[row]) }
      } else if case .array(let operations)? = transform["aggregate"] {
        rows = try aggregate(
          rows, operations, groupby: transform["groupby"], at: place, join: false)
      } else if case .array(let operations)? = transform["joinaggregate"] {
        rows = try aggregate(rows, operations, groupby: transform["groupby"], at: place, join: true)
      } else if let unit = transform["timeUnit"] {
        guard let timeUnit = VegaLiteDerivation.TimeUnit(unit) else {
          throw DescriptorError(at: "\(place).timeUnit", "expected a time unit such as \"month\"")
        }
        let field = try text("field")
        let output = try text("as")
        for row in rows.indices {
          guard let value = rows[row][field], let seconds = VegaLiteDerivation.seconds(value) else {
            continue
          }
          rows[row][output] = .number(timeUnit.truncate(seconds) * 1000)
        }
        formats[output] = VegaLiteDerivation.format(of: timeUnit.parts)
      } else if let bin = transform["bin"] {
        let field = try text("field")
        var names: [String] = []
        switch transform["as"] {
        case .string(let name)?: names = [name, "\(name)_end"]
        case .array(let items)?:
          names = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: break
        }
        guard !names.isEmpty else {
          throw DescriptorError(at: "\(place).as", "expected a field name")
        }
        let values = rows.compactMap { VegaLiteDerivation.number($0[field]) }
        guard let (start, width) = VegaLiteDerivation.binning(bin, values: values) else { continue }
        for row in rows.indices {
          guard let value = VegaLiteDerivation.number(rows[row][field]) else { continue }
          let binStart = start + ((value - start) / width).rounded(.down) * width
          rows[row][names[0]] = .number(binStart)
          if names.count > 1 { rows[row][names[1]] = .number(binStart + width) }
        }
      } else if case .array(let fields)? = transform["fold"] {
        var names = ["key", "value"]
        if case .array(let items)? = transform["as"] {
          let given = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
          if given.count == 2 { names = given }
        }
        let folded = fields.compactMap { if case .string(let name) = $0 { name } else { nil } }
        rows = rows.flatMap { row in
          folded.map { field in
            var copy = row
            copy[names[0]] = .string(field)
            copy[names[1]] = row[field] ?? .null
            return copy
          }
        }
      } else {
        let name: String
        if case .object(let members) = transform, let first = members.first?.key {
          name = first
        } else {
          name = "transform"
        }
        throw DescriptorError(
          at: "\(place).\(name)",
          "the \(name) transform is not read; filter, calculate, aggregate, joinaggregate, timeUnit, bin and fold are, or compute the values in the data"
        )
      }
    }
    return (rows, formats)
  }

  static func parse(_ formula: String, at place: String) throws -> VegaLiteExpression {
    do {
      return try VegaLiteExpression(formula)
    } catch let error as VegaLiteExpression.ExpressionError {
      throw DescriptorError(at: place, error.message)
    }
  }

  /// A filter: an expression, or a field predicate (`equal`, `lt`, `lte`, `gt`, `gte`, `range`,
  /// `oneOf`, `valid`), or `and`, `or`, `not` of them.
  static func predicate(_ node: JSONValue, at place: String) throws -> ([String: JSONValue]) -> Bool
  {
    if case .string(let formula) = node {
      let expression = try parse(formula, at: place)
      return { VegaLiteExpression.truthy(expression.evaluate($0)) }
    }
    guard case .object = node else {
      throw DescriptorError(at: place, "expected an expression or a predicate object")
    }
    if case .array(let items)? = node["and"] {
      let parts = try items.enumerated().map { try predicate($1, at: "\(place).and[\($0)]") }
      return { row in parts.allSatisfy { $0(row) } }
    }
    if case .array(let items)? = node["or"] {
      let parts = try items.enumerated().map { try predicate($1, at: "\(place).or[\($0)]") }
      return { row in parts.contains { $0(row) } }
    }
    if let inner = node["not"] {
      let part = try predicate(inner, at: "\(place).not")
      return { !part($0) }
    }
    guard case .string(let field)? = node["field"] else {
      throw DescriptorError(
        at: place, "expected a field predicate (field with equal, lt, gt, range, oneOf or valid)")
    }
    let timeUnit = node["timeUnit"].flatMap(VegaLiteDerivation.TimeUnit.init)
    func value(_ row: [String: JSONValue]) -> JSONValue {
      let raw = row[field] ?? .null
      guard let timeUnit, let seconds = VegaLiteDerivation.seconds(raw) else { return raw }
      return .number(timeUnit.truncate(seconds) * 1000)
    }
    func comparable(_ given: JSONValue, isTarget: Bool = true) -> JSONValue {
      // A one-part unit's value given as a number ("year": 2006) or a name ("month": "Jan"), as
      // Vega-Lite reads it.
      if isTarget, let timeUnit, let unit = timeUnit.single {
        var isPart = false
        if case .number(let number) = given, number < 10000 { isPart = true }
        if case .string(let text) = given, ISODate.looseSeconds(text) == nil { isPart = true }
        if isPart, let seconds = VegaLiteDerivation.dateTime(.object([(unit, given)])) {
          return .number(timeUnit.truncate(seconds) * 1000)
        }
      }
      if case .object = given, let seconds = VegaLiteDerivation.dateTime(given) {
        return .number(seconds * 1000)
      }
      // A date given as text compares with dates as milliseconds.
      if timeUnit != nil || given.isDateText, case .string(let text) = given,
        let seconds = ISODate.looseSeconds(text)
      {
        return .number(seconds * 1000)
      }
      return given
    }
    let number = VegaLiteExpression.number
    if let equal = node["equal"] {
      let target = comparable(equal)
      return {
        VegaLiteExpression.equal(comparable(value($0), isTarget: false), target, strict: false)
      }
    }
    for (key, test) in [
      ("lt", { (a: Double, b: Double) in a < b }), ("lte", { $0 <= $1 }), ("gt", { $0 > $1 }),
      ("gte", { $0 >= $1 }),
    ] as [(String, (Double, Double) -> Bool)] {
      if let bound = node[key] {
        let target = number(comparable(bound))
        return { test(number(comparable(value($0), isTarget: false)), target) }
      }
    }
    if case .array(let bounds)? = node["range"], bounds.count == 2 {
      let low = bounds[0] == .null ? -Double.infinity : number(comparable(bounds[0]))
      let high = bounds[1] == .null ? Double.infinity : number(comparable(bounds[1]))
      return { row in
        let x = number(comparable(value(row), isTarget: false))
        return x >= low && x <= high
      }
    }
    if case .array(let options)? = node["oneOf"] ?? node["in"] {
      let targets = options.map { comparable($0) }
      return { row in
        let x = comparable(value(row), isTarget: false)
        return targets.contains { VegaLiteExpression.equal(x, $0, strict: false) }
      }
    }
    if case .bool(let wanted)? = node["valid"] {
      return { row in
        let x = value(row)
        let valid =
          x != .null && !(number(x).isNaN && { if case .number = x { true } else { false } }())
        return valid == wanted
      }
    }
    throw DescriptorError(
      at: place, "expected one of equal, lt, lte, gt, gte, range, oneOf or valid with the field")
  }

  static func aggregate(
    _ rows: [[String: JSONValue]], _ operations: [JSONValue], groupby: JSONValue?, at place: String,
    join: Bool
  ) throws -> [[String: JSONValue]] {
    var groupFields: [String] = []
    if case .array(let items)? = groupby {
      groupFields = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }
    let key = join ? "joinaggregate" : "aggregate"
    let ops = try operations.enumerated().map { index, operation -> (String, String?, String) in
      guard case .string(let op)? = operation["op"], VegaLiteDerivation.aggregates.contains(op)
      else {
        throw DescriptorError(
          at: "\(place).\(key)[\(index)].op",
          "expected one of \(VegaLiteDerivation.aggregates.sorted().joined(separator: ", "))")
      }
      var field: String?
      if case .string(let name)? = operation["field"] { field = name }
      guard case .string(let output)? = operation["as"] else {
        throw DescriptorError(at: "\(place).\(key)[\(index)].as", "expected a field name")
      }
      return (op, field, output)
    }
    var order: [[JSONValue]] = []
    var groups: [[JSONValue]: [Int]] = [:]
    for (index, row) in rows.enumerated() {
      let values = groupFields.map { row[$0] ?? .null }
      if groups[values] == nil { order.append(values) }
      groups[values, default: []].append(index)
    }
    func results(_ members: [Int]) -> [String: JSONValue] {
      var result: [String: JSONValue] = [:]
      for (op, field, output) in ops {
        let memberRows = members.map { rows[$0] }
        let numbers =
          field.map { name in memberRows.compactMap { VegaLiteDerivation.number($0[name]) } } ?? []
        result[output] = VegaLiteDerivation.compute(
          op, numbers, count: members.count, members: memberRows, field: field)
      }
      return result
    }
    if join {
      var joined = rows
      for values in order {
        let members = groups[values]!
        let computed = results(members)
        for member in members { joined[member].merge(computed) { $1 } }
      }
      return joined
    }
    return order.map { values in
      var row = results(groups[values]!)
      for (field, value) in zip(groupFields, values) { row[field] = value }
      return row
    }
  }
}

extension JSONValue {
  /// Whether the value is text that reads as an ISO 8601 date.
  var isDateText: Bool {
    if case .string(let text) = self { return ISODate.seconds(text) != nil }
    return false
  }
}
