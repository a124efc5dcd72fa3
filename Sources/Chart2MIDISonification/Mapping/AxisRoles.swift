import Chart2MIDIChart
import Chart2MIDICore

extension AxisRoles {
  /// The roles the options choose, or by default the first numeric axis for duration, the second
  /// for loudness and the first categorical one for the instrument.
  ///
  /// - Throws: `MIDIMapError` at the option's flag or path for an axis that does not exist or is
  ///   of the wrong kind.
  package init(chart: ChartDescriptor, options: SonificationOptions) throws {
    self.init()
    let axes = chart.additionalAxes
    let numeric = axes.indices.filter { axes[$0].numeric != nil }
    let categorical = axes.indices.filter { axes[$0].categorical != nil }
    func pick(_ key: SonificationOptions.Key, default fallback: Int?, numeric wantsNumeric: Bool)
      throws -> Int?
    {
      let choice: SonificationOptions.AxisChoice
      switch key {
      case .durationAxis: choice = options.durationAxis
      case .loudnessAxis: choice = options.loudnessAxis
      default: choice = options.instrumentAxis
      }
      switch choice {
      case .automatic: return fallback
      case .none: return nil
      case .axis(let chosen):
        guard axes.indices.contains(chosen) else {
          throw MIDIMapError(
            "there is no additionalAxes[\(chosen)]; the chart has \(axes.count) additional axes",
            at: options.origin(of: key), code: .settingDoesNotFitChart)
        }
        guard (axes[chosen].numeric != nil) == wantsNumeric else {
          throw MIDIMapError(
            "additionalAxes[\(chosen)] \"\(axes[chosen].title)\" is not \(wantsNumeric ? "numeric" : "categorical")",
            at: options.origin(of: key), code: .settingDoesNotFitChart)
        }
        return chosen
      }
    }
    duration = try pick(.durationAxis, default: numeric.first, numeric: true)
    let remaining = numeric.filter { $0 != duration }
    loudness = try pick(.loudnessAxis, default: remaining.first, numeric: true)
    instrument = try pick(.instrumentAxis, default: categorical.first, numeric: false)
  }

  /// The role of an additional axis, for the file's texts.
  func role(of index: Int) -> String {
    switch index {
    case duration: "duration"
    case loudness: "loudness"
    case instrument: "instrument"
    default: "not played"
    }
  }
}
