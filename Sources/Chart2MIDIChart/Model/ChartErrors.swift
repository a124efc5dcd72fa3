import Chart2MIDIBase

/// The domain of chart errors: descriptors, CSV files, Vega-Lite specifications, values built with
/// the Swift API.
public enum ChartErrors: ErrorDomain {
  /// What is wrong with a chart.
  public enum Code: String, ErrorCode, CaseIterable {
    /// Text that does not parse: malformed JSON, a CSV row with an open quote.
    case malformed
    /// A value that does not fit its place: a wrong type, a missing field, a number out of range.
    case invalidValue
    /// Something chart2midi does not play: a Vega-Lite feature it refuses rather than play wrongly.
    case unsupported
    /// More than a reading limit allows (see `ReadingLimits`).
    case limitExceeded
    /// A file that is not there.
    case missingFile
    /// A file that cannot be read: a folder, a device, no permission, not UTF-8.
    case unreadableFile

    /// Every chart error is the input's.
    public var kind: ErrorKind {
      switch self {
      case .malformed, .invalidValue, .unsupported: .invalidInput
      case .limitExceeded: .beyondLimits
      case .missingFile, .unreadableFile: .missingInput
      }
    }
  }

  /// A chart's mistakes are most often a value that does not fit.
  public static var commonCode: Code { .invalidValue }
}

/// A mistake in a chart: a descriptor, a CSV file or a value built with the Swift API, with the
/// place it was found.
public typealias DescriptorError = ModuleError<ChartErrors>

extension ModuleError where Domain == ChartErrors {
  /// Creates an error at a chart path such as `series[0].dataPoints[41].y`; an empty path is the
  /// whole chart.
  package init(at path: String, _ message: String, code: ChartErrors.Code = .invalidValue) {
    self.init(message, at: path.isEmpty ? nil : .path(path), code: code)
  }
}

extension ModuleError where Domain == ChartErrors {
  /// An error for a limit passed: `limit` tells a caller which one, to say how to raise it.
  package init(at path: String, _ message: String, passing limit: ReadingLimits.Limit) {
    self.init(at: path, message, code: .limitExceeded)
    self.limit = limit
  }
}
