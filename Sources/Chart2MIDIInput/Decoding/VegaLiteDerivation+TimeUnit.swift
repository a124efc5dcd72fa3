import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// `timeUnit`: dates cut to a unit, DateTime objects, and the date format a unit prints with.
extension VegaLiteDerivation {
  mutating func applyTimeUnit(_ unitNode: JSONValue, channel index: Int) throws {
    let place = "encoding.\(encoding[index].key).timeUnit"
    var unit = ""
    if case .string(let name) = unitNode { unit = name }
    if case .string(let name)? = unitNode["unit"] { unit = name }
    if let step = unitNode["step"] {
      guard case .number(let count) = step, count >= 1, count <= 1_000_000, count == count.rounded()
      else {
        throw DescriptorError(
          at: place + ".step", "expected a whole number from 1 to 1,000,000, found \(step.summary)")
      }
    }
    guard let timeUnit = TimeUnit(unitNode) else {
      throw DescriptorError(
        at: place,
        "\(quoted(unit)) is not a time unit; expected combinations of year, quarter, month, date, day, hours, minutes, seconds",
        code: .unsupported
      )
    }
    guard case .string(let field)? = encoding[index].value["field"] else {
      throw DescriptorError(at: "encoding.\(encoding[index].key).field", "expected a field")
    }
    let derived = "\(unit)_\(field)"
    for row in rows.indices {
      guard let value = rows[row][field], let seconds = Self.seconds(value) else { continue }
      rows[row][derived] = .number(timeUnit.truncate(seconds) * 1000)
    }
    let format = Self.format(of: timeUnit.parts)
    dateFormats[derived] = format
    if case .string(let type)? = encoding[index].value["type"],
      type == "ordinal" || type == "nominal"
    {
      // Discrete time units play as categories named in the unit's words, in time order.
      var times: [Double] = []
      for row in rows.indices {
        guard case .number(let millis)? = rows[row][derived] else { continue }
        times.append(millis)
        rows[row][derived] = .string(format.format(millis / 1000))
      }
      var names: [String] = []
      for time in Set(times).sorted() { names.append(format.format(time / 1000)) }
      rewrite(index, field: derived, title: field)
      if case .object(var members) = encoding[index].value,
        !members.contains(where: { $0.key == "sort" })
      {
        members.append(("sort", .array(names.map(JSONValue.string))))
        encoding[index].value = .object(members)
      }
      return
    }
    rewrite(index, field: derived, title: field, type: "temporal")
  }

  /// A time unit: its parts and the step of its finest part.
  struct TimeUnit {
    static let partNames = [
      "year", "quarter", "month", "date", "day", "hours", "minutes", "seconds",
    ]
    /// The parts kept, such as year and month for "yearmonth".
    var parts: Set<String>
    /// Bins of this many of the finest part (`{"unit": "minutes", "step": 5}`).
    var step = 1

    /// A unit from its name ("yearmonth", "utcmonthdate", "binnedyearmonth") or its object form
    /// with `unit` and `step`; nil for anything else.
    init?(_ node: JSONValue) {
      var name: String
      switch node {
      case .string(let text): name = text
      case .object:
        guard case .string(let text)? = node["unit"] else { return nil }
        name = text
        if case .number(let given)? = node["step"] {
          // A step past a million of the finest unit bins nothing; it would not fit a whole number.
          guard given >= 1, given <= 1_000_000, given == given.rounded() else { return nil }
          step = Int(given)
        }
      default: return nil
      }
      // "binned" says the data is already cut; "utc" is how every date is read here.
      for prefix in ["binned", "utc"] where name.hasPrefix(prefix) {
        name.removeFirst(prefix.count)
      }
      var has: Set<String> = []
      while !name.isEmpty {
        guard let part = Self.partNames.first(where: { name.hasPrefix($0) }) else { return nil }
        has.insert(part)
        name.removeFirst(part.count)
      }
      guard !has.isEmpty else { return nil }
      parts = has
    }

