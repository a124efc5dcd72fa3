import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation
import HTTPTypes
import Hummingbird
import Metrics
import NIOCore
import Prometheus
import Synchronization

/// The audio graph as a service: `POST /v1/render` turns a chart into one output, on threads of
/// its own, at most `concurrent` at a time with `queue` more waiting, each held to the limits;
/// `GET /health`, `GET /metrics` and `GET /openapi.json` answer from the event loop, whatever
/// renders.
final class RenderService: Sendable {
  /// What the operator set.
  struct Configuration: Sendable {
    var concurrent: Int
    var queue: Int
    var bodyBytes: Int
    /// The slowest a body may arrive, in bytes a second, once `bodyGraceSeconds` have passed: a
    /// client that trickles its body is answered 408 and its connection closed.
    var minimumBodyRate: Int = 10_000
    /// The time any body has, whatever its rate, in seconds.
    var bodyGraceSeconds: Double = 10
    var limits: ExportLimits
    /// The soundfont of every render (nil: the project's own).
    var soundFont: String?
  }

  let configuration: Configuration
  /// The threads the renders run on.
  let threads: WorkThreads
  /// The requests admitted and not yet answered: rendering, or waiting for a thread.
  private let admitted = Atomic<Int>(0)
  /// The limits a chart is read with.
  let reading: ReadingLimits

  init(_ configuration: Configuration) {
    self.configuration = configuration
    threads = WorkThreads(count: configuration.concurrent)
    var reading = ReadingLimits()
    reading.fileBytes = configuration.bodyBytes
    self.reading = reading
  }

