import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation
import MultipartKit
import NIOCore

/// One render request as the service reads it: the output asked for, the chart, and the settings
/// given on top of the chart's own.
///
/// The body is the chart itself (a descriptor or a Vega-Lite specification as JSON; CSV as
/// `text/csv`, its columns in the query: `x`, `y`, `series`, `duration`, `instrument`, `title`),
/// or a JSON envelope `{"chart": {…} or "csv": "…", "columns": {…}, "settings": {…}}`, or a
/// `multipart/form-data` form with a `chart` part (its type or file name says CSV) and a
/// `settings` part. The settings are the names of a chart's `sonification` object.
struct RenderRequest {
  /// The output asked for.
  var output: ExportOutput
  /// The chart.
  var chart: ChartDescriptor
  /// The settings on top of the chart's own.
  var settings: [OptionSetting]
  /// What identifies the chart and settings as given, for the response's tag.
  var inputDigest: String

  /// The names `format` takes, and the output of each.
  static let formats: [(name: String, output: ExportOutput)] = [
    ("mid", .midi), ("wav", .wav), ("flac", .flac), ("ogg", .ogg), ("opus", .opus), ("mp3", .mp3),
    ("page.zip", .page),
  ]

  /// The output a `format` parameter names.
  static func output(named name: Substring?) throws(ServiceError) -> ExportOutput {
    let names = formats.map(\.name).joined(separator: ", ")
    guard let name else {
      throw ServiceError(
        .badRequest, code: "badRequest", "name the output with ?format= (\(names))",
        location: "format")
    }
    guard let output = formats.first(where: { $0.name == name })?.output else {
      throw ServiceError(
        .badRequest, code: "badRequest",
        "format \(quoted(String(name))) is none of \(names)", location: "format")
    }
    return output
  }

  /// Reads a request's body as its content type says.
  static func read(
    output: ExportOutput, contentType: String?, query: [String: String], body: Data,
    limits: ReadingLimits
  ) throws -> RenderRequest {
    let type =
      contentType?.split(separator: ";").first?
      .trimmingCharacters(in: .whitespaces).lowercased() ?? "application/json"
    var columns = query
    switch type {
    case "text/csv":
      return try csv(body, columns: columns, settings: [], output: output, limits: limits)
    case "multipart/form-data":
      let (chart, isCSV, settings, partColumns) = try form(body, contentType: contentType ?? "")
      columns.merge(partColumns) { _, part in part }
      return isCSV
        ? try csv(chart, columns: columns, settings: settings, output: output, limits: limits)
        : try json(chart, settings: settings, output: output, limits: limits)
    // JSON by its type, or by its first character under the type a plain client sends (curl's
    // form type, a file's octet stream).
    case "application/json", "application/vnd.vega-lite+json", "text/json":
      fallthrough
    case "application/x-www-form-urlencoded", "application/octet-stream",
      "text/plain"
    where body.first { !$0.isWhitespaceByte } == UInt8(ascii: "{"):
      if let envelope = try envelope(body) {
        columns.merge(envelope.columns) { _, given in given }
        if let csv = envelope.csv {
          return try Self.csv(
            csv, columns: columns, settings: envelope.settings, output: output, limits: limits)
        }
        return try json(
          envelope.chart ?? Data(), settings: envelope.settings, output: output, limits: limits)
      }
      return try json(body, settings: [], output: output, limits: limits)
    default:
      throw ServiceError(
        .unsupportedMediaType, code: "unsupportedMediaType",
        "a chart comes as application/json, text/csv or multipart/form-data, not \(type)")
    }
  }

  /// A descriptor or Vega-Lite specification (its `data.url` read from nowhere).
  static func json(
    _ bytes: Data, settings: [OptionSetting], output: ExportOutput, limits: ReadingLimits
  ) throws -> RenderRequest {
    guard bytes.count <= limits.fileBytes else { throw tooLarge(bytes.count, limits) }
    let chart = try ChartDescriptor(document: bytes, limits: limits)
    return RenderRequest(
      output: output, chart: chart, settings: settings,
      inputDigest: digest("json", bytes, settings))
  }

