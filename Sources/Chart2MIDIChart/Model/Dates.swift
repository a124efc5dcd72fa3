import Foundation

/// ISO 8601 dates and date-times as seconds since 1970-01-01T00:00:00Z, the values of a date axis.
package enum ISODate {
  /// Seconds beyond which no date is read or written (about 3 million years from 1970).
  package static let limit = 1e14

  /// The seconds of `2015`, `2015-07`, `2015-07-14`, `2015-07-14T13:05`, `2015-07-14T13:05:30.5Z`
  /// or `2015-07-14 13:05:30+02:00` (no zone is UTC); nil for anything else, or a day that does
  /// not exist.
  package static func seconds(_ text: String) -> Double? {
    var bytes = Array(text.utf8)[...]
    func digits(_ count: Int) -> Int? {
      guard bytes.count >= count else { return nil }
      var value = 0
      for byte in bytes.prefix(count) {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      bytes = bytes.dropFirst(count)
      return value
    }
    func take(_ character: Character) -> Bool {
      guard bytes.first == character.asciiValue else { return false }
      bytes = bytes.dropFirst()
      return true
    }
    guard let year = digits(4) else { return nil }
    var (month, day, hour, minute, second) = (1, 1, 0, 0, 0.0)
    var offset = 0
    if take("-") {
      guard let m = digits(2), (1...12).contains(m) else { return nil }
      month = m
      if take("-") {
        guard let d = digits(2), (1...daysIn(month: month, year: year)).contains(d) else {
          return nil
        }
        day = d
        if take("T") || take(" ") {
          guard let h = digits(2), h < 24, take(":"), let mm = digits(2), mm < 60 else {
            return nil
          }
          (hour, minute) = (h, mm)
          if take(":") {
            guard let s = digits(2), s < 60 else { return nil }
            second = Double(s)
            if take(".") {
              var scale = 0.1
              var any = false
              while let byte = bytes.first, (48...57).contains(byte) {
                second += Double(byte - 48) * scale
                scale /= 10
                any = true
                bytes = bytes.dropFirst()
              }
              guard any else { return nil }
            }
          }
          if take("Z") {
          } else if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            bytes = bytes.dropFirst()
            guard let h = digits(2), h < 24 else { return nil }
            _ = take(":")
            guard let m = digits(2), m < 60 else { return nil }
            offset = (h * 60 + m) * 60 * (sign == UInt8(ascii: "+") ? 1 : -1)
          }
        }
      }
    }
    guard bytes.isEmpty else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    return Double(days * 86400 + hour * 3600 + minute * 60 - offset) + second
  }

  /// Days in a month of the Gregorian calendar.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
  package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
  }

  /// The date of a day count from 1970-01-01.
  package static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719468
    let era = (z >= 0 ? z : z - 146096) / 146097
    let dayOfEra = z - era * 146097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// How a date axis writes its values: a pattern with `%Y` (year), `%q` (quarter, 1-4), `%m` (month, 01-12), `%B` (month
/// name), `%b` (its first three letters), `%d` (day, 01-31), `%e` (day, 1-31), `%A` (weekday), `%H`
/// (hour), `%M` (minute), `%S` (second) and `%%`, in UTC, in English or another
/// `DescriptionLanguage`.
public struct DateFormat: Hashable, Sendable {
  /// The pattern.
  public var pattern: String

  /// A format from a pattern; any text outside the conversions is kept.
  public init(_ pattern: String) { self.pattern = pattern }

  /// How precise a date axis's values are, coarsest first.
  package enum Precision: Int, Comparable, Sendable, CaseIterable {
    /// 1 January at midnight.
    case year
    /// The 1st of a month at midnight.
    case month
    /// Midnight.
    case day
    /// A whole minute.
    case minute
    /// Anything finer.
    case second

    /// Coarser before finer.
    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The pattern that writes a value of this precision.
    package var format: DateFormat {
      switch self {
      case .year: DateFormat("%Y")
      case .month: DateFormat("%B %Y")
      case .day: DateFormat("%e %B %Y")
      case .minute: DateFormat("%e %B %Y, %H:%M")
      case .second: DateFormat("%e %B %Y, %H:%M:%S")
      }
    }

    /// The precision whose format `format` is, if it is one.
    init?(format: DateFormat) {
      guard let precision = Self.allCases.first(where: { $0.format == format }) else { return nil }
      self = precision
    }
  }

