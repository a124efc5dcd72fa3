import ArgumentParser
import Descriptor

struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a chart descriptor and name the place of the first mistake.")

  @OptionGroup
  var chart: ChartInput

  func run() throws {
    let descriptor = try chart.load()
    for warning in descriptor.notes + descriptor.rangeWarnings() {
      report("warning: \(chart.input): \(warning)")
    }
    print(
      "\(chart.input): valid: \(descriptor.series.count) series, \(descriptor.pointCount) points")
  }
}
