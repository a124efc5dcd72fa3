import Foundation

/// The words a chart's description is written in, and a narration spoken in: English, German,
/// French or Spanish. A chart's own texts (its title, summary, axis titles, series, categories and
/// labels) stay as they are written; the numbers the description formats take the language's
/// separators, so that a German voice reads "1,38" as a decimal and "10.000" as ten thousand.
public struct DescriptionLanguage: Hashable, Sendable {
  /// The languages with words of their own.
  public enum Code: String, CaseIterable, Sendable {
    /// English, the words of `describe`.
    case english = "en"
    /// German.
    case german = "de"
    /// French.
    case french = "fr"
    /// Spanish.
    case spanish = "es"
  }

  /// The language.
  public let code: Code

  /// The language of an eSpeak NG voice ("de", "fr-fr", "es-419", "en-us+f3"); English for a
  /// voice of any other language.
  public init(voice: String) {
    let language = voice.split(separator: "+").first.map(String.init) ?? voice
    let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
    code = Code(rawValue: primary) ?? .english
  }

  /// The words of a language.
  public init(_ code: Code) { self.code = code }

  /// English.
  public static let english = DescriptionLanguage(.english)

  // MARK: Punctuation and numbers

  /// A colon or semicolon between two parts, with the space French puts before it (" : ").
  public func separator(_ mark: Character) -> String {
    code == .french ? " \(mark) " : "\(mark) "
  }

