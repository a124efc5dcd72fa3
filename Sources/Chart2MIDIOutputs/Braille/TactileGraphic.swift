import Chart2MIDIChart
import Foundation
import TextEncoders

/// A chart as a tactile graphic, to print on swell paper or emboss: an SVG page (A4 landscape,
/// in millimetres) with the axes as thick lines, each series a thick line of its own pattern
/// (solid, dashed, dotted; points of a series that is not continuous as large dots), and every
/// label in Unicode braille (the title, the axes' titles and their lowest and highest values, a
/// key of the series' patterns), set in a braille font where one is installed.
package struct TactileGraphic {
  /// The page, in millimetres.
  static let width = 297.0
  static let height = 210.0
  /// The plot's box.
  static let plot = (left: 40.0, top: 30.0, right: 277.0, bottom: 160.0)
  /// The lines' widths: tactile lines of 1.5 mm and more are felt apart.
  static let axisWidth = 1.5
  static let seriesWidth = 2.0
  /// Each series' pattern, in turn.
  static let patterns = ["none", "6 3", "1 3.5", "10 3 2 3"]

  let chart: ChartDescriptor
  let language: DescriptionLanguage
  let translator: BrailleTranslator

  /// The graphic of `chart`, its labels in `language`'s braille.
  package init(
    _ chart: ChartDescriptor, language: DescriptionLanguage, translator: BrailleTranslator
  ) {
    self.chart = chart
    self.language = language
    self.translator = translator
  }

  /// The graphic's file beside a BRF file: the same name, ending `.svg`.
  package static func url(besideBraille url: URL) -> URL {
    url.deletingPathExtension().appendingPathExtension("svg")
  }

  /// A label in braille, as SVG text at (x, y) in millimetres.
  func label(_ text: String, x: Double, y: Double, anchor: String = "start") throws -> String {
    let braille = try translator.unicode(text)
    return
      "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\" aria-label=\"\(XMLText.attribute(text))\">\(XMLText.text(braille))</text>"
  }

  /// The SVG document.
  package func svg() throws -> String {
    let plot = Self.plot
    let yRange = chart.yAxis.range
    func yPosition(_ y: Double) -> Double {
      let span = yRange.upperBound - yRange.lowerBound
      let share = span > 0 ? (y - yRange.lowerBound) / span : 0.5
      return plot.bottom - min(1, max(0, share)) * (plot.bottom - plot.top)
    }
    func xPosition(_ value: DataValue) -> Double? {
      let share: Double
      switch (chart.xAxis, value) {
      case (.numeric(let axis), .number(let x)):
        let span = axis.range.upperBound - axis.range.lowerBound
        share = span > 0 ? (x - axis.range.lowerBound) / span : 0.5
      case (.categorical(let axis), .category(let name)):
        guard let at = axis.categoryOrder.firstIndex(of: name) else { return nil }
        share =
          axis.categoryOrder.count > 1 ? Double(at) / Double(axis.categoryOrder.count - 1) : 0.5
      default: return nil
      }
      return plot.left + min(1, max(0, share)) * (plot.right - plot.left)
    }
    var body: [String] = []
    body.append(try label(chart.title, x: Self.width / 2, y: 14, anchor: "middle"))
    // The axes.
    body.append(
      "<path d=\"M\(f(plot.left)) \(f(plot.top)) V\(f(plot.bottom)) H\(f(plot.right))\" fill=\"none\" stroke=\"black\" stroke-width=\"\(f(Self.axisWidth))\"/>"
    )
    body.append(
      try label(
        language.number(chart.yAxis.describe(yRange.upperBound)), x: plot.left - 3,
        y: plot.top + 3, anchor: "end"))
    body.append(
      try label(
        language.number(chart.yAxis.describe(yRange.lowerBound)), x: plot.left - 3,
        y: plot.bottom, anchor: "end"))
    body.append(try label(chart.yAxis.title, x: 6, y: plot.top - 8))
    let xEnds: [String]
    switch chart.xAxis {
    case .numeric(let axis):
      xEnds = [axis.range.lowerBound, axis.range.upperBound].map {
        language.number(axis.describe($0, in: language))
      }
    case .categorical(let axis):
      xEnds = [axis.categoryOrder.first ?? "", axis.categoryOrder.last ?? ""]
    }
    body.append(try label(xEnds[0], x: plot.left, y: plot.bottom + 10))
    body.append(try label(xEnds[1], x: plot.right, y: plot.bottom + 10, anchor: "end"))
    body.append(
      try label(chart.xAxis.title, x: Self.width / 2, y: plot.bottom + 20, anchor: "middle"))
    // The series, and their key.
    for (index, series) in chart.series.enumerated() {
      let pattern = Self.patterns[index % Self.patterns.count]
      let dash = pattern == "none" ? "" : " stroke-dasharray=\"\(pattern)\""
      let points = series.dataPoints.compactMap { point -> (Double, Double)? in
        guard let y = point.y, let x = xPosition(point.x) else { return nil }
        return (x, yPosition(y))
      }
      if series.isContinuous, points.count > 1 {
        let path = points.enumerated().map { at, point in
          "\(at == 0 ? "M" : "L")\(f(point.0)) \(f(point.1))"
        }.joined(separator: " ")
        body.append(
          "<path d=\"\(path)\" fill=\"none\" stroke=\"black\" stroke-width=\"\(f(Self.seriesWidth))\" stroke-linejoin=\"round\"\(dash)/>"
        )
      } else {
        // Points felt one by one: dots of 2.5 mm, a ring for every other series.
        let fill = index % 2 == 0 ? "black" : "none"
        for point in points {
          body.append(
            "<circle cx=\"\(f(point.0))\" cy=\"\(f(point.1))\" r=\"1.25\" fill=\"\(fill)\" stroke=\"black\" stroke-width=\"0.8\"/>"
          )
        }
      }
      let keyY = plot.bottom + 32 + Double(index) * 9
      guard keyY < Self.height - 4 else { continue }
      body.append(
        series.isContinuous
          ? "<path d=\"M\(f(plot.left)) \(f(keyY - 2)) H\(f(plot.left + 25))\" stroke=\"black\" stroke-width=\"\(f(Self.seriesWidth))\"\(dash)/>"
          : "<circle cx=\"\(f(plot.left + 12))\" cy=\"\(f(keyY - 2))\" r=\"1.25\" fill=\"\(index % 2 == 0 ? "black" : "none")\" stroke=\"black\" stroke-width=\"0.8\"/>"
      )
      body.append(try label(series.name, x: plot.left + 30, y: keyY))
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(f(Self.width))mm" height="\(f(Self.height))mm" viewBox="0 0 \(f(Self.width)) \(f(Self.height))" role="img" aria-label="\(XMLText.attribute(chart.title))" font-family="'Swell Braille', 'Braille29', 'DejaVu Sans', sans-serif" font-size="8">
      <title>\(XMLText.text(chart.title))</title>
      \(body.joined(separator: "\n"))
      </svg>

      """
  }

  /// A length in millimetres, to a hundredth.
  func f(_ value: Double) -> String { String(format: "%.2f", value) }
}
