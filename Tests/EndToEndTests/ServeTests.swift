import Foundation
import TestSupport
import Testing

/// `chart2midi serve` on loopback, as its clients meet it: every response read by its format's
/// own library (Scripts/service-check.py: mido, soundfile, zipfile), a client that goes away
/// stopping its render, `/health` answering while charts render, each refusal with its status and
/// JSON body, the OpenAPI document valid, and SIGTERM ending the service once what is in flight
/// is answered.
@Suite("The service", .serialized)
struct ServeTests {
  /// A running `chart2midi serve` on a free port.
  final class Server {
    let process = Process()
    let url: String

    init(_ arguments: [String]) throws {
      process.executableURL = testedProgram
      process.arguments = ["serve", "--port", "0"] + arguments
      var environment = ProcessInfo.processInfo.environment
      environment["SOURCE_DATE_EPOCH"] = nil
      process.environment = environment
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      // The first line says where it listens.
      var text = ""
      let handle = errors.fileHandleForReading
      while !text.contains("\n") {
        let data = handle.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
      }
      handle.readabilityHandler = { _ = $0.availableData }
      guard let start = text.range(of: "http://") else {
        process.terminate()
        throw ServerFailure(text: text)
      }
      url = String(text[start.lowerBound...].prefix { !$0.isWhitespace })
    }

    func stop() {
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
    }

    deinit { stop() }
  }

  struct ServerFailure: Error { var text: String }

  /// What a command of Scripts/service-check.py prints, as JSON.
  static func check(_ arguments: [String]) throws -> [String: Any] {
    let script = """
      import runpy, sys
      sys.argv = sys.argv[1:]
      runpy.run_path(sys.argv[0], run_name="__main__")
      """
    let result = try runPython(
      script, [projectRoot.appendingPathComponent("Scripts/service-check.py").path] + arguments)
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    return try #require(object as? [String: Any], "\(result.output)")
  }

  @Test func twoHundredRequestsFromSixteenClientsAreEachRead() throws {
    let server = try Server(["--max-concurrent", "2", "--queue", "32"])
    defer { server.stop() }
    let load = try Self.check(["load", server.url, "--requests", "200", "--clients", "16"])
    #expect(load["requests"] as? Int == 200)
    #expect(load["failure_count"] as? Int == 0, "\(load["failures"] ?? "")")
    // The same request, the same bytes: one tag for each format.
    let tags = try #require(load["tags_per_format"] as? [String: Int])
    #expect(tags.count == 7 && tags.values.allSatisfy { $0 == 1 }, "\(tags)")
    print("200 requests from 16 clients: \(load["per_second"] ?? "") a second")
  }

  @Test func aClientThatGoesAwayStopsItsRender() throws {
    let server = try Server([
      "--max-concurrent", "1", "--max-audio-seconds", "4000", "--max-cpu-seconds", "600",
      "--max-output-bytes", "2000000000",
    ])
    defer { server.stop() }
    let result = try Self.check([
      "disconnect", server.url, "\(server.process.processIdentifier)",
    ])
    // It rendered while the client waited (spending CPU time, however busy the machine is
    // with other work), and stopped within the second after it left.
    let during = try #require(result["health_while_rendering"] as? [String: Any])
    #expect(during["renders"] as? Int == 1, "\(result)")
    #expect((result["cpu_while_rendering"] as? Double ?? 0) > 0.1, "\(result)")
    #expect((result["cpu_after"] as? Double ?? 1) < 0.05, "\(result)")
    let health = try #require(result["health"] as? [String: Any])
    #expect(health["renders"] as? Int == 0, "\(health)")
  }

  @Test func healthAnswersWithin50msWhileChartsRender() throws {
    let server = try Server(["--max-concurrent", "2", "--queue", "16"])
    defer { server.stop() }
    // Narrated MP3s from 8 clients keep both render threads busy.
    let load = Process()
    load.executableURL = projectRoot.appendingPathComponent(".venv/bin/python")
    load.arguments = [
      projectRoot.appendingPathComponent("Scripts/service-check.py").path, "load", server.url,
      "--requests", "40", "--clients", "8", "--formats", "mp3", "--narrated",
    ]
    load.standardOutput = FileHandle.nullDevice
    try load.run()
    defer { load.waitUntilExit() }
    Thread.sleep(forTimeInterval: 0.5)
    let health = try Self.check(["health", server.url, "--probes", "30"])
    #expect(load.isRunning, "the load ended before the probes did")
    let slowest = try #require(health["max_ms"] as? Double, "\(health)")
    print("/health under load: median \(health["median_ms"] ?? "") ms, slowest \(slowest) ms")
    #expect(slowest < 50, "\(health)")
  }

