import Chart2MIDIChart
import Foundation

/// Evaluating a parsed expression for a row, with JavaScript's conversions between numbers, text
/// and truth.
extension VegaLiteExpression {
  static let functions: Set<String> = [
    "abs", "ceil", "floor", "round", "sqrt", "exp", "log", "pow", "min", "max", "clamp", "isValid",
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "if",
    "isNaN", "toNumber", "toString", "toBoolean", "lower", "upper", "length", "substring",
    "indexof",
    "year", "quarter", "month", "date", "day", "hours", "minutes", "seconds",
  ]

  /// A string longer than the evaluation allows, in UTF-8 bytes.
  struct StringTooLong: Error {
    var bytes: Int
  }

  /// The value for a row; no string it makes, on the way or in the end, is longer than
  /// `maximumString` bytes.
  ///
  /// - Throws: `StringTooLong` before a longer string is made.
  func evaluate(_ row: DataRow, maximumString: Int = .max) throws -> JSONValue {
    try Self.evaluate(root, row, maximumString)
  }

  static func number(_ value: JSONValue) -> Double {
    switch value {
    case .number(let number): number
    case .bool(let flag): flag ? 1 : 0
    case .string(let text): Double(text) ?? ISODate.seconds(text).map { $0 * 1000 } ?? .nan
    case .null: 0
    default: .nan
    }
  }

  static func truthy(_ value: JSONValue) -> Bool {
    switch value {
    case .null: false
    case .bool(let flag): flag
    case .number(let number): number != 0 && !number.isNaN
    case .string(let text): !text.isEmpty
    default: true
    }
  }

