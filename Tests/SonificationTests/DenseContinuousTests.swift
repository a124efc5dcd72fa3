import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// Dense continuous series stay clear: a note per point honours the density limit and the grouping
/// rule; a glide follows a shape-keeping reduction of its points, on pitch at every point it keeps.
/// The files are read back with mido (`Scripts/player-checks.py`, in the tests' venv).
@Suite("Dense continuous series", .serialized)
struct DenseContinuousTests {
  func dense(_ name: String) throws -> ChartDescriptor {
    try ChartDescriptor(
      contentsOf: projectRoot.appendingPathComponent("Tests/Fixtures/Dense/\(name).json"))
  }

  func write(_ score: Score, in folder: URL, as name: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try Data(SMFEncoder().encode(score)).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(
    "a note per point of 8,759 hourly points honours the limit and keeps the extremes",
    arguments: [
      SonificationOptions.Grouping.minmax, .first, .last, .mean,
    ])
  func notesHonourTheLimit(rule: SonificationOptions.Grouping) throws {
    let chart = try dense("hourly")
    #expect(chart.series[0].dataPoints.count == 8_759)
    var options = SonificationOptions()
    options.continuous = .notes
    options.grouping = rule
    options.maximumNotesPerSecond = 8
    let score = try ChartMapper(options: options).makeScore(for: chart)
    #expect(score.groupedPoints > 8_000)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(score, in: folder, as: "hourly.mid")
    let result = try runPlayerCheck(["density", path, "8"])
    #expect(result.status == 0, "\(result.output)")
    // The lowest and highest points play at their times, at their pitches (minmax keeps them).
    if rule == .minmax {
      let statistics = SeriesStatistics(series: 0, of: chart)
      let pitch = PitchMap(axis: chart.yAxis, options: options)
      let time = TimeMap(axis: chart.xAxis, options: options)
      let onsets = time.onsets(of: chart.series[0], order: 0)
      let notes = PitchInterpreter.reading(score.tracks[0]).notes
      for extreme in [statistics.minimum!, statistics.maximum!] {
        let when = Timebase.quantized(onsets[extreme.index])
        let key = Double(pitch.note(for: extreme.y))
        #expect(
          notes.contains { abs($0.onset - when) < 1e-6 && $0.pitch == key },
          "point \(extreme.index)")
      }
    }
    // Each note lasts until the next one played (legato), so the series still sounds
    // continuous: no silence between notes.
    var sounding = 0
    var silentFrom: Double?
    for event in score.tracks[0].events {
      switch event.message {
      case .noteOn:
        if let start = silentFrom, sounding == 0 {
          #expect(event.time - start < 0.002, "silence from \(start) s")
        }
        sounding += 1
      case .noteOff:
        sounding -= 1
        if sounding == 0 { silentFrom = event.time }
      default: break
      }
    }
  }

  @Test func aDenseNoisyGlideIsOnPitchAtEveryKeptPoint() throws {
    let chart = try dense("daily")
    let options = SonificationOptions()
    let score = try ChartMapper(options: options).makeScore(for: chart)
    // The points the glide follows, as the mapping keeps them.
    let roles = try AxisRoles(chart: chart, options: options)
    let voicing = SeriesVoicing(
      options: options, pitch: PitchMap(axis: chart.yAxis, options: options),
      shape: NoteShape(chart: chart, roles: roles, options: options))
    var markers = MarkerText(chart: chart, style: .none, namesSeries: false)
    let series = chart.series[0]
    let voices = voicing.voice(
      series, onsets: TimeMap(axis: chart.xAxis, options: options).onsets(of: series, order: 0),
      markers: &markers
    ) { Set(SeriesStatistics(series: 0, of: chart).outliers.map(\.index)) }
    guard case .glide(let kept) = try #require(voices.tracks.first).content else {
      Issue.record("the series does not glide")
      return
    }
    // 365 points in 10 s, reduced to at most 16 a second (one a bucket), at least 50 ms apart.
    #expect(kept.count <= 162 && kept.count > 100)
    for (a, b) in zip(kept, kept.dropFirst()) { #expect(b.tick - a.tick >= 48) }
    // The lowest and highest points stay.
    let statistics = SeriesStatistics(series: 0, of: chart)
    #expect(kept.contains { $0.index == statistics.minimum!.index })
    #expect(kept.contains { $0.index == statistics.maximum!.index })

    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(score, in: folder, as: "daily.mid")
    let points = folder.appendingPathComponent("points.json")
    let list = kept.map { "[\(Timebase.seconds($0.tick)), \($0.pitch!)]" }.joined(separator: ",")
    try Data("[\(list)]".utf8).write(to: points)
    let result = try runPlayerCheck(["glide", path, points.path, "\(options.bendRange)"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("0 problems"), "\(result.output)")
  }
}