  /// A CSV chart, its columns named by `columns`.
  static func csv(
    _ bytes: Data, columns: [String: String], settings: [OptionSetting], output: ExportOutput,
    limits: ReadingLimits
  ) throws -> RenderRequest {
    guard bytes.count <= limits.fileBytes else { throw tooLarge(bytes.count, limits) }
    guard let x = columns["x"], let y = columns["y"] else {
      throw ServiceError(
        .badRequest, code: "badRequest",
        "a CSV chart needs its columns named: x and y (and series, duration, instrument, title as wanted), in the query or the envelope's columns",
        location: columns["x"] == nil ? "x" : "y")
    }
    let named = CSVColumns(
      x: x, y: y, series: columns["series"], duration: columns["duration"],
      instrument: columns["instrument"], title: columns["title"])
    let chart = try ChartDescriptor(csv: bytes, columns: named, name: columns["title"] ?? "chart")
    let described = ["x", "y", "series", "duration", "instrument", "title"].map {
      "\($0)=\(columns[$0] ?? "")"
    }.joined(separator: "&")
    return RenderRequest(
      output: output, chart: chart, settings: settings,
      inputDigest: digest("csv \(described)", bytes, settings))
  }

  /// The envelope's parts, when the body is one: a JSON object with `chart` or `csv`.
  static func envelope(_ body: Data) throws -> (
    chart: Data?, csv: Data?, columns: [String: String], settings: [OptionSetting]
  )? {
    // A chart itself names neither; only then is the body read twice.
    guard
      body.range(of: Data("\"chart\"".utf8)) != nil || body.range(of: Data("\"csv\"".utf8)) != nil,
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      object["chart"] != nil || object["csv"] != nil
    else { return nil }
    let unknown = Set(object.keys).subtracting(["chart", "csv", "columns", "settings"])
    if let key = unknown.sorted().first {
      throw ServiceError(
        .badRequest, code: "badRequest",
        "the envelope takes chart or csv, columns and settings, not \(quoted(key))",
        location: key)
    }
    var chart: Data?
    if let value = object["chart"] {
      guard value is [String: Any] else {
        throw ServiceError(
          .badRequest, code: "badRequest", "chart is a descriptor or a Vega-Lite specification",
          location: "chart")
      }
      chart = try JSONSerialization.data(withJSONObject: value)
    }
    var csv: Data?
    if let value = object["csv"] {
      guard let text = value as? String else {
        throw ServiceError(
          .badRequest, code: "badRequest", "csv is the CSV text", location: "csv")
      }
      csv = Data(text.utf8)
    }
    var columns: [String: String] = [:]
    if let value = object["columns"] {
      guard let given = value as? [String: String] else {
        throw ServiceError(
          .badRequest, code: "badRequest", "columns names the CSV's columns, each by a string",
          location: "columns")
      }
      columns = given
    }
    return (chart, csv, columns, try settings(object["settings"]))
  }

  /// A settings object, as the settings a chart's `sonification` object holds.
  static func settings(_ value: Any?) throws -> [OptionSetting] {
    guard let value else { return [] }
    guard let object = value as? [String: Any] else {
      throw ServiceError(
        .badRequest, code: "badRequest",
        "settings is an object of the names a chart's sonification takes", location: "settings")
    }
    let root = ErrorLocation.path("settings")
    return object.keys.sorted().map { key in
      OptionSetting(named: key, JSONValue(foundation: object[key]!), at: root.appending(key))
    }
  }

