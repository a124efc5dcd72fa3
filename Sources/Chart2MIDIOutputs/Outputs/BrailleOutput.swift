import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Foundation

/// The chart in braille, beside its audio: a BRF file with its title, its description, what the
/// student will hear (the axes and which instrument plays which series) and its data, a line per
/// point in the order the points sound, each led by its time in the audio file, so that a reader
/// following along knows which point is sounding; and a tactile graphic of it beside the BRF
/// (`TactileGraphic`), the same name ending `.svg`.
package enum BrailleOutput {
  /// Stages the BRF and the tactile graphic where the settings name a BRF file.
  static func stage(_ production: Production, into batch: inout AtomicFileBatch) throws {
    guard let url = production.settings.braille else { return }
    // The narration voice's language, narrated or not.
    let language = DescriptionLanguage(voice: production.settings.narration.voice)
    let facts = production.facts(in: language)
    let translator = BrailleTranslator(
      language: language, grade: production.settings.brailleFormat.grade)
    var document = BrailleDocument(
      format: production.settings.brailleFormat, translator: translator)
    try document.add(production.chart.title)
    document.blank()
    let described = facts.text.split(separator: "\n").dropFirst().map(String.init)
    try document.add(lines: described)
    document.blank()
    var spoken = production.settings
    spoken.narration.voice = language.code.rawValue
    let words = PageWords(language)
    try document.add(ExerciseWords.of(language).whatYouWillHear)
    // What the description said already (the axes) is not said again.
    let guide = NarrationScript(facts: facts, score: production.score, settings: spoken).guide
    try document.add(lines: guide.filter { line in !described.contains { $0.contains(line) } })
    document.blank()
    try document.add(words.dataTable)
    try document.add(
      lines: pointLines(of: production.chart, score: production.score, language: language))
    try batch.stage(try document.brf(), at: url)
    let graphic = try TactileGraphic(
      production.chart, language: language, translator: translator
    ).svg()
    try batch.stage(Data(graphic.utf8), at: TactileGraphic.url(besideBraille: url))
  }

  /// Each series' name, then a line per point in the order it sounds: its time in the audio,
  /// a dash (a space alone between two numbers is braille's numeric space, which joins them),
  /// its x and, with `values`, its y ("0:07.5 – 1960: 268 births"); an empty line before each
  /// series.
  package static func pointLines(
    of chart: ChartDescriptor, score: Score, language: DescriptionLanguage, values: Bool = true
  ) -> [String] {
    let timeline = score.timeline
    var lines: [String] = []
    for (index, series) in chart.series.enumerated() {
      guard timeline.series(at: index) != nil else { continue }
      lines += ["", "\(PageWords(language).series) \(series.name)"]
      let points = series.dataPoints.indices.compactMap { at -> (Int, Double)? in
        guard series.dataPoints[at].y != nil,
          let time = timeline.audioTime(ofPoint: at, inSeries: index)
        else { return nil }
        return (at, time)
      }.sorted { $0.1 < $1.1 }
      let ys = points.map { language.number(chart.yAxis.describe(series.dataPoints[$0.0].y!)) }
      // A unit every value shares is said once, after the series' name: a line a point.
      let unit = values ? Self.sharedUnit(ys) : ""
      if !unit.isEmpty { lines[lines.count - 1] += " (\(unit.dropFirst()))" }
      for ((at, time), y) in zip(points, ys) {
        let point = series.dataPoints[at]
        var x = chart.xAxis.describe(point.x, in: language)
        if chart.xAxis.numeric != nil { x = language.number(x) }
        let label = values ? point.label.map { " (\($0))" } ?? "" : ""
        let value = values ? "\(language.separator(":"))\(y.dropLast(unit.count))" : ""
        lines.append("\(language.clock(time)) – \(x)\(value)\(label)")
      }
    }
    return lines
  }

  /// The words after the number that every value shares (" births per 10,000 people"), with
  /// their leading space; empty when they differ or do not start with a letter.
  static func sharedUnit(_ values: [String]) -> String {
    guard var unit = values.first.map({ String($0.drop { $0 != " " }) }), !unit.isEmpty else {
      return ""
    }
    for value in values where !value.hasSuffix(unit) || value.count == unit.count {
      unit = ""
    }
    return unit.dropFirst().first?.isLetter == true ? unit : ""
  }
}
