import Descriptor
import Foundation
import Synth

extension ChartPage {
  /// The page: the title and summary; the graph to explore (its drawing, the live region that
  /// speaks, the key list, the audio); the chart's details; its data as a table.
  static func html(
    _ chart: ChartDescriptor, data: Data, format: AudioFormat, guide: [String],
    language: DescriptionLanguage
  ) -> String {
    let description = ChartDescription(chart, language: language)
    let words = data.words
    let title = markupEscaped(chart.title)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    // Inside a script element, "</" would end it.
    let embedded = json.replacingOccurrences(of: "</", with: "<\\/")
    var audio = [
      "<audio id=\"mix\" preload=\"auto\"><source src=\"\(markupEscaped(data.mix, quotes: true))\" type=\"\(format.mimeType)\"></audio>"
    ]
    for (index, series) in data.series.enumerated() {
      audio.append(
        "<audio data-series=\"\(index)\" preload=\"auto\"><source src=\"\(markupEscaped(series.stem, quotes: true))\" type=\"\(format.mimeType)\"></audio>"
      )
    }
    let keys = zip(
      ["→ / ←", "↑ / ↓", "Home / End", "] / [", "Space", "Escape", "S", "+ / −", "? / H"],
      words.keys
    ).map { ($0, $1) }
    let keyList = keys.map {
      "<dt><kbd>\(markupEscaped($0.0))</kbd></dt><dd>\(markupEscaped($0.1))</dd>"
    }
    .joined(separator: "\n          ")
    // The facts of `describe`: the axes and how they sound, then each series under its heading.
    func list(_ lines: [String]) -> String {
      "<ul>\n" + lines.map { "          <li>\(markupEscaped($0))</li>" }.joined(separator: "\n")
        + "\n        </ul>"
    }
    var facts = ["<h3>\(markupEscaped(words.axesAndSounds))</h3>", list(guide)]
    for (index, stats) in description.statistics.enumerated() {
      let name = chart.series[index].name.isEmpty ? chart.title : chart.series[index].name
      facts.append("<h3>\(markupEscaped(name))</h3>")
      if language == .english {
        facts.append(list(description.seriesSentences(stats, series: chart.series[index])))
      } else {
        // The narration's sentence in the language, and the mean and median.
        var lines = [
          NarrationScript.seriesSentence(
            stats, description: description, title: chart.title, withTrend: true)
        ].compactMap { $0 }
        if let mean = stats.mean, let median = stats.median {
          lines.append(
            "\(words.mean): \(chart.yAxis.describe(mean, in: language)). \(words.median): \(chart.yAxis.describe(median, in: language))."
          )
        }
        facts.append(list(lines))
      }
    }
    if let comparison = description.comparisonSentence {
      facts.append("<p>\(markupEscaped(comparison))</p>")
    }
    return """
      <!DOCTYPE html>
      <html lang="\(language.code.rawValue)">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(title)</title>
        <link rel="stylesheet" href="page.css">
      </head>
      <body>
      <main>
        <h1>\(title)</h1>
        <p>\(markupEscaped(description.summary))</p>
        <section aria-labelledby="explore-heading">
          <h2 id="explore-heading">\(markupEscaped(words.explore))</h2>
          <div id="graph" role="application" tabindex="0" aria-label="\(markupEscaped(chart.title, quotes: true)), \(markupEscaped(words.audioGraph, quotes: true))" aria-describedby="keys-help">
            \(svg(chart, data: data))
          </div>
          <p id="status" role="status"></p>
          <div id="keys-help">
            <h3>\(markupEscaped(words.keysHeading))</h3>
            <dl>
              \(keyList)
            </dl>
          </div>
          \(audio.joined(separator: "\n      "))
        </section>
        <section aria-labelledby="details-heading">
          <h2 id="details-heading">\(markupEscaped(words.about))</h2>
          \(facts.joined(separator: "\n        "))
        </section>
        <details>
          <summary>\(markupEscaped(words.dataTable))</summary>
          \(table(chart, language: language, words: words))
        </details>
      </main>
      <script type="application/json" id="chart-data">\(embedded)</script>
      <script src="page.js"></script>
      </body>
      </html>

      """
  }

