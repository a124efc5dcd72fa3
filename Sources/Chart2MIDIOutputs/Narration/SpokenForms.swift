import Chart2MIDIChart
import Chart2MIDISonification
import Foundation

/// What eSpeak NG is given to say for a written sentence: the words a listener expects where it
/// would read the characters. eSpeak NG reads "$0.00" as "dollar zero point zero zero", and in
/// French and Spanish drops the sign of "-4"; here "$0.00" is said "0 dollars", "$12.50" "12
/// dollars and 50 cents", "-4 °C" "minus 4 degrees Celsius", in each narration language.
/// Captions and markers keep the written text.
struct SpokenForms {
  let language: DescriptionLanguage

  /// A language's words for the forms.
  struct Words {
    var minus: String
    var currencies: [Character: (one: String, many: String)]
    /// "12 dollars and 50 cents": the amount, the currency, the hundredths.
    var withCents: (String, String, String) -> String
    var celsius: String
    var fahrenheit: String
  }

  var words: Words {
    switch language.code {
    case .german:
      Words(
        minus: "minus",
        currencies: ["$": ("Dollar", "Dollar"), "€": ("Euro", "Euro"), "£": ("Pfund", "Pfund")],
        withCents: { "\($0) \($1) \($2)" }, celsius: "Grad Celsius", fahrenheit: "Grad Fahrenheit")
    case .french:
      Words(
        minus: "moins",
        currencies: [
          "$": ("dollar", "dollars"), "€": ("euro", "euros"), "£": ("livre", "livres"),
        ], withCents: { "\($0) \($1) \($2)" }, celsius: "degrés Celsius",
        fahrenheit: "degrés Fahrenheit")
    case .spanish:
      Words(
        minus: "menos",
        currencies: [
          "$": ("dólar", "dólares"), "€": ("euro", "euros"), "£": ("libra", "libras"),
        ], withCents: { "\($0) \($1) con \($2)" }, celsius: "grados Celsius",
        fahrenheit: "grados Fahrenheit")
    default:
      Words(
        minus: "minus",
        currencies: [
          "$": ("dollar", "dollars"), "€": ("euro", "euros"), "£": ("pound", "pounds"),
        ], withCents: { "\($0) \($1) and \($2) cents" }, celsius: "degrees Celsius",
        fahrenheit: "degrees Fahrenheit")
    }
  }

  /// A number as the language writes it: digits grouped by its grouping separator, then its
  /// decimal separator and digits.
  var numberPattern: String {
    let table = language.table
    let group = NSRegularExpression.escapedPattern(for: String(table.groupingSeparator))
    let decimal = NSRegularExpression.escapedPattern(for: String(table.decimalSeparator))
    return "(?:\\d{1,3}(?:\(group)\\d{3})+|\\d+)(?:\(decimal)\\d+)?"
  }

  /// `text` with money, signs and temperatures in words.
  func spoken(_ text: String) -> String {
    var result = text
    let words = self.words
    let decimal = String(language.table.decimalSeparator)
    let symbols = "[$€£]"
    let number = numberPattern
    // An amount of money, its symbol before or after it: "$12.50", "12,50 $", "-$3".
    func money(_ sign: String, _ symbol: Character, _ amount: String) -> String {
      guard let names = words.currencies[symbol] else { return amount }
      let parts = amount.components(separatedBy: decimal)
      let whole = parts[0]
      let isOne = whole == "1" && (parts.count == 1 || parts[1].allSatisfy { $0 == "0" })
      let name = isOne ? names.one : names.many
      let prefix = sign.isEmpty ? "" : words.minus + " "
      if parts.count == 2, parts[1].count == 2 {
        if parts[1] == "00" { return prefix + "\(whole) \(name)" }
        let cents = String(Int(parts[1]) ?? 0)
        return prefix + words.withCents(whole, name, cents)
      }
      return prefix + "\(amount) \(name)"
    }
    result = replacing(
      "(?<![\\p{L}\\p{N}])([-−]?)(\(symbols))\\s?(\(number))", in: result
    ) { groups in money(groups[1], Character(groups[2]), groups[3]) }
    result = replacing(
      "(?<![\\p{L}\\p{N}])([-−]?)(\(number))\\s?(\(symbols))(?![\\p{L}\\p{N}])", in: result
    ) { groups in money(groups[1], Character(groups[3]), groups[2]) }
    // A sign before a number, not a dash between two ("2000-2010").
    result = replacing("(?<![\\p{L}\\p{N}])[-−](?=\\d)", in: result) { _ in words.minus + " " }
    // Temperatures after a number.
    result = replacing("(?<=\\d)\\s?°C(?![\\p{L}])", in: result) { _ in " " + words.celsius }
    result = replacing("(?<=\\d)\\s?°F(?![\\p{L}])", in: result) { _ in " " + words.fahrenheit }
    return result
  }

  /// `text` with each match of `pattern` replaced by what `replacement` makes of its groups (the
  /// whole match first).
  func replacing(_ pattern: String, in text: String, _ replacement: ([String]) -> String)
    -> String
  {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
    let whole = text as NSString
    var result = ""
    var last = 0
    for match in expression.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
      result += whole.substring(with: NSRange(location: last, length: match.range.location - last))
      let groups = (0..<match.numberOfRanges).map { index -> String in
        let range = match.range(at: index)
        return range.location == NSNotFound ? "" : whole.substring(with: range)
      }
      result += replacement(groups)
      last = match.range.location + match.range.length
    }
    result += whole.substring(from: last)
    return result
  }
}
