import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Foundation
import TestSupport
import Testing

import struct Chart2MIDIBase.SeededGenerator

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

  /// The points a glide follows, as the mapping keeps them, and its bend range.
  func kept(_ chart: ChartDescriptor, _ options: SonificationOptions) throws -> (
    points: [GlidePoint], range: Int
  ) {
    let roles = try AxisRoles(chart: chart, options: options)
    let voicing = SeriesVoicing(
      options: options, pitches: [PitchMap(axis: chart.yAxis, options: options)],
      shape: NoteShape(chart: chart, roles: roles, options: options))
    var markers = MarkerText(chart: chart, style: .none, namesSeries: false)
    let series = chart.series[0]
    let voices = voicing.voice(
      series, onsets: TimeMap(axis: chart.xAxis, options: options).onsets(of: series, order: 0),
      markers: &markers
    ) { Set(SeriesStatistics(series: 0, of: chart).outliers.map(\.index)) }
    guard case .glide(let kept, let range, _) = try #require(voices.tracks.first).content else {
      struct NoGlide: Error {}
      throw NoGlide()
    }
    return (kept, range)
  }

  /// Writes the score and checks the glide with mido at `points` (and along the line between
  /// them with `line`): on pitch within half a semitone, struck again only where it must be.
  func checkGlide(
    _ score: Score, at points: [GlidePoint], line: Bool = false, name: String = "glide"
  ) throws -> String {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(score, in: folder, as: "\(name).mid")
    let json = folder.appendingPathComponent("points.json")
    let list = points.compactMap { point in
      point.pitch.map { "[\(Timebase.seconds(point.tick)), \($0)]" }
    }
    try Data("[\(list.joined(separator: ","))]".utf8).write(to: json)
    let result = try runPlayerCheck(["glide", path, json.path] + (line ? ["line"] : []))
    #expect(result.status == 0, "\(name): \(result.output)")
    #expect(result.output.contains(" 0 problems"), "\(name): \(result.output)")
    return result.output
  }

  /// With the bend range chosen for it, a dense noisy glide strikes one note and follows every
  /// point, on pitch; with General MIDI's 2 semitones it follows a reduction to the density
  /// limit that keeps the extremes, on pitch at every point it keeps.
  @Test func aDenseNoisyGlideIsOnPitchAtEveryKeptPoint() throws {
    let chart = try dense("daily")
    let options = SonificationOptions()
    let (all, range) = try kept(chart, options)
    #expect(all.count == chart.series[0].dataPoints.count)
    #expect(range >= 2 && range <= 24)
    let output = try checkGlide(
      try ChartMapper(options: options).makeScore(for: chart), at: all, name: "auto")
    #expect(output.contains("0 notes struck again"), "\(output)")

    var fixed = options
    fixed.bendRange = 2
    let (points, two) = try kept(chart, fixed)
    #expect(two == 2)
    // 365 points in 10 s, reduced to at most 16 a second (one a bucket), at least 60 ticks
    // (62.5 ms, a sixteenth of a second) apart.
    #expect(points.count <= 162 && points.count > 80, "\(points.count)")
    for (a, b) in zip(points, points.dropFirst()) { #expect(b.tick - a.tick >= 60) }
    // The lowest and highest points stay.
    let statistics = SeriesStatistics(series: 0, of: chart)
    #expect(points.contains { $0.index == statistics.minimum!.index })
    #expect(points.contains { $0.index == statistics.maximum!.index })
    _ = try checkGlide(try ChartMapper(options: fixed).makeScore(for: chart), at: points)
  }

  /// A chart of one line through `points` (x from 0), its y axis over `y`.
  func line(_ title: String, _ points: [(Double, Double)], y: ClosedRange<Double>)
    -> ChartDescriptor
  {
    ChartDescriptor(
      title: title,
      xAxis: .numeric(NumericAxis(title: "x", range: 0...(points.last?.0 ?? 1))),
      yAxis: NumericAxis(title: "y", range: y),
      series: [
        DataSeries(
          name: title, isContinuous: true,
          dataPoints: points.map { DataPoint(x: .number($0.0), y: $0.1) })
      ])
  }

  /// A 4-point line whose middle segment rises 28 semitones in 3.3 s follows its line within
  /// half a semitone at bend ranges 2, 12, 24 and the one chosen for it: a narrow range moves
  /// the held note in steps along the line, never more often than the density limit.
  @Test(arguments: [2, 12, 24, nil] as [Int?])
  func aSteepLineIsFollowedAtAnyBendRange(range: Int?) throws {
    let chart = line("Steep", [(0, 4), (1, 5), (2, 33), (3, 34)], y: 0...36)
    for limit in [16.0, 8] {
      var options = SonificationOptions()
      options.bendRange = range
      options.maximumNotesPerSecond = limit
      let (points, _) = try kept(chart, options)
      let score = try ChartMapper(options: options).makeScore(for: chart)
      let output = try checkGlide(score, at: points, line: true, name: "steep")
      let struck = Int(
        output.split(separator: " notes struck again")[0].split(separator: " ").last!)!
      // About one note every three semitones of the rise at a range of 2, a few at 12, none
      // where one note spans the line.
      let expected = range == 2 ? 8...12 : range == 12 ? 1...3 : 0...0
      #expect(expected.contains(struck), "range \(range ?? 0): \(output)")
      let folder = try temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let density = try runPlayerCheck([
        "density", try write(score, in: folder, as: "steep.mid"), "\(Int(limit))",
      ])
      #expect(density.status == 0, "\(density.output)")
    }
  }

  /// Two series of 1,461 daily temperatures each (four years, a season and the weather's noise):
  /// every point sounds within a semitone of its data at its time, as mido reads the file.
  @Test func dailyTemperaturesAreOnPitchAtEveryPoint() throws {
    var generator = SeededGenerator(seed: 11)
    let series = ["High", "Low"].enumerated().map { index, name in
      DataSeries(
        name: name, isContinuous: true,
        dataPoints: (0..<1461).map { day -> DataPoint in
          let season = sin((Double(day) / 365.25 - 0.3) * 2 * Double.pi)
          let noise = Double.random(in: -4...4, using: &generator)
          return DataPoint(
            x: .number(Double(day)), y: 14 - 6 * Double(index) + 9 * season + noise)
        })
    }
    let chart = ChartDescriptor(
      title: "Temperatures", xAxis: .numeric(NumericAxis(title: "Day", range: 0...1460)),
      yAxis: NumericAxis(title: "Degrees", range: -10...35), series: series)
    #expect(chart.series.map(\.dataPoints.count).reduce(0, +) == 2_922)
    let options = SonificationOptions()
    let (points, _) = try kept(chart, options)
    #expect(points.count == 1_461)
    _ = try checkGlide(
      try ChartMapper(options: options).makeScore(for: chart), at: points, name: "temperatures")
  }

  /// A glide on a scale moves along the scale's notes: every pitch it sounds (a key and its bend,
  /// as mido reads them, over the range the file's RPN 0 sets) is a note of C major, and it
  /// moves through most of them between its lowest and highest.
  @Test func aGlideOnAScaleSoundsOnlyTheScalesNotes() throws {
    let chart = line("Scale", [(0, 0), (1, 7.3), (2, 2.2), (3, 9.9), (4, 5)], y: 0...10)
    var options = SonificationOptions()
    options.scale = .major
    options.key = "C"
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(
      try ChartMapper(options: options).makeScore(for: chart), in: folder, as: "scale.mid")
    let result = try runPython(
      """
      import sys, mido
      sys.path.insert(0, sys.argv[2])
      from importlib.machinery import SourceFileLoader
      checks = SourceFileLoader("checks", sys.argv[2] + "/player-checks.py").load_module()
      song = mido.MidiFile(sys.argv[1])
      track = song.tracks[1]
      bend_range = checks.bend_range_of(track)
      key, bend, heard = None, 0, []
      for message in track:
          if message.type == "note_on" and message.velocity > 0:
              key = message.note
          elif message.type in ("note_off", "note_on") and message.note == key:
              key = None
              continue
          elif message.type == "pitchwheel":
              bend = message.pitch
          else:
              continue
          if key is not None:
              heard.append(key + bend / 8192 * bend_range)
      off = [p for p in heard if abs(p - round(p)) > 0.01 or round(p) % 12 not in (0, 2, 4, 5, 7, 9, 11)]
      print(len(heard), len(set(round(p) for p in heard)), len(off))
      """, [path, projectRoot.appendingPathComponent("Scripts").path])
    try #require(result.status == 0, "mido is missing: run `make test`")
    let counts = result.output.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(counts.count == 3, "\(result.output)")
    #expect(counts[2] == 0, "pitches off the scale: \(result.output)")
    // 48 to 84 holds 22 notes of C major; the line passes through most of them.
    #expect(counts[1] >= 15, "\(result.output)")
  }

  /// Two lines of 120 days (or of 1,461, 146 a second, a day's weather random) with the weather
  /// as their instrument: each line sounds one instrument at a time, its tracks taking turns at
  /// the weather's boundaries, and a weather has one instrument in both lines, as mido reads the
  /// file.
  @Test(arguments: [120, 1461])
  func aLineOfSeveralInstrumentsSoundsOneAtATime(days: Int) throws {
    var generator = SeededGenerator(seed: 5)
    let weathers = ["sun", "fog", "rain", "snow"]
    let axis = Axis.categorical(CategoricalAxis(title: "Weather", categoryOrder: weathers))
    let series = ["High", "Low"].enumerated().map { index, name in
      DataSeries(
        name: name, isContinuous: true,
        dataPoints: (0..<days).map { day -> DataPoint in
          // Stretches of 3 to 9 days of one weather, or a day's weather at random.
          let weather =
            days == 120
            ? weathers[(day / 3 + day / 7 + index) % 4]
            : weathers[Int.random(in: 0..<4, using: &generator)]
          return DataPoint(
            x: .number(Double(day)), y: 20 - 8 * Double(index) + 6 * sin(Double(day) / 9),
            additionalValues: [.category(weather)])
        })
    }
    let chart = ChartDescriptor(
      title: "Weather",
      xAxis: .numeric(NumericAxis(title: "Day", range: 0...Double(days - 1))),
      yAxis: NumericAxis(title: "Degrees", range: 0...30), additionalAxes: [axis],
      series: series)
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try write(
      try ChartMapper(options: SonificationOptions()).makeScore(for: chart), in: folder,
      as: "weather.mid")
    let result = try runPython(
      """
      import sys, mido
      song = mido.MidiFile(sys.argv[1])
      programs, sounding = {}, {}  # track name -> program; series -> [(on, off, track)]
      for track in song.tracks[1:]:
          if ": " not in track.name:
              continue
          series, weather = track.name.split(": ")
          tick, on = 0, {}
          for message in track:
              tick += message.time
              if message.type == "program_change":
                  programs.setdefault(weather, set()).add(message.program)
              elif message.type == "note_on" and message.velocity > 0:
                  on[message.note] = tick
              elif message.type in ("note_off", "note_on") and message.note in on:
                  sounding.setdefault(series, []).append((on.pop(message.note), tick, weather))
      overlaps = 0
      for series, spans in sounding.items():
          spans.sort()
          for (a_on, a_off, a), (b_on, b_off, b) in zip(spans, spans[1:]):
              if b_on < a_off and a != b:
                  overlaps += 1
      print(sorted(sounding), overlaps, all(len(p) == 1 for p in programs.values()),
            len(set(min(p) for p in programs.values())))
      """, [path])
    try #require(result.status == 0, "mido is missing: run `make test`")
    // Both lines sound; no two weathers of a line at once; one program a weather, four in all.
    #expect(result.output == "['High', 'Low'] 0 True 4\n", "\(result.output)")
  }
}
