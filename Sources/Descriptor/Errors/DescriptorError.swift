/// A mistake in a chart: a descriptor, a CSV file or a value built with the Swift API, with the
/// place it was found.
public struct DescriptorError: LocatedError, Hashable {
  /// The file the chart was read from, when it was read from one.
  public var file: String?
  /// Where the mistake is: a chart path, a JSON line and column, or a CSV row and column.
  public var location: ErrorLocation?
  /// What was wrong, and what was expected.
  public var message: String

  /// Creates an error.
  public init(_ message: String, at location: ErrorLocation? = nil, file: String? = nil) {
    self.message = message
    self.location = location
    self.file = file
  }

  /// Creates an error at a chart path such as `series[0].dataPoints[41].y`; an empty path is the
  /// whole chart.
  public init(at path: String, _ message: String) {
    self.init(message, at: path.isEmpty ? nil : .path(path))
  }
}
