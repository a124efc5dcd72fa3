import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@Suite("A narration script to edit and voice", .serialized)
struct ScriptRoundTripTests {
  /// The sentences of a script file: part, text, recording, start.
  func sentences(_ url: URL) throws -> [(
    part: String, text: String, audio: String?, start: Double?
  )] {
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let list = try #require(root["sentences"] as? [[String: Any]])
    return list.map {
      (
        $0["part"] as? String ?? "", $0["text"] as? String ?? "", $0["audio"] as? String,
        $0["start"] as? Double
      )
    }
  }

  /// Written, edited (one sentence changed, one removed, one moved after the graph, one recording
  /// added), read back: the captions, the MIDI markers and the narration stem follow the edit, and
  /// the recording's samples are in the stem.
  @Test func anEditedScriptIsSaidAsEdited() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = folder.appendingPathComponent("script.json")
    let first = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--narrate", "--script-out", written.path,
    ])
    #expect(first.status == 0, "\(first.error)")
    let original = try sentences(written)
    #expect(original.map(\.part) == ["intro", "intro", "intro", "details", "details", "details"])
    #expect(original.allSatisfy { $0.start != nil })
    // A recording at another rate, in another format: a second of a sweep from 300 Hz to 3 kHz
    // at 22.05 kHz, whose samples match only where they lie.
    let take = folder.appendingPathComponent("take.flac")
    let made = try runPython(
      """
      import sys, numpy, soundfile
      from scipy.signal import chirp
      t = numpy.arange(22050) / 22050
      soundfile.write(sys.argv[1], 0.5 * chirp(t, 300, 1, 3000), 22050)
      """, [take.path])
    try #require(made.status == 0, "soundfile is missing: run `make test`")
    // The edit.
    var root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: written)) as? [String: Any])
    var list = try #require(root["sentences"] as? [[String: Any]])
    list[1]["text"] = "Heavier cars go fewer miles per gallon."
    list[2]["part"] = "details"
    let removed = list.remove(at: 3)["text"] as! String
    list.append(["part": "details", "text": "Recorded by a person.", "audio": "take.flac"])
    root["sentences"] = list
    let edited = folder.appendingPathComponent("edited.json")
    try JSONSerialization.data(withJSONObject: root).write(to: edited)

    let wav = folder.appendingPathComponent("b.wav")
    let stems = folder.appendingPathComponent("stems")
    let captions = folder.appendingPathComponent("b.vtt")
    let midi = folder.appendingPathComponent("b.mid")
    let again = folder.appendingPathComponent("again.json")
    let second = try run([
      "convert", "Examples/cars.json", "-o", midi.path, "--script", edited.path, "--wav",
      wav.path, "--stems", stems.path, "--captions", captions.path, "--script-out", again.path,
    ])
    #expect(second.status == 0, "\(second.error)")
    // The script said: the intro first, then the details, as edited.
    let said = try sentences(again)
    let expected =
      list.filter { $0["part"] as? String == "intro" }
      + list.filter { $0["part"] as? String == "details" }
    #expect(said.map(\.text) == expected.map { $0["text"] as! String })
    #expect(said.last?.audio == "take.flac")
    // The captions hold every word said, in order, and not the removed sentence.
    let cueText = captionCues(try String(contentsOf: captions, encoding: .utf8))
      .flatMap { $0.lines.joined(separator: " ").split(separator: " ") }
    #expect(cueText == said.flatMap { $0.text.split(separator: " ") })
    #expect(!cueText.joined(separator: " ").contains(removed))
    // Every sentence is a marker at its time in the MIDI file (read with libsmf).
    let markers = try MIDIFile(contentsOf: midi).tracks[0].events.filter { $0.isMeta(.marker) }
      .map { (time: $0.seconds, text: String(decoding: $0.metaData!, as: UTF8.self)) }
    for sentence in said where sentence.text.utf8.count <= 127 {
      let start = try #require(sentence.start)
      #expect(
        markers.contains { $0.text == sentence.text && abs($0.time - start) <= 1.0 / 960 },
        "\(sentence.text)")
    }
    #expect(!markers.contains { $0.text == removed })
    // The narration stem plays the recording at its time (the script's, to the millisecond): its
    // samples match the recording's, resampled by scipy, to a correlation of 0.99.
    let start = try #require(said.last?.start)
    let check = try runPython(
      """
      import sys, numpy, soundfile
      from scipy.signal import resample_poly
      stem, rate = soundfile.read(sys.argv[1])
      take, _ = soundfile.read(sys.argv[2])
      reference = resample_poly(take, 2, 1)[200:-200]
      at = round(float(sys.argv[3]) * rate) + 200
      best = 0
      for lag in range(-30, 31):
          part = stem[at + lag:at + lag + len(reference), 0]
          best = max(best, numpy.corrcoef(part, reference)[0, 1])
      print(best)
      """, [stems.appendingPathComponent("Narration.wav").path, take.path, String(start)])
    let figures = check.output.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(figures.count == 1, "\(check.output)")
    #expect(figures[0] > 0.99, "correlation \(figures[0])")
  }

  @Test(arguments: [
    ("{", "not a narration script: it does not parse as JSON"),
    (
      "{\"sentences\": [{\"part\": \"middle\", \"text\": \"Hi.\"}]}",
      "sentences[0].part: expected \"intro\" or \"details\", found middle"
    ),
    (
      "{\"sentences\": [{\"part\": \"intro\", \"text\": \"Hi.\", \"audio\": \"missing.wav\"}]}",
      "sentences[0].audio: \"missing.wav\" is not a recording beside the script; a script names its recordings only there"
    ),
    (
      "{\"sentences\": [{\"part\": \"intro\", \"text\": \"Hi.\", \"audio\": \"notes.wav\"}]}",
      "sentences[0].audio: "
    ),
  ])
  func aScriptThatDoesNotFitIsRefused(text: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("script.json")
    try Data(text.utf8).write(to: script)
    // A file that is not audio, named like one.
    try Data("not audio".utf8).write(to: folder.appendingPathComponent("notes.wav"))
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let result = try run([
      "convert", "Examples/cars.json", "-o", out.appendingPathComponent("a.mid").path,
      "--script", script.path, "--wav", out.appendingPathComponent("a.wav").path,
    ])
    #expect(result.status != 0)
    #expect(result.error.hasPrefix("Error: \(script.path): \(message)"), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1)
    #expect(files(in: out).isEmpty)
  }

  /// A lexicon changes what is said, not what is written. (The long form says every sentence; a
  /// short intro would choose fewer for a longer title.)
  @Test func aLexiconChangesTheSpeechAndNotTheCaptions() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lexicon = folder.appendingPathComponent("lexicon.txt")
    try Data("MSRP = manufacturer's suggested retail price\n".utf8).write(to: lexicon)
    var lengths: [Double] = []
    for extra in [[], ["--lexicon", lexicon.path]] {
      let captions = folder.appendingPathComponent("c.vtt")
      let result = try run(
        [
          "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("c.mid").path,
          "--narration", "full", "--captions", captions.path,
        ] + extra)
      #expect(result.status == 0, "\(result.error)")
      let text = try String(contentsOf: captions, encoding: .utf8)
      #expect(text.contains("MSRP"))
      #expect(!text.contains("manufacturer"))
      let line = try #require(
        result.error.split(separator: "\n").first { $0.hasPrefix("narration:") })
      lengths.append(try #require(Double(line.split(separator: " ").dropLast().last!)))
    }
    #expect(lengths[1] > lengths[0] + 1, "\(lengths)")
    // A lexicon line that does not parse: its line named, nothing written.
    try Data("MSRP\n".utf8).write(to: lexicon)
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let bad = try run([
      "convert", "Examples/cars.json", "-o", out.appendingPathComponent("c.mid").path,
      "--narrate", "--lexicon", lexicon.path,
    ])
    #expect(bad.status != 0)
    #expect(bad.error.contains("\(lexicon.path) line 1: expected `word = how to say it`"))
    #expect(files(in: out).isEmpty)
  }
}
