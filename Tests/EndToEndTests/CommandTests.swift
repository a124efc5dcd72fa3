import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

let exampleNames = ["birth-rate", "cars", "coffee-code", "dice", "precipitation", "temperatures"]

@Suite("chart2midi command", .serialized)
struct CommandTests {
  @Test("convert writes a MIDI file libsmf reads", arguments: exampleNames)
  func convertEachExample(name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("\(name).mid")
    let result = try run(["convert", "Examples/\(name).json", "-o", midi.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.hasPrefix("midi: \(midi.path) ("))
    let file = try MIDIFile(contentsOf: midi)
    #expect(file.format == 1)
    #expect(file.tracks.count >= 2)
    let notes = file.tracks.flatMap(\.events).filter {
      $0.bytes.count == 3 && $0.bytes[0] & 0xF0 == 0x90 && $0.bytes[2] > 0
    }
    #expect(!notes.isEmpty)
    #expect(files(in: folder) == ["\(name).mid"])
  }

  @Test func convertWritesAMixAndStems() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("dice.mid").path,
      "--wav", folder.appendingPathComponent("dice.wav").path, "--stems",
      folder.appendingPathComponent("stems").path, "--bit-depth", "24",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(files(in: folder) == ["dice.mid", "dice.wav", "stems"])
    #expect(
      shownFiles(in: folder.appendingPathComponent("stems")) == [
        "Blue.wav", "Green.wav", "Red.wav",
      ])
    let mix = try Data(contentsOf: folder.appendingPathComponent("dice.wav"))
    let red = try Data(contentsOf: folder.appendingPathComponent("stems/Red.wav"))
    // The same length of samples; the markers are the mix's alone.
    #expect(wavData([UInt8](mix))?.count == wavData([UInt8](red))?.count)
    #expect(mix[34] == 24)
  }

  @Test func renderPlaysAFileBackToWAV() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("c.mid").path
    #expect(try run(["convert", "Examples/coffee-code.json", "-o", midi]).status == 0)
    let result = try run([
      "render", midi, "--wav", folder.appendingPathComponent("c.wav").path, "--sample-rate",
      "48000",
    ])
    #expect(result.status == 0, "\(result.error)")
    let wav = try Data(contentsOf: folder.appendingPathComponent("c.wav"))
    #expect(String(decoding: wav[0..<4], as: UTF8.self) == "RIFF")
    #expect(Int(wav[24]) | Int(wav[25]) << 8 | Int(wav[26]) << 16 == 48000)
  }

  @Test func inspectListsTracksAndMarkers() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("births.mid").path
    #expect(try run(["convert", "Examples/birth-rate.json", "-o", midi]).status == 0)
    let result = try run(["inspect", midi])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "\(midi): SMF format 1, 480 ticks per quarter note, 3 tracks, 7 notes, 10.25 s long")
    // The line glides on one held note, its bend range chosen to span the series: the pitches
    // it sounds are said beside its key.
    #expect(
      lines.contains(
        "  track 1 \"Birth rate\": channel 1: program 73 Flute: 1 note, pitch 67-67 (sounding 56.64-78.24 with pitch bend), onsets 0.00 s to 0.00 s"
      ), "\(lines)")
    #expect(lines.contains("  7.41 s  Peak: 1960, 268 births per 10,000 people"))
  }

  @Test func validateReportsAValidChart() throws {
    let result = try run(["validate", "Examples/cars.json"])
    #expect(result.status == 0)
    #expect(result.output == "Examples/cars.json: valid: 1 series, 14 points\n")
  }

  @Test(
    "bad input: one sentence, a non-zero exit, no file",
    arguments: [
      (
        #"{"title": "T", "xAxis": {"title": "X", "range": [0, 1]}, "yAxis": {"title": "Y", "range": [0, 1]}, "series": [{"name": "S", "dataPoints": [{"x": 0, "y": "n/a"}]}]}"#,
        "Error: bad.json: series[0].dataPoints[0].y: expected a number or null, found \"n/a\""
      ),
      (
        "{\"title\": ",
        "Error: bad.json: line 1, column 11: expected a value (a number, a string, true, false, null, an object or an array), found the end of the file"
      ),
      (
        #"{"title": "T", "xAxis": {"title": "X", "range": [0, 1]}, "yAxis": {"title": "Y", "range": [0, 1]}, "series": [{"name": "S", "dataPoints": []}], "sonification": {"scale": "lydian"}}"#,
        "Error: bad.json: sonification.scale: expected one of \"chromatic\", \"major\", \"minor\", \"pentatonic\", \"exact\", found \"lydian\""
      ),
    ] as [(String, String)])
  func badInput(json: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("bad.json")
    try Data(json.utf8).write(to: input)
    let result = try run([
      "convert", input.path, "-o", folder.appendingPathComponent("out.mid").path,
    ])
    #expect(result.status != 0)
    #expect(result.error == message.replacingOccurrences(of: "bad.json", with: input.path) + "\n")
    #expect(files(in: folder) == ["bad.json"])
  }

  @Test func aMissingInputIsNamed() throws {
    let result = try run(["convert", "/nonexistent/chart.json", "-o", "/tmp/never.mid"])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: /nonexistent/chart.json: cannot read the file (no such file or directory)\n")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/never.mid"))
  }

  @Test func anUnwritableOutputLeavesNothingBehind() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The MIDI file can be written, the WAV cannot: neither is left.
    let result = try run([
      "convert", "Examples/coffee-code.json", "-o", folder.appendingPathComponent("c.mid").path,
      "--wav", folder.appendingPathComponent("missing/c.wav").path,
    ])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: cannot write \(folder.path)/missing/c.wav: the folder \(folder.path)/missing does not exist\n"
    )
    #expect(files(in: folder) == [])
  }

  @Test func aBadFlagIsAUsageError() throws {
    let result = try run(["convert", "Examples/cars.json", "--note-range", "90:20"])
    #expect(result.status != 0)
    #expect(
      result.error.contains(
        "--note-range: expected two MIDI notes from 0 to 127, the lower first, such as 48 and 84"))
  }

  @Test(
    "a flag's mistake names the flag, a descriptor's names the file and path",
    arguments: [
      (
        ["Examples/cars.json", "--series", "Trucks"],
        "Error: --series: no series is named \"Trucks\"; the chart has \"Cars\"\n"
      ),
      (
        ["Examples/cars.json", "--note-range", "Trucks=60:72"],
        "Error: --note-range: no series is named \"Trucks\"; the chart has \"Cars\"\n"
      ),
      (
        ["Examples/cars.json", "--note-range", "Cars=60-72"],
        "Error: --note-range Cars: expected low:high, two numbers, found \"60-72\"\n"
      ),
      (
        ["Examples/cars.json", "--parts", "orchestra"],
        "Error: --parts: expected one of \"free\", \"ensemble\", found \"orchestra\"\n"
      ),
      (
        ["Examples/cars.json", "--instrument-axis", "0"],
        "Error: --instrument-axis: additionalAxes[0] \"MSRP\" is not categorical\n"
      ),
      (
        ["Examples/cars.json", "--velocity", "loud"],
        "Error: --velocity: expected a whole number from 1 to 127, found \"loud\"\n"
      ),
      (
        ["Examples/dice.json", "--scale", "lydian"],
        "Error: --scale: expected one of \"chromatic\", \"major\", \"minor\", \"pentatonic\", \"exact\", found \"lydian\"\n"
      ),
    ] as [([String], String)])
  func optionMistakes(arguments: [String], message: String) throws {
    let result = try run(["convert"] + arguments + ["-o", "/tmp/chart2midi-never.mid"])
    #expect(result.status == 64)
    #expect(result.error == message)
    #expect(!FileManager.default.fileExists(atPath: "/tmp/chart2midi-never.mid"))
  }

  @Test func aNegativeAxisIndexNeedsNoEqualsSign() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var outputs: [Data] = []
    for spelling in [
      ["--duration-axis", "-1"], ["--duration-axis=-1"], ["--duration-axis", "none"],
    ] {
      let midi = folder.appendingPathComponent("cars.mid")
      let result = try run(["convert", "Examples/cars.json", "-o", midi.path] + spelling)
      #expect(result.status == 0, "\(result.error)")
      outputs.append(try Data(contentsOf: midi))
    }
    #expect(Set(outputs).count == 1)
    #expect(outputs[0] != (try Data(contentsOf: pinnedFolder.appendingPathComponent("cars.mid"))))
  }

  @Test func convertCountsTracksAsInspectDoesInWords() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("one.json")
    try Data(
      #"{"title": "One", "xAxis": {"title": "X", "range": [0, 1]}, "yAxis": {"title": "Y", "range": [0, 1]}, "series": [{"name": "S", "dataPoints": [{"x": 0, "y": 1}]}]}"#
        .utf8
    ).write(to: input)
    let midi = folder.appendingPathComponent("one.mid")
    let converted = try run(["convert", input.path, "-o", midi.path])
    #expect(converted.error == "midi: \(midi.path) (2 tracks, 1 note, 0.25 s)\n")
    let inspected = try run(["inspect", midi.path])
    #expect(
      inspected.output.hasPrefix(
        "\(midi.path): SMF format 1, 480 ticks per quarter note, 2 tracks, 1 note, 0.25 s long\n"))
  }

  @Test(
    "inspect says the pitches a glide sounds, its keys moved by the bend over RPN 0's range",
    arguments: ["auto", "2"])
  func inspectReadsTheBends(range: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("t.mid").path
    #expect(
      try run(["convert", "Examples/temperatures.json", "-o", midi, "--bend-range", range]).status
        == 0)
    let inspected = try run(["inspect", midi])
    // The lines' lowest and highest y on the axis 0-100, over the note range 48-84: the pitches
    // the glides must reach, however many keys they strike.
    let chart = try ChartDescriptor(contentsOf: example("temperatures"))
    for series in chart.series {
      let ys = series.dataPoints.compactMap(\.y)
      let expected = String(
        format: "(sounding %.2f-%.2f with pitch bend)", 48 + ys.min()! * 0.36,
        48 + ys.max()! * 0.36)
      let line = inspected.output.split(separator: "\n").first {
        $0.contains("\"\(series.name)\"")
      }
      #expect(line?.contains(expected) == true, "\(expected) in \(inspected.output)")
    }
  }

  @Test func anExactPitchTrackRendersToOneStemFromItsFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid").path
    #expect(try run(["convert", "Examples/cars.json", "--scale", "exact", "-o", midi]).status == 0)
    let inspected = try run(["inspect", midi])
    // The USA track is a zone: manager channel 1 and members from channel 2.
    #expect(inspected.output.contains("track 1 \"Cars: USA\": channel 1, 2, 3"))
    let stems = folder.appendingPathComponent("stems")
    let rendered = try run(["render", midi, "--stems", stems.path])
    #expect(rendered.status == 0, "\(rendered.error)")
    #expect(
      shownFiles(in: stems) == [
        "Cars - Germany.wav", "Cars - Japan.wav", "Cars - USA.wav", "Gridlines.wav",
      ])
  }

  @Test func inspectRejectsANonMIDIFile() throws {
    let result = try run(["inspect", "Examples/cars.json"])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: Examples/cars.json: not a valid Standard MIDI File: it does not start with an MThd header\n"
    )
  }
}
