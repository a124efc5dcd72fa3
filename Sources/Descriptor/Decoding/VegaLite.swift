import Foundation

/// Reads a Vega-Lite single-view specification as a chart: marks that draw one shape per datum play
/// a note each, lines and areas play continuous series; `x` and `y` become time and pitch, `color`
/// series or instruments, `size` note duration, `opacity` loudness. What it cannot play faithfully
/// is refused with the place in the specification.
public enum VegaLite {
  /// Marks that play one note per datum.
  static let discreteMarks: Set<String> = ["point", "circle", "square", "tick", "bar", "rect"]
  /// Marks that play continuous series.
  static let continuousMarks: Set<String> = ["line", "trail", "area"]
  /// Channels read; others are refused.
  static let channels: Set<String> = [
    "x", "y", "color", "fill", "stroke", "size", "opacity", "detail", "tooltip", "text", "href",
    "shape", "strokeDash", "xOffset", "yOffset",
  ]

  /// Whether a JSON document is a Vega-Lite specification: a Vega-Lite `$schema`, or `mark` and
  /// `encoding`.
  public static func isSpecification(_ json: JSONValue) -> Bool {
    if case .string(let schema)? = json["$schema"], schema.contains("vega-lite") { return true }
    return json["mark"] != nil && json["encoding"] != nil
  }

