import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

extension ChartDescriptor {
  /// Decodes and validates a descriptor from JSON.
  ///
  /// - Parameter data: the JSON text, UTF-8.
  /// - Throws: `DescriptorError` naming the place of the first mistake: a line and column for
  ///   malformed JSON, a path such as `series[0].dataPoints[41].y` for anything else.
  public init(json data: Data) throws {
    self = try data.withUnsafeBytes {
      try ChartDescriptor(json: $0.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Decodes from the bytes of a document, read where they lie.
  init(json bytes: UnsafeBufferPointer<UInt8>) throws {
    var decoder = ChartJSONDecoder(scanner: JSONScanner(document: bytes))
    self = try decoder.decode()
    try validate()
  }
}

/// Reads the descriptor format (the README's "The chart descriptor (JSON)"): the small parts (axes, options) as `JSONValue`s that are
/// interpreted afterwards, the data points straight into `DataPoint`s.
struct ChartJSONDecoder {
  var scanner: JSONScanner

  mutating func decode() throws -> ChartDescriptor {
    guard scanner.peek() == UInt8(ascii: "{") else {
      if scanner.isAtEnd {
        throw DescriptorError("the file is empty; expected a JSON object")
      }
      throw scanner.syntaxError(
        "expected a JSON object ('{') holding title, xAxis, yAxis and series")
    }
    var title: String?
    var summary: String?
    var xAxis: JSONValue?
    var yAxis: JSONValue?
    var additionalAxes: JSONValue?
    var series: [DataSeries]?
    var sonification: JSONValue?
    try scanner.readObject { scanner, key in
      switch key {
      case "title": title = try Self.readText(&scanner, at: "title")
      case "summary": summary = try Self.readOptionalText(&scanner, at: "summary")
      case "xAxis": xAxis = try scanner.readValue()
      case "yAxis": yAxis = try scanner.readValue()
      case "additionalAxes": additionalAxes = try scanner.readValue()
      case "series": series = try Self.readSeriesList(&scanner)
      case "sonification": sonification = try scanner.readValue()
      default:
        throw unknownField(key, at: "", known: Self.chartFields)
      }
    }
    if scanner.peek() != 0 || !scanner.isAtEnd {
      throw scanner.syntaxError("expected the end of the document after the chart object")
    }
    guard let title else { throw missingField("title", at: "") }
    guard let xAxisNode = xAxis else { throw missingField("xAxis", at: "") }
    guard let yAxisNode = yAxis else { throw missingField("yAxis", at: "") }
    guard let series else { throw missingField("series", at: "") }
    let x = try AxisDecoding.axis(xAxisNode, at: "xAxis")
    guard case .numeric(let y) = try AxisDecoding.axis(yAxisNode, at: "yAxis") else {
      throw DescriptorError(
        at: "yAxis.type",
        "the y axis must be numeric, found a categorical axis; pitch follows numbers, so give the y axis a numeric range"
      )
    }
    var additional: [Axis] = []
    if let node = additionalAxes, node != .null {
      guard case .array(let elements) = node else {
        throw DescriptorError(
          at: "additionalAxes", "expected an array of axes, found \(node.summary)")
      }
      for (index, element) in elements.enumerated() {
        additional.append(try AxisDecoding.axis(element, at: "additionalAxes[\(index)]"))
      }
    }
    var options: JSONValue?
    if let node = sonification, node != .null {
      guard case .object = node else {
        throw DescriptorError(
          at: "sonification", "expected an object of options, found \(node.summary)")
      }
      options = node
    }
    var chart = ChartDescriptor(
      title: title, summary: summary, xAxis: x, yAxis: y, additionalAxes: additional,
      series: series, sonification: options)
    // Dates on date axes become seconds; a date axis without a format gets one that fits its data.
    var formatted = [xAxisNode["valueFormat"] != nil]
    if case .array(let elements)? = additionalAxes {
      formatted += elements.map { $0["valueFormat"] != nil }
    }
    try chart.resolveDates(keepingFormats: formatted)
    return chart
  }

  static let chartFields = [
    "title", "summary", "xAxis", "yAxis", "additionalAxes", "series", "sonification",
  ]

  // MARK: Series and points

  static func readSeriesList(_ scanner: inout JSONScanner) throws -> [DataSeries] {
    guard scanner.peekKind() == .array else {
      throw DescriptorError(
        at: "series", "expected an array of series, found \(try scanner.readValue().summary)")
    }
    var list: [DataSeries] = []
    try scanner.readArray { scanner, index in
      list.append(try readSeries(&scanner, index: index))
    }
    return list
  }

  static func readSeries(_ scanner: inout JSONScanner, index: Int) throws -> DataSeries {
    let path = "series[\(index)]"
    guard scanner.peekKind() == .object else {
      throw DescriptorError(
        at: path,
        "expected a series object with name and dataPoints, found \(try scanner.readValue().summary)"
      )
    }
    var name: String?
    var isContinuous = false
    var points: [DataPoint]?
    try scanner.readObject { scanner, key in
      switch key {
      case "name": name = try readText(&scanner, at: "\(path).name")
      case "isContinuous":
        let value = try scanner.readValue()
        guard case .bool(let flag) = value else {
          throw DescriptorError(
            at: "\(path).isContinuous", "expected true or false, found \(value.summary)")
        }
        isContinuous = flag
      case "dataPoints":
        guard scanner.peekKind() == .array else {
          throw DescriptorError(
            at: "\(path).dataPoints",
            "expected an array of data points, found \(try scanner.readValue().summary)")
        }
        // The first points as they come (the list doubling as it grows); once they are read,
        // room for as many as the rest of the document holds at the size they took (a little
        // more), so that a long series is not copied as it grows, and a short one reserves no
        // more than it needs, however many series there are.
        var list: [DataPoint] = []
        let first = 4096
        let start = scanner.offset
        try scanner.readArray { scanner, pointIndex in
          if list.count == first {
            let size = Double(scanner.offset - start) / Double(first)
            list.reserveCapacity(first + Int(Double(scanner.end - scanner.offset) / size * 1.1) + 1)
            HugePages.advise(capacityOf: &list)
          }
          list.append(try readPoint(&scanner, series: index, point: pointIndex))
        }
        // A guess well past the points read is given back.
        if list.capacity - list.count > max(first, list.count / 4) {
          list = list.withUnsafeBufferPointer { Array($0) }
        }
        points = list
      default:
        throw unknownField(key, at: path, known: ["name", "isContinuous", "dataPoints"])
      }
    }
    guard let name else { throw missingField("name", at: path) }
    guard let points else { throw missingField("dataPoints", at: path) }
    return DataSeries(name: name, isContinuous: isContinuous, dataPoints: points)
  }

  static func readPoint(_ scanner: inout JSONScanner, series: Int, point: Int) throws -> DataPoint {
    func path() -> String { "series[\(series)].dataPoints[\(point)]" }
    guard scanner.peekKind() == .object else {
      throw DescriptorError(
        at: path(),
        "expected a data point object such as {\"x\": 1, \"y\": 2}, found \(try scanner.readValue().summary)"
      )
    }
    var x: DataValue?
    var y: Double?
    var hasY = false
    // The common point has one numeric additional value: it stays out of an array.
    var single: Double?
    var additionalValues: [DataValue] = []
    var label: String?
    // Members are read in a loop rather than through closures: this runs once per point.
    guard try scanner.openObject() else { throw missingField("x", at: path()) }
    repeat {
      let (raw, decoded) = try scanner.readKey()
      // The keys of a point, matched on their bytes without making a String.
      let key: PointKey
      if let raw {
        if raw.count == 1, scanner.bytes[raw.lowerBound] == UInt8(ascii: "x") {
          key = .x
        } else if raw.count == 1, scanner.bytes[raw.lowerBound] == UInt8(ascii: "y") {
          key = .y
        } else if scanner.key(raw, equals: "additionalValues") {
          key = .additionalValues
        } else {
          key = PointKey(scanner.keyText(raw, nil))
        }
      } else {
        key = PointKey(decoded!)
      }
      switch key {
      case .x:
        x = try readDataValue(&scanner, at: { "\(path()).x" })
      case .y:
        hasY = true
        switch scanner.peekKind() {
        case .number, .nonFinite: y = try readFinite(&scanner, at: { "\(path()).y" })
        case .null: _ = try scanner.readLiteral()
        default:
          throw DescriptorError(
            at: "\(path()).y", "expected a number or null, found \(try scanner.readValue().summary)"
          )
        }
      case .additionalValues:
        guard scanner.peekKind() == .array else {
          throw DescriptorError(
            at: "\(path()).additionalValues",
            "expected an array with one value per additional axis, found \(try scanner.readValue().summary)"
          )
        }
        single = nil
        additionalValues = []
        guard try scanner.openArray() else { continue }
        var index = 0
        repeat {
          if index == 0, scanner.peekKind() == .number {
            single = try readFinite(&scanner, at: { "\(path()).additionalValues[0]" })
          } else {
            if let first = single {
              additionalValues.append(.number(first))
              single = nil
            }
            additionalValues.append(
              try readDataValue(&scanner, at: { "\(path()).additionalValues[\(index)]" }))
          }
          index += 1
        } while try scanner.nextElement()
      case .label:
        label = try readOptionalText(&scanner, at: "\(path()).label")
      case .unknown(let name):
        throw unknownField(name, at: path(), known: ["x", "y", "additionalValues", "label"])
      }
    } while try scanner.nextMember()
    guard let x else { throw missingField("x", at: path()) }
    guard hasY else {
      throw DescriptorError(at: path(), "missing required field \"y\" (use null for a gap)")
    }
    if let single, label == nil, case .number(let number) = x {
      return DataPoint(x: number, y: y, additionalNumber: single)
    }
    return DataPoint(
      x: x, y: y, additionalValues: single.map { [.number($0)] } ?? additionalValues, label: label)
  }

  /// The members a data point may have.
  enum PointKey {
    case x, y, additionalValues, label
    case unknown(String)

    init(_ name: String) {
      switch name {
      case "x": self = .x
      case "y": self = .y
      case "additionalValues": self = .additionalValues
      case "label": self = .label
      default: self = .unknown(name)
      }
    }
  }

  static func readDataValue(_ scanner: inout JSONScanner, at path: () -> String) throws -> DataValue
  {
    switch scanner.peekKind() {
    case .number, .nonFinite: return .number(try readFinite(&scanner, at: path))
    case .string: return .category(try scanner.readString())
    default:
      throw DescriptorError(
        at: path(), "expected a number or a category name, found \(try scanner.readValue().summary)"
      )
    }
  }

  static func readFinite(_ scanner: inout JSONScanner, at path: () -> String) throws -> Double {
    let start = scanner.offset
    let value = try scanner.readNumber()
    guard value.isFinite else {
      throw DescriptorError(at: path(), "\(scanner.text(from: start)) is not a finite number")
    }
    return value
  }

  static func readText(_ scanner: inout JSONScanner, at path: String) throws -> String {
    guard scanner.peekKind() == .string else {
      throw DescriptorError(at: path, "expected a string, found \(try scanner.readValue().summary)")
    }
    return try scanner.readString()
  }

  static func readOptionalText(_ scanner: inout JSONScanner, at path: String) throws -> String? {
    if scanner.peekKind() == .null {
      _ = try scanner.readLiteral()
      return nil
    }
    return try readText(&scanner, at: path)
  }
}

func missingField(_ name: String, at path: String) -> DescriptorError {
  DescriptorError(at: path, "missing required field \"\(name)\"")
}

func unknownField(_ name: String, at path: String, known: [String]) -> DescriptorError {
  DescriptorError(
    at: path.isEmpty ? name : "\(path).\(name)",
    "unknown field; expected one of \(known.joined(separator: ", "))")
}
