import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIOutputs
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Metrics
import NIOCore
import Prometheus
import Synchronization

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Render charts over HTTP: POST /v1/render?format=mid|wav|flac|ogg|opus|mp3|page.zip.",
    discussion: """
      A chart (a descriptor or Vega-Lite specification as JSON, CSV as text/csv with its columns \
      in the query, or an envelope {"chart": …, "settings": …}) in; the output out, tagged with \
      an ETag (the same request gives the same bytes, and If-None-Match gives 304). Refusals are \
      400, 413, 415, 422 or 503 with a JSON body {code, message, location}. GET /health, \
      GET /metrics (Prometheus) and GET /openapi.json answer while charts render. A chart names \
      no file of the server's. SIGTERM or SIGINT stops taking requests and ends once those in \
      flight are answered, or once --drain-seconds have passed. A connection idle for \
      --idle-seconds (or as long in sending a request's head) is closed, a body slower than \
      --min-body-rate is answered 408, and connections past --max-connections are closed at once.
      """)

  @Option(help: "The address to listen on (default 127.0.0.1).")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on, 0 for any free one (default 8080).")
  var port = 8080

  @Option(help: "The most charts rendered at once (default: one per core).")
  var maxConcurrent: Int?

  @Option(help: "The most requests waiting for a render beyond those (default 32); more get 503.")
  var queue = 32

  @Option(help: "The largest request body read, in bytes (default 10000000).")
  var maxBodyBytes = 10_000_000

  @Option(help: "The most data points a chart may have (default 100000).")
  var maxPoints = 100_000

  @Option(help: "The longest audio rendered, narration included, in seconds (default 600).")
  var maxAudioSeconds = 600.0

  @Option(help: "The longest narration spoken, in seconds (default 300).")
  var maxNarrationSeconds = 300.0

  @Option(help: "The largest output, in bytes (default 200000000).")
  var maxOutputBytes = 200_000_000

  @Option(help: "The most CPU time one render may spend, in seconds (default 60).")
  var maxCPUSeconds = 60.0

  @Option(
    help: "The soundfont of every render: a .sf2/.sf3 path, or 'gm'. Default: the project's own.")
  var soundfont: String?

  @Option(
    help:
      "Seconds a connection may stay idle, or take to send a request's head, before it is closed (default 10)."
  )
  var idleSeconds = 10.0

  @Option(
    help:
      "The slowest a request's body may arrive after its first 10 seconds, in bytes a second (default 10000); slower gets 408."
  )
  var minBodyRate = 10_000

  @Option(
    help:
      "The most connections open at once (default: the open-file limit, raised to its hard limit, less 256); more are closed."
  )
  var maxConnections: Int?

  @Option(
    help:
      "Seconds SIGTERM or SIGINT waits for the requests in flight before the service ends regardless (default 30)."
  )
  var drainSeconds = 30.0

  func validate() throws {
    for (value, flag) in [
      (Double(port), "--port"), (Double(queue), "--queue"),
    ] where value < 0 || (flag == "--port" && value > 65535) {
      throw ValidationError("\(flag) must be \(flag == "--port" ? "0 to 65535" : "0 or more")")
    }
    for (value, flag) in [
      (Double(maxConcurrent ?? 1), "--max-concurrent"), (Double(maxBodyBytes), "--max-body-bytes"),
      (Double(maxPoints), "--max-points"), (maxAudioSeconds, "--max-audio-seconds"),
      (maxNarrationSeconds, "--max-narration-seconds"),
      (Double(maxOutputBytes), "--max-output-bytes"),
      (maxCPUSeconds, "--max-cpu-seconds"), (idleSeconds, "--idle-seconds"),
      (Double(minBodyRate), "--min-body-rate"), (Double(maxConnections ?? 1), "--max-connections"),
      (drainSeconds, "--drain-seconds"),
    ] where !(value > 0) || !value.isFinite {
      throw ValidationError("\(flag) must be above 0")
    }
  }

  func run() async throws {
    if let soundfont { _ = try SoundFontLocator.locate(soundfont) }
    let service = RenderService(
      RenderService.Configuration(
        concurrent: maxConcurrent ?? ProcessInfo.processInfo.activeProcessorCount,
        queue: queue, bodyBytes: maxBodyBytes, minimumBodyRate: minBodyRate,
        limits: ExportLimits(
          points: maxPoints, audioSeconds: maxAudioSeconds,
          narrationSeconds: maxNarrationSeconds, outputBytes: maxOutputBytes,
          renderCPUSeconds: maxCPUSeconds),
        soundFont: soundfont))
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: ServiceMetrics.registry))
    var logger = Logger(label: "chart2midi")
    logger.logLevel = .warning
    // Connections are capped below the open-file limit (raised to its hard limit), so that idle
    // sockets never leave the service without a descriptor to answer /health with.
    let limiter = ConnectionLimiter(maximum: maxConnections ?? Self.raiseFileLimit() - 256)
    let app = Application(
      router: service.router(),
      server: .http1(
        configuration: HTTP1Channel.Configuration(
          additionalChannelHandlers: [limiter.handler()],
          idleTimeout: .nanoseconds(Int64(idleSeconds * 1e9)))),
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: port), serverName: "chart2midi"),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        FileHandle.standardError.write(
          Data("chart2midi serve: listening on http://\(host):\(port)\n".utf8))
      },
      logger: logger)
    // Signals end the service gracefully (swift-service-lifecycle), not at once as a conversion
    // ends on them.
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    let deadline = Self.endAfterDrainDeadline(drainSeconds)
    defer { deadline.forEach { $0.cancel() } }
    try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
  }

  /// Raises the soft limit of open files to the hard limit; the limit now.
  static func raiseFileLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return Int(clamping: min(limit.rlim_cur, 1 << 20))
  }

  /// On SIGTERM or SIGINT, besides the graceful shutdown: the process ends `seconds` later, with a
  /// sentence, whatever its clients still hold open.
  static func endAfterDrainDeadline(_ seconds: Double) -> [any DispatchSourceSignal] {
    [SIGTERM, SIGINT].map { number in
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
          FileHandle.standardError.write(
            Data(
              "chart2midi serve: stopped \(NumberText.plain(seconds)) s after the signal (--drain-seconds); connections still open were closed\n"
                .utf8))
          Glibc.exit(0)
        }
      }
      source.resume()
      return source
    }
  }
}

/// Counts the connections open, and closes each one past `maximum` as it opens.
final class ConnectionLimiter: Sendable {
  let maximum: Int
  private let open = Atomic<Int>(0)

  init(maximum: Int) { self.maximum = max(1, maximum) }

  /// The handler of one connection.
  func handler() -> any RemovableChannelHandler { Handler(limiter: self) }

  /// The connections open now.
  var count: Int { open.load(ordering: .relaxed) }

  private final class Handler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    let limiter: ConnectionLimiter
    private var counted = false

    init(limiter: ConnectionLimiter) { self.limiter = limiter }

    func handlerAdded(context: ChannelHandlerContext) {
      counted = true
      if limiter.open.wrappingAdd(1, ordering: .relaxed).newValue > limiter.maximum {
        context.close(promise: nil)
      }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      guard counted else { return }
      counted = false
      limiter.open.wrappingSubtract(1, ordering: .relaxed)
    }
  }
}
