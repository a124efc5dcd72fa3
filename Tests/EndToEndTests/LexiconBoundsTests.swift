import Foundation
import TestSupport
import Testing

/// A lexicon from anyone costs a bounded time and memory: a pattern that backtracks without end
/// is stopped, and entries that grow the text are refused, each in one sentence naming the line.
@Suite("A lexicon's work is bounded", .serialized)
struct LexiconBoundsTests {
  @Test(
    arguments: [
      (
        "/(.*a){12}b/ = x\n",
        "lexicon.txt line 1: the pattern takes more than 0.5 s on a sentence"
      ),
      (
        String(repeating: "/(.)/ = $1$1\n", count: 16),
        "longer than 4 times its length"
      ),
    ])
  func aLexiconThatWouldRunAwayIsOneSentence(lexicon: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(lexicon.utf8).write(to: folder.appendingPathComponent("lexicon.txt"))
    // A title of 24 letters a, which the first pattern backtracks over for minutes.
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: example("dice"))) as? [String: Any])
    json["title"] = String(repeating: "a", count: 24)
    try JSONSerialization.data(withJSONObject: json).write(
      to: folder.appendingPathComponent("chart.json"))
    let clock = ContinuousClock()
    let start = clock.now
    let measured = try runMeasured(
      [
        "convert", "chart.json", "-o", "c.mid", "--wav", "c.wav", "--narration", "intro",
        "--lexicon", "lexicon.txt",
      ], in: folder, addressSpace: 4 << 30)
    let seconds = (clock.now - start) / .seconds(1)
    #expect(measured.run.status == 65, "\(measured.run.error)")
    #expect(measured.run.error.contains(message), "\(measured.run.error)")
    #expect(measured.run.error.split(separator: "\n").count == 1)
    #expect(seconds < 20, "\(seconds) s")
    #expect(measured.peakMemory < 300 << 20, "\(measured.peakMemory >> 20) MB")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("c.wav").path))
  }
}
