/// The domain of a module's errors: a marker type that gives each module its own error type while
/// they share one shape, `ModuleError`.
public protocol ErrorDomain: Sendable {}

/// A mistake with its file, its place and its message: the one shape of the modules' errors. Each
/// module names its own (`DescriptorError`, `MIDIMapError`), so that a caller can tell them apart.
public struct ModuleError<Domain: ErrorDomain>: LocatedError, Hashable {
  /// The file the mistake is in, when it is in one.
  public var file: String?
  /// Where the mistake is: a chart path, a JSON line and column, a CSV row and column, or a flag.
  public var location: ErrorLocation?
  /// What was wrong, and what was expected.
  public var message: String
  /// The reading limit the input passed, when that was the mistake: a caller may say how to
  /// raise it.
  public var limit: ReadingLimits.Limit?

  /// Creates an error.
  public init(_ message: String, at location: ErrorLocation? = nil, file: String? = nil) {
    self.message = message
    self.location = location
    self.file = file
  }
}

/// The domain of chart errors: descriptors, CSV files, values built with the Swift API.
public enum ChartErrors: ErrorDomain {}

/// A mistake in a chart: a descriptor, a CSV file or a value built with the Swift API, with the
/// place it was found.
public typealias DescriptorError = ModuleError<ChartErrors>

extension ModuleError where Domain == ChartErrors {
  /// Creates an error at a chart path such as `series[0].dataPoints[41].y`; an empty path is the
  /// whole chart.
  public init(at path: String, _ message: String) {
    self.init(message, at: path.isEmpty ? nil : .path(path))
  }
}
