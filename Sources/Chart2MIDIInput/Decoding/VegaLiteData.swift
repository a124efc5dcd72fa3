import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

extension VegaLite {
  /// The data rows: inline `values`, or a local CSV, TSV or JSON file named by `url`, held to
  /// `limits`.
  static func data(
    _ node: JSONValue?, folders: [URL], anywhere: Bool = false,
    limits: ReadingLimits = ReadingLimits()
  ) throws -> [DataRow] {
    var rows = try rawData(node, folders: folders, anywhere: anywhere, limits: limits)
    // format.parse: a field's values as numbers, booleans, dates or text.
    if case .object(let fields)? = node?["format"]?["parse"] {
      for (field, kind) in fields {
        guard case .string(let name) = kind else { continue }
        for row in rows.indices {
          guard let value = rows[row][field], value != .null else { continue }
          let text = VegaLiteExpression.text(value)
          switch name {
          case "number": rows[row][field] = Double(text).map(JSONValue.number) ?? .null
          case "boolean": rows[row][field] = .bool(["true", "1"].contains(text.lowercased()))
          case "string": rows[row][field] = .string(text)
          default:
            guard name.hasPrefix("date") || name.hasPrefix("utc") else {
              throw DescriptorError(
                at: "data.format.parse.\(field)",
                "expected number, boolean, date or string, found \(quoted(name))")
            }
            guard case .string = value else { continue }
            // "date:'%d %b %Y'" or "utc:'...'": a d3-time-format pattern; "date" alone: as a
            // browser reads dates.
            var pattern: String?
            if let colon = name.firstIndex(of: ":") {
              pattern = name[name.index(after: colon)...]
                .trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
            }
            guard
              let seconds = pattern.map({ DateFormat($0).parse(text) })
                ?? ISODate.looseSeconds(text)
            else {
              throw DescriptorError(
                "data row \(row + 1), field \(quoted(field)): expected a date\(pattern.map { " in the form \(quoted($0))" } ?? ""), found \(quoted(text))"
              )
            }
            rows[row][field] = .number(seconds * 1000)
          }
        }
      }
    }
    return rows
  }

  /// The rows `node` gives. A `url` is read only from a regular file inside `folders` (the
  /// specification's, then the data folders given), after links and `..` are resolved, unless
  /// `anywhere` allows any file the process can read: a chart from anyone cannot read the
  /// machine's other files.
  static func rawData(
    _ node: JSONValue?, folders: [URL], anywhere: Bool = false,
    limits: ReadingLimits = ReadingLimits()
  ) throws -> [DataRow] {
    guard let node else { throw DescriptorError(at: "data", "expected data with values or a url") }
    if let sequence = node["sequence"] { return try self.sequence(sequence, limits: limits) }
    var type: String?
    if case .string(let given)? = node["format"]?["type"] { type = given }
    var property: String?
    if case .string(let given)? = node["format"]?["property"] { property = given }
    if let values = node["values"] {
      if case .string(let text) = values {
        return try rows(
          text: Array(text.utf8), type: type ?? "json", property: property, at: "data.values",
          limits: limits)
      }
      return try rows(json: values, property: property, at: "data.values", limits: limits)
    }
    guard case .string(let path)? = node["url"] else {
      if case .string(let name)? = node["name"] {
        throw DescriptorError(
          at: "data.name",
          "the data named \(quoted(name)) comes from the page that shows the chart; give it in data.values or data.url",
          code: .unsupported
        )
      }
      throw DescriptorError(at: "data", "expected inline values or a url to a local file")
    }
    if path.contains("://") {
      throw DescriptorError(
        at: "data.url",
        "\(quoted(path)) is not a local file; download it and name the file instead",
        code: .unsupported
      )
    }
    let resolved = try dataFile(path, folders: folders, anywhere: anywhere)
    let bytes: [UInt8]
    do {
      bytes = try readRegularFile(resolved, maximumBytes: limits.fileBytes)
    } catch {
      var failure = DescriptorError(
        at: "data.url", "cannot read \(quoted(path)): \(error.reason)", code: error.code)
      failure.limit = error.limit
      throw failure
    }
    let extensionType = (path.lowercased() as NSString).pathExtension
    // A mistake in the data file is named by the file, its line and its column.
    let here = FileManager.default.currentDirectoryPath + "/"
    let shown = resolved.hasPrefix(here) ? String(resolved.dropFirst(here.count)) : resolved
    do {
      return try rows(
        text: bytes, type: type ?? (extensionType.isEmpty ? "csv" : extensionType),
        property: property, at: "data.url", limits: limits)
    } catch var error as DescriptorError where error.location?.isInInput == true {
      if case .path = error.location {} else { error.file = shown }
      throw error
    }
  }

