import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

extension VegaLiteTransforms {
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
