import Foundation
import TestSupport
import Testing

/// A WebVTT or SubRip file's cues, read by the test: times and lines.
func captionCues(_ text: String) -> [(start: Double, end: Double, lines: [String])] {
  func seconds(_ stamp: Substring) -> Double {
    let parts = stamp.replacingOccurrences(of: ",", with: ".").split(separator: ":")
    return parts.reduce(0) { $0 * 60 + (Double($1) ?? .nan) }
  }
  var cues: [(start: Double, end: Double, lines: [String])] = []
  for block in text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n") {
    let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
    guard let timing = lines.firstIndex(where: { $0.contains(" --> ") }) else { continue }
    let times = lines[timing].components(separatedBy: " --> ")
    cues.append(
      (
        seconds(Substring(times[0])), seconds(Substring(times[1].prefix(12))),
        lines[(timing + 1)...].filter { !$0.isEmpty }.map(String.init)
      ))
  }
  return cues
}

@Suite("Captions as subtitlers make them", .serialized)
struct CaptionStandardsTests {
  /// Checks a caption file against the limits: 42 characters a line, 2 lines a cue, 20 characters
  /// a second, at least 0.8 s, no two cues at once.
  func checkLimits(_ path: URL, _ context: String) throws -> Int {
    let text = try String(contentsOf: path, encoding: .utf8)
    let cues = captionCues(text)
    #expect(!cues.isEmpty, "\(context): no cues")
    for (index, cue) in cues.enumerated() {
      let characters = cue.lines.reduce(0) { $0 + $1.count }
      let duration = cue.end - cue.start
      #expect(cue.lines.count <= 2, "\(context) cue \(index + 1): \(cue.lines)")
      #expect(cue.lines.allSatisfy { $0.count <= 42 }, "\(context) cue \(index + 1): \(cue.lines)")
      #expect(
        Double(characters) / duration <= 20 + 0.05,
        "\(context) cue \(index + 1): \(characters) characters in \(duration) s")
      #expect(duration >= 0.8 - 0.001, "\(context) cue \(index + 1) lasts \(duration) s")
      if index > 0 {
        #expect(
          cue.start >= cues[index - 1].end - 0.0005,
          "\(context): cue \(index + 1) starts at \(cue.start), before cue \(index) ends at \(cues[index - 1].end)"
        )
      }
    }
    return cues.count
  }

  @Test(
    "every cue within the line, line-count and reading-speed limits, none overlapping",
    arguments: [
      ("Examples/birth-rate.json", true), ("Examples/cars.json", true),
      ("Tests/Fixtures/Dense/stocks.json", true), ("Tests/Fixtures/Dense/stocks.json", false),
      ("Examples/temperatures.json", false),
    ])
  func everyCueKeepsTheLimits(chart: String, narrated: Bool) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let captions = folder.appendingPathComponent("c.vtt")
    let result = try run(
      [
        "convert", chart, "-o", folder.appendingPathComponent("c.mid").path, "--captions",
        captions.path, "--caption-labels",
      ] + (narrated ? ["--narrate"] : []))
    #expect(result.status == 0, "\(result.error)")
    _ = try checkLimits(captions, chart)
    let points = folder.appendingPathComponent("c.points.vtt")
    if narrated {
      // The facts at the notes, in a file of their own, keep the limits too.
      let count = try checkLimits(points, "\(chart) points")
      #expect(result.error.contains("the facts at the notes in"))
      #expect(result.error.contains("c.points.vtt (\(count) cue"))
    } else {
      #expect(!FileManager.default.fileExists(atPath: points.path))
    }
  }

  /// An IMSC 1.1 Text document: the IMSC validator (imschrm, its hypothetical render model
  /// included) finds nothing, and ttconv reads it back to the same cues as the WebVTT file.
  @Test func theTTMLIsValidIMSCAndReadsBackToTheSameCues() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let ttml = folder.appendingPathComponent("c.ttml")
    let vtt = folder.appendingPathComponent("c.vtt")
    for captions in [ttml, vtt] {
      let result = try run([
        "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("c.mid").path,
        "--captions", captions.path, "--narrate", "--voice", "de",
      ])
      #expect(result.status == 0, "\(result.error)")
    }
    let venv = projectRoot.appendingPathComponent(".venv/bin")
    for document in [ttml, folder.appendingPathComponent("c.points.ttml")] {
      let check = try run(
        [venv.appendingPathComponent("imschrm").path, document.path],
        program: URL(fileURLWithPath: "/usr/bin/env"))
      #expect(check.status == 0, "imschrm is missing: run `make test`")
      #expect(check.error.isEmpty && check.output.isEmpty, "\(check.error)\(check.output)")
    }
    let text = try String(contentsOf: ttml, encoding: .utf8)
    #expect(text.contains("xml:lang=\"de\""))
    #expect(text.contains("ttp:contentProfiles=\"http://www.w3.org/ns/ttml/profile/imsc1.1/text\""))
    let back = folder.appendingPathComponent("back.srt")
    let converted = try run(
      [venv.appendingPathComponent("tt").path, "convert", "-i", ttml.path, "-o", back.path],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(converted.status == 0, "\(converted.error)")
    let read = captionCues(try String(contentsOf: back, encoding: .utf8))
    let written = captionCues(try String(contentsOf: vtt, encoding: .utf8))
    #expect(read.count == written.count)
    for (a, b) in zip(read, written) {
      #expect(abs(a.start - b.start) < 0.002 && abs(a.end - b.end) < 0.002, "\(a) \(b)")
      #expect(a.lines == b.lines)
    }
  }
}
