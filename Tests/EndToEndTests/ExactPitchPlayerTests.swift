import Foundation
import TestSupport
import Testing

/// Exact pitch as players without ports hear it: the fluidsynth command line and TiMidity (which
/// `make test` installs, with aubio's onset detector) play the file, and `Scripts/player-checks.py`
/// (in the tests' venv) measures what they made of it.
@Suite("Exact pitch in other players", .serialized)
struct ExactPitchPlayerTests {
  static let generalMIDI = "/usr/share/sounds/sf2/default-GM.sf2"

  func convert(_ chart: String, _ flags: [String], to midi: String) throws {
    let result = try run(["convert", chart, "-o", midi, "--markers", "none"] + flags)
    #expect(result.status == 0, "\(result.error)")
  }

  @Test(
    "the fluidsynth command line plays the file as chart2midi does",
    arguments: [
      ("cars", ["--scale", "exact"]),
      ("stocks", ["--scale", "exact"]),
      ("stocks", ["--scale", "exact", "--continuous", "notes"]),
    ])
  func fluidSynthCommandLine(chart: String, flags: [String]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("chart.mid").path
    let own = folder.appendingPathComponent("own.wav").path
    let theirs = folder.appendingPathComponent("fluidsynth.wav").path
    try convert("Tests/Fixtures/Dense/\(chart).json", flags, to: midi)
    #expect(try run(["render", midi, "--wav", own, "--soundfont", "gm"]).status == 0)
    let player = Process()
    player.executableURL = try tool("fluidsynth")
    player.arguments = [
      "-ni", "-q", "-R", "0", "-C", "0", "-r", "44100", "-F", theirs, Self.generalMIDI, midi,
    ]
    player.standardOutput = FileHandle.nullDevice
    player.standardError = FileHandle.nullDevice
    try player.run()
    player.waitUntilExit()
    #expect(player.terminationStatus == 0)
    let result = try runPlayerCheck(["spectrogram", own, theirs])
    let correlation = try #require(
      Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(correlation >= 0.99, "spectrogram correlation \(correlation)")
    // Each series keeps its channels on one port.
    let layout = try runPlayerCheck(["layout", midi])
    if flags.contains("notes") || chart == "cars" {
      #expect(layout.status == 0, "\(layout.output)")
    } else {
      // A glide bends while it sounds, as it should; only the port and programs are checked.
      #expect(!layout.output.contains("port meta") && !layout.output.contains("plays program"))
    }
  }

  @Test func timidityPlaysEachSeriesOnItsOwnChannelsOnTime() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    // Struck instruments, so that every onset is sharp enough to detect.
    try convert(
      "Tests/Fixtures/Dense/cars.json",
      [
        "--scale", "exact", "--program", "Europe=marimba", "--program", "Japan=xylophone",
        "--program", "USA=vibraphone",
      ], to: midi)
    let result = try runPlayerCheck(["onsets", midi, "/etc/timidity/timgm6mb.cfg"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.split(separator: "\n").count == 3, "\(result.output)")
  }

  @Test func theWarningCountsTheNotesThatFallBack() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    let dense = try run(
      ["convert", "Tests/Fixtures/Dense/cars.json", "--scale", "exact", "-o", midi])
    #expect(dense.status == 0)
    // The summary goes to standard error, with the file's name and note count.
    #expect(dense.error.contains("exact pitch: ") && dense.error.contains(" notes of "))
    let sparse = try run(["convert", "Examples/cars.json", "--scale", "exact", "-o", midi])
    #expect(sparse.status == 0 && !sparse.error.contains("exact pitch:"))
    let ports = try run(
      ["convert", "Examples/cars.json", "--scale", "exact", "--exact-layout", "ports", "-o", midi])
    #expect(ports.status == 0)
    let layout = try runPlayerCheck(["layout", midi])
    #expect(layout.output.contains("port meta events"))
  }
}
