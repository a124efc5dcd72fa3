import Foundation

/// ISO 8601 dates and date-times as seconds since 1970-01-01T00:00:00Z, the values of a date axis.
public enum ISODate {
  /// Seconds beyond which no date is read or written (about 3 million years from 1970).
  public static let limit = 1e14

  /// The seconds of `2015`, `2015-07`, `2015-07-14`, `2015-07-14T13:05`, `2015-07-14T13:05:30.5Z`
  /// or `2015-07-14 13:05:30+02:00` (no zone is UTC); nil for anything else, or a day that does
  /// not exist.
  public static func seconds(_ text: String) -> Double? {
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
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146097 + dayOfEra - 719468
  }

  /// The date of a day count from 1970-01-01.
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
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
/// (hour), `%M` (minute), `%S` (second) and `%%`, in UTC, in English.
public struct DateFormat: Hashable, Sendable {
  /// The pattern.
  public var pattern: String

  /// A format from a pattern; any text outside the conversions is kept.
  public init(_ pattern: String) { self.pattern = pattern }

  /// How precise a date axis's values are, coarsest first.
  public enum Precision: Int, Comparable, Sendable {
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
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The pattern that writes a value of this precision.
    public var format: DateFormat {
      switch self {
      case .year: DateFormat("%Y")
      case .month: DateFormat("%B %Y")
      case .day: DateFormat("%e %B %Y")
      case .minute: DateFormat("%e %B %Y, %H:%M")
      case .second: DateFormat("%e %B %Y, %H:%M:%S")
      }
    }
  }