  @Test func eachRefusalHasItsStatusAndJSONBody() throws {
    let server = try Server(["--max-body-bytes", "8000000", "--max-audio-seconds", "600"])
    defer { server.stop() }
    let found = try Self.check(["errors", server.url])
    let expected: [(String, Int, String, String?)] = [
      ("no format", 400, "badRequest", "format"),
      ("unknown format", 400, "badRequest", "format"),
      ("unsupported type", 415, "unsupportedMediaType", nil),
      ("malformed chart", 422, "malformed", "line 1, column 15"),
      ("wrong value", 422, "invalidValue", "series[0].dataPoints[2].y"),
      ("unknown voice", 422, "unknownVoice", "settings.voice"),
      ("soundfont named", 422, "invalidSetting", "sonification.soundfont"),
      ("data url", 422, "invalidValue", "data.url"),
      ("too many points", 413, "exceedsLimits", nil),
      ("too long", 413, "exceedsLimits", nil),
      ("too large a body", 413, "limitExceeded", nil),
    ]
    for (name, status, code, location) in expected {
      let entry = try #require(found[name] as? [String: Any], "\(name): \(found)")
      let body = try #require(entry["body"] as? [String: Any], "\(name): \(entry)")
      #expect(entry["status"] as? Int == status, "\(name): \(entry)")
      #expect(body["code"] as? String == code, "\(name): \(body)")
      #expect(body["location"] as? String == location, "\(name): \(body)")
      let message = try #require(body["message"] as? String)
      #expect(!message.isEmpty && !message.contains("chart2midi "), "\(name): \(message)")
      // No path of the server's in a refusal.
      #expect(
        !message.contains("/usr/") && !message.contains("/tmp/") && !message.contains("root:"),
        "\(name): \(message)")
    }
    // Full: 503, with when to try again.
    let full = try Server([
      "--max-concurrent", "1", "--queue", "0", "--max-audio-seconds", "4000",
      "--max-cpu-seconds", "600", "--max-output-bytes", "2000000000",
    ])
    defer { full.stop() }
    let busy = try Self.check(["busy", full.url])
    #expect(busy["status"] as? Int == 503, "\(busy)")
    #expect(busy["retry_after"] as? String == "1", "\(busy)")
    #expect((busy["body"] as? [String: Any])?["code"] as? String == "busy", "\(busy)")
  }

  @Test func theOpenAPIDocumentIsValid() throws {
    let server = try Server([])
    defer { server.stop() }
    let result = try Self.check(["openapi", server.url])
    #expect(result["valid"] as? Bool == true, "\(result)")
    #expect(result["version"] as? String == "3.1.0")
  }

  /// Everything at once for 15 s: Vega-Lite transforms that would run for minutes, 40 clients
  /// trickling their bodies, 5 their heads, 300 idle sockets. Each gets a refusal or a closed
  /// connection, real renders go on, /health answers within 50 ms throughout, and nothing burns
  /// CPU once the clients are gone.
  @Test func slowIdleAndCostlyClientsCannotStarveTheService() throws {
    let server = try Server(["--idle-seconds", "3", "--max-cpu-seconds", "5"])
    defer { server.stop() }
    let result = try Self.check([
      "starve", server.url, "\(server.process.processIdentifier)", "--seconds", "15",
    ])
    let bombs = try #require(result["bombs"] as? [[String: Any]], "\(result)")
    #expect(bombs.count == 3 && bombs.allSatisfy { $0["status"] as? Int == 413 }, "\(bombs)")
    // Two refused before any work, the third once it has spent its 5 s of CPU.
    let codes = bombs.compactMap { $0["code"] as? String }.sorted()
    #expect(codes == ["exceedsLimits", "limitExceeded", "limitExceeded"], "\(bombs)")
    #expect(bombs.allSatisfy { ($0["seconds"] as? Double ?? 99) < 14 }, "\(bombs)")
    let renders = try #require(result["renders"] as? [[String: Any]], "\(result)")
    #expect(renders.count >= 3, "\(renders)")
    #expect(
      renders.allSatisfy { $0["status"] as? Int == 200 && $0["problem"] is NSNull }, "\(renders)")
    #expect(
      result["trickles"] as? [String: Int] == ["HTTP/1.1 408 Request Timeout": 40], "\(result)")
    #expect(result["heads"] as? [String: Int] == ["closed": 5], "\(result)")
    #expect(result["idle"] as? [String: Int] == ["closed": 300], "\(result)")
    #expect(result["health_failures"] as? Int == 0, "\(result)")
    #expect((result["health_max_ms"] as? Double ?? 999) < 50, "\(result)")
    #expect((result["cpu_after"] as? Double ?? 9) < 0.1, "\(result)")
  }

  /// A client that holds its request open does not keep a signalled service alive past its
  /// drain deadline.
  @Test func sigtermEndsWithinTheDrainDeadlineWhateverAClientHolds() throws {
    let server = try Server(["--drain-seconds", "2"])
    let port = try #require(server.url.split(separator: ":").last.flatMap { UInt16($0) })
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(connected == 0)
    let head = Array(
      "POST /v1/render?format=mid HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"ti"
        .utf8)
    #expect(send(socket, head, head.count, 0) == head.count)
    usleep(300_000)
    let clock = ContinuousClock()
    let signalled = clock.now
    server.process.terminate()
    server.process.waitUntilExit()
    let seconds = (clock.now - signalled) / .seconds(1)
    #expect(seconds >= 1.5 && seconds < 5, "\(seconds) s")
    #expect(server.process.terminationReason == .exit)
    #expect(server.process.terminationStatus == 0)
  }

  @Test func sigtermAnswersWhatIsInFlightThenEnds() throws {
    let server = try Server(["--max-concurrent", "1"])
    let result = try Self.check(["sigterm", server.url, "\(server.process.processIdentifier)"])
    server.process.waitUntilExit()
    #expect(result["status"] as? Int == 200, "\(result)")
    #expect(result["problem"] is NSNull, "\(result)")
    // Once signalled, it takes no new request.
    #expect((result["late_request"] as? String)?.hasPrefix("refused") == true, "\(result)")
    #expect(server.process.terminationReason == .exit)
    #expect(server.process.terminationStatus == 0)
  }
}
