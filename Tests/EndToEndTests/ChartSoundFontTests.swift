import Foundation
import TestSupport
import Testing

/// A soundfont a chart names is a file beside the chart, or `gm`: nothing else on the machine is
/// loaded, and the refusal says the same whatever the reason.
@Suite("A soundfont a chart names", .serialized)
struct ChartSoundFontTests {
  /// The dice chart naming `soundfont` in its `sonification` object, in `tenant/chart.json`.
  func chart(naming soundfont: String, in folder: URL) throws {
    var json = try String(contentsOf: example("dice"), encoding: .utf8)
    let quoted = String(decoding: try JSONEncoder().encode(soundfont), as: UTF8.self)
    let block = try #require(json.range(of: "\"sonification\": {"))
    json.insert(contentsOf: "\"soundfont\": \(quoted), ", at: block.upperBound)
    try Data(json.utf8).write(to: folder.appendingPathComponent("tenant/chart.json"))
  }

  @Test func onlyASoundFontBesideTheChartIsLoaded() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["tenant", "other"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    let soundfont = projectRoot.appendingPathComponent("soundfonts/chart2midi.sf2")
    try FileManager.default.copyItem(
      at: soundfont, to: folder.appendingPathComponent("other/theirs.sf2"))
    #expect(mkfifo(folder.appendingPathComponent("tenant/pipe.sf2").path, 0o600) == 0)
    for name in [
      "../other/theirs.sf2", folder.appendingPathComponent("other/theirs.sf2").path, "/etc/passwd",
      "none.sf2", "pipe.sf2", "../../../../../../../../usr/share/sounds/sf2/default-GM.sf2",
    ] {
      try chart(naming: name, in: folder)
      let result = try run(
        ["convert", "tenant/chart.json", "-o", "d.mid", "--wav", "d.wav"], in: folder)
      #expect(result.status == 65, "\(name): \(result.error)")
      let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
      #expect(
        result.error
          == "Error: tenant/chart.json: sonification.soundfont: \"\(shown)\" is not a soundfont beside the chart; a chart names only a soundfont there, or gm\n",
        "\(name)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d.wav").path))
    }
    // Beside the chart, and the system's General MIDI soundfont, are used.
    try FileManager.default.copyItem(
      at: soundfont, to: folder.appendingPathComponent("tenant/mine.sf2"))
    for name in ["mine.sf2", "gm"] {
      try chart(naming: name, in: folder)
      let result = try run(
        ["convert", "tenant/chart.json", "-o", "d.mid", "--wav", "d.wav"], in: folder)
      #expect(result.status == 0, "\(name): \(result.error)")
    }
    // The operator's flag is the operator's: any soundfont the program can read.
    let flagged = try run(
      [
        "convert", "tenant/chart.json", "-o", "d.mid", "--wav", "d.wav", "--soundfont",
        "other/theirs.sf2",
      ], in: folder)
    #expect(flagged.status == 0, "\(flagged.error)")
  }
}
