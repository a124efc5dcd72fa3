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
    let xColumn = try column(columns.x)
    let yColumn = try column(columns.y)
    let seriesColumn = try columns.series.map(column)
    let durationColumn = try columns.duration.map(column)
    let instrumentColumn = try columns.instrument.map(column)
    let body = rows.dropFirst().enumerated().filter {
      !($0.element.count == 1 && $0.element[0].isEmpty)
    }
    guard !body.isEmpty else {
      throw DescriptorError("the file has a header but no rows of data")
    }
    for (offset, row) in body where row.count != header.count {
      throw DescriptorError(
        "has \(counted(row.count, "field")), but the header has \(header.count)",
        at: .csv(row: offset + 2, column: nil))
    }
    func place(_ offset: Int, _ column: Int) -> ErrorLocation {
      .csv(row: offset + 2, column: header[column])
    }
    func number(_ text: String) -> Double? {
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      guard let value = Double(trimmed), value.isFinite else { return nil }
      return value
    }
    func requireNumber(_ row: [String], _ offset: Int, _ column: Int, allowEmpty: Bool) throws
      -> Double?
    {
      let text = row[column]
      if allowEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
      guard let value = number(text) else {
        throw DescriptorError(
          "expected a number\(allowEmpty ? " or an empty cell" : ""), found \(quoted(text))",
          at: place(offset, column))
      }
      return value
    }
    // x: numeric when every value is a number.
    let xTexts = body.map { $0.element[xColumn].trimmingCharacters(in: .whitespaces) }
    // A column of ISO 8601 dates is a date axis: numbers of seconds since 1970.
    let xDates = xTexts.allSatisfy { number($0) == nil } ? xTexts.map(ISODate.seconds) : []
    let xIsDate = !xDates.isEmpty && xDates.allSatisfy { $0 != nil }
    let xIsNumeric = xIsDate || xTexts.allSatisfy { number($0) != nil }
    func xNumber(_ position: Int) -> Double? {
      xIsDate ? xDates[position] : number(xTexts[position])
    }
    func firstSeen(_ values: [String]) -> [String] {
      var seen: Set<String> = []
      return values.filter { seen.insert($0).inserted }
    }
    var ys: [Double?] = []
    var durations: [Double] = []
    for (offset, row) in body {
      ys.append(try requireNumber(row, offset, yColumn, allowEmpty: true))
      if let durationColumn {
        durations.append(try requireNumber(row, offset, durationColumn, allowEmpty: false)!)
      }
    }
    func span(_ values: [Double]) -> ClosedRange<Double> {
      guard let low = values.min(), let high = values.max() else { return 0...1 }
      return low < high ? low...high : (low - 1)...(high + 1)
    }
    var xAxis: Axis =
      xIsNumeric
      ? .numeric(NumericAxis(title: columns.x, range: span(xTexts.indices.compactMap(xNumber))))
      : .categorical(CategoricalAxis(title: columns.x, categoryOrder: firstSeen(xTexts)))
    if xIsDate, var axis = xAxis.numeric {
      axis.dateFormat = DateFormat.fitting(xDates.compactMap { $0 })
      xAxis = .numeric(axis)
    }
    var additional: [Axis] = []
    if durationColumn != nil {
      additional.append(.numeric(NumericAxis(title: columns.duration!, range: span(durations))))
    }
    let instruments = instrumentColumn.map { index in
      body.map { $0.element[index].trimmingCharacters(in: .whitespaces) }
    }
    if let instruments {
      additional.append(
        .categorical(
          CategoricalAxis(title: columns.instrument!, categoryOrder: firstSeen(instruments))))
    }

    let seriesNames = seriesColumn.map { index in
      body.map { $0.element[index].trimmingCharacters(in: .whitespaces) }
    }
    var order: [String] = []
    var pointsBySeries: [String: [DataPoint]] = [:]
    for (position, _) in body.enumerated() {
      let name = seriesNames?[position] ?? columns.y
      if pointsBySeries[name] == nil { order.append(name) }
      var values: [DataValue] = []
      if durationColumn != nil { values.append(.number(durations[position])) }
      if let instruments { values.append(.category(instruments[position])) }
      let x: DataValue =
        xIsNumeric ? .number(xNumber(position)!) : .category(xTexts[position])
      pointsBySeries[name, default: []].append(
        DataPoint(x: x, y: ys[position], additionalValues: values))
    }
    let series = order.map { name -> DataSeries in
      let points = pointsBySeries[name]!
      let xs = points.compactMap(\.x.number)
      let increasing = xIsNumeric && zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }
      return DataSeries(
        name: name, isContinuous: increasing && points.count > 1, dataPoints: points)
    }
    self.init(
      title: columns.title ?? name, xAxis: xAxis,
      yAxis: NumericAxis(title: columns.y, range: span(ys.compactMap { $0 })),
      additionalAxes: additional, series: series)
    try validate()
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
