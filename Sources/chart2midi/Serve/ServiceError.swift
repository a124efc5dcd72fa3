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

  /// The refusal of a library error, by its kind: 413 for a chart beyond the service's limits,
  /// 422 for a chart or setting that is wrong, 500 for what the machine failed at. A client's
  /// mistake never names a path of the server's.
  init(_ error: any Error) {
    if error is CancellationError {
      self.init(.serviceUnavailable, code: "cancelled", "the render was cancelled")
      return
    }
    guard let located = error as? any LocatedError else {
      self.init(.internalServerError, code: "internal", "the render failed")
      return
    }
    let status = Self.status(of: located.kind)
    self.init(
      status, code: located.codeName,
      status == .internalServerError ? "the server could not render the chart" : located.message,
      location: located.location?.description)
  }

  /// The status of each kind of failure (the command line's exit statuses switch on the same
  /// kinds).
  static func status(of kind: ErrorKind) -> HTTPResponse.Status {
    switch kind {
    case .usage, .invalidInput, .missingInput: .unprocessableContent
    case .beyondLimits: .contentTooLarge
    case .busy: .serviceUnavailable
    case .unavailable, .cannotCreate, .storageFailed, .fault: .internalServerError
    }
  }

  /// The JSON body.
  var body: Data {
    var object: [String: Any] = ["code": code, "message": message]
    if let location { object["location"] = location }
    return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
  }
}
