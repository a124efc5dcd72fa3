import Foundation

/// The values a Vega-Lite encoding derives from its data before it draws: `timeUnit` (dates cut to
/// a unit), `bin` (numbers in equal bins) and `aggregate` (one row per group of the other
/// channels' values). Each derived channel is rewritten to name a derived field.
struct VegaLiteDerivation {
  /// The rows after derivation.
  var rows: [[String: JSONValue]]
  /// The encoding after derivation: derived channels name their derived fields.
  var encoding: [(key: String, value: JSONValue)]
  /// Date formats for time-unit fields, by derived field name.
  var dateFormats: [String: DateFormat] = [:]

  static let aggregates: Set<String> = [
    "count", "sum", "mean", "average", "median", "min", "max", "distinct", "valid", "missing",
    "q1", "q3", "stdev", "variance", "product",
  ]

  init(rows: [[String: JSONValue]], encoding: [(key: String, value: JSONValue)]) throws {
    self.rows = rows
    self.encoding = encoding
    for index in encoding.indices {
      let node = encoding[index].value
      if let unit = node["timeUnit"], unit != .null { try applyTimeUnit(unit, channel: index) }
      if let bin = node["bin"], bin != .bool(false), bin != .null {
        try applyBin(bin, channel: index)
      }
    }
    if encoding.contains(where: { $0.value["aggregate"] != nil }) { try aggregate() }
  }

  /// Replaces a channel's node with one that names `field`, without the derivation keys.
  mutating func rewrite(_ index: Int, field: String, title: String?, type: String? = nil) {
    guard case .object(let members) = encoding[index].value else { return }
    var kept = members.filter { !["field", "timeUnit", "bin", "aggregate"].contains($0.key) }
    kept.append(("field", .string(field)))
    if let title, !kept.contains(where: { $0.key == "title" }) {
      kept.append(("title", .string(title)))
    }
    if let type {
      kept.removeAll { $0.key == "type" }
      kept.append(("type", .string(type)))
    }
    encoding[index].value = .object(kept)
  }

