import Foundation
import TestSupport
import Testing

/// A gridded file as a notation program reads it: MuseScore 3 (which `make test` installs) imports
/// it and exports MusicXML, which `Scripts/player-checks.py` reads.
@Suite("Scores in MuseScore", .serialized)
struct ScoreImportTests {
  /// Converts the dense cars chart with `flags`, imports the file in MuseScore and checks the
  /// MusicXML it exports: the check's status and what it printed.
  func imported(_ flags: [String], signature: String, tempo: String) throws -> (
    status: Int32, output: String
  ) {
    try imported("cars", flags) { score in
      try runPlayerCheck([
        "musicxml", score, signature, tempo, "Europe", "Japan", "USA",
      ])
    }
  }

  /// Converts a dense chart with `flags`, imports the file in MuseScore, and runs `check` on the
  /// MusicXML it exports.
  func imported(
    _ chart: String, _ flags: [String],
    check: (String) throws -> (status: Int32, output: String)
  ) throws -> (status: Int32, output: String) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("\(chart).mid").path
    let score = folder.appendingPathComponent("\(chart).musicxml").path
    let conversion = try run(
      ["convert", "Tests/Fixtures/Dense/\(chart).json", "-o", midi, "--markers", "none"] + flags)
    #expect(conversion.status == 0, "\(conversion.error)")
    let program = Process()
    program.executableURL = try tool("mscore3")
    program.arguments = ["-o", score, midi]
    program.environment = ProcessInfo.processInfo.environment.merging(
      ["QT_QPA_PLATFORM": "offscreen"]) { $1 }
    program.standardOutput = FileHandle.nullDevice
    program.standardError = FileHandle.nullDevice
    try program.run()
    program.waitUntilExit()
    #expect(program.terminationStatus == 0)
    return try check(score)
  }

  @Test(
    "an ensemble's score has the chart's title, no chord for a wind or a string, every note in its instrument's range and treble instruments in the treble clef",
    arguments: [
      ("cars", ["--grid", "1/8", "--parts", "ensemble"], "Weight and fuel efficiency of 392 cars"),
      // Ensemble parts are the default with a grid.
      ("stocks", ["--grid", "1/8"], "Five share prices, 2000-2010"),
    ])
  func ensemble(chart: String, flags: [String], title: String) throws {
    let result = try imported(chart, flags) { try runPlayerCheck(["ensemble", $0, title]) }
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func partsForSoundGiveTheFluteChords() throws {
    // The check fails for parts made for sound: chords on the flute, no title.
    let result = try imported("cars", ["--grid", "1/8", "--parts", "free"]) {
      try runPlayerCheck(["ensemble", $0, "Weight and fuel efficiency of 392 cars"])
    }
    #expect(result.status != 0, "\(result.output)")
    #expect(result.output.contains("Flute"))
  }

  @Test(
    "a gridded file keeps its metre and tempo, and its notes sit on the grid",
    arguments: [
      (["--grid", "1/16"], "4/4", "120"),
      (["--grid", "1/16", "--fit-bars", "--time-signature", "3/4"], "3/4", "126"),
      (["--grid", "1/8", "--tempo", "90"], "4/4", "90"),
    ])
  func gridded(flags: [String], signature: String, tempo: String) throws {
    let result = try imported(flags, signature: signature, tempo: tempo)
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func withoutAGridMuseScoreTakesTheFileForALivePerformance() throws {
    _ = try tool("mscore3")
    // The check fails without a grid: MuseScore guesses another metre and tempo.
    let result = try imported([], signature: "4/4", tempo: "120")
    #expect(result.status != 0, "\(result.output)")
  }
}
