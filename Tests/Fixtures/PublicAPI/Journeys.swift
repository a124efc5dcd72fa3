// What a program outside the package does with chart2midi, through its public API alone
// (PublicAPITests type-checks this file against the built modules, without the package's name, so
// that `package` declarations are out of its reach).
import Chart2MIDIKit
import Foundation

func journeys(folder: URL) throws {
  // Read a chart, or build one with the chart-descriptor API.
  let chart = try ChartDescriptor(contentsOf: URL(fileURLWithPath: "Examples/cars.json"))
  let rain = try ChartDescriptor(
    contentsOf: URL(fileURLWithPath: "Examples/rainfall.csv"),
    columns: CSVColumns(x: "month", y: "inches", series: "region"))
  let built = try ChartDescriptor(
    AXChartDescriptor(
      title: "Births", summary: nil,
      xAxis: AXNumericDataAxisDescriptor(
        title: "Year", range: 1917...1975, gridlinePositions: [],
        valueDescriptionProvider: { "\(Int($0))" }),
      yAxis: AXNumericDataAxisDescriptor(
        title: "Rate", range: 100...300, gridlinePositions: [],
        valueDescriptionProvider: { "\($0)" }),
      series: [
        AXDataSeriesDescriptor(
          name: "Rate", isContinuous: true,
          dataPoints: [AXDataPoint(x: 1917, y: 250), AXDataPoint(x: 1975, y: 150)])
      ]))
  try built.validate()
  // Apple's other forms: the defaults, no y axis, a content direction, an attributed title, the
  // values read back.
  let sparse = AXChartDescriptor(
    xAxis: AXCategoricalDataAxisDescriptor(title: "Day", categoryOrder: ["Mon", "Tue"]),
    series: [
      AXDataSeriesDescriptor(
        name: "Steps", isContinuous: false,
        dataPoints: [AXDataPoint(x: "Mon", y: 4000), AXDataPoint(x: "Tue", y: nil)])
    ])
  sparse.contentDirection = .rightToLeft
  let titled = AXChartDescriptor(
    attributedTitle: NSAttributedString(string: "Steps"), xAxis: sparse.xAxis, yAxis: nil,
    series: sparse.series)
  print(
    titled.series[0].dataPoints.map { $0.yValue?.number ?? 0 },
    try ChartDescriptor(sparse).yAxis.range, titled.attributedTitle?.string ?? "")
  print(rain.series.count, chart.pointCount, chart.descriptorJSON().count)

  // Its facts, in a language.
  let facts = ChartDescription(chart, language: DescriptionLanguage(.german))
  print(facts.text, facts.statistics.first?.trend?.direction.rawValue ?? "")

  // Map it and write the MIDI bytes.
  var options = try SonificationOptions().applying(chart.sonification)
  options.scale = .pentatonic
  options.noteRange = 40...90
  let score = try ChartMapper(options: options).makeScore(for: chart)
  let bytes = SMFEncoder().encode(score)
  print(bytes.count, score.duration, score.timeSignature)

  // Read the file back, and render it.
  let midi = folder.appendingPathComponent("cars.mid")
  try Data(bytes).write(to: midi)
  let file = try MIDIFile(contentsOf: midi)
  var render = RenderOptions()
  render.loudness = .broadcast
  let rendering = try FluidSynthRenderer(soundFont: try SoundFontLocator.locate(), options: render)
    .render(Performance(file: file))
  print(rendering.mix.left.count, rendering.stems.map(\.name), rendering.loudness?.summary ?? "")

  // Export every file a server makes, and switch on what went wrong.
  var settings = try ExportSettings(chart: chart)
  settings.midi = midi
  settings.mix = folder.appendingPathComponent("cars.wav")
  settings.stems = folder.appendingPathComponent("stems")
  settings.captions = folder.appendingPathComponent("cars.vtt")
  settings.narration.parts = .both
  do {
    let report = try ChartExport.export(chart, settings: settings)
    print(report.warnings, report.stemFiles, report.graphTimecode?.description ?? "")
  } catch let error as ExportError {
    switch error.code {
    case .outputConflict: print("choose other files:", error.message)
    default: print(error.source, error)
    }
  } catch let error as LocatedError {
    print(error.source, error.location?.description ?? "", error.message)
  }

  // A listening exercise.
  var request = ExerciseRequest()
  request.title = "Week 3"
  let exercise = try Exercise.write(
    [ExerciseChart(source: "cars.json", chart: chart, settings: settings)],
    to: folder.appendingPathComponent("week-3"), request: request)
  print(exercise.items[0].questions.map(\.prompt))
}
