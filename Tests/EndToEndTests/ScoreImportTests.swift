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
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    let score = folder.appendingPathComponent("cars.musicxml").path
    let conversion = try run(
      ["convert", "Tests/Fixtures/Dense/cars.json", "-o", midi, "--markers", "none"] + flags)
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
    return try runPlayerCheck([
      "musicxml", score, signature, tempo, "Europe", "Japan", "USA",
    ])
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
