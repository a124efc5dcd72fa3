import Foundation

/// The common forms of Vega expressions, as `filter` and `calculate` transforms write them:
/// `datum.field` and `datum['field']`, numbers, strings, `true`, `false`, `null`, arithmetic
/// (`+ - * / %`), comparisons (`< <= > >= == != === !==`), `&& || !`, `? :`, parentheses, and the
/// functions `abs ceil floor round sqrt exp log pow min max clamp sin cos tan asin acos atan atan2
/// if isValid isNaN toNumber toString toBoolean lower upper length substring indexof year quarter
/// month date day hours minutes seconds`, and the constants `PI` and `E`. Anything else is a mistake that names itself.
struct VegaLiteExpression {
  indirect enum Node {
    case literal(JSONValue)
    case field(String)
    case unary(String, Node)
    case binary(String, Node, Node)
    case conditional(Node, Node, Node)
    case call(String, [Node])
  }

  let root: Node

  /// The deepest an expression's tree may be: deeper ones are refused, never a stack overflow.
  static let maximumDepth = 100

  /// Parses an expression.
  ///
  /// - Throws: a message saying what was not understood, for the caller to place.
  init(_ text: String) throws {
    var parser = Parser(tokens: try Self.tokens(text))
    root = try parser.expression()
    guard parser.index == parser.tokens.count else {
      throw ExpressionError("unexpected \(parser.tokens[parser.index].text) in \(quoted(text))")
    }
  }

  struct ExpressionError: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  struct Token {
    enum Kind { case number, string, name, symbol }
    var kind: Kind
    var text: String
  }

  static func tokens(_ text: String) throws -> [Token] {
    var tokens: [Token] = []
    let characters = Array(text)
    var index = 0
    let symbols = [
      "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "<", ">", "+", "-", "*", "/", "%",
      "!", "?", ":", "(", ")", ",", ".", "[", "]",
    ]
    while index < characters.count {
      let character = characters[index]
      if character.isWhitespace {
        index += 1
      } else if character.isNumber {
        var end = index
        while end < characters.count,
          characters[end].isNumber || characters[end] == "." || characters[end] == "e"
        {
          end += 1
        }
        tokens.append(Token(kind: .number, text: String(characters[index..<end])))
        index = end
      } else if character == "'" || character == "\"" {
        var end = index + 1
        var value = ""
        while end < characters.count, characters[end] != character {
          if characters[end] == "\\", end + 1 < characters.count { end += 1 }
          value.append(characters[end])
          end += 1
        }
        guard end < characters.count else {
          throw ExpressionError("a string is not closed in \(quoted(text))")
        }
        tokens.append(Token(kind: .string, text: value))
        index = end + 1
      } else if character.isLetter || character == "_" || character == "$" {
        var end = index
        while end < characters.count,
          characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
            || characters[end] == "$"
        {
          end += 1
        }
        tokens.append(Token(kind: .name, text: String(characters[index..<end])))
        index = end
      } else if let symbol = symbols.first(where: { symbol in
        index + symbol.count <= characters.count
          && String(characters[index..<(index + symbol.count)]) == symbol
      }) {
        tokens.append(Token(kind: .symbol, text: symbol))
        index += symbol.count
      } else {
        throw ExpressionError(
          "\(quoted(String(character))) is not part of the expressions read, in \(quoted(text))")
      }
    }
    return tokens
  }

  struct Parser {
    var tokens: [Token]
    var index = 0
    /// How many parentheses, conditionals, calls and prefix operators are open.
    var nesting = 0

    /// Counts one more open level, refusing more than the tree may hold.
    mutating func nest() throws {
      nesting += 1
      if nesting > VegaLiteExpression.maximumDepth { throw Self.tooDeep }
    }

    static let tooDeep = ExpressionError(
      "the expression nests more than \(VegaLiteExpression.maximumDepth) operations deep; split it into several calculate steps"
    )

    /// A node once its height is known to fit: a long chain of operators (`1 + 1 + ...`) is
    /// parsed in a loop but evaluated by recursion, so its height is bounded here.
    static func checked(_ node: Node) throws -> Node {
      if height(node) > VegaLiteExpression.maximumDepth { throw tooDeep }
      return node
    }