  static func text(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): text
    case .number(let number): ValueFormat.plain(number)
    case .bool(let flag): flag ? "true" : "false"
    case .null: "null"
    default: ""
    }
  }

  static func evaluate(_ node: Node, _ row: DataRow, _ longest: Int) throws
    -> JSONValue
  {
    func evaluate(_ node: Node, _ row: DataRow) throws -> JSONValue {
      try Self.evaluate(node, row, longest)
    }
    switch node {
    case .literal(let value): return value
    case .field(let name): return row[name] ?? .null
    case .unary(let op, let operand):
      let value = try evaluate(operand, row)
      return op == "!" ? .bool(!truthy(value)) : .number(-number(value))
    case .conditional(let condition, let yes, let no):
      return truthy(try evaluate(condition, row)) ? try evaluate(yes, row) : try evaluate(no, row)
    case .binary(let op, let leftNode, let rightNode):
      if op == "&&" {
        let left = try evaluate(leftNode, row)
        return truthy(left) ? try evaluate(rightNode, row) : left
      }
      if op == "||" {
        let left = try evaluate(leftNode, row)
        return truthy(left) ? left : try evaluate(rightNode, row)
      }
      return try binary(op, try evaluate(leftNode, row), try evaluate(rightNode, row), longest)
    case .call(let name, let arguments):
      return call(name, try arguments.map { try evaluate($0, row) })
    }
  }

  /// An operator other than `&&` and `||` on its two values; a string made longer than `longest`
  /// bytes is refused.
  static func binary(_ op: String, _ left: JSONValue, _ right: JSONValue, _ longest: Int) throws
    -> JSONValue
  {
    /// Two strings joined: the one operation that makes a string longer than those it is made of.
    func joined(_ left: String, _ right: String) throws -> JSONValue {
      let bytes = left.utf8.count + right.utf8.count
      guard bytes <= longest else { throw StringTooLong(bytes: bytes) }
      return .string(left + right)
    }
    switch op {
    case "+":
      if case .string = left { return try joined(text(left), text(right)) }
      if case .string = right { return try joined(text(left), text(right)) }
      return .number(number(left) + number(right))
    case "-": return .number(number(left) - number(right))
    case "*": return .number(number(left) * number(right))
    case "/": return .number(number(left) / number(right))
    case "%": return .number(number(left).truncatingRemainder(dividingBy: number(right)))
    case "===", "==": return .bool(equal(left, right, strict: op == "==="))
    case "!==", "!=": return .bool(!equal(left, right, strict: op == "!=="))
    default: return .bool(ordered(op, left, right))
    }
  }

  /// Whether `left op right` holds for `<`, `<=`, `>` or `>=` (any other is `>=`): two strings
  /// by their text, anything else as numbers.
  static func ordered(_ op: String, _ left: JSONValue, _ right: JSONValue) -> Bool {
    func compare<T: Comparable>(_ a: T, _ b: T) -> Bool {
      switch op {
      case "<": a < b
      case "<=": a <= b
      case ">": a > b
      default: a >= b
      }
    }
    if case .string(let a) = left, case .string(let b) = right { return compare(a, b) }
    return compare(number(left), number(right))
  }

  /// A function of the expression language on its arguments' values.
  static func call(_ name: String, _ values: [JSONValue]) -> JSONValue {
    let numbers = values.map(number)
    func first() -> Double { numbers.first ?? .nan }
    switch name {
    case "abs": return .number(abs(first()))
    case "sin": return .number(Foundation.sin(first()))
    case "cos": return .number(Foundation.cos(first()))
    case "tan": return .number(Foundation.tan(first()))
    case "asin": return .number(Foundation.asin(first()))
    case "acos": return .number(Foundation.acos(first()))
    case "atan": return .number(Foundation.atan(first()))
    case "atan2": return .number(Foundation.atan2(first(), numbers.count > 1 ? numbers[1] : .nan))
    case "if":
      guard values.count == 3 else { return .null }
      return truthy(values[0]) ? values[1] : values[2]
    case "ceil": return .number(first().rounded(.up))
    case "floor": return .number(first().rounded(.down))
    case "round": return .number(first().rounded())
    case "sqrt": return .number(first().squareRoot())
    case "exp": return .number(Foundation.exp(first()))
    case "log": return .number(Foundation.log(first()))
    case "pow": return .number(Foundation.pow(first(), numbers.count > 1 ? numbers[1] : .nan))
    case "min": return .number(numbers.min() ?? .nan)
    case "max": return .number(numbers.max() ?? .nan)
    case "clamp":
      guard numbers.count == 3 else { return .null }
      return .number(Swift.min(Swift.max(numbers[0], numbers[1]), numbers[2]))
    case "isValid":
      if case .null = values.first ?? .null { return .bool(false) }
      if case .number(let number)? = values.first, number.isNaN { return .bool(false) }
      return .bool(true)
    case "isNaN": return .bool(first().isNaN)
    case "toNumber": return .number(first())
    case "toString": return .string(text(values.first ?? .null))
    case "toBoolean": return .bool(truthy(values.first ?? .null))
    case "lower": return .string(text(values.first ?? .null).lowercased())
    case "upper": return .string(text(values.first ?? .null).uppercased())
    case "length": return .number(Double(text(values.first ?? .null).count))
    case "substring": return substring(values, numbers)
    case "indexof":
      let string = text(values.first ?? .null)
      let needle = text(values.count > 1 ? values[1] : .null)
      guard let range = string.range(of: needle) else { return .number(-1) }
      return .number(Double(string.distance(from: string.startIndex, to: range.lowerBound)))
    default: return datePart(name, of: values.first ?? .null)
    }
  }

  /// `substring(text, start, end)`.
  static func substring(_ values: [JSONValue], _ numbers: [Double]) -> JSONValue {
    let string = Array(text(values.first ?? .null))
    // An index is clamped into the string as a number, before it becomes whole: 1e300 and
    // NaN are not indices (NaN is taken as 0, as JavaScript takes it).
    func index(_ number: Double?, default fallback: Int) -> Int {
      guard let number else { return fallback }
      guard !number.isNaN else { return 0 }
      return Int(Swift.max(0, Swift.min(Double(string.count), number.rounded(.towardZero))))
    }
    let start = index(numbers.count > 1 ? numbers[1] : nil, default: 0)
    let end = Swift.max(
      start, index(numbers.count > 2 ? numbers[2] : nil, default: string.count))
    return .string(String(string[start..<end]))
  }

  /// A part of a date (`year`, `quarter`, `month`, `date`, `day`, `hours`, `minutes`, any other
  /// name the seconds) given as milliseconds or ISO text; null for what is not a date.
  static func datePart(_ name: String, of value: JSONValue) -> JSONValue {
    let seconds: Double?
    switch value {
    case .number(let millis): seconds = millis / 1000
    case .string(let text): seconds = ISODate.looseSeconds(text)
    default: seconds = nil
    }
    guard let seconds, abs(seconds) < ISODate.limit else { return .null }
    let days = Int((seconds / 86400).rounded(.down))
    let (year, month, day) = ISODate.civil(fromDays: days)
    let weekday = ((days % 7) + 7 + 4) % 7
    let rest = Int(seconds.rounded(.down)) - days * 86400
    switch name {
    case "year": return .number(Double(year))
    case "quarter": return .number(Double((month - 1) / 3 + 1))
    case "month": return .number(Double(month - 1))
    case "date": return .number(Double(day))
    case "day": return .number(Double(weekday))
    case "hours": return .number(Double(rest / 3600))
    case "minutes": return .number(Double(rest / 60 % 60))
    default: return .number(Double(rest % 60))
    }
  }

  static func equal(_ a: JSONValue, _ b: JSONValue, strict: Bool) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.bool(let x), .bool(let y)): return x == y
    case (.null, .null): return true
    default:
      if strict { return false }
      if case .null = a { return false }
      if case .null = b { return false }
      return number(a) == number(b)
    }
  }
}
