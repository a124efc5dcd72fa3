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
    var budget = DataBudget(limits: limits)
    guard case .array(let transforms) = node else {
      throw DescriptorError(at: "transform", "expected an array of transforms")
    }
    // What the transforms would cost is known before any runs: refused then, not a minute on.
    try checkCost(
      transforms, rows: rows.count, values: rows.reduce(0) { $0 + $1.count },
      fields: Set(rows.first?.keys ?? []), limits: limits)
    var formats: Formats = [:]
    var meter = RowMeter()
    for (index, transform) in transforms.enumerated() {
      let place = "transform[\(index)]"
      func text(_ key: String) throws -> String {
        guard case .string(let value)? = transform[key] else {
          throw DescriptorError(at: "\(place).\(key)", "expected a field name")
        }
        return value
      }
      if let filter = transform["filter"] {
        let test = try predicate(filter, at: "\(place).filter", limits: limits)
        rows = try rows.filter { row in
          try meter.tick()
          return try budget.evaluating(at: "\(place).filter") { try test(row) }
        }
      } else if case .string(let formula)? = transform["calculate"] {
        let expression = try parse(formula, at: "\(place).calculate")
        let name = try text("as")
        let at = "\(place).calculate"
        for row in rows.indices {
          try meter.tick()
          let value = try budget.evaluating(at: at) {
            try expression.evaluate(rows[row], maximumString: limits.stringBytes)
          }
          try budget.keep(value, at: at)
          rows[row][name] = value
        }
      } else if case .array(let operations)? = transform["aggregate"] {
        try aggregate(
          &rows, operations, groupby: transform["groupby"], at: place, join: false, meter: &meter)
      } else if case .array(let operations)? = transform["joinaggregate"] {
        try aggregate(
          &rows, operations, groupby: transform["groupby"], at: place, join: true, meter: &meter)
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
        // Each row becomes one per field, each with its fields and the two new ones.
        let (count, values) = rows.count.multipliedReportingOverflow(by: folded.count)
        try budget.check(
          rows: values ? .max : count,
          values: rows.reduce(0) { $0 &+ ($1.count + 2) } &* folded.count, at: "\(place).fold")
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
          "the \(name) transform is not read; filter, calculate, aggregate, joinaggregate, timeUnit, bin and fold are, or compute the values in the data",
          code: .unsupported
        )
      }
      var kind = ""
      if case .object(let members) = transform, let first = members.first?.key {
        kind = ".\(first)"
      }
      try budget.check(rows, at: place + kind)
    }
    return (rows, formats)
  }

  /// Refuses transforms whose work or data would pass the limits, before any runs, from what
  /// they could do at most: a filter may keep every row, an aggregate make a group of each, a
  /// fold multiplies the rows. The work of a transform is the rows it may see times what it does
  /// on a row: 1, and an expression's terms, a predicate's tests, an aggregate's fields.
  ///
  /// - Throws: `DescriptorError` at the first transform past `limits.work`, `rows` or `values`.
  static func checkCost(
    _ transforms: [JSONValue], rows rowCount: Int, values valueCount: Int, fields: Set<String>,
    limits: ReadingLimits
  ) throws {
    let budget = DataBudget(limits: limits)
    var (rows, values, work) = (rowCount, valueCount, 0)
    // The fields every row has: a step that writes one of them again adds no value.
    var fields = fields
    func adding(_ name: JSONValue?) -> Int {
      guard case .string(let name)? = name else { return 1 }
      return fields.insert(name).inserted ? 1 : 0
    }
    for (index, transform) in transforms.enumerated() {
      let place = "transform[\(index)]"
      var perRow = 1
      var kind = ""
      func names(_ key: String) -> Int {
        if case .array(let items)? = transform[key] { return items.count }
        return 0
      }
      if let filter = transform["filter"] {
        kind = ".filter"
        perRow += try predicateSize(filter, at: "\(place).filter")
      } else if case .string(let formula)? = transform["calculate"] {
        kind = ".calculate"
        perRow += try parse(formula, at: "\(place).calculate").size
        values = values.addingSaturated(rows.multipliedSaturated(by: adding(transform["as"])))
      } else if case .array(let operations)? = transform["aggregate"] {
        kind = ".aggregate"
        perRow += names("groupby") + operations.count
        values = rows.multipliedSaturated(by: names("groupby") + operations.count)
        fields = []
      } else if case .array(let operations)? = transform["joinaggregate"] {
        kind = ".joinaggregate"
        perRow += names("groupby") + operations.count
        let added = operations.reduce(0) { $0 + adding($1["as"]) }
        values = values.addingSaturated(rows.multipliedSaturated(by: added))
      } else if transform["timeUnit"] != nil {
        kind = ".timeUnit"
        values = values.addingSaturated(rows.multipliedSaturated(by: adding(transform["as"])))
      } else if transform["bin"] != nil {
        kind = ".bin"
        values = values.addingSaturated(rows.multipliedSaturated(by: 2))
      } else if case .array(let folded)? = transform["fold"] {
        kind = ".fold"
        values = values.addingSaturated(rows.multipliedSaturated(by: 2))
          .multipliedSaturated(by: folded.count)
        rows = rows.multipliedSaturated(by: folded.count)
      } else {
        // Refused by its place when it is reached.
        return
      }
      try budget.check(rows: rows, values: values, at: place + kind)
      work = work.addingSaturated(rows.multipliedSaturated(by: perRow))
      guard work <= limits.work else {
        throw DescriptorError(
          at: place + kind,
          "the transforms would take \(ValueFormat.grouped(work)) steps of work by here (the rows each sees times its operations on a row); at most \(ValueFormat.grouped(limits.work)) are taken",
          passing: .work)
      }
    }
  }

  /// The tests a predicate makes on a row: an expression's terms, a field predicate's values,
  /// and those of `and`, `or` and `not`.
  static func predicateSize(_ node: JSONValue, at place: String) throws -> Int {
    if case .string(let formula) = node { return try parse(formula, at: place).size }
    for key in ["and", "or"] {
      if case .array(let items)? = node[key] {
        return try items.enumerated().reduce(1) {
          $0.addingSaturated(try predicateSize($1.element, at: "\(place).\(key)[\($1.offset)]"))
        }
      }
    }
    if let inner = node["not"] { return 1 + (try predicateSize(inner, at: "\(place).not")) }
    if case .array(let options)? = node["oneOf"] ?? node["in"] { return 1 + options.count }
    return 1
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

  static func aggregate(
    _ rows: inout [DataRow], _ operations: [JSONValue], groupby: JSONValue?, at place: String,
    join: Bool, meter: inout RowMeter
  ) throws {
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
    // The rows an aggregate makes name their fields in a table of their own.
    let names = FieldNames()
    // Each row's group, the groups' keys in order of first appearance, then the rows of each
    // group as one run of a single array: a million groups take a few small arrays, not a
    // million of them.
    // The groups' keys, `groupFields.count` values each, one after another.
    var keys: [JSONValue] = []
    var groupCount = 0
    var groupOf = [Int32](repeating: 0, count: rows.count)
    do {
      // One field's value is a key of its own; more make an array.
      var knownOne: [JSONValue: Int32] = [:]
      var known: [[JSONValue]: Int32] = [:]
      for (index, row) in rows.enumerated() {
        try meter.tick()
        let group: Int32?
        if groupFields.count == 1 {
          let value = row[groupFields[0]] ?? .null
          group = knownOne[value]
          if group == nil { knownOne[value] = Int32(groupCount) }
        } else {
          let values = groupFields.map { row[$0] ?? .null }
          group = known[values]
          if group == nil { known[values] = Int32(groupCount) }
        }
        if let group {
          groupOf[index] = group
        } else {
          groupOf[index] = Int32(groupCount)
          keys += groupFields.map { row[$0] ?? .null }
          groupCount += 1
        }
      }
    }
    let order = 0..<groupCount
    func groupKey(_ group: Int) -> ArraySlice<JSONValue> {
      keys[group * groupFields.count..<(group + 1) * groupFields.count]
    }
    var starts = [Int](repeating: 0, count: groupCount + 1)
    for group in groupOf { starts[Int(group) + 1] += 1 }
    for group in order.indices { starts[group + 1] += starts[group] }
    var flat = [Int32](repeating: 0, count: rows.count)
    var next = starts
    for (index, group) in groupOf.enumerated() {
      flat[next[Int(group)]] = Int32(index)
      next[Int(group)] += 1
    }
    groupOf = []
    func members(_ group: Int) -> [Int] { flat[starts[group]..<starts[group + 1]].map(Int.init) }
    func results(_ members: [Int]) -> [(String, JSONValue)] {
      var result: [(String, JSONValue)] = []
      for (op, field, output) in ops {
        let memberRows = members.map { rows[$0] }
        let numbers =
          field.map { name in memberRows.compactMap { VegaLiteDerivation.number($0[name]) } } ?? []
        result.append(
          (
            output,
            VegaLiteDerivation.compute(
              op, numbers, count: members.count, members: memberRows, field: field)
          ))
      }
      return result
    }
    if join {
      // Each group's results first, from the rows as they are; then set in place.
      let computed = try order.map { group in
        try meter.tick()
        return results(members(group))
      }
      for (group, fields) in computed.enumerated() {
        for member in members(group) { rows[member].merge(fields) }
      }
      return
    }
    // A group's rows are let go once its row is made: each row is in one group, so the rows
    // shrink as the groups' rows grow, and the two are never held whole at once.
    var made: [DataRow] = []
    made.reserveCapacity(groupCount)
    for group in order {
      try meter.tick()
      let members = members(group)
      var row = DataRow(results(members), names: names)
      for (field, value) in zip(groupFields, groupKey(group)) { row[field] = value }
      made.append(row)
      for member in members { rows[member] = DataRow(names: names) }
    }
    rows = made
  }
}