  /// The routes.
  func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.post("/v1/render") { request, _ in await self.render(request) }
    router.get("/health") { _, _ in self.health() }
    router.get("/metrics") { _, _ in Self.metrics() }
    router.get("/openapi.json") { _, _ in
      Self.response(.ok, type: "application/json", Data(OpenAPIDocument.text.utf8))
    }
    return router
  }

  /// `{"status": "ok", "renders": N, "capacity": N}`: the requests admitted, and how many may be.
  func health() -> Response {
    let body = """
      {"status":"ok","renders":\(admitted.load(ordering: .relaxed)),"capacity":\(configuration.concurrent + configuration.queue)}
      """
    return Self.response(.ok, type: "application/json", Data(body.utf8))
  }

  /// The Prometheus text of the metrics.
  static func metrics() -> Response {
    response(
      .ok, type: "text/plain; version=0.0.4; charset=utf-8",
      Data(ServiceMetrics.registry.emitToString().utf8))
  }

  /// A render: its body read whole first (a client too slow to send it is answered 408, holding
  /// no place); then refused at once when the service is full; its chart read and its tag made
  /// on the render threads, under the CPU limit, `304` when the client has those bytes; else the
  /// output, rendered on the service's threads. A client that goes away cancels its reading and
  /// its render.
  func render(_ request: Request) async -> Response {
    let clock = ContinuousClock()
    let start = clock.now
    let format = request.uri.queryParameters["format"].map(String.init) ?? ""
    var response: Response
    do {
      let output = try RenderRequest.output(named: request.uri.queryParameters["format"])
      response = try await request.body.consumeWithCancellationOnInboundClose { body in
        let bytes = try await self.collect(body)
        let capacity = self.configuration.concurrent + self.configuration.queue
        let entered =
          self.admitted.wrappingAdd(1, ordering: .relaxed).newValue <= capacity
        defer { self.admitted.wrappingSubtract(1, ordering: .relaxed) }
        guard entered else {
          throw ServiceError(
            .serviceUnavailable, code: "busy",
            "the service renders \(self.configuration.concurrent) charts with \(self.configuration.queue) waiting; try again shortly",
            retryAfter: 1)
        }
        ServiceMetrics.admitted.record(self.admitted.load(ordering: .relaxed))
        return try await self.render(request, bytes: bytes, output: output)
      }
    } catch let error as ServiceError {
      response = Self.response(error)
      // The rest of a body too slow to wait for is not read: the connection ends here.
      if error.status == .requestTimeout { response.headers[.connection] = "close" }
    } catch is NIOTooManyBytesError {
      response = Self.response(
        ServiceError(
          .contentTooLarge, code: "limitExceeded",
          "the request is larger than the \(NumberText.grouped(configuration.bodyBytes)) bytes the service reads"
        ))
      // The rest of the body is not read: the connection ends here, so that the client sees the
      // answer rather than waiting to send the rest.
      response.headers[.connection] = "close"
    } catch {
      response = Self.response(ServiceError(error))
    }
    ServiceMetrics.requests(format: format, status: response.status.code).increment()
    ServiceMetrics.seconds.recordNanoseconds(
      Int64((clock.now - start) / .nanoseconds(1)))
    return response
  }

  /// A request's body, whole: at most `bodyBytes`, arriving at `minimumBodyRate` or faster once
  /// `bodyGraceSeconds` have passed.
  ///
  /// - Throws: `NIOTooManyBytesError` past the size; `ServiceError` 408 when too slow.
  func collect(_ body: RequestBody) async throws -> Data {
    let clock = ContinuousClock()
    let start = clock.now
    var bytes = Data()
    for try await piece in body {
      guard bytes.count + piece.readableBytes <= configuration.bodyBytes else {
        throw NIOTooManyBytesError(maxBytes: configuration.bodyBytes)
      }
      bytes.append(contentsOf: piece.readableBytesView)
      let seconds = (clock.now - start) / .seconds(1)
      if seconds > configuration.bodyGraceSeconds,
        Double(bytes.count) < Double(configuration.minimumBodyRate) * seconds
      {
        throw ServiceError(
          .requestTimeout, code: "tooSlow",
          "the request's body came at \(Int(Double(bytes.count) / seconds)) bytes a second; send it at \(NumberText.grouped(configuration.minimumBodyRate)) or more"
        )
      }
    }
    return bytes
  }

  /// The render of an admitted request.
  private func render(_ request: Request, bytes: Data, output: ExportOutput) async throws
    -> Response
  {
    var query: [String: String] = [:]
    for (key, value) in request.uri.queryParameters where key != "format" {
      query[String(key)] = String(value)
    }
    // Reading a chart (a Vega-Lite specification's transforms among it) is work like a render's:
    // on the render threads, under the CPU limit, stopped when the client goes.
    let contentType = request.headers[.contentType]
    let (read, settings, tag) = try await ChartExport.run(
      configuration.limits.renderCPUSeconds, doing: "reading the chart", on: threads
    ) { [self, query] in
      let read = try RenderRequest.read(
        output: output, contentType: contentType, query: query, body: bytes, limits: reading)
      let settings = try self.settings(for: read)
      return (read, settings, try self.tag(read, settings))
    }
    if let wanted = request.headers[.ifNoneMatch],
      wanted.split(separator: ",").contains(where: {
        let given = $0.trimmingCharacters(in: .whitespaces)
        return given == tag || given == "W/\(tag)" || given == "*"
      })
    {
      return Response(
        status: .notModified, headers: [.eTag: tag, .cacheControl: "no-cache"])
    }
    let (data, _) = try await ChartExport.data(
      of: read.chart, settings: settings, as: output, on: threads)
    var headers: HTTPFields = [
      .contentType: output.mimeType, .eTag: tag, .cacheControl: "no-cache",
    ]
    headers[.contentDisposition] = "inline; filename=\"chart.\(output.fileExtension)\""
    return Response(
      status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
  }

  /// The settings of a request: the chart's own, then the request's, held to the service's
  /// limits; no file of the server's is named by either, and the audio's date is fixed, so that
  /// the same request gives the same bytes.
  func settings(for request: RenderRequest) throws -> ExportSettings {
    var settings = try ExportSettings.forChart(request.chart, overrides: request.settings)
    settings.chartMayNameSoundFont = false
    if settings.soundFont == nil { settings.soundFont = configuration.soundFont }
    settings.exportLimits = configuration.limits
    settings.limits = reading
    settings.originationDate = Date(timeIntervalSince1970: 315_532_800)
    return settings
  }

  /// The tag of a response: the program, the settings as resolved (the soundfont by its bytes),
  /// the output and the chart as given.
  func tag(_ request: RenderRequest, _ settings: ExportSettings) throws -> String {
    var resolved = settings
    let folder = URL(fileURLWithPath: "/render")
    if request.output != .midi {
      resolved.mix = folder.appendingPathComponent("chart.\(request.output.fileExtension)")
    }
    let text = [
      try SettingsDigest.of(resolved, in: folder), request.output.rawValue, request.inputDigest,
    ].joined(separator: "\n")
    return "\"\(Digest.sha256(Data(text.utf8)))\""
  }

  /// A response of `data` as `type`.
  static func response(_ status: HTTPResponse.Status, type: String, _ data: Data) -> Response {
    Response(
      status: status, headers: [.contentType: type],
      body: ResponseBody(byteBuffer: ByteBuffer(data: data)))
  }

  /// The response of a refusal: its status, and its JSON body.
  static func response(_ error: ServiceError) -> Response {
    var response = response(error.status, type: "application/json", error.body)
    if let seconds = error.retryAfter { response.headers[.retryAfter] = "\(seconds)" }
    return response
  }
}

/// The service's metrics, through swift-metrics, read by Prometheus.
enum ServiceMetrics {
  /// The registry `GET /metrics` emits.
  static let registry = PrometheusCollectorRegistry()

  /// The requests answered, by format and status.
  static func requests(format: String, status: Int) -> Metrics.Counter {
    let known = RenderRequest.formats.contains { $0.name == format } ? format : "other"
    return Metrics.Counter(
      label: "chart2midi_requests_total",
      dimensions: [("format", known), ("status", "\(status)")])
  }

  /// How long requests take to answer.
  static let seconds = Metrics.Timer(
    label: "chart2midi_request_duration_seconds", preferredDisplayUnit: .seconds)

  /// The requests admitted: rendering or waiting.
  static let admitted = Gauge(label: "chart2midi_requests_admitted")
}