  mutating func applyTimeUnit(_ unitNode: JSONValue, channel index: Int) throws {
    let place = "encoding.\(encoding[index].key).timeUnit"
    var unit = ""
    if case .string(let name) = unitNode { unit = name }
    if case .string(let name)? = unitNode["unit"] { unit = name }
    guard let timeUnit = TimeUnit(unitNode) else {
      throw DescriptorError(
        at: place,
        "\(quoted(unit)) is not a time unit; expected combinations of year, quarter, month, date, day, hours, minutes, seconds"
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
          guard given >= 1, given == given.rounded() else { return nil }
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

  /// A nice bin width: 1, 2 or 5 times a power of ten, giving at most `maxBins` bins over `span`.
  static func binStep(span: Double, maxBins: Double) -> Double {
    let raw = max(span, 1e-12) / maxBins
    let power = pow(10, (log10(raw)).rounded(.down))
    return [1.0, 2, 5, 10].map { $0 * power }.first { max(span, 1e-12) / $0 <= maxBins } ?? 10
      * power
  }

  /// Where the first bin starts and how wide the bins are, for a `bin` node (`maxbins`, `step`)
  /// over some values; nil without values.
  static func binning(_ node: JSONValue, values: [Double]) -> (start: Double, width: Double)? {
    guard let low = values.min(), let high = values.max() else { return nil }
    var maxBins = 10.0
    if case .number(let count)? = node["maxbins"] { maxBins = max(1, count) }
    var width = binStep(span: high - low, maxBins: maxBins)
    if case .number(let given)? = node["step"], given > 0 { width = given }
    return ((low / width).rounded(.down) * width, width)
  }

  mutating func applyBin(_ binNode: JSONValue, channel index: Int) throws {
    let channel = encoding[index].key
    guard case .string(let field)? = encoding[index].value["field"] else {
      throw DescriptorError(at: "encoding.\(channel).field", "expected a field to bin")
    }
    guard
      let (start, width) = Self.binning(binNode, values: rows.compactMap { Self.number($0[field]) })
    else {
      throw DescriptorError(
        at: "encoding.\(channel).field", "\(quoted(field)) has no numbers to bin")
    }
    let derived = "bin_\(field)"
    for row in rows.indices {
      guard let value = Self.number(rows[row][field]) else { continue }
      rows[row][derived] = .number(start + ((value - start) / width).rounded(.down) * width)
    }
    rewrite(index, field: derived, title: field)
  }

  mutating func aggregate() throws {
    // The channels that are grouped by, and those aggregated.
    var groupFields: [String] = []
    var measures: [(index: Int, op: String, field: String?, derived: String)] = []
    for index in encoding.indices {
      let (channel, node) = encoding[index]
      if case .string(let op)? = node["aggregate"] {
        guard Self.aggregates.contains(op) else {
          throw DescriptorError(
            at: "encoding.\(channel).aggregate",
            "\(quoted(op)) is not read; use one of \(Self.aggregates.sorted().joined(separator: ", "))"
          )
        }
        var field: String?
        if case .string(let name)? = node["field"] { field = name }
        if op != "count", field == nil {
          throw DescriptorError(at: "encoding.\(channel).field", "\(op) needs a field")
        }
        measures.append((index, op, field, field.map { "\(op)_\($0)" } ?? "__count"))
      } else if node["aggregate"] != nil {
        throw DescriptorError(
          at: "encoding.\(channel).aggregate", "expected an aggregate operation such as \"sum\"")
      } else if case .string(let name)? = node["field"] {
        if !groupFields.contains(name) { groupFields.append(name) }
      }
    }
    var order: [[JSONValue]] = []
    var groups: [[JSONValue]: [[String: JSONValue]]] = [:]
    for row in rows {
      let key = groupFields.map { row[$0] ?? .null }
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(row)
    }
    rows = order.map { key in
      let members = groups[key]!
      var row: [String: JSONValue] = [:]
      for (field, value) in zip(groupFields, key) { row[field] = value }
      for measure in measures {
        let numbers =
          measure.field.map { field in members.compactMap { Self.number($0[field]) } } ?? []
        row[measure.derived] = Self.compute(
          measure.op, numbers, count: members.count, members: members, field: measure.field)
      }
      return row
    }
    for measure in measures {
      let title: String
      switch measure.op {
      case "count": title = "Count of records"
      case "mean", "average": title = "Mean of \(measure.field!)"
      default:
        title = "\(measure.op.prefix(1).uppercased() + measure.op.dropFirst()) of \(measure.field!)"
      }
      rewrite(measure.index, field: measure.derived, title: title, type: "quantitative")
    }
  }

  static func compute(
    _ op: String, _ numbers: [Double], count: Int, members: [[String: JSONValue]], field: String?
  ) -> JSONValue {
    let sorted = numbers.sorted()
    func quantile(_ p: Double) -> Double? {
      guard !sorted.isEmpty else { return nil }
      let position = p * Double(sorted.count - 1)
      let lower = Int(position.rounded(.down))
      let upper = min(sorted.count - 1, lower + 1)
      return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
    let mean = numbers.isEmpty ? nil : numbers.reduce(0, +) / Double(numbers.count)
    let result: Double?
    switch op {
    case "count": result = Double(count)
    case "valid": result = Double(numbers.count)
    case "missing": result = Double(count - numbers.count)
    case "distinct":
      var seen: Set<JSONValue> = []
      for member in members { seen.insert(field.flatMap { member[$0] } ?? .null) }
      result = Double(seen.count)
    case "sum": result = numbers.reduce(0, +)
    case "product": result = numbers.reduce(1, *)
    case "mean", "average": result = mean
    case "median": result = quantile(0.5)
    case "q1": result = quantile(0.25)
    case "q3": result = quantile(0.75)
    case "min": result = sorted.first
    case "max": result = sorted.last
    case "variance", "stdev":
      guard let mean, numbers.count > 1 else {
        result = nil
        break
      }
      let variance =
        numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(numbers.count - 1)
      result = op == "variance" ? variance : variance.squareRoot()
    default: result = nil
    }
    return result.map(JSONValue.number) ?? .null
  }

  static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .number(let number)?: number
    case .string(let text)?: Double(text)
    default: nil
    }
  }

  /// Seconds since 1970 of a date value: an ISO date, or milliseconds.
  static func seconds(_ value: JSONValue) -> Double? {
    switch value {
    case .number(let number): abs(number / 1000) < ISODate.limit ? number / 1000 : nil
    case .string(let text): ISODate.looseSeconds(text)
    case .object: dateTime(value)
    default: nil
    }
  }
}
