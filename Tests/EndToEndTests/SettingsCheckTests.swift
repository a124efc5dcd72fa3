import Chart2MIDIAudio
import Chart2MIDICore
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// A setting's flag is checked before any chart is read, by the same check a chart's
/// `sonification` object gets: a value no chart could take is a usage error (exit 64), and nothing
/// is written: no output, no folder, no manifest line.
@Suite("settings checked before any chart")
struct SettingsCheckTests {
  @Test func aMistypedSettingStopsABatchBeforeItsFirstChart() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = ["birth-rate", "cars", "coffee-code", "dice", "temperatures"]
    for name in charts {
      try FileManager.default.copyItem(
        at: example(name), to: folder.appendingPathComponent("\(name).json"))
    }
    let result = try run(
      ["batch"] + charts.map { "\($0).json" } + ["--out", "out", "--wav", "--scale", "lydian"],
      in: folder)
    #expect(result.status == 64)
    // One sentence, and no chart tried.
    #expect(
      result.error
        == #"Error: --scale: expected one of "chromatic", "major", "minor", "pentatonic", "exact", found "lydian""#
        + "\n")
    #expect(files(in: folder) == charts.map { "\($0).json" }.sorted(), "something was written")
  }

  @Test(
    "every command that takes settings checks them first",
    arguments: [
      (
        ["convert", "chart.json", "-o", "out.mid", "--wav", "out.wav", "--loudness", "loud"],
        "--loudness"
      ),
      (["convert", "chart.json", "-o", "out.mid", "--velocity", "0"], "--velocity"),
      (["page", "chart.json", "-o", "out", "--note-range", "90:10"], "--note-range"),
      (["exercise", "chart.json", "--out", "out", "--tempo", "1000"], "--tempo"),
      (["render", "chart.mid", "--wav", "out.wav", "--reverb", "3"], "--reverb"),
      (["batch", "chart.json", "--out", "out", "--stems-by", "colour"], "--stems-by"),
    ])
  func everyCommandChecksFirst(arguments: [String], flag: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: example("cars"), to: folder.appendingPathComponent("chart.json"))
    try FileManager.default.copyItem(
      at: projectRoot.appendingPathComponent("Tests/Fixtures/Pinned/cars.mid"),
      to: folder.appendingPathComponent("chart.mid"))
    let result = try run(arguments, in: folder)
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.hasPrefix("Error: \(flag): expected"), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
    #expect(files(in: folder) == ["chart.json", "chart.mid"])
  }

  /// A choice's flag is typed with the library's choice: its help lists the choice's names, in the
  /// choice's order, from the one declaration.
  @Test func aChoicesHelpListsTheLibrarysNames() throws {
    let help = try run(["convert", "--help"])
    #expect(help.status == 0)
    // Help wraps its lines: compare the words.
    let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    func listed<T: CaseIterable & RawRepresentable>(_: T.Type) -> String
    where T.RawValue == String {
      "(values: \(T.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
    for values in [
      listed(SonificationOptions.Scale.self), listed(SonificationOptions.Arrangement.self),
      listed(SonificationOptions.Markers.self), listed(SonificationOptions.ContinuousStyle.self),
      listed(SonificationOptions.ExactLayout.self), listed(SonificationOptions.Grid.self),
      listed(SonificationOptions.GapSound.self), listed(SonificationOptions.Grouping.self),
      listed(FrameRate.self), listed(AudioFormat.self), listed(Performance.StemGrouping.self),
    ] {
      #expect(words.contains(values), "\(values) is not in the help")
    }
  }
}
