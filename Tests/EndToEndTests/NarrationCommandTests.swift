import Foundation
import TestSupport
import Testing

/// The narration from the command line: what it says, and its mistakes.
@Suite("Narration on the command line", .serialized)
struct NarrationCommandTests {
  @Test func anUnknownVoiceIsNamedAndNothingIsWritten() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", folder.appendingPathComponent("a.wav").path, "--narrate", "--voice", "elvish",
    ])
    #expect(result.status == 64)
    #expect(
      result.error
        == "Error: --voice: eSpeak NG has no voice \"elvish\"; `chart2midi voices` lists the voices installed\n"
    )
    #expect(files(in: folder).isEmpty)
    let voices = try run(["voices"])
    #expect(voices.status == 0)
    #expect(voices.output.split(separator: "\n").contains { $0.hasPrefix("gmw/en\t") })
  }

  @Test func convertSaysWhatItSpoke() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let captions = folder.appendingPathComponent("a.vtt")
    let result = try run([
      "convert", "Examples/coffee-code.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--captions", captions.path, "--narration", "intro", "--speech-rate", "220",
    ])
    #expect(result.status == 0, "\(result.error)")
    let line = try #require(
      result.error.split(separator: "\n").first { $0.hasPrefix("narration: ") })
    #expect(line.contains("sentences, the graph from "))
    // Only the intro: no caption after the graph's facts is a spoken one.
    let text = try String(contentsOf: captions, encoding: .utf8)
    #expect(text.contains("Cups of coffee versus lines of code."))
    #expect(!text.contains("is highest at"))
  }
}
