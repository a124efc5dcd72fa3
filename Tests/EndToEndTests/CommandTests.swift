import Foundation
import MIDIMap
import TestSupport
import Testing

let exampleNames = ["birth-rate", "cars", "coffee-code", "dice", "precipitation", "temperatures"]

/// The built `chart2midi`, beside the test bundle in the build folder.
let executable: URL = {
  var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent()
  for _ in 0..<3 {
    let candidate = folder.appendingPathComponent("chart2midi")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  return projectRoot.appendingPathComponent(".build/debug/chart2midi")
}()

struct Run {
  var status: Int32
  var output: String
  var error: String
}

func run(_ arguments: [String]) throws -> Run {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = projectRoot
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
    error: String(decoding: errData, as: UTF8.self))
}

func temporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "chart2midi-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

func files(in folder: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

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
      files(in: folder.appendingPathComponent("stems")) == ["Blue.wav", "Green.wav", "Red.wav"])
    let mix = try Data(contentsOf: folder.appendingPathComponent("dice.wav"))
    let red = try Data(contentsOf: folder.appendingPathComponent("stems/Red.wav"))
    #expect(mix.count == red.count)
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
        == "\(midi): SMF format 1, 480 ticks per quarter note, 3 tracks, 8 notes, 10.25 s long")
    #expect(
      lines.contains(
        "  track 1 \"Birth rate\": channel 1: program 0 Acoustic Grand Piano: 2 notes, pitch 60-72, onsets 0.00 s to 9.07 s"
      ))
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

  @Test func inspectRejectsANonMIDIFile() throws {
    let result = try run(["inspect", "Examples/cars.json"])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: Examples/cars.json: not a valid Standard MIDI File: it does not start with an MThd header\n"
    )
  }
}

@Suite("describe and captions", .serialized)
struct DescribeCommandTests {
  @Test func describePrintsSentences() throws {
    let result = try run(["describe", "Examples/precipitation.json"])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "Monthly precipitation, 2018.")
    #expect(lines.contains("Highest: 4.3 inches in Jul."))
  }

  @Test func describeAsJSON() throws {
    let result = try run(["describe", "Examples/dice.json", "--format", "json"])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(
      (object["series"] as? [[String: Any]])?.map { $0["name"] as? String } == [
        "Red", "Blue", "Green",
      ])
    #expect(
      object["comparison"] as? String == "From highest to lowest on average: Green, Blue, Red.")
  }

  @Test func convertWritesCaptionsAndAGeneratedSummary() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The coffee chart without its summary: convert writes one made from the data.
    var json = try String(
      contentsOf: projectRoot.appendingPathComponent("Examples/coffee-code.json"), encoding: .utf8)
    json = json.replacingOccurrences(
      of:
        #""summary": "More coffee goes with more lines of code. The data is made up, as in the talk it comes from.","#,
      with: "")
    let input = folder.appendingPathComponent("coffee.json")
    try json.write(to: input, atomically: true, encoding: .utf8)
    let midi = folder.appendingPathComponent("coffee.mid")
    let vtt = folder.appendingPathComponent("coffee.vtt")
    let result = try run(["convert", input.path, "-o", midi.path, "--captions", vtt.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      try String(contentsOf: vtt, encoding: .utf8).hasPrefix(
        "WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.500\nCups of coffee versus lines of code\n"))
    let texts = try MIDIFile(contentsOf: midi).tracks[0].events.filter { $0.isMeta(.text) }
      .compactMap(\.text)
    // Over 127 bytes, the summary takes two text events.
    #expect(
      texts.prefix(2).joined()
        == "Cups of coffee versus lines of code rises overall, with a high of 80 lines of code at 12 cups and a low of 20 lines of code at 0 cups."
    )
  }

  @Test func captionsNeedAKnownExtension() throws {
    let result = try run([
      "convert", "Examples/cars.json", "-o", "/tmp/x.mid", "--captions", "/tmp/x.txt",
    ])
    #expect(result.status != 0)
    #expect(
      result.error.contains("--captions /tmp/x.txt: name a .vtt (WebVTT) or .srt (SubRip) file."))
  }
}

@Suite("CSV input on the command line", .serialized)
struct CSVCommandTests {
  @Test func convertACSVFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("rain.mid")
    let result = try run([
      "convert", "Examples/rainfall.csv", "--x", "month", "--y", "inches", "--series-column",
      "region",
      "-o", midi.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    let file = try MIDIFile(contentsOf: midi)
    #expect(file.tracks.compactMap(\.name) == ["rainfall", "Tropical", "Arid"])
  }

  @Test func aBadCellIsNamed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("bad.csv")
    try Data("a,b\n1,2\n3,oops\n".utf8).write(to: input)
    let result = try run([
      "convert", input.path, "--x", "a", "--y", "b", "-o",
      folder.appendingPathComponent("x.mid").path,
    ])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: \(input.path): row 3, column \"b\": expected a number or an empty cell, found \"oops\"\n"
    )
    #expect(files(in: folder) == ["bad.csv"])
  }
}

@Suite("batch", .serialized)
struct BatchCommandTests {
  @Test func batchConvertsAFolderLikeConvertDoes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(["batch", "Examples", "--out", folder.path, "--captions", "--jobs", "2"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("converted 6 of 6 charts in "))
    #expect(files(in: folder) == exampleNames.flatMap { ["\($0).mid", "\($0).vtt"] }.sorted())
    // The same bytes as convert writes.
    let single = folder.appendingPathComponent("single.mid")
    #expect(try run(["convert", "Examples/cars.json", "-o", single.path]).status == 0)
    #expect(
      try Data(contentsOf: single) == Data(contentsOf: folder.appendingPathComponent("cars.mid")))
  }

  @Test func aBadChartFailsAloneAndTheExitStatusSaysSo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: projectRoot.appendingPathComponent("Examples/dice.json"),
      to: inputs.appendingPathComponent("good.json"))
    try Data("{\"title\": 3}".utf8).write(to: inputs.appendingPathComponent("bad.json"))
    let out = folder.appendingPathComponent("out")
    let result = try run(["batch", inputs.path, "--out", out.path, "--wav"])
    #expect(result.status != 0)
    #expect(
      result.error.contains("failed: \(inputs.path)/bad.json: title: expected a string, found 3\n"))
    #expect(result.error.contains("converted 1 of 2 charts"))
    #expect(result.error.hasSuffix("Error: 1 of 2 charts failed; see the lines above\n"))
    #expect(files(in: out) == ["good.mid", "good.wav"])
  }

  @Test func twoChartsWithOneNameAreRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("cars.json")
    try FileManager.default.copyItem(
      at: projectRoot.appendingPathComponent("Examples/cars.json"), to: copy)
    let result = try run([
      "batch", "Examples/cars.json", copy.path, "--out", folder.appendingPathComponent("out").path,
    ])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: Examples/cars.json and \(copy.path) would both write cars.mid; rename one or convert them into different folders\n"
    )
  }
}
