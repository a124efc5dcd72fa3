import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@Suite("describe and captions", .serialized)
struct DescribeCommandTests {
  @Test func describePrintsSentences() throws {
    let result = try run(["describe", "Examples/precipitation.json"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "Monthly precipitation, 2018.")
    #expect(lines.contains("Highest: 4.3 inches in Jul."))
  }

  @Test func describeAsJSON() throws {
    let result = try run(["describe", "Examples/dice.json", "--format", "json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(
      (object["series"] as? [[String: Any]])?.map { $0["name"] as? String } == [
        "Red", "Blue", "Green",
      ])
    #expect(
      object["comparison"] as? String == "From highest to lowest on average: Green, Blue, Red.")
  }

  @Test func convertWritesCaptionsAndAGeneratedSummary() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The coffee chart without its summary: convert writes one made from the data.
    var json = try String(
      contentsOf: projectRoot.appendingPathComponent("Examples/coffee-code.json"), encoding: .utf8)
    json = json.replacingOccurrences(
      of:
        #""summary": "More coffee goes with more lines of code. The data is made up, as in the talk it comes from.","#,
      with: "")
    let input = folder.appendingPathComponent("coffee.json")
    try json.write(to: input, atomically: false, encoding: .utf8)
    let midi = folder.appendingPathComponent("coffee.mid")
    let vtt = folder.appendingPathComponent("coffee.vtt")
    let result = try run(["convert", input.path, "-o", midi.path, "--captions", vtt.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      try String(contentsOf: vtt, encoding: .utf8).hasPrefix(
        "WEBVTT\n\n1\n00:00:00.000 --> 00:00:03.450\nCups of coffee versus lines of code\nLowest: 20 lines of code at 0 cups\n"
      ),
      "the title and the fact at 0 share a cue, long enough to read both")
    let texts = try MIDIFile(contentsOf: midi).tracks[0].events.filter { $0.isMeta(.text) }
      .compactMap(\.text)
    // The made summary names the series.
    #expect(
      texts.first
        == "Engineer rises overall, with a high of 80 lines of code at 12 cups and a low of 20 lines of code at 0 cups."
    )
  }

  @Test func captionsNeedAKnownExtension() throws {
    let result = try run([
      "convert", "Examples/cars.json", "-o", "/tmp/x.mid", "--captions", "/tmp/x.txt",
    ])
    #expect(result.status != 0)
    #expect(
      result.error.contains(
        "--captions /tmp/x.txt: name a .vtt (WebVTT), .srt (SubRip), .ttml (IMSC 1.1) or .dapt.ttml (a W3C DAPT script) file."
      ))
  }
}
