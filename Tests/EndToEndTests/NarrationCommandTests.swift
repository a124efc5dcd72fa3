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

  /// A CSV chart gets its words from flags: its title, summary, axis titles and the unit of its
  /// values, which the narration says; the flags are refused for a descriptor, which has its own.
  @Test func aCSVChartNarratesWithTheWordsItIsGiven() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("s.json")
    let result = try run([
      "convert", "Examples/rainfall.csv", "--x", "month", "--y", "inches", "--series-column",
      "region", "-o", folder.appendingPathComponent("r.mid").path, "--narrate", "--script-out",
      script.path, "--title", "Rainfall by month", "--summary", "The tropics are far wetter.",
      "--x-title", "Month", "--y-title", "Rainfall", "--y-format", "%.1f inches",
    ])
    #expect(result.status == 0, "\(result.error)")
    let text = try String(contentsOf: script, encoding: .utf8)
    for words in [
      "Rainfall by month.", "The tropics are far wetter.",
      "Time runs along Month; higher pitch means more Rainfall.",
      "11.5 inches in Nov",
    ] {
      #expect(text.contains(words), "\(words) in \(text)")
    }
    #expect(!text.contains("inches:") && !text.contains("rainfall.csv"))
    let refused = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("c.mid").path,
      "--y-title", "Weight",
    ])
    #expect(refused.status == 64)
    #expect(
      refused.error
        == "Error: Examples/cars.json: --y-title names the words of a CSV chart; a descriptor or Vega-Lite file has its own\n"
    )
    let badFormat = try run([
      "convert", "Examples/rainfall.csv", "--x", "month", "--y", "inches", "-o",
      folder.appendingPathComponent("d.mid").path, "--y-format", "%s inches",
    ])
    #expect(badFormat.status == 64)
    #expect(badFormat.error.hasPrefix("Error: --y-format \"%s inches\": "))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d.mid").path))
  }
}
