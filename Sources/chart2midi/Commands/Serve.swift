import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIOutputs
import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus

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
      flight are answered.
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
      (maxCPUSeconds, "--max-cpu-seconds"),
    ] where !(value > 0) || !value.isFinite {
      throw ValidationError("\(flag) must be above 0")
    }
  }

  func run() async throws {
    if let soundfont { _ = try SoundFontLocator.locate(soundfont) }
    let service = RenderService(
      RenderService.Configuration(
        concurrent: maxConcurrent ?? ProcessInfo.processInfo.activeProcessorCount,
        queue: queue, bodyBytes: maxBodyBytes,
        limits: ExportLimits(
          points: maxPoints, audioSeconds: maxAudioSeconds,
          narrationSeconds: maxNarrationSeconds, outputBytes: maxOutputBytes,
          renderCPUSeconds: maxCPUSeconds),
        soundFont: soundfont))
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: ServiceMetrics.registry))
    var logger = Logger(label: "chart2midi")
    logger.logLevel = .warning
    let app = Application(
      router: service.router(),
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
    try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
  }
}