  /// The precision a value needs: a year for 1 January at midnight, a month for the 1st of a month,
  /// a day for midnight, else minutes or seconds.
  package static func precision(of seconds: Double) -> Precision {
    let whole = seconds.rounded(.down)
    if whole != seconds || abs(seconds) >= ISODate.limit { return .second }
    let days = Int((whole / 86400).rounded(.down))
    let rest = Int(whole) - days * 86400
    if rest % 60 != 0 { return .second }
    if rest != 0 { return .minute }
    let (_, month, day) = ISODate.civil(fromDays: days)
    if day != 1 { return .day }
    return month == 1 ? .year : .month
  }

  /// The format that fits every value: the finest precision any of them needs.
  package static func fitting(_ values: some Sequence<Double>) -> DateFormat {
    var finest = Precision.year
    for value in values where value.isFinite {
      finest = max(finest, precision(of: value))
      if finest == .second { break }
    }
    return finest.format
  }

  package static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  static let weekdays = [
    "Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday",
  ]

  /// The word before a date in this format: "at" with a time, "on" with a day, else "in".
  package var preposition: String { hasTime ? "at" : hasDay ? "on" : "in" }

  /// Whether the format writes a time of day.
  var hasTime: Bool { pattern.contains("%H") || pattern.contains("%M") }
  /// Whether it writes a day.
  var hasDay: Bool { ["%d", "%e", "%A"].contains { pattern.contains($0) } }
  /// Whether it writes a month.
  var hasMonth: Bool { ["%B", "%b", "%m"].contains { pattern.contains($0) } }

  /// The date of `seconds` since 1970 in this format, with the month and weekday names of
  /// `language`; a format of a precision (`Precision.format`) takes the language's order of day,
  /// month and year ("5. März 2020", "5 de marzo de 2020").
  public func format(_ seconds: Double, in language: DescriptionLanguage = .english) -> String {
    guard abs(seconds) < ISODate.limit else { return ValueFormat.plain(seconds) }
    let pattern = language.datePattern(for: self).pattern
    let (months, weekdays) = (language.months, language.weekdays)
    let whole = seconds.rounded(.down)
    let days = Int((whole / 86400).rounded(.down))
    let rest = Int(whole) - days * 86400
    let (year, month, day) = ISODate.civil(fromDays: days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    var text = ""
    var percent = false
    for character in pattern {
      guard percent else {
        if character == "%" { percent = true } else { text.append(character) }
        continue
      }
      percent = false
      switch character {
      case "Y": text += String(year)
      case "y": text += two(((year % 100) + 100) % 100)
      case "m": text += two(month)
      case "q": text += String((month - 1) / 3 + 1)
      case "B": text += months[month - 1]
      case "b": text += String(months[month - 1].prefix(3))
      case "d": text += two(day)
      // French writes and says the first of a month as "1er" (premier).
      case "e": text += day == 1 ? language.table.firstOfMonth ?? "1" : String(day)
      case "A": text += weekdays[((days % 7) + 7) % 7]
      case "H": text += two(rest / 3600)
      case "M": text += two(rest / 60 % 60)
      case "S": text += two(rest % 60)
      case "%": text += "%"
      default: text += "%\(character)"
      }
    }
    return text
  }
}

extension NumericAxis {
  /// A date axis from two ISO 8601 dates; nil when either is not one or they are not in order.
  /// Give points their x as `.number(ISODate.seconds("2015-07-14")!)`.
  package static func dates(
    title: String, from start: String, to end: String,
    format: DateFormat = DateFormat.Precision.day.format
  ) -> NumericAxis? {
    guard let low = ISODate.seconds(start), let high = ISODate.seconds(end), low < high else {
      return nil
    }
    var axis = NumericAxis(title: title, range: low...high)
    axis.dateFormat = format
    return axis
  }
}
