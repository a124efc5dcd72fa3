import ArgumentParser
import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// The words of an exercise's CSV charts: a value applies to every CSV chart, or, written
/// `FILE=TEXT`, to the chart of that file only (named as given, or by its file's name).
struct ExerciseChartWords: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "CSV: a chart's title (default: the file's name); FILE=TEXT for one chart. Repeat for several.",
      valueName: "[file=]text"))
  var chartTitle: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "CSV: a chart's summary; FILE=TEXT for one chart.", valueName: "[file=]text"))
  var summary: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "CSV: the x axis title (default: the x column's name); FILE=TEXT for one chart.",
      valueName: "[file=]text"))
  var xTitle: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "CSV: the y axis title (default: the y column's name); FILE=TEXT for one chart.",
      valueName: "[file=]text"))
  var yTitle: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "CSV: how y values are written and spoken, such as \"%.0f rainy days\"; FILE=FORMAT for one chart.",
      valueName: "[file=]format"))
  var yFormat: [String] = []

  /// The value of `values` for the chart of `file`: its own (`FILE=TEXT`), else the one for
  /// every chart; the last given wins.
  static func value(_ values: [String], for file: String, among files: [String]) -> String? {
    var common: String?
    var own: String?
    for value in values {
      if let (name, text) = split(value, among: files) {
        if matches(name, file) { own = text }
      } else {
        common = value
      }
    }
    return own ?? common
  }

  /// `FILE=TEXT` split, when FILE names one of `files`.
  static func split(_ value: String, among files: [String]) -> (String, String)? {
    guard let equals = value.firstIndex(of: "=") else { return nil }
    let name = String(value[..<equals])
    guard files.contains(where: { matches(name, $0) }) else { return nil }
    return (name, String(value[value.index(after: equals)...]))
  }

  /// Whether `name` names `file`: as given, or by its file's name.
  static func matches(_ name: String, _ file: String) -> Bool {
    name == file || name == URL(fileURLWithPath: file).lastPathComponent
  }

  /// Refuses a `FILE=` value for a chart that is not read as CSV: a descriptor has its own
  /// words.
  func check(files: [String], isCSV: (String) -> Bool) throws {
    for (flag, values) in [
      ("--chart-title", chartTitle), ("--summary", summary), ("--x-title", xTitle),
      ("--y-title", yTitle), ("--y-format", yFormat),
    ] {
      for value in values {
        guard let (name, _) = Self.split(value, among: files) else { continue }
        for file in files where Self.matches(name, file) && !isCSV(file) {
          throw CommandFailure(
            "\(flag) \(quoted(value)): \(file) is not a CSV chart; a descriptor or Vega-Lite file has its own words",
            status: .usage)
        }
      }
    }
  }

  /// The chart of `file` with its words, when it is read as CSV.
  func apply(to chart: inout ChartDescriptor, file: String, among files: [String]) throws {
    if let title = Self.value(chartTitle, for: file, among: files) { chart.title = title }
    try CSVOptions.setWords(
      of: &chart, summary: Self.value(summary, for: file, among: files),
      xTitle: Self.value(xTitle, for: file, among: files),
      yTitle: Self.value(yTitle, for: file, among: files),
      yFormat: Self.value(yFormat, for: file, among: files))
  }
}
