import ArgumentParser
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification

struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Check a chart descriptor, its sonification settings and its mapping, and name the place of the first mistake."
  )

  @OptionGroup
  var chart: ChartInput

  func run() throws {
    let descriptor = try chart.load()
    // The settings a conversion would take from the chart, and the mapping they make: the same
    // sentences as convert's.
    try attributingErrors(to: chart.input) {
      let settings = try ExportSettings.forChart(descriptor)
      _ = try ChartMapper(options: settings.sonification).makeScore(for: descriptor)
    }
    for warning in descriptor.notes + descriptor.rangeWarnings() {
      report("warning: \(chart.input): \(warning)")
    }
    output(
      "\(chart.input): valid: \(descriptor.series.count) series, \(descriptor.pointCount) points")
  }
}
