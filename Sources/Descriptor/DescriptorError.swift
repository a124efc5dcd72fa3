/// A mistake in a chart descriptor, with the place it was found.
public struct DescriptorError: Error, CustomStringConvertible, Hashable, Sendable {
  /// Where the mistake is: a JSON path such as `series[0].dataPoints[41].y`, `line 3, column 14`
  /// for malformed JSON, or `row 12, column "price"` in a CSV file.
  public var location: String
  /// What was wrong, and what was expected.
  public var message: String

  /// Creates an error at a location.
  public init(at location: String, _ message: String) {
    self.location = location
    self.message = message
  }

  /// `location: message`, one sentence.
  public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}
