import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// Which columns of a CSV file make a chart.
public struct CSVColumns: Hashable, Sendable {
  /// The x column (numeric, or categorical when any value is not a number).
  public var x: String
  /// The y column (numbers; an empty cell is a gap).
  public var y: String
  /// A column whose values name the series; one series named after `y` without it.
  public var series: String?
  /// A numeric column that becomes the duration axis.
  public var duration: String?
  /// A column whose values become the instrument axis.
  public var instrument: String?
  /// The chart title; the file's name without its extension when nil.
  public var title: String?

  /// Names the columns.
  public init(
    x: String, y: String, series: String? = nil, duration: String? = nil,
    instrument: String? = nil, title: String? = nil
  ) {
    self.x = x
    self.y = y
    self.series = series
    self.duration = duration
    self.instrument = instrument
    self.title = title
  }
}

extension ChartDescriptor {
  /// Reads a CSV file as a chart (see `init(csv:columns:name:)`); the file's name without its
  /// extension is the title unless `columns` gives one. A file larger than `limits.fileBytes` is
  /// refused.
  ///
  /// - Throws: `DescriptorError` naming the file, with the row and column of the mistake.
  public init(
    contentsOf url: URL, columns: CSVColumns, limits: ReadingLimits = ReadingLimits()
  ) throws {
    let data = Data(try readDocument(url, limits: limits))
    self = try attributingErrors(to: url.relativePath) {
      try ChartDescriptor(
        csv: data, columns: columns, name: url.deletingPathExtension().lastPathComponent)
    }
  }

  /// A chart from a CSV file with a header row: x from one column, y from another, optionally
  /// series, duration and instrument from others. Axis ranges span the data; a categorical axis lists
  /// its categories in the order they first appear. A series is continuous when its x is numeric and
  /// strictly increasing, else discrete.
  ///
  /// - Throws: `DescriptorError` at `row R, column "C"` for a value that is not what its column
  ///   needs, and for a missing column, a row of the wrong width or a file without data.
  public init(csv data: Data, columns: CSVColumns, name: String = "data") throws {
    let table = try CSVChartTable(data, columns: columns)
    let (xAxis, xs) = table.xAxis(title: columns.x)
    var ys: [Double?] = []
    var durations: [Double] = []
    for row in table.body.indices {
      ys.append(try table.number(row, table.y, allowEmpty: true))
      if let duration = table.duration {
        durations.append(try table.number(row, duration, allowEmpty: false)!)
      }
    }
    var additional: [Axis] = []
    if let title = columns.duration {
      additional.append(.numeric(NumericAxis(title: title, range: CSVChartTable.span(durations))))
    }
    let instruments = table.instrument.map(table.trimmed)
    if let instruments, let title = columns.instrument {
      additional.append(
        .categorical(
          CategoricalAxis(title: title, categoryOrder: CSVChartTable.firstSeen(instruments))))
    }
    let seriesNames = table.series.map(table.trimmed)
    var order: [String] = []
    var pointsBySeries: [String: [DataPoint]] = [:]
    for position in table.body.indices {
      let name = seriesNames?[position] ?? columns.y
      if pointsBySeries[name] == nil { order.append(name) }
      var values: [DataValue] = []
      if table.duration != nil { values.append(.number(durations[position])) }
      if let instruments { values.append(.category(instruments[position])) }
      pointsBySeries[name, default: []].append(
        DataPoint(x: xs[position], y: ys[position], additionalValues: values))
    }
    let series = order.map { name -> DataSeries in
      let points = pointsBySeries[name]!
      let numbers = points.compactMap(\.x.number)
      let increasing =
        xAxis.numeric != nil && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }
      return DataSeries(
        name: name, isContinuous: increasing && points.count > 1, dataPoints: points)
    }
    self.init(
      title: columns.title ?? name, xAxis: xAxis,
      yAxis: NumericAxis(title: columns.y, range: CSVChartTable.span(ys.compactMap { $0 })),
      additionalAxes: additional, series: series)
    try validate()
  }
}

/// A CSV file's rows of data and the columns a chart reads from them, checked: every column named
/// is there, and every row has the header's width.
private struct CSVChartTable {
  let header: [String]
  /// The rows of data, without empty lines.
  let body: [[String]]
  /// The line of each row of data, counting the header as line 1.
  let lines: [Int]
  let x: Int
  let y: Int
  let series: Int?
  let duration: Int?
  let instrument: Int?

