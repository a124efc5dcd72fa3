import Foundation
import TestSupport
import Testing

/// What chart2midi prints carries no control character a terminal would obey, and shard numbers
/// of any size are one sentence, never a trap.
@Suite("Safe on a terminal and in an array job", .serialized)
struct TerminalSafetyTests {
  /// Escape sequences that set the window's title, clear the screen and move the cursor; a
  /// carriage return and a line feed that would forge a line; a C1 control; a direction override.
  static let hostile =
    "Sales\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[1;1H\rError: all good\nfake\u{9B}31m\u{202E}txt"

  /// The dice chart with `hostile` in its title and first series' name.
  func chart(in folder: URL) throws -> URL {
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: example("dice"))) as? [String: Any])
    json["title"] = Self.hostile
    var series = try #require(json["series"] as? [[String: Any]])
    series[0]["name"] = Self.hostile
    json["series"] = series
    let url = folder.appendingPathComponent("chart.json")
    try JSONSerialization.data(withJSONObject: json).write(to: url)
    return url
  }

  func expectSafe(_ text: String, _ what: String) {
    let bytes = Array(text.utf8)
    #expect(!bytes.contains(0x1B) && !bytes.contains(0x07) && !bytes.contains(0x0D), "\(what)")
    #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "\(what)")
    #expect(!text.unicodeScalars.contains("\u{202E}"), "\(what)")
  }

  @Test func chartTextIsShownNotObeyed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try chart(in: folder)
    let described = try run(["describe", chart.path])
    #expect(described.status == 0, "\(described.error)")
    expectSafe(described.output, "describe")
    #expect(described.output.contains(#"Sales\u{1B}]0;pwned\u{7}\u{1B}[2J"#), "\(described.output)")
    let json = try run(["describe", chart.path, "--format", "json"])
    #expect(json.status == 0)
    expectSafe(json.output, "describe --format json")
    // Still JSON, with the same text in it.
    let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect((decoded?["title"] as? String)?.hasPrefix("Sales\u{1B}]0;pwned") == true)
    // A mistake whose sentence names the chart's series.
    let refused = try run(["convert", chart.path, "-o", "x.mid", "--series", "Nope"], in: folder)
    #expect(refused.status != 0)
    expectSafe(refused.error, "an error")
    #expect(refused.error.split(separator: "\n").count == 1, "\(refused.error)")
    #expect(refused.error.contains(#"\u{1B}[2J"#), "\(refused.error)")
  }

  @Test(
    "shard numbers of any size",
    arguments: [
      (["--shard", "1/9223372036854775807"], [:]),
      (["--shard", "9223372036854775807/2"], [:]),
      (["--shards", "9223372036854775807"], ["JOB_COMPLETION_INDEX": "0"]),
      (["--shards", "2"], ["JOB_COMPLETION_INDEX": "9223372036854775807"]),
      ([], ["SLURM_ARRAY_TASK_ID": "-9223372036854775808", "SLURM_ARRAY_TASK_COUNT": "4"]),
      (
        [],
        [
          "SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "-9223372036854775808",
          "SLURM_ARRAY_TASK_COUNT": "4",
        ]
      ),
      ([], ["AWS_BATCH_JOB_ARRAY_INDEX": "9223372036854775807", "AWS_BATCH_JOB_ARRAY_SIZE": "2"]),
      ([], ["SLURM_ARRAY_TASK_ID": "1\u{1B}[2J", "SLURM_ARRAY_TASK_COUNT": "4"]),
    ] as [([String], [String: String])])
  func shardNumbersOfAnySizeAreOneSentence(flags: [String], environment: [String: String]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var variables = ProcessInfo.processInfo.environment
    for name in variables.keys
    where name.hasPrefix("SLURM_") || name.hasPrefix("AWS_BATCH")
      || name == "JOB_COMPLETION_INDEX"
    {
      variables[name] = nil
    }
    variables.merge(environment) { $1 }
    let result = try run(
      ["batch", example("dice").path, "--out", "out"] + flags, in: folder, environment: variables)
    #expect(result.status == 64, "\(flags) \(environment): \(result.status) \(result.error)")
    #expect(result.error.hasPrefix("Error: "), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
    expectSafe(result.error, "\(environment)")
    #expect(files(in: folder).isEmpty)
  }
}