    /// The height of a tree whose subtrees were checked.
    static func height(_ node: Node) -> Int {
      switch node {
      case .literal, .field: 1
      case .unary(_, let inner): 1 + height(inner)
      case .binary(_, let left, let right): 1 + max(height(left), height(right))
      case .conditional(let a, let b, let c): 1 + max(height(a), height(b), height(c))
      case .call(_, let arguments): 1 + (arguments.map(height).max() ?? 0)
      }
    }

    func peek(_ symbol: String) -> Bool {
      index < tokens.count && tokens[index].kind == .symbol && tokens[index].text == symbol
    }

    mutating func take(_ symbol: String) -> Bool {
      guard peek(symbol) else { return false }
      index += 1
      return true
    }

    mutating func expect(_ symbol: String) throws {
      guard take(symbol) else {
        throw ExpressionError(
          "expected \(symbol)\(index < tokens.count ? " before \(tokens[index].text)" : " at the end")"
        )
      }
    }

    mutating func expression() throws -> Node {
      try nest()
      defer { nesting -= 1 }
      let condition = try binary(0)
      if take("?") {
        let yes = try expression()
        try expect(":")
        let no = try expression()
        return try Self.checked(.conditional(condition, yes, no))
      }
      return condition
    }

    static let levels: [[String]] = [
      ["||"], ["&&"], ["===", "!==", "==", "!="], ["<", "<=", ">", ">="], ["+", "-"],
      ["*", "/", "%"],
    ]

    mutating func binary(_ level: Int) throws -> Node {
      guard level < Self.levels.count else { return try unary() }
      var left = try binary(level + 1)
      while let symbol = Self.levels[level].first(where: { peek($0) }) {
        index += 1
        left = try Self.checked(.binary(symbol, left, try binary(level + 1)))
      }
      return left
    }

    mutating func unary() throws -> Node {
      try nest()
      defer { nesting -= 1 }
      if take("!") { return .unary("!", try unary()) }
      if take("-") { return .unary("-", try unary()) }
      if take("+") { return try unary() }
      return try primary()
    }

    mutating func primary() throws -> Node {
      guard index < tokens.count else { throw ExpressionError("the expression ends too soon") }
      let token = tokens[index]
      index += 1
      switch token.kind {
      case .number:
        guard let number = Double(token.text) else {
          throw ExpressionError("\(token.text) is not a number")
        }
        return .literal(.number(number))
      case .string: return .literal(.string(token.text))
      case .symbol:
        guard token.text == "(" else { throw ExpressionError("unexpected \(token.text)") }
        let inner = try expression()
        try expect(")")
        return inner
      case .name:
        switch token.text {
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "null": return .literal(.null)
        case "PI": return .literal(.number(Double.pi))
        case "E": return .literal(.number(M_E))
        case "datum":
          if take(".") {
            guard index < tokens.count, tokens[index].kind == .name else {
              throw ExpressionError("expected a field name after datum.")
            }
            index += 1
            return .field(tokens[index - 1].text)
          }
          try expect("[")
          guard index < tokens.count, tokens[index].kind == .string else {
            throw ExpressionError("expected a quoted field name in datum[...]")
          }
          index += 1
          let name = tokens[index - 1].text
          try expect("]")
          return .field(name)
        default:
          guard VegaLiteExpression.functions.contains(token.text) else {
            throw ExpressionError("\(token.text) is not one of the functions read")
          }
          try expect("(")
          var arguments: [Node] = []
          if !take(")") {
            repeat { arguments.append(try expression()) } while take(",")
            try expect(")")
          }
          return try Self.checked(.call(token.text, arguments))
        }
      }
    }
  }

  static let functions: Set<String> = [
    "abs", "ceil", "floor", "round", "sqrt", "exp", "log", "pow", "min", "max", "clamp", "isValid",
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "if",
    "isNaN", "toNumber", "toString", "toBoolean", "lower", "upper", "length", "substring",
    "indexof",
    "year", "quarter", "month", "date", "day", "hours", "minutes", "seconds",
  ]

