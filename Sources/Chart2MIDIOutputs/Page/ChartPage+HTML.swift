import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import TextEncoders

extension ChartPage {
  /// One audio graph to explore by keys: the focusable graph (with `drawing` inside, if any),
  /// the live region, the key list under a heading of `headingLevel`, the audio elements and the
  /// points the script reads. Its elements' ids end in `-suffix` when one is given, so that a page
  /// may hold several.
  package static func player(
    _ data: Data, title: String, format: AudioFormat, drawing: String? = nil,
    suffix: String? = nil, headingLevel: Int = 3
  ) -> String {
    let words = data.words
    func id(_ name: String) -> String { suffix.map { "\(name)-\($0)" } ?? name }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    let embedded = HTMLText.scriptJSON(json)
    // A file's path as a URL: "Birth rate.mp3" is "Birth%20rate.mp3".
    func source(_ path: String) -> String {
      HTMLText.attribute(
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }
    var audio = [
      "<audio id=\"\(id("mix"))\" class=\"mix\" preload=\"auto\"><source src=\"\(source(data.mix))\" type=\"\(format.mimeType)\"></audio>"
    ]
    for (index, series) in data.series.enumerated() {
      audio.append(
        "<audio data-series=\"\(index)\" preload=\"auto\"><source src=\"\(source(series.stem))\" type=\"\(format.mimeType)\"></audio>"
      )
    }
    // In an exercise, no key jumps to an extreme: the ear finds it.
    // The keys as the page's language labels them: the first steps through points, the fourth
    // jumps to extremes.
    let keys = zip(words.keyNames, words.keys).enumerated().filter { !data.quiz || $0.offset != 3 }
      .map { at, key in (key.0, data.quiz && at == 0 ? words.quizStep : key.1) }
    let keyList = keys.map {
      "<dt><kbd>\(HTMLText.text($0.0))</kbd></dt><dd>\(HTMLText.text($0.1))</dd>"
    }
    .joined(separator: "\n")
    let heading = "h\(headingLevel)"
    return """
      <div class="audio-graph" id="\(id("player"))">
      <div id="\(id("graph"))" class="graph" role="application" tabindex="0" aria-label="\(HTMLText.attribute(title)), \(HTMLText.attribute(words.audioGraph))" aria-describedby="\(id("keys-help"))">
      \(drawing ?? "<p class=\"graph-label\" aria-hidden=\"true\">\(HTMLText.text(title)): \(HTMLText.text(words.audioGraph))</p>")
      </div>
      <p id="\(id("status"))" class="status" role="status"></p>
      <div id="\(id("keys-help"))" class="keys-help">
      <\(heading)>\(HTMLText.text(words.keysHeading))</\(heading)>
      <dl>
      \(keyList)
      </dl>
      </div>
      \(audio.joined(separator: "\n"))
      <script type="application/json" class="chart-data">\(embedded)</script>
      </div>
      """
  }

  /// The page: the title and summary; the graph to explore (its drawing, the live region that
  /// speaks, the key list, the audio); the chart's details; its data as a table.
  static func html(
    _ description: ChartDescription, data: Data, format: AudioFormat, guide: [String]
  ) -> String {
    let chart = description.chart
    let language = description.language
    let words = data.words
    let title = HTMLText.text(chart.title)
    // The facts of `describe`: the axes and how they sound, then each series under its heading.
    func list(_ lines: [String]) -> String {
      "<ul>\n" + lines.map { "          <li>\(HTMLText.text($0))</li>" }.joined(separator: "\n")
        + "\n        </ul>"
    }
    var facts = ["<h3>\(HTMLText.text(words.axesAndSounds))</h3>", list(guide)]
    for (index, stats) in description.statistics.enumerated() {
      let name = chart.series[index].name.isEmpty ? chart.title : chart.series[index].name
      facts.append("<h3>\(HTMLText.text(name))</h3>")
      if language == .english {
        facts.append(list(description.seriesSentences(stats, series: chart.series[index])))
      } else {
        // The narration's sentence in the language, and the mean and median.
        var lines = description.shapeSentences(
          stats, SeriesShape(series: index, of: chart, statistics: stats))
        if let mean = stats.mean, let median = stats.median {
          lines.append(
            "\(words.mean): \(chart.yAxis.describe(mean, in: language)). \(words.median): \(chart.yAxis.describe(median, in: language))."
          )
        }
        facts.append(list(lines))
      }
    }
    if let comparison = description.comparisonSentence {
      facts.append("<p>\(HTMLText.text(comparison))</p>")
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
        <p>\(HTMLText.text(description.summary))</p>
        <section aria-labelledby="explore-heading">
          <h2 id="explore-heading">\(HTMLText.text(words.explore))</h2>
          \(player(data, title: chart.title, format: format, drawing: svg(chart, data: data, language: language)))
        </section>
        <section aria-labelledby="details-heading">
          <h2 id="details-heading">\(HTMLText.text(words.about))</h2>
          \(facts.joined(separator: "\n        "))
        </section>
        <details>
          <summary>\(HTMLText.text(words.dataTable))</summary>
          \(table(chart, language: language, words: words))
        </details>
      </main>
      <script src="page.js"></script>
      </body>
      </html>

      """
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
          "<tr><td>\(HTMLText.text(series.name))</td><td>\(HTMLText.text(chart.xAxis.describe(point.x, in: language)))</td><td>\(HTMLText.text(y))</td><td>\(HTMLText.text(point.label ?? ""))</td></tr>"
        )
      }
    }
    return """
      <table>
            <thead><tr><th scope="col">\(HTMLText.text(words.series))</th><th scope="col">\(HTMLText.text(chart.xAxis.title))</th><th scope="col">\(HTMLText.text(chart.yAxis.title))</th><th scope="col">\(HTMLText.text(words.label))</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n      "))
            </tbody>
          </table>
      """
  }
}
