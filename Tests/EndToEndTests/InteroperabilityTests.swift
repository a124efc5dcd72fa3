import Foundation
import TestSupport
import Testing

/// The files chart2midi writes, opened by other programs: mido (with warnings as errors) and the
/// `fluidsynth` command line. `make test` installs both.
@Suite("Other readers", .serialized)
struct InteroperabilityTests {
  static let python = projectRoot.appendingPathComponent(".venv/bin/python")

  func runTool(_ program: URL, _ arguments: [String]) throws -> (status: Int32, error: String) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("mido reads every example's file without a warning", arguments: exampleNames)
  func midoReadsTheFile(name: String) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.python.path),
      "mido is missing: run `make test`, which installs it into .venv")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("\(name).mid").path
    #expect(
      try run(["convert", "Examples/\(name).json", "-o", midi, "--markers", "all"]).status == 0)
    let script = """
      import sys, mido
      song = mido.MidiFile(sys.argv[1])
      notes = sum(1 for track in song.tracks for m in track if m.type == 'note_on' and m.velocity > 0)
      assert song.type == 1 and notes > 0 and song.length > 0, (song.type, notes, song.length)
      """
    let result = try runTool(Self.python, ["-W", "error", "-c", script, midi])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty)
  }

  @Test func aScoreWithMuseScoresTitleEventIsReadAndPlayedAsAnyFile() throws {
    // Ensemble parts carry the title as meta event type 0x10, which SMF 1.0 leaves undefined:
    // mido (warnings as errors), libsmf (`inspect`), the fluidsynth command line and TiMidity
    // read and play the file as they do any other.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    #expect(try run(["convert", "Examples/cars.json", "-o", midi, "--grid", "1/8"]).status == 0)
    let script = """
      import sys, mido
      song = mido.MidiFile(sys.argv[1])
      titles = [bytes(m.data).decode() for t in song.tracks for m in t if m.type == 'unknown_meta' and m.type_byte == 0x10]
      notes = sum(1 for t in song.tracks for m in t if m.type == 'note_on' and m.velocity > 0)
      assert titles == ['Vehicle Weight vs Fuel Efficiency by Country and MSRP'] and notes > 0, (titles, notes)
      """
    let read = try runTool(Self.python, ["-W", "error", "-c", script, midi])
    #expect(read.status == 0 && read.error.isEmpty, "\(read.error)")
    let inspected = try run(["inspect", midi])
    #expect(inspected.status == 0 && inspected.output.contains("Flute"), "\(inspected.error)")
    for (program, arguments) in [
      (
        "fluidsynth",
        ["-ni", "-q", "-F", "fluid.wav", "/usr/share/sounds/sf2/default-GM.sf2", midi]
      ),
      ("timidity", ["-c", "/etc/timidity/timgm6mb.cfg", "-Ow", "-o", "timidity.wav", midi]),
    ] {
      let played = try runTool(
        try tool(program),
        arguments.map {
          $0.hasSuffix(".wav") ? folder.appendingPathComponent($0).path : $0
        })
      #expect(played.status == 0, "\(program): \(played.error)")
      let wav = folder.appendingPathComponent(
        program == "fluidsynth" ? "fluid.wav" : "timidity.wav")
      // At least the 10 s of the chart, 16-bit stereo at 44.1 kHz.
      let size = try FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int ?? 0
      #expect(size > 10 * 44100 * 4, "\(program)")
    }
  }

  @Test func theFluidSynthCommandLinePlaysTheFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    let wav = folder.appendingPathComponent("cars.wav").path
    #expect(try run(["convert", "Examples/cars.json", "-o", midi]).status == 0)
    let result = try runTool(
      try tool("fluidsynth"),
      [
        "-ni", "-q", "-R", "0", "-C", "0", "-r", "44100", "-F", wav,
        "/usr/share/sounds/sf2/default-GM.sf2", midi,
      ])
    #expect(result.status == 0, "\(result.error)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wav)))
    // 16-bit stereo: at least the 10 s of the chart, and sound in it.
    #expect(bytes.count > 44 + 10 * 44100 * 4)
    var loudest = 0
    for index in stride(from: 44, to: bytes.count - 1, by: 2) {
      loudest = max(
        loudest, abs(Int(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))))
    }
    #expect(loudest > 1000)
  }

  @Test(
    "the time signature's click is the metre's beat, read back with mido",
    arguments: [("4/4", 24), ("3/4", 24), ("2/2", 48), ("3/2", 48), ("6/8", 36), ("12/8", 36)])
  func clocksPerClick(signature: String, clocks: Int) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    #expect(
      try run(["convert", "Examples/cars.json", "-o", midi, "--time-signature", signature]).status
        == 0)
    let script = """
      import sys, mido
      song = mido.MidiFile(sys.argv[1])
      found = [(m.numerator, m.denominator, m.clocks_per_click) for t in song.tracks for m in t
               if m.type == 'time_signature']
      print(found)
      """
    let result = try runPython(script, [midi])
    let (beats, value) = (signature.split(separator: "/")[0], signature.split(separator: "/")[1])
    #expect(result.output == "[(\(beats), \(value), \(clocks))]\n")
  }

  @Test func thePercussionChannelGetsNoBankSelect() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    #expect(try run(["convert", "Examples/cars.json", "-o", midi]).status == 0)
    // Bank select (CC 0 and 32) on each channel that gets one; channel 10 (9 here) plays notes.
    let script = """
      import sys, mido
      song = mido.MidiFile(sys.argv[1])
      banks = sorted({m.channel for t in song.tracks for m in t
                      if m.type == 'control_change' and m.control in (0, 32)})
      drums = any(m.type == 'note_on' and m.channel == 9 for t in song.tracks for m in t)
      print(banks, drums)
      """
    let result = try runPython(script, [midi])
    #expect(result.output == "[0, 1, 2] True\n")
  }

  @Test func thresholdEarconsHaveATrackOfTheirOwn() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("births.mid").path
    let script = """
      import sys, mido
      song = mido.MidiFile(sys.argv[1])
      for track in song.tracks[1:]:
          keys = sorted({m.note for m in track if m.type == 'note_on' and m.channel == 9})
          if keys:
              print(track.name, keys)
      """
    for (flags, expected) in [
      ([], "Gridlines [42]\nThresholds [76, 77]\n"),
      (["--no-gridlines"], "Thresholds [76, 77]\n"),
    ] {
      let conversion = try run(
        ["convert", "Examples/birth-rate.json", "-o", midi, "--threshold", "200"] + flags)
      #expect(conversion.status == 0)
      #expect(try runPython(script, [midi]).output == expected, "\(flags)")
    }
  }

  @Test func theDefaultMarkersStayLegibleAndKeepTheExtremes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    let chart = "Tests/Fixtures/Dense/cars-labelled.json"
    // The markers' times and texts; the most in any second; whether each series' lowest and
    // highest point (from the chart itself) has its marker.
    let script = """
      import bisect, json, sys, mido
      song = mido.MidiFile(sys.argv[1])
      tick, markers = 0, []
      for m in song.tracks[0]:
          tick += m.time
          if m.type == 'marker':
              markers.append((mido.tick2second(tick, song.ticks_per_beat, 500000), m.text))
      times = [t for t, _ in markers]
      densest = max(bisect.bisect_left(times, t + 1 - 1e-9) - i for i, t in enumerate(times))
      chart = json.load(open(sys.argv[2]))
      extremes = []
      for series in chart['series']:
          points = series['dataPoints']
          for point in (min(points, key=lambda p: p['y']), max(points, key=lambda p: p['y'])):
              extremes.append(any(text.startswith(series['name'] + ', ' + point['label'] + ':')
                                  for _, text in markers))
      print(len(markers), densest, all(extremes))
      """
    #expect(try run(["convert", chart, "-o", midi]).status == 0)
    let thinned = try runPython(script, [midi, chart]).output.split(separator: " ")
    #expect(thinned.count == 3)
    #expect((Int(thinned[0]) ?? 0) > 20)
    #expect((Int(thinned[1]) ?? 99) <= 4)
    #expect(thinned.last == "True\n")
    #expect(try run(["convert", chart, "-o", midi, "--markers", "all"]).status == 0)
    let every = try runPython(script, [midi, chart]).output.split(separator: " ")
    #expect(every.first == "392")
  }
}
