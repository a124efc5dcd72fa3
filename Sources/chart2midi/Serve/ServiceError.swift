import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIOutputs
import Foundation
import HTTPTypes

/// A refusal of the service, as its client reads it: an HTTP status and a JSON body
/// `{"code": …, "message": …, "location": …}` (the location only when the mistake has a place).
struct ServiceError: Error {
  var status: HTTPResponse.Status
  /// What kind of mistake: the library error's code (`exceedsLimits`, `invalidValue`), or the
  /// service's own (`badRequest`, `busy`, `unsupportedMediaType`).
  var code: String
  var message: String
  var location: String?
  /// Seconds to wait before trying again, for a service that is busy.
  var retryAfter: Int?

  init(
    _ status: HTTPResponse.Status, code: String, _ message: String, location: String? = nil,
    retryAfter: Int? = nil
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.location = location
    self.retryAfter = retryAfter
  }

  /// The refusal of a library error: 413 for a chart beyond the service's limits, 422 for a
  /// chart or setting that is wrong, 500 for what the machine failed at. A client's mistake never
  /// names a path of the server's.
  init(_ error: any Error) {
    if error is CancellationError {
      self.init(.serviceUnavailable, code: "cancelled", "the render was cancelled")
      return
    }
    guard let located = error as? any LocatedError else {
      self.init(.internalServerError, code: "internal", "the render failed")
      return
    }
    let code = Self.code(of: located)
    let status: HTTPResponse.Status
    switch located.source {
    case .input, .settings:
      status =
        code == "exceedsLimits" || code == "narrationTooLong" || code == "limitExceeded"
        ? .contentTooLarge : .unprocessableContent
    case .machine: status = .internalServerError
    }
    self.init(
      status, code: code,
      status == .internalServerError ? "the server could not render the chart" : located.message,
      location: located.location?.description)
  }

  /// The code of a module's error, by its name.
  private static func code(of error: any LocatedError) -> String {
    let mirror = Mirror(reflecting: error)
    guard let code = mirror.children.first(where: { $0.label == "code" })?.value else {
      return "invalid"
    }
    return "\(code)"
  }

  /// The JSON body.
  var body: Data {
    var object: [String: Any] = ["code": code, "message": message]
    if let location { object["location"] = location }
    return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
  }
}