  /// The value for a row.
  func evaluate(_ row: [String: JSONValue]) -> JSONValue { Self.evaluate(root, row) }

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

  static func evaluate(_ node: Node, _ row: [String: JSONValue]) -> JSONValue {
    switch node {
    case .literal(let value): return value
    case .field(let name): return row[name] ?? .null
    case .unary(let op, let operand):
      let value = evaluate(operand, row)
      return op == "!" ? .bool(!truthy(value)) : .number(-number(value))
    case .conditional(let condition, let yes, let no):
      return truthy(evaluate(condition, row)) ? evaluate(yes, row) : evaluate(no, row)
    case .binary(let op, let leftNode, let rightNode):
      if op == "&&" {
        let left = evaluate(leftNode, row)
        return truthy(left) ? evaluate(rightNode, row) : left
      }
      if op == "||" {
        let left = evaluate(leftNode, row)
        return truthy(left) ? left : evaluate(rightNode, row)
      }
      let left = evaluate(leftNode, row)
      let right = evaluate(rightNode, row)
      switch op {
      case "+":
        if case .string = left { return .string(text(left) + text(right)) }
        if case .string = right { return .string(text(left) + text(right)) }
        return .number(number(left) + number(right))
      case "-": return .number(number(left) - number(right))
      case "*": return .number(number(left) * number(right))
      case "/": return .number(number(left) / number(right))
      case "%": return .number(number(left).truncatingRemainder(dividingBy: number(right)))
      case "===", "==": return .bool(equal(left, right, strict: op == "==="))
      case "!==", "!=": return .bool(!equal(left, right, strict: op == "!=="))
      default:
        let ordered: Bool
        if case .string(let a) = left, case .string(let b) = right {
          switch op {
          case "<": ordered = a < b
          case "<=": ordered = a <= b
          case ">": ordered = a > b
          default: ordered = a >= b
          }
        } else {
          let (a, b) = (number(left), number(right))
          switch op {
          case "<": ordered = a < b
          case "<=": ordered = a <= b
          case ">": ordered = a > b
          default: ordered = a >= b
          }
        }
        return .bool(ordered)
      }
    case .call(let name, let arguments):
      let values = arguments.map { evaluate($0, row) }
      let numbers = values.map(number)
      func first() -> Double { numbers.first ?? .nan }
      func dateParts() -> (year: Int, month: Int, day: Int, weekday: Int, rest: Int)? {
        let value = values.first ?? .null
        let seconds: Double?
        switch value {
        case .number(let millis): seconds = millis / 1000
        case .string(let text): seconds = ISODate.looseSeconds(text)
        default: seconds = nil
        }
        guard let seconds, abs(seconds) < ISODate.limit else { return nil }
        let days = Int((seconds / 86400).rounded(.down))
        let (year, month, day) = ISODate.civil(fromDays: days)
        return (
          year, month, day, ((days % 7) + 7 + 4) % 7, Int(seconds.rounded(.down)) - days * 86400
        )
      }
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
      case "substring":
        let string = Array(text(values.first ?? .null))
        let start = Swift.max(0, Swift.min(string.count, Int(numbers.count > 1 ? numbers[1] : 0)))
        let end = Swift.max(
          start, Swift.min(string.count, numbers.count > 2 ? Int(numbers[2]) : string.count))
        return .string(String(string[start..<end]))
      case "indexof":
        let string = text(values.first ?? .null)
        let needle = text(values.count > 1 ? values[1] : .null)
        guard let range = string.range(of: needle) else { return .number(-1) }
        return .number(Double(string.distance(from: string.startIndex, to: range.lowerBound)))
      default:
        guard let parts = dateParts() else { return .null }
        switch name {
        case "year": return .number(Double(parts.year))
        case "quarter": return .number(Double((parts.month - 1) / 3 + 1))
        case "month": return .number(Double(parts.month - 1))
        case "date": return .number(Double(parts.day))
        case "day": return .number(Double(parts.weekday))
        case "hours": return .number(Double(parts.rest / 3600))
        case "minutes": return .number(Double(parts.rest / 60 % 60))
        default: return .number(Double(parts.rest % 60))
        }
      }
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