  /// A `multipart/form-data` form's chart (and whether it is CSV), settings and columns.
  static func form(_ body: Data, contentType: String) throws -> (
    chart: Data, isCSV: Bool, settings: [OptionSetting], columns: [String: String]
  ) {
    guard
      let boundary = contentType.split(separator: ";").dropFirst().lazy.map({
        $0.trimmingCharacters(in: .whitespaces)
      }).first(where: { $0.lowercased().hasPrefix("boundary=") })?.dropFirst("boundary=".count)
    else {
      throw ServiceError(
        .badRequest, code: "badRequest", "the multipart form names no boundary")
    }
    var parts: [(headers: [String: String], body: Data)] = []
    var headers: [String: String] = [:]
    var content = Data()
    let parser = MultipartParser(boundary: String(boundary).trimmingCharacters(in: ["\""]))
    parser.onHeader = { name, value in headers[name.lowercased()] = value }
    parser.onBody = { buffer in content.append(contentsOf: buffer.readableBytesView) }
    parser.onPartComplete = {
      parts.append((headers, content))
      (headers, content) = ([:], Data())
    }
    do {
      try parser.execute(ByteBuffer(data: body))
    } catch {
      throw ServiceError(
        .badRequest, code: "badRequest", "the multipart form cannot be read: \(error)")
    }
    func name(_ part: (headers: [String: String], body: Data)) -> (String?, String?) {
      let disposition = part.headers["content-disposition"] ?? ""
      func parameter(_ key: String) -> String? {
        disposition.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
          .first { $0.hasPrefix("\(key)=") }
          .map { String($0.dropFirst(key.count + 1)).trimmingCharacters(in: ["\""]) }
      }
      return (parameter("name"), parameter("filename"))
    }
    var chart: (Data, Bool)?
    var settings: [OptionSetting] = []
    var columns: [String: String] = [:]
    for part in parts {
      let (field, file) = name(part)
      switch field {
      case "chart":
        let type = part.headers["content-type"]?.lowercased() ?? ""
        chart = (
          part.body, type.hasPrefix("text/csv") || file?.lowercased().hasSuffix(".csv") == true
        )
      case "settings":
        guard let object = try? JSONSerialization.jsonObject(with: part.body) else {
          throw ServiceError(
            .badRequest, code: "badRequest", "the settings part is not JSON", location: "settings")
        }
        settings = try Self.settings(object)
      case let field? where ["x", "y", "series", "duration", "instrument", "title"].contains(field):
        columns[field] = String(decoding: part.body, as: UTF8.self)
      default:
        throw ServiceError(
          .badRequest, code: "badRequest",
          "the form takes the parts chart, settings and the CSV's columns, not \(quoted(field ?? ""))"
        )
      }
    }
    guard let chart else {
      throw ServiceError(.badRequest, code: "badRequest", "the form has no chart part")
    }
    return (chart.0, chart.1, settings, columns)
  }

  /// The refusal of a chart larger than the service reads.
  static func tooLarge(_ count: Int, _ limits: ReadingLimits) -> ServiceError {
    ServiceError(
      .contentTooLarge, code: "limitExceeded",
      "the chart is \(NumberText.grouped(count)) bytes, more than the \(NumberText.grouped(limits.fileBytes)) the service reads"
    )
  }

  /// The digest of a chart's bytes, how they are read and the settings given.
  static func digest(_ kind: String, _ bytes: Data, _ settings: [OptionSetting]) -> String {
    var text = Data("\(kind)\n\(Digest.sha256(bytes))\n".utf8)
    for setting in settings { text.append(Data("\(setting.name)=\(setting.value)\n".utf8)) }
    return Digest.sha256(text)
  }
}

extension UInt8 {
  /// Whether the byte is JSON's white space.
  fileprivate var isWhitespaceByte: Bool {
    self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
  }
}

extension JSONValue {
  /// The value of what `JSONSerialization` reads.
  init(foundation value: Any) {
    switch value {
    // JSONSerialization reads true and false as numbers of the type of a C `char`.
    case let number as NSNumber where String(cString: number.objCType) == "c":
      self = .bool(number.boolValue)
    case let number as NSNumber: self = .number(number.doubleValue)
    case let string as String: self = .string(string)
    case let array as [Any]: self = .array(array.map { JSONValue(foundation: $0) })
    case let object as [String: Any]:
      self = .object(object.keys.sorted().map { ($0, JSONValue(foundation: object[$0]!)) })
    default: self = .null
    }
  }
}
