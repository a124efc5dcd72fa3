import Foundation

extension VegaLite {
  /// The data rows: inline `values`, or a local CSV, TSV or JSON file named by `url`.
  static func data(_ node: JSONValue?, folders: [URL]) throws -> [[String: JSONValue]] {
    var rows = try rawData(node, folders: folders)
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
            if case .string = value, ISODate.seconds(text) == nil {
              throw DescriptorError(
                "data row \(row + 1), field \(quoted(field)): expected an ISO 8601 date, found \(quoted(text))"
              )
            }
          }
        }
      }
    }
    return rows
  }

  static func rawData(_ node: JSONValue?, folders: [URL]) throws -> [[String: JSONValue]] {
    guard let node else { throw DescriptorError(at: "data", "expected data with values or a url") }
    if case .array(let values)? = node["values"] {
      return try values.enumerated().map { index, value in
        guard case .object(let members) = value else {
          throw DescriptorError(
            at: "data.values[\(index)]", "expected an object of fields, found \(value.summary)")
        }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
      }
    }
    guard case .string(let path)? = node["url"] else {
      throw DescriptorError(at: "data", "expected inline values or a url to a local file")
    }
    let candidates =
      path.hasPrefix("/")
      ? [URL(fileURLWithPath: path)] : folders.map { URL(fileURLWithPath: path, relativeTo: $0) }
    guard let bytes = candidates.lazy.compactMap({ try? Data(contentsOf: $0) }).first else {
      if path.contains("://") {
        throw DescriptorError(
          at: "data.url", "\(path) is not a local file; download it and name the file instead")
      }
      throw DescriptorError(
        at: "data.url",
        "cannot read \(path) beside the specification\(folders.count > 1 ? " or in --data-dir" : "")"
      )
    }
    var type = (path.lowercased() as NSString).pathExtension
    if case .string(let given)? = node["format"]?["type"] { type = given }
    if type == "json" {
      var buffer = [UInt8](bytes)
      buffer.append(0)
      let json = try buffer.withUnsafeBufferPointer { pointer -> JSONValue in
        var scanner = JSONScanner(nulTerminated: pointer)
        return try scanner.readValue()
      }
      return try rawData(.object([("values", json)]), folders: folders)
    }
    guard type == "csv" || type == "tsv" || type == "txt" || type.isEmpty else {
      throw DescriptorError(at: "data.url", "\(path): expected a CSV, TSV or JSON file")
    }
    let separator = UInt8(ascii: type == "tsv" ? "\t" : ",")
    let table = try CSVTable.parse(bytes, separator: separator).filter { $0 != [""] }
    guard let header = table.first else {
      throw DescriptorError(at: "data.url", "\(path) is empty; expected a header row")
    }
    return table.dropFirst().map { row in
      Dictionary(
        zip(header, row).map { name, cell -> (String, JSONValue) in
          (name, Double(cell).map(JSONValue.number) ?? (cell.isEmpty ? .null : .string(cell)))
        }, uniquingKeysWith: { $1 })
    }
  }
}
