import Chart2MIDIChart

/// The series the options choose to play, in the order chosen (all, in chart order, by default).
enum SeriesSelection {
  /// Indices into the chart's series; the names of series' own note ranges are checked too.
  ///
  /// - Throws: `MIDIMapError` at the `series` (or `seriesNoteRanges`) option's flag or path for a
  ///   name the chart lacks.
  static func indices(in chart: ChartDescriptor, options: SonificationOptions) throws -> [Int] {
    func index(of name: String, setBy key: SonificationOptions.Key) throws -> Int {
      guard let index = chart.series.firstIndex(where: { $0.name == name }) else {
        let known = chart.series.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw MIDIMapError(
          "no series is named \"\(name)\"; the chart has \(known)", at: options.origin(of: key),
          code: .settingDoesNotFitChart)
      }
      return index
    }
    for name in options.seriesNoteRanges.keys.sorted() {
      _ = try index(of: name, setBy: .seriesNoteRanges)
    }
    guard let names = options.seriesNames else { return Array(chart.series.indices) }
    return try names.map { try index(of: $0, setBy: .series) }
  }
}
