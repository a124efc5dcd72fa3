import Foundation

extension DateFormat {
  /// The seconds of `text` read with this pattern, as d3-time-format's parser reads it: the
  /// conversions of `format(_:)` plus `%a` (weekday, checked loosely), `%I` and `%p` (12-hour
  /// clock), `%L` (milliseconds) and `%j` (day of the year); padding modifiers (`%-d`, `%_d`,
  /// `%0d`) are accepted. Nil when the text does not match or names a day that does not exist.
  package func parse(_ text: String) -> Double? {
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
      case "Y":
        guard let value = number(4) else { return nil }
        year = value
      case "y":
        guard let value = number(2) else { return nil }
        year = value + (value < 69 ? 2000 : 1900)
      case "m":
        guard let value = number(2), (1...12).contains(value) else { return nil }
        month = value
      case "d", "e":
        guard let value = number(2), (1...31).contains(value) else { return nil }
        day = value
      case "j":
        guard let value = number(3), (1...366).contains(value) else { return nil }
        dayOfYear = value
      case "H":
        guard let value = number(2), value < 24 else { return nil }
        hour = value
      case "I":
        guard let value = number(2), (1...12).contains(value) else { return nil }
        hour = value % 12
      case "M":
        guard let value = number(2), value < 60 else { return nil }
        minute = value
      case "S":
        guard let value = number(2), value < 61 else { return nil }
        second += Double(value)
      case "L":
        guard let value = number(3) else { return nil }
        second += Double(value) / 1000
      case "b", "B":
        guard let value = word(Self.months) else { return nil }
        month = value + 1
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
  package static func looseSeconds(_ text: String) -> Double? {
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
      return Double(
        daysFromCivil(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60)
        + second
    }
    let year: Int
    let day: Int
    if let month {
      guard numbers.count == 2 else { return nil }
      let yearFirst = numbers[0].digits == 4
      (year, day) =
        yearFirst ? (numbers[0].value, numbers[1].value) : (numbers[1].value, numbers[0].value)
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
