import ArgumentParser
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation

struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Write the chart descriptor a Vega-Lite specification plays as, for editing (convert, describe, validate and batch also read specifications directly)."
  )

  @Argument(help: ArgumentHelp("The Vega-Lite specification.", valueName: "spec.json"))
  var input: String

  @Option(
    name: .shortAndLong, help: ArgumentHelp("The descriptor to write.", valueName: "chart.json"))
  var output: String

  func run() throws {
    let url = URL(fileURLWithPath: input)
    let bytes = try Data(contentsOf: url)
    let chart = try ChartDescriptor(contentsOf: url)
    guard bytes.range(of: Data("\"encoding\"".utf8)) != nil else {
      throw CommandFailure(
        "\(input): not a Vega-Lite specification (it has no mark and encoding)", status: .dataError)
    }
    // Written to a temporary file beside it, then renamed.
    try AtomicFile.write(Data(chart.descriptorJSON().utf8), to: URL(fileURLWithPath: output))
    report("chart: \(output) (\(chart.series.count) series, \(counted(chart.pointCount, "point")))")
  }
}