  /// A number the description formatted (with "," grouping thousands and "." before decimals), with
  /// the language's separators: only a separator between two digits changes.
  public func number(_ text: String) -> String {
    guard code != .english else { return text }
    let (decimal, grouping): (Character, Character) = code == .french ? (",", " ") : (",", ".")
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
  func axisSentence(_ role: AxisRole, _ text: String) -> String {
    switch (code, role) {
    case (.english, .x): "The x axis is \(text)."
    case (.english, .y): "The y axis is \(text)."
    case (.english, .additional): "An additional axis is \(text)."
    case (.german, .x): "Die x-Achse ist \(text)."
    case (.german, .y): "Die y-Achse ist \(text)."
    case (.german, .additional): "Eine weitere Achse ist \(text)."
    case (.french, .x): "L'axe des x est \(text)."
    case (.french, .y): "L'axe des y est \(text)."
    case (.french, .additional): "Un axe supplémentaire est \(text)."
    case (.spanish, .x): "El eje x es \(text)."
    case (.spanish, .y): "El eje y es \(text)."
    case (.spanish, .additional): "Un eje adicional es \(text)."
    }
  }

  /// Which axis a sentence is about.
  enum AxisRole { case x, y, additional }

  /// "Year, from 1917 to 1975", with ", on a log10 scale" for a scale that is not linear.
  func numericAxis(_ title: String, from low: String, to high: String, scale: String?) -> String {
    let range: String
    switch code {
    case .english: range = "\(title), from \(low) to \(high)"
    case .german: range = "\(title), von \(low) bis \(high)"
    case .french: range = "\(title), de \(low) à \(high)"
    case .spanish: range = "\(title), de \(low) a \(high)"
    }
    guard let scale else { return range }
    switch code {
    case .english: return range + ", on a \(scale) scale"
    case .german: return range + ", auf einer \(scale)-Skala"
    case .french: return range + ", sur une échelle \(scale)"
    case .spanish: return range + ", en una escala \(scale)"
    }
  }

  /// "Month, with 12 categories: Jan, Feb, …".
  func categoricalAxis(_ title: String, categories: [String]) -> String {
    let count = categories.count
    let list = categories.joined(separator: ", ")
    switch code {
    case .english: return "\(title), with \(count) categor\(count == 1 ? "y" : "ies"): \(list)"
    case .german: return "\(title), mit \(count) Kategorie\(count == 1 ? "" : "n"): \(list)"
    case .french: return "\(title), avec \(count) catégorie\(count == 1 ? "" : "s") : \(list)"
    case .spanish: return "\(title), con \(count) categoría\(count == 1 ? "" : "s"): \(list)"
    }
  }

  // MARK: Facts

  /// A trend in words, as a sentence of its own ("It rises overall.") or within a summary
  /// ("rises overall").
  public func trend(_ direction: SeriesStatistics.Direction?, sentence: Bool) -> String {
    switch (code, direction, sentence) {
    case (.english, .increasing?, true): "It rises overall."
    case (.english, .decreasing?, true): "It falls overall."
    case (.english, _, true): "It shows no overall rise or fall."
    case (.english, .increasing?, false): "rises overall"
    case (.english, .decreasing?, false): "falls overall"
    case (.english, _, false): "shows no overall rise or fall"
    case (.german, .increasing?, true): "Insgesamt steigt es."
    case (.german, .decreasing?, true): "Insgesamt fällt es."
    case (.german, _, true): "Es zeigt insgesamt weder Anstieg noch Abfall."
    case (.german, .increasing?, false): "steigt insgesamt"
    case (.german, .decreasing?, false): "fällt insgesamt"
    case (.german, _, false): "zeigt insgesamt weder Anstieg noch Abfall"
    case (.french, .increasing?, true): "Dans l'ensemble, la série monte."
    case (.french, .decreasing?, true): "Dans l'ensemble, la série descend."
    case (.french, _, true): "Dans l'ensemble, la série ne monte ni ne descend."
    case (.french, .increasing?, false): "monte dans l'ensemble"
    case (.french, .decreasing?, false): "descend dans l'ensemble"
    case (.french, _, false): "ne monte ni ne descend dans l'ensemble"
    case (.spanish, .increasing?, true): "En general, sube."
    case (.spanish, .decreasing?, true): "En general, baja."
    case (.spanish, _, true): "En general, ni sube ni baja."
    case (.spanish, .increasing?, false): "sube en general"
    case (.spanish, .decreasing?, false): "baja en general"
    case (.spanish, _, false): "ni sube ni baja en general"
    }
  }

  /// "High is higher on average than Low, by 10." for two series, the order from the highest for
  /// more.
  func comparison(_ ranked: [String], by difference: String) -> String {
    if ranked.count == 2 {
      let (a, b) = (ranked[0], ranked[1])
      switch code {
      case .english: return "\(a) is higher on average than \(b), by \(difference)."
      case .german: return "\(a) liegt im Mittel um \(difference) höher als \(b)."
      case .french: return "\(a) est en moyenne plus élevé que \(b), de \(difference)."
      case .spanish: return "\(a) es en promedio más alto que \(b), por \(difference)."
      }
    }
    let list = ranked.joined(separator: ", ")
    switch code {
    case .english: return "From highest to lowest on average: \(list)."
    case .german: return "Vom höchsten zum niedrigsten Mittelwert: \(list)."
    case .french: return "Du plus élevé au plus bas en moyenne : \(list)."
    case .spanish: return "De mayor a menor en promedio: \(list)."
    }
  }

  /// A summary's sentence for one series: "Births rises overall, with a high of … and a low of
  /// …."
  func summary(_ name: String, trend: String, high: String, low: String) -> String {
    switch code {
    case .english: "\(name) \(trend), with a high of \(high) and a low of \(low)."
    case .german:
      "\(name) \(trend), mit einem Höchstwert von \(high) und einem Tiefstwert von \(low)."
    case .french: "\(name) \(trend), avec un maximum de \(high) et un minimum de \(low)."
    case .spanish: "\(name) \(trend), con un máximo de \(high) y un mínimo de \(low)."
    }
  }

  /// The word before an x value: before a date, the one its format calls for ("on 5 March 2020",
  /// "im März 2020", "le 5 mars 2020"); else "at" for a measure with a unit and "in" for a number
  /// or category, and their counterparts elsewhere.
  func preposition(date: DateFormat?, measure: Bool) -> String {
    if let date {
      let written = datePattern(for: date)
      let (day, time) = (written.hasDay, written.hasTime)
      switch code {
      case .english: return date.preposition
      case .german: return day ? "am" : time ? "um" : written.hasMonth ? "im" : "im Jahr"
      case .french: return day ? "le" : time ? "à" : "en"
      case .spanish: return day ? "el" : time ? "a las" : "en"
      }
    }
    switch code {
    case .english: return measure ? "at" : "in"
    case .german: return measure ? "bei" : "in"
    case .french: return measure ? "à" : "en"
    case .spanish: return "en"
    }
  }

  // MARK: Dates

  /// The names of the months, January first.
  var months: [String] {
    switch code {
    case .english: DateFormat.months
    case .german:
      [
        "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
        "Oktober", "November", "Dezember",
      ]
    case .french:
      [
        "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
        "octobre", "novembre", "décembre",
      ]
    case .spanish:
      [
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
        "octubre", "noviembre", "diciembre",
      ]
    }
  }

  /// The names of the weekdays, Thursday first (1 January 1970 was a Thursday).
  var weekdays: [String] {
    switch code {
    case .english: DateFormat.weekdays
    case .german:
      ["Donnerstag", "Freitag", "Samstag", "Sonntag", "Montag", "Dienstag", "Mittwoch"]
    case .french: ["jeudi", "vendredi", "samedi", "dimanche", "lundi", "mardi", "mercredi"]
    case .spanish: ["jueves", "viernes", "sábado", "domingo", "lunes", "martes", "miércoles"]
    }
  }

  /// How a date in `format` is written: a format of a precision in the language's order ("%e.
  /// %B %Y" in German); any other as it is.
  func datePattern(for format: DateFormat) -> DateFormat {
    guard let precision = DateFormat.Precision(format: format) else { return format }
    let day: String
    switch code {
    case .english: return format
    case .german: day = "%e. %B %Y"
    case .french: day = "%e %B %Y"
    case .spanish: day = "%e de %B de %Y"
    }
    switch precision {
    case .year: return format
    case .month: return DateFormat(code == .spanish ? "%B de %Y" : "%B %Y")
    case .day: return DateFormat(day)
    case .minute: return DateFormat(day + ", %H:%M")
    case .second: return DateFormat(day + ", %H:%M:%S")
    }
  }
}
