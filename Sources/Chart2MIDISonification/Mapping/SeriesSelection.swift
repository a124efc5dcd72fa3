import Chart2MIDIChart

/// The series the options choose to play, in the order chosen (all, in chart order, by default).
enum SeriesSelection {
  /// Indices into the chart's series.
  ///
  /// - Throws: `MIDIMapError` at the `series` option's flag or path for a name the chart lacks.
  static func indices(in chart: ChartDescriptor, options: SonificationOptions) throws -> [Int] {
    guard let names = options.seriesNames else { return Array(chart.series.indices) }
    return try names.map { name in
      guard let index = chart.series.firstIndex(where: { $0.name == name }) else {
        let known = chart.series.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw MIDIMapError(
          "no series is named \"\(name)\"; the chart has \(known)", at: options.origin(of: .series),
          code: .settingDoesNotFitChart)
      }
      return index
    }
  }
}