  /// The chart a specification draws.
  ///
  /// - Parameters:
  ///   - json: the specification.
  ///   - folder: where a `data.url` is looked for: the specification's folder.
  ///   - dataFolder: where it is looked for next.
  /// - Throws: `DescriptorError` naming the place in the specification of what cannot be played.
  public static func chart(from json: JSONValue, folder: URL?, dataFolder: URL? = nil) throws
    -> ChartDescriptor
  {
    for key in ["layer", "hconcat", "vconcat", "concat", "facet", "repeat", "spec"]
    where json[key] != nil {
      throw DescriptorError(
        at: key,
        "only single-view specifications play; convert each view of a \(key) as its own specification"
      )
    }
    let mark = try markType(json["mark"])
    guard case .object(let encoding)? = json["encoding"] else {
      throw DescriptorError(at: "encoding", "expected an object of encoding channels")
    }
    for (channel, _) in encoding where !channels.contains(channel) {
      throw DescriptorError(
        at: "encoding.\(channel)",
        "the \(channel) channel cannot be played; encode the value with x, y, color, size or opacity"
      )
    }
    let (transformed, transformFormats) = try VegaLiteTransforms.apply(
      json["transform"],
      to: try data(json["data"], folders: [folder, dataFolder].compactMap { $0 }))
    let derivation = try VegaLiteDerivation(rows: transformed, encoding: encoding)
    let rows = derivation.rows
    func field(_ channel: String) throws -> Field? {
      guard let node = derivation.encoding.first(where: { $0.key == channel })?.value else {
        return nil
      }
      var field = try Field(node, channel: channel, rows: rows)
      for (other, node) in derivation.encoding {
        if case .string(let name)? = node["field"] { field.encodedFields[other] = name }
      }
      if let format = derivation.dateFormats[field.name] ?? transformFormats[field.name] {
        field.dateFormat = format
      }
      return field
    }
    guard let x = try field("x"), let y = try field("y") else {
      throw DescriptorError(at: "encoding", "expected both x and y channels with fields")
    }
    // The quantitative one is pitch, the other time; horizontal bars play their categories in order.
    let (time, pitch) = y.isQuantitative || !x.isQuantitative ? (x, y) : (y, x)
    guard pitch.isQuantitative else {
      throw DescriptorError(
        at: "encoding.\(pitch.channel).type",
        "pitch needs a quantitative field; one of x and y must be quantitative")
    }
    var color = try field("color") ?? field("fill") ?? field("stroke")
    // Grouped bars: each offset group plays as its own track, as a nominal color does.
    if let offset = try field("xOffset") ?? field("yOffset") {
      guard offset.isCategorical,
        color == nil || color?.name == offset.name || color?.isCategorical == false
      else {
        throw DescriptorError(
          at: "encoding.\(offset.channel)",
          "an offset group and a different nominal color cannot both choose the instrument; encode the same field in both, or drop one"
        )
      }
      if color == nil || color?.isCategorical == false { color = offset }
    }
    let detail = try field("detail")
    let size = try field("size")
    let opacity = try field("opacity")
    let isContinuous = continuousMarks.contains(mark) && !time.isCategorical

    var additional: [Axis] = []
    var sources: [Field] = []
    var roles: [(key: String, value: JSONValue)] = []
    func add(_ field: Field, role: String?) throws {
      if let role { roles.append((role, .number(Double(additional.count)))) }
      additional.append(try field.axis())
      sources.append(field)
    }
    if let size, size.isQuantitative { try add(size, role: "durationAxis") }
    if let opacity, opacity.isQuantitative { try add(opacity, role: "loudnessAxis") }
    // Discrete marks play a nominal color as instruments; lines split into series by it.
    if !isContinuous, let color, color.isCategorical {
      try add(color, role: "instrumentAxis")
    } else if let color, color.isQuantitative {
      try add(color, role: nil)
    }
    for role in ["durationAxis", "loudnessAxis", "instrumentAxis"]
    where !roles.contains(where: { $0.key == role }) {
      roles.append((role, .number(-1)))
    }
    let splitters = ([isContinuous ? color : nil, detail].compactMap { $0 }).filter {
      $0.isCategorical
    }

    var order: [String] = []
    var pointsBySeries: [String: [DataPoint]] = [:]
    for (index, row) in rows.enumerated() {
      let name =
        splitters.isEmpty
        ? pitch.title : splitters.map { $0.text(row) ?? "" }.joined(separator: ", ")
      guard let t = try time.value(row, index: index) else { continue }
      let extra = try zip(sources, additional).map { source, axis -> DataValue in
        if let value = try source.value(row, index: index) { return value }
        // A missing value sits at the axis's start (its first category, or its lower bound).
        switch axis {
        case .categorical(let categorical): return .category(categorical.categoryOrder[0])
        case .numeric(let numeric): return .number(numeric.range.lowerBound)
        }
      }
      let yValue = try pitch.value(row, index: index)?.number
      if pointsBySeries[name] == nil { order.append(name) }
      pointsBySeries[name, default: []].append(
        DataPoint(x: t, y: yValue, additionalValues: extra))
    }
    let series = order.map { name -> DataSeries in
      var points = pointsBySeries[name]!
      if isContinuous { points.sort { ($0.x.number ?? 0) < ($1.x.number ?? 0) } }
      return DataSeries(name: name, isContinuous: isContinuous, dataPoints: points)
    }
    guard case .numeric(let yAxis) = try pitch.axis() else {
      throw DescriptorError(at: "encoding.\(pitch.channel)", "pitch needs a quantitative field")
    }
    var title = "Vega-Lite chart"
    switch json["title"] {
    case .string(let text)?: title = text
    case .object? where json["title"]?["text"] != nil:
      if case .string(let text)? = json["title"]?["text"] { title = text }
    default: if case .string(let text)? = json["description"] { title = text }
    }
    var summary: String?
    if case .string(let text)? = json["description"], text != title { summary = text }
    var chart = ChartDescriptor(
      title: title, summary: summary, xAxis: try time.axis(), yAxis: yAxis,
      additionalAxes: additional, series: series, sonification: .object(roles))
    if json["params"] != nil || json["selection"] != nil {
      chart.notes.append(
        "the specification's interactive parameters are ignored: sound has no pointer")
    }
    try chart.validate()
    return chart
  }

  static func markType(_ node: JSONValue?) throws -> String {
    let type: String
    switch node {
    case .string(let name)?: type = name
    case .object?:
      guard case .string(let name)? = node?["type"] else {
        throw DescriptorError(at: "mark.type", "expected a mark type such as \"point\" or \"line\"")
      }
      type = name
    default:
      throw DescriptorError(at: "mark", "expected a mark such as \"point\", \"bar\" or \"line\"")
    }
    guard discreteMarks.contains(type) || continuousMarks.contains(type) else {
      let known = (discreteMarks.union(continuousMarks)).sorted().joined(separator: ", ")
      throw DescriptorError(
        at: node?["type"] != nil ? "mark.type" : "mark",
        "the \(type) mark cannot be played; use one of \(known)")
    }
    return type
  }

}
