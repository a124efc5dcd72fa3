import ArgumentParser
import Chart2MIDIFacts
import Chart2MIDIInput
import Foundation

struct Describe: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Describe a chart in sentences: title, summary, axes, and per series the extremes, mean, median, trend and outliers.",
    discussion: """
      The text reads well through a screen reader, a sentence or two per line. --format json gives the \
      same facts as data. When the chart has no summary, one is made from the trend and extremes.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @OptionGroup
  var chart: ChartInput

  @Option(name: .long, help: "text (default) or json.")
  var format: Format = .text

  func run() throws {
    let description = ChartDescription(try chart.load())
    switch format {
    case .text: output(description.text, terminator: "")
    case .json: print(TerminalText.json(String(decoding: try description.json(), as: UTF8.self)))
    }
  }
}