  /// The precision a value needs: a year for 1 January at midnight, a month for the 1st of a month,
  /// a day for midnight, else minutes or seconds.
  public static func precision(of seconds: Double) -> Precision {
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
  public static func fitting(_ values: some Sequence<Double>) -> DateFormat {
    var finest = Precision.year
    for value in values where value.isFinite {
      finest = max(finest, precision(of: value))
      if finest == .second { break }
    }
    return finest.format
  }

  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  static let weekdays = [
    "Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday",
  ]

  /// The word before a date in this format: "at" with a time, "on" with a day, else "in".
  public var preposition: String {
    if pattern.contains("%H") || pattern.contains("%M") { return "at" }
    if pattern.contains("%d") || pattern.contains("%e") || pattern.contains("%A") { return "on" }
    return "in"
  }

  /// The date of `seconds` since 1970 in this format.
  public func format(_ seconds: Double) -> String {
    guard abs(seconds) < ISODate.limit else { return ValueFormat.plain(seconds) }
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
      case "B": text += Self.months[month - 1]
      case "b": text += String(Self.months[month - 1].prefix(3))
      case "d": text += two(day)
      case "e": text += String(day)
      case "A": text += Self.weekdays[((days % 7) + 7) % 7]
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
  public static func dates(
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

extension DateFormat {
  /// The seconds of `text` read with this pattern, as d3-time-format's parser reads it: the
  /// conversions of `format(_:)` plus `%a` (weekday, checked loosely), `%I` and `%p` (12-hour
  /// clock), `%L` (milliseconds) and `%j` (day of the year); padding modifiers (`%-d`, `%_d`,
  /// `%0d`) are accepted. Nil when the text does not match or names a day that does not exist.
  public func parse(_ text: String) -> Double? {
    var input = Array(text.utf8)[...]
    var (year, month, day, hour, minute, second) = (1900, 1, 1, 0, 0, 0.0)
    var dayOfYear: Int?
    var afternoon: Bool?
    func number(_ most: Int) -> Int? {
      while input.first == UInt8(ascii: " ") { input = input.dropFirst() }
      var value = 0
      var count = 0
      var negative = false
      if input.first == UInt8(ascii: "-") && most == 4 {
        negative = true
        input = input.dropFirst()
      }
      while count < most, let byte = input.first, (48...57).contains(byte) {
        value = value * 10 + Int(byte - 48)
        count += 1
        input = input.dropFirst()
      }
      return count == 0 ? nil : (negative ? -value : value)
    }
    func word(_ names: [String]) -> Int? {
      let lowered = String(decoding: input.prefix(12), as: UTF8.self).lowercased()
      // The full name first, so "May" and "March" are not read as shorter matches.
      for (index, name) in names.enumerated() where lowered.hasPrefix(name.lowercased()) {
        input = input.dropFirst(name.utf8.count)
        return index
      }
      for (index, name) in names.enumerated()
      where lowered.hasPrefix(name.prefix(3).lowercased()) {
        input = input.dropFirst(3)
        return index
      }
      return nil
    }
    var pattern = Array(self.pattern)[...]
    while let character = pattern.popFirst() {
      guard character == "%" else {
        if character == " " {
          guard let byte = input.first, byte == 32 || byte == 9 else { return nil }
          while let byte = input.first, byte == 32 || byte == 9 { input = input.dropFirst() }
        } else {
          guard let byte = input.first, Character(Unicode.Scalar(byte)) == character else {
            return nil
          }
          input = input.dropFirst()
        }
        continue
      }
      var code = pattern.popFirst()
      if let modifier = code, "-_0".contains(modifier) { code = pattern.popFirst() }
      switch code {
      case "Y": guard let value = number(4) else { return nil }; year = value
      case "y":
        guard let value = number(2) else { return nil }
        year = value + (value < 69 ? 2000 : 1900)
      case "m": guard let value = number(2), (1...12).contains(value) else { return nil }; month = value
      case "d", "e": guard let value = number(2), (1...31).contains(value) else { return nil }; day = value
      case "j": guard let value = number(3), (1...366).contains(value) else { return nil }; dayOfYear = value
      case "H": guard let value = number(2), value < 24 else { return nil }; hour = value
      case "I": guard let value = number(2), (1...12).contains(value) else { return nil }; hour = value % 12
      case "M": guard let value = number(2), value < 60 else { return nil }; minute = value
      case "S": guard let value = number(2), value < 61 else { return nil }; second += Double(value)
      case "L": guard let value = number(3) else { return nil }; second += Double(value) / 1000
      case "b", "B": guard let value = word(Self.months) else { return nil }; month = value + 1
      case "a", "A": guard word(Self.weekdays) != nil else { return nil }
      case "p":
        let lowered = String(decoding: input.prefix(2), as: UTF8.self).lowercased()
        guard lowered == "am" || lowered == "pm" else { return nil }
        afternoon = lowered == "pm"
        input = input.dropFirst(2)
      case "%": guard input.popFirst() == UInt8(ascii: "%") else { return nil }
      default: return nil
      }
    }
    guard input.isEmpty else { return nil }
    if afternoon == true { hour += 12 }
    let days: Int
    if let dayOfYear {
      days = ISODate.daysFromCivil(year: year, month: 1, day: 1) + dayOfYear - 1
    } else {
      guard day <= ISODate.daysIn(month: month, year: year) else { return nil }
      days = ISODate.daysFromCivil(year: year, month: month, day: day)
    }
    return Double(days * 86400 + hour * 3600 + minute * 60) + second
  }
}

extension ISODate {
  /// The seconds of a date written the ways a web browser's `Date.parse` reads besides ISO 8601,
  /// taken as UTC: `Jan 1 2000`, `January 1, 2000`, `1 Jan 2000`, `Sat, 01 Jan 2000 10:30:00`,
  /// `2000/01/31`, `01/31/2000` (month first) and any of these with a time (`13:05`, `1:05 PM`,
  /// `13:05:30`). Nil for anything else.
  public static func looseSeconds(_ text: String) -> Double? {
    if let seconds = seconds(text) { return seconds }
    var numbers: [(value: Int, digits: Int, slash: Bool)] = []
    var month: Int?
    var time: (hour: Int, minute: Int, second: Double)?
    var afternoon: Bool?
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.first {
      if (48...57).contains(byte) {
        var run = bytes.prefix { (48...57).contains($0) }
        bytes = bytes.dropFirst(run.count)
        if bytes.first == UInt8(ascii: ":") {
          // A time: hours:minutes[:seconds[.fraction]].
          var parts = [Int(String(decoding: run, as: UTF8.self))!]
          var fraction = 0.0
          while bytes.first == UInt8(ascii: ":") {
            bytes = bytes.dropFirst()
            run = bytes.prefix { (48...57).contains($0) }
            guard run.count == 2 else { return nil }
            bytes = bytes.dropFirst(2)
            parts.append(Int(String(decoding: run, as: UTF8.self))!)
          }
          if bytes.first == UInt8(ascii: "."), parts.count == 3 {
            bytes = bytes.dropFirst()
            run = bytes.prefix { (48...57).contains($0) }
            bytes = bytes.dropFirst(run.count)
            fraction = Double("0." + String(decoding: run, as: UTF8.self)) ?? 0
          }
          guard time == nil, parts.count <= 3, parts[0] < 24, parts[1] < 60,
            parts.count < 3 || parts[2] < 60
          else { return nil }
          time = (parts[0], parts[1], Double(parts.count == 3 ? parts[2] : 0) + fraction)
        } else {
          guard run.count <= 4 else { return nil }
          let slash = bytes.first == UInt8(ascii: "/") || numbers.last?.slash == true
          numbers.append((Int(String(decoding: run, as: UTF8.self))!, run.count, slash))
        }
      } else if (65...90).contains(byte) || (97...122).contains(byte) {
        let run = bytes.prefix { (65...90).contains($0) || (97...122).contains($0) }
        bytes = bytes.dropFirst(run.count)
        let word = String(decoding: run, as: UTF8.self).lowercased()
        if word == "am" || word == "pm" {
          afternoon = word == "pm"
        } else if let index = DateFormat.months.firstIndex(where: {
          word.count >= 3 && $0.lowercased().hasPrefix(word)
        }) {
          guard month == nil else { return nil }
          month = index + 1
        } else if !(word.count >= 3
          && DateFormat.weekdays.contains(where: { $0.lowercased().hasPrefix(word) }))
          && !["utc", "gmt", "z", "t"].contains(word)
        {
          return nil
        }
      } else {
        guard " ,/-.\t".utf8.contains(byte) else { return nil }
        bytes = bytes.dropFirst()
      }
    }
    func finish(_ year: Int, _ month: Int, _ day: Int) -> Double? {
      guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else {
        return nil
      }
      let (clockHour, minute, second) = time ?? (0, 0, 0)
      var hour = clockHour
      if let afternoon {
        guard (1...12).contains(hour) else { return nil }
        hour = hour % 12 + (afternoon ? 12 : 0)
      }
      return Double(daysFromCivil(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60)
        + second
    }
    let year: Int
    let day: Int
    if let month {
      guard numbers.count == 2 else { return nil }
      let yearFirst = numbers[0].digits == 4
      (year, day) = yearFirst ? (numbers[0].value, numbers[1].value) : (numbers[1].value, numbers[0].value)
      if numbers[yearFirst ? 0 : 1].digits < 3 { return nil }
      return finish(year, month, day)
    }
    guard numbers.count == 3, numbers.allSatisfy(\.slash) else { return nil }
    let numericMonth: Int
    if numbers[0].digits == 4 {
      (year, numericMonth, day) = (numbers[0].value, numbers[1].value, numbers[2].value)
    } else {
      guard numbers[2].digits == 4 else { return nil }
      (numericMonth, day, year) = (numbers[0].value, numbers[1].value, numbers[2].value)
    }
    return finish(year, numericMonth, day)

  }
}