extension Int {
  /// The sum, or `Int.max` past it.
  func addingSaturated(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? .max : sum
  }

  /// The product, or `Int.max` past it.
  func multipliedSaturated(by other: Int) -> Int {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    return overflow ? .max : product
  }
}

/// The work's control, checked every 4,096 rows a transform goes through: a caller that
/// cancels (a client gone) or a CPU limit passed stops the transforms there.
struct RowMeter {
  private var meter = WorkControl.Meter()
  private var count = 0

  /// Counts a row; every 4,096th, checks the control.
  ///
  /// - Throws: `CancellationError`, or `CPUTimeExceeded` past the call's CPU time.
  mutating func tick() throws {
    count &+= 1
    if count & 4095 == 0 { try meter.check() }
  }
}

/// What a specification's data holds, held to its reading limits.
struct DataBudget {
  let limits: ReadingLimits
  /// The text the `calculate` steps have kept in the rows, in UTF-8 bytes.
  private var text = 0

  init(limits: ReadingLimits) { self.limits = limits }

  /// Refuses rows past the limits.
  func check(_ rows: [DataRow], at place: String) throws {
    try check(rows: rows.count, values: rows.reduce(0) { $0 + $1.count }, at: place)
  }

  /// Refuses `rows` rows of `values` values in all, past the limits.
  func check(rows: Int, values: Int, at place: String) throws {
    guard rows <= limits.rows else {
      throw DescriptorError(
        at: place,
        "the data would hold \(ValueFormat.grouped(rows)) rows; at most \(ValueFormat.grouped(limits.rows)) are read",
        passing: .rows)
    }
    guard values <= limits.values else {
      throw DescriptorError(
        at: place,
        "the data would hold \(ValueFormat.grouped(values)) values (the fields of its rows); at most \(ValueFormat.grouped(limits.values)) are read",
        passing: .values)
    }
  }

  /// Counts a value a `calculate` keeps: a string's bytes, against the limit of all text kept.
  mutating func keep(_ value: JSONValue, at place: String) throws {
    guard case .string(let string) = value else { return }
    text += string.utf8.count
    guard text <= limits.textBytes else {
      throw DescriptorError(
        at: place,
        "the calculate steps would keep more than \(ValueFormat.grouped(limits.textBytes)) bytes of text in the rows; at most \(ValueFormat.grouped(limits.textBytes)) are kept",
        passing: .textSize)
    }
  }

  /// Runs an evaluation, turning a string past the limit into an error at `place`.
  func evaluating<T>(at place: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as VegaLiteExpression.StringTooLong {
      throw DescriptorError(
        at: place,
        "the expression makes a string of \(ValueFormat.grouped(error.bytes)) bytes; strings of at most \(ValueFormat.grouped(limits.stringBytes)) bytes are made",
        passing: .stringSize)
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