  /// The file a `data.url` names: any file the process can read when `anywhere`, else a regular
  /// file inside `folders` (see `rawData`).
  ///
  /// - Throws: `DescriptorError` at `data.url` when there is none.
  private static func dataFile(_ path: String, folders: [URL], anywhere: Bool) throws -> String {
    if anywhere {
      // Trusted: any file the process can read, and the reason when it cannot.
      let candidates =
        path.hasPrefix("/")
        ? [path] : folders.map { URL(fileURLWithPath: path, relativeTo: $0).path }
      guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) })
      else {
        throw DescriptorError(
          at: "data.url",
          "cannot read \(path) beside the specification\(folders.count > 1 ? " or in the data folders given" : "")",
          code: .missingFile)
      }
      return found
    } else if folders.isEmpty {
      // A specification from memory (a service's request) has no folder to read beside.
      throw DescriptorError(
        at: "data.url",
        "\(quoted(path)) cannot be read: a specification given without a folder reads no data file; give its rows in data.values",
        code: .invalidValue)
    } else {
      // One sentence whatever the reason (no such file, a file elsewhere, a link out, a FIFO):
      // nothing tells whether a path exists.
      guard let found = ConfinedFile.resolve(path, in: folders) else {
        throw DescriptorError(
          at: "data.url",
          "\(quoted(path)) is not a data file beside the specification\(folders.count > 1 ? " or in the data folders given" : ""); a chart reads data only from a regular file there, unless reading data anywhere is allowed",
          code: .invalidValue)
      }
      return found
    }
  }

  /// Rows from the text of a JSON, CSV or TSV file or inline string, held to `limits`. Each row
  /// is made as it is read: the rows are never held beside a parsed copy of the whole text.
  static func rows(
    text bytes: [UInt8], type: String, property: String?, at place: String,
    limits: ReadingLimits = ReadingLimits()
  ) throws -> [DataRow] {
    if type == "json" {
      return try bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(document: buffer)
        var reader = RowReader(place: place, property: property, limits: limits)
        try reader.read(&scanner, path: (property ?? "").split(separator: ".")[...])
        return reader.rows
      }
    }
    guard type == "csv" || type == "tsv" || type == "txt" else {
      throw DescriptorError(at: place, "\(quoted(type)): expected CSV, TSV or JSON data")
    }
    let separator = UInt8(ascii: type == "tsv" ? "\t" : ",")
    var header: [String]?
    var rows: [DataRow] = []
    var values = 0
    let budget = DataBudget(limits: limits)
    let names = FieldNames()
    try CSVTable.forEachRow(of: bytes, separator: separator) { cells in
      guard cells != [""] else { return }
      guard let header else {
        header = cells
        return
      }
      values += min(cells.count, header.count)
      try budget.check(rows: rows.count + 1, values: values, at: place)
      rows.append(
        DataRow(
          zip(header, cells).lazy.map { name, cell -> (String, JSONValue) in
            (name, Double(cell).map(JSONValue.number) ?? (cell.isEmpty ? .null : .string(cell)))
          }, names: names))
    }
    guard header != nil else {
      throw DescriptorError(at: place, "the data is empty; expected a header row")
    }
    return rows
  }

  /// Rows from JSON data: an array (at `format.property`, a dotted path, when given) of objects,
  /// whose nested objects' fields are also named by dotted paths (`properties.yield`), or of
  /// plain values, named `data` as Vega-Lite names them.
  static func rows(
    json: JSONValue, property: String?, at place: String, limits: ReadingLimits = ReadingLimits()
  ) throws -> [DataRow] {
    var value = json
    for key in (property ?? "").split(separator: ".") {
      guard let inner = value[String(key)] else { throw RowReader.missing(key) }
      value = inner
    }
    guard case .array(let items) = value else {
      throw RowReader.notRows(value.kind, at: place, property: property)
    }
    // Rows past the limit are refused before they are made; their values are counted after.
    try DataBudget(limits: limits).check(rows: items.count, values: 0, at: place)
    let names = FieldNames()
    let rows = items.map { RowReader.row($0, names: names) }
    try DataBudget(limits: limits).check(rows, at: place)
    return rows
  }

  /// Reads JSON data's rows from a scanner, each made as its element is read and held to the
  /// limits as it is added.
  private struct RowReader {
    let place: String
    /// Where the rows are, as `format.property` names it.
    let property: String?
    let budget: DataBudget
    let names = FieldNames()
    var rows: [DataRow] = []
    var values = 0

    init(place: String, property: String?, limits: ReadingLimits) {
      self.place = place
      self.property = property
      budget = DataBudget(limits: limits)
    }

    /// Reads the value at the scanner: the rows' array, or the object that holds it at `path`
    /// (the names still to follow).
    mutating func read(_ scanner: inout JSONScanner, path: ArraySlice<Substring>) throws {
      guard let key = path.first else {
        guard scanner.peekKind() == .array else {
          throw Self.notRows(try scanner.readValue().kind, at: place, property: property)
        }
        try scanner.readArray { scanner, _ in
          let row = Self.row(try scanner.readValue(), names: names)
          values += row.count
          try budget.check(rows: rows.count + 1, values: values, at: place)
          rows.append(row)
        }
        return
      }
      guard scanner.peekKind() == .object else {
        _ = try scanner.readValue()
        throw Self.missing(key)
      }
      var found = false
      try scanner.readObject { scanner, name in
        if !found, name == key {
          found = true
          try read(&scanner, path: path.dropFirst())
        } else {
          _ = try scanner.readValue()
        }
      }
      guard found else { throw Self.missing(key) }
    }

    /// A row of an element: an object's fields (nested ones by dotted paths, eight deep), or a
    /// plain value named `data`.
    static func row(_ item: JSONValue, names: FieldNames) -> DataRow {
      guard case .object(let members) = item else { return DataRow([("data", item)], names: names) }
      var row = DataRow(names: names)
      func add(_ members: [(key: String, value: JSONValue)], prefix: String, depth: Int) {
        for (key, value) in members {
          row[prefix + key] = value
          if case .object(let inner) = value, depth < 8 {
            add(inner, prefix: prefix + key + ".", depth: depth + 1)
          }
        }
      }
      add(members, prefix: "", depth: 0)
      return row
    }

    static func missing(_ key: Substring) -> DescriptorError {
      DescriptorError(at: "data.format.property", "the data has no \(quoted(String(key)))")
    }

    /// The kind of value only: a data file's contents are not repeated in a message.
    static func notRows(_ kind: String, at place: String, property: String?) -> DescriptorError {
      DescriptorError(
        at: place,
        "expected an array of rows, found \(kind)\(property == nil ? "; name where the rows are with format.property" : "")"
      )
    }
  }

  /// Rows of a `sequence` generator: numbers from `start` up to, not including, `stop`.
  static func sequence(_ node: JSONValue, limits: ReadingLimits = ReadingLimits()) throws
    -> [DataRow]
  {
    func number(_ key: String, default value: Double?) throws -> Double {
      if case .number(let given)? = node[key] { return given }
      guard let value else {
        throw DescriptorError(at: "data.sequence.\(key)", "expected a number")
      }
      return value
    }
    let start = try number("start", default: nil)
    let stop = try number("stop", default: nil)
    let step = try number("step", default: 1)
    guard step != 0 else {
      throw DescriptorError(at: "data.sequence.step", "expected a step other than 0")
    }
    let count = max(0, ((stop - start) / step).rounded(.up))
    guard count <= Double(limits.rows) else {
      let rows = count < 1e15 ? ValueFormat.grouped(Int(count)) : "more than 10^15"
      throw DescriptorError(
        at: "data.sequence",
        "the data would hold \(rows) rows; at most \(ValueFormat.grouped(limits.rows)) are read",
        passing: .rows)
    }
    var name = "data"
    if case .string(let given)? = node["as"] { name = given }
    var rows: [DataRow] = []
    rows.reserveCapacity(Int(count))
    let names = FieldNames()
    var index = 0.0
    while case let value = start + index * step, step > 0 ? value < stop : value > stop {
      rows.append(DataRow([(name, .number(value))], names: names))
      index += 1
    }
    return rows
  }
}
