import Chart2MIDIKit
import Foundation
import TestSupport
import Testing

/// One import holds the whole library: a chart read, mapped, written as MIDI and read back, and
/// exported with captions, with nothing but `import Chart2MIDIKit`.
@Suite("the umbrella module")
struct UmbrellaTests {
  @Test func oneImportReadsMapsWritesAndExports() throws {
    let chart = try ChartDescriptor(contentsOf: example("cars"))
    let score = try ChartMapper().makeScore(for: chart)
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    #expect(file.tracks.count == score.tracks.count + 1)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var settings = try ExportSettings.forChart(chart)
    settings.captions = folder.appendingPathComponent("cars.vtt")
    let report = try ChartExport.export(chart, settings: settings)
    #expect(report.captionCount ?? 0 > 1)
    let text = try String(contentsOf: folder.appendingPathComponent("cars.vtt"), encoding: .utf8)
    #expect(text.hasPrefix("WEBVTT"))
  }
}
