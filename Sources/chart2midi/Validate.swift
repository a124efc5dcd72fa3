import ArgumentParser
import Descriptor

struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a chart descriptor and name the place of the first mistake.")

  @Argument(
    help: ArgumentHelp(
      "The chart: a descriptor (JSON) or a CSV file.", valueName: "chart.json|data.csv"))
  var input: String

  @OptionGroup(title: "CSV input")
  var csv: CSVOptions

  func run() throws {
    let chart = try loadChart(input, csv: csv)
    for warning in chart.rangeWarnings() { report("warning: \(input): \(warning)") }
    print("\(input): valid: \(chart.series.count) series, \(chart.pointCount) points")
  }
}
