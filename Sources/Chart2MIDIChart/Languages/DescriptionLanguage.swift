import Foundation

/// The words a chart's description is written in, and a narration spoken in: English, German,
/// French or Spanish, each one table (`LanguageTable`, a file per language). A chart's own texts
/// (its title, summary, axis titles, series, categories and labels) stay as they are written; the
/// numbers the description formats take the language's separators, so that a German voice reads
/// "1,38" as a decimal and "10.000" as ten thousand.
public struct DescriptionLanguage: Hashable, Sendable {
  /// A language's code, as eSpeak NG names its voices' languages ("de"); each language's file
  /// names its own (`Code.german`).
  public struct Code: RawRepresentable, Hashable, Sendable {
    /// "en", "de", "fr", "es".
    public var rawValue: String

    /// A code.
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  /// The language.
  package let code: Code
  /// Its words and rules, not compared: the code says which they are.
  private let entry: Entry
  /// Its words and rules.
  package var table: LanguageTable { entry.table }

  /// A language's table, equal to any other: two languages are the same when their codes are.
  private struct Entry: Hashable, Sendable {
    let table: LanguageTable
    static func == (a: Entry, b: Entry) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// The language of an eSpeak NG voice ("de", "fr-fr", "es-419", "en-us+f3"); English for a
  /// voice of a language without a table.
  public init(voice: String) {
    let language = voice.split(separator: "+").first.map(String.init) ?? voice
    let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
    self.init(Code(rawValue: primary))
  }

  /// The words of a language; English for a code without a table.
  public init(_ code: Code) {
    let table = LanguageTable.all.first { $0.code == code } ?? .english
    entry = Entry(table: table)
    self.code = table.code
  }

  /// English.
  public static let english = DescriptionLanguage(.english)

  // MARK: Punctuation and numbers

  /// A colon or semicolon between two parts, with the space some languages put before it (" : ").
  package func separator(_ mark: Character) -> String {
    table.spacesBeforeColons ? " \(mark) " : "\(mark) "
  }

  /// A time in the audio as minutes, seconds and tenths ("0:07.5"), as the exercises and the
  /// braille lead a point with it.
  package static func clock(_ seconds: Double) -> String {
    let tenths = Int((max(0, seconds) * 10).rounded())
    let rest = tenths % 600
    return "\(tenths / 600):\(rest < 100 ? "0" : "")\(rest / 10).\(rest % 10)"
  }

  /// A time in the audio in this language's number format: "0:07,5" in German.
  package func clock(_ seconds: Double) -> String { number(Self.clock(seconds)) }

  /// A number the description formatted (with "," grouping thousands and "." before decimals), with
  /// the language's separators: only a separator between two digits changes.
  package func number(_ text: String) -> String {
    let table = self.table
    let (decimal, grouping) = (table.decimalSeparator, table.groupingSeparator)
    guard decimal != "." || grouping != "," else { return text }
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      let between =
        index > 0 && index + 1 < characters.count && characters[index - 1].isNumber
        && characters[index + 1].isNumber
      switch character {
      case "." where between: result.append(decimal)
      case "," where between: result.append(grouping)
      default: result.append(character)
      }
    }
    return result
  }

  // MARK: Axes

  /// "The x axis is Year, from 1917 to 1975."
  package func axisSentence(_ role: AxisRole, _ text: String) -> String {
    switch role {
    case .x: table.xAxis(text)
    case .y: table.yAxis(text)
    case .additional: table.additionalAxis(text)
    }
  }

  /// Which axis a sentence is about.
  package enum AxisRole { case x, y, additional }

  /// "Year, from 1917 to 1975", with ", on a log10 scale" for a scale that is not linear.
  package func numericAxis(_ title: String, from low: String, to high: String, scale: String?)
    -> String
  {
    table.numericRange(title, low, high) + (scale.map(table.onScale) ?? "")
  }

  /// "Month, with 12 categories: Jan, Feb, …".
  package func categoricalAxis(_ title: String, categories: [String]) -> String {
    table.categoricalAxis(title, categories.count, categories.joined(separator: ", "))
  }

  // MARK: Facts

  /// An extreme that `count` points share: "3 degrees, 6 times, first on day 21".
  package func repeated(_ value: String, _ count: Int, _ place: String) -> String {
    table.repeated(value, count, place)
  }

  /// "High is higher on average than Low, by 10." for two series, the order from the highest for
  /// more.
  package func comparison(_ ranked: [String], by difference: String) -> String {
    ranked.count == 2
      ? table.twoCompared(ranked[0], ranked[1], difference)
      : table.ranking(ranked.joined(separator: ", "))
  }

  /// A summary's sentence for one series: "Births rises overall, with a high of … and a low of
  /// …."
  package func summary(_ name: String, trend: String, high: String, low: String) -> String {
    table.summary(name, trend, high, low)
  }

  /// The word before an x value: before a date, the one its format calls for as the language
  /// writes it ("on 5 March 2020", "im März 2020", "le 5 mars 2020"); else the word before a
  /// measure with a unit ("at") or before a number or category ("in").
  package func preposition(date: DateFormat?, measure: Bool, category: Bool = false) -> String {
    if let date { return table.datePreposition(datePattern(for: date)) }
    if category, let word = table.categoryPreposition { return word }
    return measure ? table.measurePreposition : table.valuePreposition
  }

  // MARK: Dates

  /// The names of the months, January first.
  package var months: [String] { table.months }

  /// The names of the weekdays, Thursday first (1 January 1970 was a Thursday).
  var weekdays: [String] { table.weekdays }

  /// How a date in `format` is written: a format of a precision in the language's order ("%e.
  /// %B %Y" in German); any other as it is.
  func datePattern(for format: DateFormat) -> DateFormat {
    guard let precision = DateFormat.Precision(format: format), let day = table.dayPattern else {
      return format
    }
    switch precision {
    case .year: return format
    case .month: return DateFormat(table.monthPattern)
    case .day: return DateFormat(day)
    case .minute: return DateFormat(day + ", %H:%M")
    case .second: return DateFormat(day + ", %H:%M:%S")
    }
  }
}
