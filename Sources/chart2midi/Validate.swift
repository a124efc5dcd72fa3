import ArgumentParser
import Descriptor

struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a chart descriptor and name the place of the first mistake.")

  @Argument(help: ArgumentHelp("The chart descriptor, a JSON file.", valueName: "chart.json"))
  var input: String

  func run() throws {
    let chart = try loadChart(input)
    for warning in chart.rangeWarnings() { report("warning: \(input): \(warning)") }
    print("\(input): valid: \(chart.series.count) series, \(chart.pointCount) points")
  }
}