  /// The drawing: the plot area's frame, the x gridlines, each series as a line or as points (a
  /// dash pattern and a marker shape apart, not only a colour), and the cursor.
  static func svg(_ chart: ChartDescriptor, data: Data) -> String {
    let (width, height, left, top, right, bottom) = (640.0, 360.0, 48.0, 16.0, 16.0, 40.0)
    let plotWidth = width - left - right
    let plotHeight = height - top - bottom
    func x(_ fraction: Double) -> String { String(format: "%.1f", left + fraction * plotWidth) }
    func y(_ fraction: Double) -> String {
      String(format: "%.1f", top + (1 - fraction) * plotHeight)
    }
    var parts = [
      "<rect class=\"frame\" x=\"\(x(0))\" y=\"\(y(1))\" width=\"\(String(format: "%.1f", plotWidth))\" height=\"\(String(format: "%.1f", plotHeight))\"/>"
    ]
    if let numeric = chart.xAxis.numeric, numeric.range.upperBound > numeric.range.lowerBound {
      let range = numeric.range
      for position in numeric.gridlinePositions {
        let fraction = (position - range.lowerBound) / (range.upperBound - range.lowerBound)
        parts.append(
          "<line class=\"grid\" x1=\"\(x(fraction))\" y1=\"\(y(0))\" x2=\"\(x(fraction))\" y2=\"\(y(1))\"/>"
        )
      }
    }
    let dashes = ["", "6 3", "2 3", "8 3 2 3", "1 2"]
    for (index, series) in data.series.enumerated() {
      let dash = dashes[index % dashes.count]
      if series.continuous {
        let points = series.points.sorted { $0.px < $1.px }
          .map { "\(x($0.px)),\(y($0.py))" }.joined(separator: " ")
        parts.append(
          "<polyline class=\"series s\(index % 5)\" stroke-dasharray=\"\(dash)\" points=\"\(points)\"/>"
        )
      } else {
        for point in series.points {
          parts.append(
            "<circle class=\"point s\(index % 5)\" cx=\"\(x(point.px))\" cy=\"\(y(point.py))\" r=\"3.5\"/>"
          )
        }
      }
    }
    parts.append(
      "<circle id=\"cursor\" cx=\"\(x(0))\" cy=\"\(y(0))\" r=\"7\" visibility=\"hidden\"/>")
    parts.append(
      "<text class=\"axis\" x=\"\(x(0.5))\" y=\"\(String(format: "%.1f", height - 8))\" text-anchor=\"middle\">\(markupEscaped(chart.xAxis.title))</text>"
    )
    parts.append(
      "<text class=\"axis\" x=\"12\" y=\"\(y(0.5))\" text-anchor=\"middle\" transform=\"rotate(-90 12 \(y(0.5)))\">\(markupEscaped(chart.yAxis.title))</text>"
    )
    return
      "<svg viewBox=\"0 0 640 360\" aria-hidden=\"true\" focusable=\"false\" data-left=\"\(left)\" data-top=\"\(top)\" data-width=\"\(plotWidth)\" data-height=\"\(plotHeight)\">"
      + parts.joined() + "</svg>"
  }

  /// Every point as a row: its series, x, y and label.
  static func table(_ chart: ChartDescriptor, language: DescriptionLanguage, words: PageWords)
    -> String
  {
    var rows: [String] = []
    for series in chart.series {
      for point in series.dataPoints {
        let y = point.y.map { chart.yAxis.describe($0, in: language) } ?? ""
        rows.append(
          "<tr><td>\(markupEscaped(series.name))</td><td>\(markupEscaped(chart.xAxis.describe(point.x, in: language)))</td><td>\(markupEscaped(y))</td><td>\(markupEscaped(point.label ?? ""))</td></tr>"
        )
      }
    }
    return """
      <table>
            <thead><tr><th scope="col">\(markupEscaped(words.series))</th><th scope="col">\(markupEscaped(chart.xAxis.title))</th><th scope="col">\(markupEscaped(chart.yAxis.title))</th><th scope="col">\(markupEscaped(words.label))</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n      "))
            </tbody>
          </table>
      """
  }
}
