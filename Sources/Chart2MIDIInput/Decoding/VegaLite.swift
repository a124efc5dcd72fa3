import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// Reads a Vega-Lite single-view specification as a chart: marks that draw one shape per datum play
/// a note each, lines and areas play continuous series; `x` and `y` become time and pitch, `color`
/// series or instruments, `size` note duration, `opacity` loudness. What it cannot play faithfully
/// is refused with the place in the specification.
package enum VegaLite {
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
  package static func isSpecification(_ json: JSONValue) -> Bool {
    if case .string(let schema)? = json["$schema"], schema.contains("vega-lite") { return true }
    return json["mark"] != nil && json["encoding"] != nil
  }

  /// The chart a specification draws.
  ///
  /// - Parameters:
  ///   - json: the specification.
  ///   - folder: where a `data.url` is looked for: the specification's folder.
  ///   - dataFolder: where it is looked for next.
  ///   - allowsDataAnywhere: whether a `data.url` may lead out of those folders (an absolute path,
  ///     `..`, a link), to any file the process can read; off for charts from anyone.
  ///   - limits: how large a data file, and how many rows, values and how much text, the data
  ///     may hold, as read and after each transform.
  /// - Throws: `DescriptorError` naming the place in the specification of what cannot be played.
  package static func chart(
    from json: JSONValue, folder: URL?, dataFolder: URL? = nil, allowsDataAnywhere: Bool = false,
    limits: ReadingLimits = ReadingLimits()
  ) throws -> ChartDescriptor {
    for key in ["layer", "hconcat", "vconcat", "concat", "facet", "repeat", "spec"]
    where json[key] != nil {
      throw DescriptorError(
        at: key,
        "only single-view specifications play; convert each view of a \(key) as its own specification",
        code: .unsupported
      )
    }
    let mark = try markType(json["mark"])
    var notes: [String] = []
    let encoding = try playedEncoding(json, mark: mark, notes: &notes)
    let (transformed, transformFormats) = try VegaLiteTransforms.apply(
      json["transform"],
      to: try data(
        json["data"], folders: [folder, dataFolder].compactMap { $0 },
        anywhere: allowsDataAnywhere, limits: limits),
      limits: limits)
    // The rows move on: one copy is held, and each row is let go as its point is made.
    var derivation = try VegaLiteDerivation(rows: consume transformed, encoding: encoding)
    var rows = derivation.rows
    derivation.rows = []
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
    var color = try field("color") ?? field("fill") ?? field("stroke")
    var size = try field("size")
    let (time, pitch, rowsField) = try positions(
      x: try field("x"), y: try field("y"), color: &color, size: &size)
    let detailField = try field("detail")
    let detail = try groups(
      offset: try field("xOffset") ?? field("yOffset"), detail: detailField, color: &color)
    // A line is drawn for each nominal color, over categories too; it glides only over numbers
    // and dates.
    let isLine = continuousMarks.contains(mark)
    let isContinuous = isLine && !time.isCategorical
    var axes = try AdditionalAxes(
      size: size, opacity: try field("opacity"), color: color, isLine: isLine, rows: rows)
    let splitters = ([rowsField, isLine ? color : nil, detail].compactMap { $0 }).filter {
      $0.isCategorical
    }
    // The axes are found while the rows are held; their mistakes are told after the points'.
    let timeAxis = Result { try time.axis(of: rows) }
    let pitchAxis = Result { try pitch.axis(of: rows) }
    let rowOrder =
      splitters.count == 1 ? rowsField.map { field in Result { try field.axis(of: rows) } } : nil
    let series = try Self.series(
      taking: &rows, time: time, pitch: pitch, axes: axes, splitters: splitters,
      rowOrder: rowOrder, isContinuous: isContinuous)
    // The rows' memory goes back before the chart is played.
    FreedMemory.giveBack()
    guard case .numeric(let yAxis) = try pitchAxis.get() else {
      throw DescriptorError(at: "encoding.\(pitch.channel)", "pitch needs a quantitative field")
    }
    let (title, summary) = titles(json)
    if rowsField != nil { axes.roles.append(("arrangement", .string("sequential"))) }
    var chart = ChartDescriptor(
      title: title, summary: summary, xAxis: try timeAxis.get(), yAxis: yAxis,
      additionalAxes: axes.axes, series: series, sonification: .object(axes.roles))
    if json["params"] != nil || json["selection"] != nil {
      notes.append("the specification's interactive parameters are ignored: sound has no pointer")
    }
    chart.notes += notes
    try chart.validate()
    return chart
  }

  /// The encoding's channels that play: a line's `order` along its position is dropped (stacking
  /// order changes no value), and any channel that cannot play is refused.
  private static func playedEncoding(_ json: JSONValue, mark: String, notes: inout [String])
    throws -> [(key: String, value: JSONValue)]
  {
    guard case .object(let drawn)? = json["encoding"] else {
      throw DescriptorError(at: "encoding", "expected an object of encoding channels")
    }
    var encoding = played(drawn, notes: &notes)
    if let order = encoding.first(where: { $0.key == "order" })?.value {
      // The order of stacked or overlapping marks changes no value a note plays; the order of a
      // line's points is its path, which plays along its position only.
      let positions = ["x", "y"].compactMap { channel in
        encoding.first { $0.key == channel }?.value["field"]
      }
      guard !continuousMarks.contains(mark) || positions.contains(order["field"] ?? .null) else {
        throw DescriptorError(
          at: "encoding.order",
          "a line drawn in the order of another field cannot play along x; encode that field as x to hear the path in time",
          code: .unsupported
        )
      }
      encoding.removeAll { $0.key == "order" }
    }
    for (channel, _) in encoding where !channels.contains(channel) {
      throw DescriptorError(
        at: "encoding.\(channel)",
        "the \(channel) channel cannot be played; encode the value with x, y, color, size or opacity",
        code: .unsupported
      )
    }
    return encoding
  }

  /// Which field is time and which pitch, and the field whose rows play one after another (a
  /// heatmap's or punchcard's y); a color or size that becomes pitch plays nothing else.
  private static func positions(x: Field?, y: Field?, color: inout Field?, size: inout Field?)
    throws -> (time: Field, pitch: Field, rows: Field?)
  {
    switch (x, y) {
    case (let x?, let y?) where x.isQuantitative || y.isQuantitative:
      // The quantitative one is pitch, the other time; horizontal bars play their categories in
      // order.
      return y.isQuantitative ? (x, y, nil) : (y, x, nil)
    case (let x?, let y?):
      // A heatmap (a quantitative color) or a punchcard (a quantitative size): each row of y plays
      // across x, the color or size as pitch.
      guard let value = [color, size].compactMap({ $0 }).first(where: \.isQuantitative) else {
        throw DescriptorError(
          at: "encoding.y.type",
          "pitch needs a quantitative field; one of x, y, color or size must be quantitative")
      }
      if value.channel == size?.channel { size = nil } else { color = nil }
      return (x, value, y)
    case (let only?, nil), (nil, let only?):
      // One position: the marks play along it, their place as both time and pitch; categories
      // play in order with a quantitative color or size as pitch.
      if only.isQuantitative { return (only, only, nil) }
      guard let value = [color, size].compactMap({ $0 }).first(where: \.isQuantitative) else {
        throw DescriptorError(
          at: "encoding.\(only.channel).type",
          "a chart with one position plays it as pitch; it, its color or its size must be quantitative"
        )
      }
      if value.channel == size?.channel { size = nil } else { color = nil }
      return (only, value, nil)
    case (nil, nil):
      throw DescriptorError(at: "encoding", "expected an x or y channel with a field")
    }
  }

  /// Grouped bars: each offset group plays as its own track, as a nominal color does; with a
  /// different nominal color, the groups are series (the detail) and the color their
  /// instruments. The detail that splits the series.
  private static func groups(offset: Field?, detail: Field?, color: inout Field?) throws -> Field? {
    guard let offset else { return detail }
    guard offset.isCategorical else {
      throw DescriptorError(
        at: "encoding.\(offset.channel).type",
        "an offset plays its groups as tracks; it must be nominal or ordinal")
    }
    if color == nil || color?.isCategorical == false {
      color = offset
    } else if color?.name != offset.name {
      guard detail == nil else {
        throw DescriptorError(
          at: "encoding.\(offset.channel)",
          "an offset group, a different nominal color and a detail cannot all play; drop one")
      }
      return offset
    }
    return detail
  }

  /// The additional axes the size, opacity and color make, with the roles they play.
  private struct AdditionalAxes {
    var axes: [Axis] = []
    var sources: [Field] = []
    var roles: [(key: String, value: JSONValue)] = []

    init(size: Field?, opacity: Field?, color: Field?, isLine: Bool, rows: [DataRow]) throws {
      if let size, size.isQuantitative { try add(size, role: "durationAxis", rows: rows) }
      if let opacity, opacity.isQuantitative { try add(opacity, role: "loudnessAxis", rows: rows) }
      // Discrete marks play a nominal color as instruments; lines split into series by it.
      if !isLine, let color, color.isCategorical {
        try add(color, role: "instrumentAxis", rows: rows)
      } else if let color, color.isQuantitative {
        try add(color, role: nil, rows: rows)
      }
      for role in ["durationAxis", "loudnessAxis", "instrumentAxis"]
      where !roles.contains(where: { $0.key == role }) {
        roles.append((role, .number(-1)))
      }
    }

    private mutating func add(_ field: Field, role: String?, rows: [DataRow]) throws {
      if let role { roles.append((role, .number(Double(axes.count)))) }
      axes.append(try field.axis(of: rows))
      sources.append(field)
    }
  }

  /// The rows as series of points: one series per value of the splitting fields (a heatmap's rows
  /// in the order of `rowOrder`, the axis of its rows' field), the points in time order for a
  /// line. Each row is let go as its point is made, so the two are never held whole at once.
  private static func series(
    taking rows: inout [DataRow], time: Field, pitch: Field, axes: AdditionalAxes,
    splitters: [Field], rowOrder: Result<Axis, any Error>?, isContinuous: Bool
  ) throws -> [DataSeries] {
    var order: [String] = []
    var pointsBySeries: [String: [DataPoint]] = [:]
    for index in rows.indices {
      let row = rows[index]
      rows[index] = DataRow(names: row.names)
      let name =
        splitters.isEmpty
        ? pitch.title : splitters.map { $0.text(row) ?? "" }.joined(separator: ", ")
      guard let t = try time.value(row, index: index) else { continue }
      let extra = try zip(axes.sources, axes.axes).map { source, axis -> DataValue in
        if let value = try source.value(row, index: index) { return value }
        // A missing value sits at the axis's start (its first category, or its lower bound).
        switch axis {
        case .categorical(let categorical): return .category(categorical.categoryOrder[0])
        case .numeric(let numeric): return .number(numeric.range.lowerBound)
        }
      }
      let yValue = try pitch.value(row, index: index)?.number
      if pointsBySeries[name] == nil {
        order.append(name)
        // One series takes every row: its points are made in place, once.
        if splitters.isEmpty {
          var points: [DataPoint] = []
          points.reserveCapacity(rows.count)
          pointsBySeries[name] = points
        }
      }
      pointsBySeries[name, default: []].append(
        DataPoint(x: t, y: yValue, additionalValues: extra))
    }
    rows = []
    if let rowOrder, case .categorical(let rowAxis) = try rowOrder.get() {
      // Rows play from the axis's first category, top to bottom as drawn.
      let place = Dictionary(
        rowAxis.categoryOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
      order.sort { place[$0, default: .max] < place[$1, default: .max] }
    }
    return order.map { name -> DataSeries in
      // Taken out of the table, the points are sorted where they are, not copied.
      var points = pointsBySeries.removeValue(forKey: name)!
      if isContinuous { points.sort { ($0.x.number ?? 0) < ($1.x.number ?? 0) } }
      return DataSeries(name: name, isContinuous: isContinuous, dataPoints: points)
    }
  }

  /// The chart's title (the specification's, else its description) and its summary (the
  /// description, when it is not the title).
  private static func titles(_ json: JSONValue) -> (title: String, summary: String?) {
    var title = "Vega-Lite chart"
    switch json["title"] {
    case .string(let text)?: title = text
    case .object? where json["title"]?["text"] != nil:
      if case .string(let text)? = json["title"]?["text"] { title = text }
    default: if case .string(let text)? = json["description"] { title = text }
    }
    var summary: String?
    if case .string(let text)? = json["description"], text != title { summary = text }
    return (title, summary)
  }

  /// The channels that play: a constant (`value`, `datum`) or a condition on an interactive
  /// parameter draws every datum alike and plays nothing; a condition that names a field plays
  /// that field; a highlight chosen by a test is drawn, not played, and noted.
  static func played(
    _ encoding: [(key: String, value: JSONValue)], notes: inout [String]
  ) -> [(key: String, value: JSONValue)] {
    func plays(_ node: JSONValue) -> Bool { node["field"] != nil || node["aggregate"] != nil }
    return encoding.compactMap { channel, node in
      guard case .object(var members) = node else { return (channel, node) }
      // A field name's escaped dots ("a\\.b") name a field with a dot, as nested fields are named.
      if let index = members.firstIndex(where: { $0.key == "field" }),
        case .string(let name) = members[index].value, name.contains("\\")
      {
        members[index].value = .string(
          name.replacingOccurrences(of: "\\.", with: ".").replacingOccurrences(of: "\\", with: ""))
      }
      let node = JSONValue.object(members)
      let conditions: [JSONValue] =
        switch node["condition"] {
        case .array(let items)?: items
        case let item?: [item]
        case nil: []
        }
      if conditions.contains(where: { $0["test"] != nil }) {
        notes.append(
          "encoding.\(channel).condition: a highlight chosen by a test is drawn, not played")
      }
      if plays(node) {
        return (channel, .object(members.filter { $0.key != "condition" }))
      }
      if case .object(let inner)? = conditions.first(where: plays) {
        return (channel, .object(inner.filter { !["param", "test", "empty"].contains($0.key) }))
      }
      return nil
    }
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
        "the \(type) mark cannot be played; use one of \(known)", code: .unsupported)
    }
    return type
  }

}
