import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// The values a Vega-Lite encoding derives from its data before it draws: `timeUnit` (dates cut to
/// a unit), `bin` (numbers in equal bins) and `aggregate` (one row per group of the other
/// channels' values). Each derived channel is rewritten to name a derived field.
struct VegaLiteDerivation {
  /// The rows after derivation.
  var rows: [DataRow]
  /// The encoding after derivation: derived channels name their derived fields.
  var encoding: [(key: String, value: JSONValue)]
  /// Date formats for time-unit fields, by derived field name.
  var dateFormats: [String: DateFormat] = [:]

  static let aggregates: Set<String> = [
    "count", "sum", "mean", "average", "median", "min", "max", "distinct", "valid", "missing",
    "q1", "q3", "stdev", "variance", "product",
  ]

  init(rows: consuming [DataRow], encoding: [(key: String, value: JSONValue)]) throws {
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
            "\(quoted(op)) is not read; use one of \(Self.aggregates.sorted().joined(separator: ", "))",
            code: .unsupported
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
    // Grouped as the aggregate transform groups.
    let operations = measures.map { measure -> JSONValue in
      .object(
        [("op", .string(measure.op)), ("as", .string(measure.derived))]
          + (measure.field.map { [("field", JSONValue.string($0))] } ?? []))
    }
    var meter = RowMeter()
    try VegaLiteTransforms.aggregate(
      &rows, operations, groupby: .array(groupFields.map(JSONValue.string)), at: "encoding",
      join: false, meter: &meter)
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
    _ op: String, _ numbers: [Double], count: Int, members: [DataRow], field: String?
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
