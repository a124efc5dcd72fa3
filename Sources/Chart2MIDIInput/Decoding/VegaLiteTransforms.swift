import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// The `transform` array of a Vega-Lite specification, applied to the data rows in order:
/// `filter` (an expression or a field predicate), `calculate`, `aggregate`, `joinaggregate`,
/// `timeUnit`, `bin` and `fold`. Any other transform is refused by its place.
enum VegaLiteTransforms {
  /// Date formats for fields a `timeUnit` transform makes, by field name.
  typealias Formats = [String: DateFormat]

  /// The transforms applied; the data is held to `limits` after each (and a `fold` before it
  /// makes its rows, a `calculate` as it makes each string).
  static func apply(
    _ node: JSONValue?, to given: consuming [DataRow], limits: ReadingLimits = ReadingLimits()
  ) throws -> ([DataRow], Formats) {
    // The rows are changed in place: one copy of them is held, never two.
    var rows = consume given
    guard let node, node != .null else { return (rows, [:]) }
    guard case .array(let transforms) = node else {
      throw DescriptorError(at: "transform", "expected an array of transforms")
    }
    // What the transforms would cost is known before any runs: refused then, not a minute on.
    try checkCost(
      transforms, rows: rows.count, values: rows.reduce(0) { $0 + $1.count },
      fields: Set(rows.first?.keys ?? []), limits: limits)
    var step = Step(limits: limits)
    for (index, transform) in transforms.enumerated() {
      let place = "transform[\(index)]"
      step.transform = transform
      step.place = place
      if let filter = transform["filter"] {
        try step.filter(&rows, filter)
      } else if case .string(let formula)? = transform["calculate"] {
        try step.calculate(&rows, formula)
      } else if case .array(let operations)? = transform["aggregate"] {
        try aggregate(
          &rows, operations, groupby: transform["groupby"], at: place, join: false,
          meter: &step.meter)
      } else if case .array(let operations)? = transform["joinaggregate"] {
        try aggregate(
          &rows, operations, groupby: transform["groupby"], at: place, join: true,
          meter: &step.meter)
      } else if let unit = transform["timeUnit"] {
        try step.timeUnit(&rows, unit)
      } else if let bin = transform["bin"] {
        try step.bin(&rows, bin)
      } else if case .array(let fields)? = transform["fold"] {
        step.fold(&rows, fields)
      } else {
        let name: String
        if case .object(let members) = transform, let first = members.first?.key {
          name = first
        } else {
          name = "transform"
        }
        throw DescriptorError(
          at: "\(place).\(name)",
          "the \(name) transform is not read; filter, calculate, aggregate, joinaggregate, timeUnit, bin and fold are, or compute the values in the data",
          code: .unsupported
        )
      }
      var kind = ""
      if case .object(let members) = transform, let first = members.first?.key {
        kind = ".\(first)"
      }
      try step.budget.check(rows, at: place + kind)
    }
    return (rows, step.formats)
  }

  /// One transform applied to the rows in place, with what the transforms share: the budget of
  /// text kept, the control's meter, and the date formats of the fields made.
  struct Step {
    var budget: DataBudget
    var meter = RowMeter()
    var formats: Formats = [:]
    let limits: ReadingLimits
    /// The transform, and its place (`transform[2]`).
    var transform: JSONValue = .null
    var place = ""

    init(limits: ReadingLimits) {
      self.limits = limits
      budget = DataBudget(limits: limits)
    }

    /// The transform's field name at `key`.
    func text(_ key: String) throws -> String {
      guard case .string(let value)? = transform[key] else {
        throw DescriptorError(at: "\(place).\(key)", "expected a field name")
      }
      return value
    }

    /// `filter`: the rows the predicate keeps.
    mutating func filter(_ rows: inout [DataRow], _ filter: JSONValue) throws {
      let at = "\(place).filter"
      let test = try predicate(filter, at: at, limits: limits)
      rows = try rows.filter { row in
        try meter.tick()
        return try budget.evaluating(at: at) { try test(row) }
      }
    }

    /// `calculate`: a field made by an expression in each row.
    mutating func calculate(_ rows: inout [DataRow], _ formula: String) throws {
      let at = "\(place).calculate"
      let expression = try parse(formula, at: at)
      let name = try text("as")
      for row in rows.indices {
        try meter.tick()
        let value = try budget.evaluating(at: at) {
          try expression.evaluate(rows[row], maximumString: limits.stringBytes)
        }
        try budget.keep(value, at: at)
        rows[row][name] = value
      }
    }

    /// `timeUnit`: a field's dates cut to a unit, as milliseconds, in a field of its own.
    mutating func timeUnit(_ rows: inout [DataRow], _ unit: JSONValue) throws {
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
    }

    /// `bin`: a field's numbers in equal bins, each bin's start (and end) in fields of their own.
    func bin(_ rows: inout [DataRow], _ bin: JSONValue) throws {
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
      guard let (start, width) = VegaLiteDerivation.binning(bin, values: values) else { return }
      for row in rows.indices {
        guard let value = VegaLiteDerivation.number(rows[row][field]) else { continue }
        let binStart = start + ((value - start) / width).rounded(.down) * width
        rows[row][names[0]] = .number(binStart)
        if names.count > 1 { rows[row][names[1]] = .number(binStart + width) }
      }
    }

    /// `fold`: each row one per field named, with the field's name and value (bounded before
    /// the transforms run, by `checkCost`).
    func fold(_ rows: inout [DataRow], _ fields: [JSONValue]) {
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
    }
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
  static func predicate(
    _ node: JSONValue, at place: String, limits: ReadingLimits = ReadingLimits()
  ) throws -> (DataRow) throws -> Bool {
    if case .string(let formula) = node {
      let expression = try parse(formula, at: place)
      return {
        VegaLiteExpression.truthy(try expression.evaluate($0, maximumString: limits.stringBytes))
      }
    }
    guard case .object = node else {
      throw DescriptorError(at: place, "expected an expression or a predicate object")
    }
    if case .array(let items)? = node["and"] {
      let parts = try items.enumerated().map {
        try predicate($1, at: "\(place).and[\($0)]", limits: limits)
      }
      return { row in try parts.allSatisfy { try $0(row) } }
    }
    if case .array(let items)? = node["or"] {
      let parts = try items.enumerated().map {
        try predicate($1, at: "\(place).or[\($0)]", limits: limits)
      }
      return { row in try parts.contains { try $0(row) } }
    }
    if let inner = node["not"] {
      let part = try predicate(inner, at: "\(place).not", limits: limits)
      return { !(try part($0)) }
    }
    return try fieldPredicate(node, at: place)
  }

  /// A field predicate: `equal`, `lt`, `lte`, `gt`, `gte`, `range`, `oneOf` or `valid` of a
  /// field (cut to a time unit when one is given).
  static func fieldPredicate(_ node: JSONValue, at place: String) throws
    -> (DataRow) throws -> Bool
  {
    guard case .string(let field)? = node["field"] else {
      throw DescriptorError(
        at: place, "expected a field predicate (field with equal, lt, gt, range, oneOf or valid)")
    }
    let timeUnit = node["timeUnit"].flatMap(VegaLiteDerivation.TimeUnit.init)
    func value(_ row: DataRow) -> JSONValue {
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

}

extension JSONValue {
  /// Whether the value is text that reads as an ISO 8601 date.
  var isDateText: Bool {
    if case .string(let text) = self { return ISODate.seconds(text) != nil }
    return false
  }
}