  init(_ data: Data, columns: CSVColumns) throws {
    let rows = try CSVTable.parse(data)
    guard let header = rows.first, !(header.count == 1 && header[0].isEmpty) else {
      throw DescriptorError("the file is empty; expected a header row of column names")
    }
    func column(_ wanted: String) throws -> Int {
      if let index = header.firstIndex(of: wanted) { return index }
      // The first columns only: a file of a million columns makes no million-column message.
      let shown = header.prefix(20).map { quoted($0) }.joined(separator: ", ")
      let more = header.count > 20 ? " and \(header.count - 20) more" : ""
      throw DescriptorError("there is no column \(quoted(wanted)); the columns are \(shown)\(more)")
    }
    self.header = header
    x = try column(columns.x)
    y = try column(columns.y)
    series = try columns.series.map(column)
    duration = try columns.duration.map(column)
    instrument = try columns.instrument.map(column)
    let kept = rows.dropFirst().enumerated().filter {
      !($0.element.count == 1 && $0.element[0].isEmpty)
    }
    guard !kept.isEmpty else {
      throw DescriptorError("the file has a header but no rows of data")
    }
    for (offset, row) in kept where row.count != header.count {
      throw DescriptorError(
        "has \(counted(row.count, "field")), but the header has \(header.count)",
        at: .csv(row: offset + 2, column: nil))
    }
    body = kept.map(\.element)
    lines = kept.map { $0.offset + 2 }
  }

  /// The values of `column`, trimmed of spaces.
  func trimmed(_ column: Int) -> [String] {
    body.map { $0[column].trimmingCharacters(in: .whitespaces) }
  }

  /// A finite number, from text with spaces around it.
  static func number(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let value = Double(trimmed), value.isFinite else { return nil }
    return value
  }

  /// The number in row `row` (of the data) and `column`; nil for an empty cell when `allowEmpty`.
  ///
  /// - Throws: `DescriptorError` at the row and column when it is not a number.
  func number(_ row: Int, _ column: Int, allowEmpty: Bool) throws -> Double? {
    let text = body[row][column]
    if allowEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
    guard let value = Self.number(text) else {
      throw DescriptorError(
        "expected a number\(allowEmpty ? " or an empty cell" : ""), found \(quoted(text))",
        at: .csv(row: lines[row], column: header[column]))
    }
    return value
  }

  /// The x axis and each row's x: numeric when every value is a number, a date axis when every
  /// value is an ISO 8601 date (seconds since 1970), else its categories in the order met.
  func xAxis(title: String) -> (Axis, [DataValue]) {
    let texts = trimmed(x)
    let dates = texts.allSatisfy { Self.number($0) == nil } ? texts.map(ISODate.seconds) : []
    let isDate = !dates.isEmpty && dates.allSatisfy { $0 != nil }
    guard isDate || texts.allSatisfy({ Self.number($0) != nil }) else {
      return (
        .categorical(CategoricalAxis(title: title, categoryOrder: Self.firstSeen(texts))),
        texts.map(DataValue.category)
      )
    }
    let numbers = isDate ? dates.map { $0! } : texts.map { Self.number($0)! }
    var axis = NumericAxis(title: title, range: Self.span(numbers))
    if isDate { axis.dateFormat = DateFormat.fitting(numbers) }
    return (.numeric(axis), numbers.map(DataValue.number))
  }

  /// The distinct values in the order they are first met.
  static func firstSeen(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }

  /// The span of `values`, widened by 1 each way when they are all one value; 0...1 for none.
  static func span(_ values: [Double]) -> ClosedRange<Double> {
    guard let low = values.min(), let high = values.max() else { return 0...1 }
    return low < high ? low...high : (low - 1)...(high + 1)
  }
}

/// RFC 4180 CSV: fields separated by commas, rows by LF or CRLF, fields in double quotes may hold
/// commas, line breaks and doubled quotes.
enum CSVTable {
  /// The rows of `data`, each an array of its fields.
  static func parse(_ data: Data, separator: UInt8 = UInt8(ascii: ",")) throws -> [[String]] {
    var rows: [[String]] = []
    try forEachRow(of: [UInt8](data), separator: separator) { rows.append($0) }
    return rows
  }

  /// Calls `body` with each row of `bytes` as it is read: a table is never held whole.
  static func forEachRow(
    of bytes: [UInt8], separator: UInt8 = UInt8(ascii: ","),
    _ body: ([String]) throws -> Void
  ) throws {
    // A byte order mark is not part of the first name.
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var row: [String] = []
    var field: [UInt8] = []
    var line = 1
    func endField() {
      row.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") && field.isEmpty {
        let startLine = line
        index += 1
        while true {
          guard index < bytes.count else {
            throw DescriptorError(
              "a quoted field is not closed by a double quote",
              at: .csv(row: startLine, column: nil), code: .malformed)
          }
          if bytes[index] == UInt8(ascii: "\"") {
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
              field.append(UInt8(ascii: "\""))
              index += 2
              continue
            }
            index += 1
            break
          }
          if bytes[index] == UInt8(ascii: "\n") { line += 1 }
          field.append(bytes[index])
          index += 1
        }
        continue
      }
      switch byte {
      case separator: endField()
      case UInt8(ascii: "\r"): break
      case UInt8(ascii: "\n"):
        endField()
        try body(row)
        row.removeAll(keepingCapacity: true)
        line += 1
      default: field.append(byte)
      }
      index += 1
    }
    if !field.isEmpty || !row.isEmpty {
      endField()
      try body(row)
    }
  }
}
