import Chart2MIDIBase
import Chart2MIDIChart
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

  /// The number of operations and values in the tree: what evaluating it once costs.
  var size: Int { Self.size(root) }

  /// The deepest an expression's tree may be: deeper ones are refused, never a stack overflow.
  static let maximumDepth = 100

  /// The number of nodes of a tree.
  static func size(_ node: Node) -> Int {
    switch node {
    case .literal, .field: 1
    case .unary(_, let inner): 1 + size(inner)
    case .binary(_, let left, let right): 1 + size(left) + size(right)
    case .conditional(let a, let b, let c): 1 + size(a) + size(b) + size(c)
    case .call(_, let arguments): arguments.reduce(1) { $0 + size($1) }
    }
  }

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
}