    /// A date cut to the unit, in seconds: Vega-Lite puts unit values without a year in 2012 (a
    /// leap year), weekdays in its first week (1 January 2012 was a Sunday).
    func truncate(_ seconds: Double) -> Double {
      let days = Int((seconds / 86400).rounded(.down))
      let rest = Int(seconds.rounded(.down)) - days * 86400
      let (year, month, day) = ISODate.civil(fromDays: days)
      let finest = Self.partNames.last(where: parts.contains)
      func stepped(_ value: Int, _ part: String, base: Int = 0) -> Int {
        part == finest ? (value - base) / step * step + base : value
      }
      let y = parts.contains("year") ? stepped(year, "year") : 2012
      var m = parts.contains("month") ? stepped(month, "month", base: 1) : 1
      if parts.contains("quarter") { m = (stepped((month - 1) / 3, "quarter")) * 3 + 1 }
      var d = parts.contains("date") ? stepped(day, "date", base: 1) : 1
      if parts.contains("day") {
        let weekday = ((days % 7) + 7 + 4) % 7  // 0 is Sunday
        m = 1
        d = 1 + stepped(weekday, "day")
      }
      let h = parts.contains("hours") ? stepped(rest / 3600, "hours") : 0
      let mi = parts.contains("minutes") ? stepped(rest / 60 % 60, "minutes") : 0
      let s = parts.contains("seconds") ? stepped(rest % 60, "seconds") : 0
      return Double(
        ISODate.daysFromCivil(year: y, month: m, day: d) * 86400 + h * 3600 + mi * 60 + s)
    }

    /// The single part of a one-part unit ("year", "month"), else nil.
    var single: String? { parts.count == 1 ? parts.first : nil }
  }

  /// The seconds of a Vega-Lite DateTime object such as `{"year": 2006, "month": "jan"}`: parts
  /// not given are those of 1 January 2012 at midnight, as Vega-Lite fills them; months count from
  /// 1 or are named, weekdays (`day`) count from 0 (Sunday) or are named. Nil for anything else.
  static func dateTime(_ node: JSONValue) -> Double? {
    guard case .object(let members) = node, !members.isEmpty else { return nil }
    var (year, month, date, hours, minutes, seconds) = (2012, 1, 1, 0, 0, 0.0)
    func named(_ value: JSONValue, _ names: [String]) -> Int? {
      guard case .string(let text) = value, text.count >= 3 else { return nil }
      return names.firstIndex { $0.lowercased().hasPrefix(text.lowercased()) }
    }
    for (key, value) in members {
      let number: Double? =
        if case .number(let given) = value, abs(given) < 1e7 { given.rounded(.down) } else { nil }
      switch key {
      case "year":
        guard let number else { return nil }
        year = Int(number)
      case "quarter":
        guard let number else { return nil }
        month = (Int(number) - 1) * 3 + 1
      case "month":
        if let number {
          month = Int(number)
        } else if let index = named(value, DateFormat.months) {
          month = index + 1
        } else {
          return nil
        }
      case "date":
        guard let number else { return nil }
        date = Int(number)
      case "day":
        let sundayFirst = [
          "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
        ]
        guard let weekday = number.map(Int.init) ?? named(value, sundayFirst) else { return nil }
        date = 1 + weekday
      case "hours":
        guard let number else { return nil }
        hours = Int(number)
      case "minutes":
        guard let number else { return nil }
        minutes = Int(number)
      case "seconds":
        guard let number else { return nil }
        seconds += number
      case "milliseconds":
        guard let number else { return nil }
        seconds += number / 1000
      case "utc": break
      default: return nil
      }
    }
    guard (1...12).contains(month), (1...31).contains(date) else { return nil }
    return Double(
      ISODate.daysFromCivil(year: year, month: month, day: date) * 86400 + hours * 3600
        + minutes * 60) + seconds
  }

  /// How values cut to a time unit are written: "January", "July 2015", "Monday".
  static func format(of has: Set<String>) -> DateFormat {
    var pattern: [String] = []
    if has.contains("day") { pattern.append("%A") }
    if has.contains("date") { pattern.append("%e") }
    if has.contains("month") { pattern.append("%B") }
    if has.contains("quarter") && !has.contains("month") { pattern.append("Q%q") }
    if has.contains("year") { pattern.append("%Y") }
    var text = pattern.joined(separator: " ")
    if has.contains("hours") || has.contains("minutes") {
      text += (text.isEmpty ? "" : ", ") + (has.contains("seconds") ? "%H:%M:%S" : "%H:%M")
    }
    return DateFormat(text.isEmpty ? "%Y" : text)
  }
}
