import Foundation
import MIDIMap
import TestSupport
import Testing

/// A WAV file's markers and broadcast-wave description, read by the test's own RIFF reader.
struct WAVMarkers {
  var cues: [(frame: Int, label: String)] = []
  var description = ""
  var originator = ""
  var date = ""
  var version = 0
  var loudness: Int16 = 0
  var truePeak: Int16 = 0

  init(_ bytes: [UInt8]) throws {
    let chunks = try #require(wavChunks(bytes))
    func u32(_ body: ArraySlice<UInt8>, _ at: Int) -> Int {
      (0..<4).reduce(0) { $0 | Int(body[body.startIndex + at + $1]) << (8 * $1) }
    }
    func text(_ body: ArraySlice<UInt8>) -> String {
      String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
    }
    func int16(_ body: ArraySlice<UInt8>, _ at: Int) -> Int16 {
      Int16(
        bitPattern: UInt16(body[body.startIndex + at]) | UInt16(body[body.startIndex + at + 1]) << 8
      )
    }
    if let bext = chunks.first(where: { $0.id == "bext" })?.body {
      #expect(bext.count == 602)
      description = text(bext.prefix(256))
      originator = text(bext.dropFirst(256).prefix(32))
      date = text(bext.dropFirst(320).prefix(18))
      version = Int(int16(bext, 346))
      loudness = int16(bext, 412)
      truePeak = int16(bext, 416)
    }
    var frames: [Int: Int] = [:]
    if let cue = chunks.first(where: { $0.id == "cue " })?.body {
      let count = u32(cue, 0)
      #expect(cue.count == 4 + 24 * count)
      for index in 0..<count {
        let point = cue.dropFirst(4 + 24 * index)
        #expect(String(decoding: point.dropFirst(8).prefix(4), as: UTF8.self) == "data")
        #expect(u32(point, 4) == u32(point, 20))
        frames[u32(point, 0)] = u32(point, 20)
      }
    }
    for list in chunks.filter({ $0.id == "LIST" }).map(\.body)
    where String(decoding: list.prefix(4), as: UTF8.self) == "adtl" {
      var position = list.startIndex + 4
      while position + 8 <= list.endIndex {
        let id = String(decoding: list[position..<(position + 4)], as: UTF8.self)
        let size = u32(list, position - list.startIndex + 4)
        let body = list[(position + 8)..<(position + 8 + size)]
        if id == "labl", let frame = frames[u32(body, 0)] {
          cues.append((frame, text(body.dropFirst(4))))
        }
        position += 8 + size + size % 2
      }
    }
    #expect(cues.count == frames.count, "every cue point has its label")
  }
}

/// Samples as Python's `wave` module reads them, as hex.
func pythonWaveSamples(_ path: String) throws -> String {
  try runPython(
    "import sys, wave\nw = wave.open(sys.argv[1])\nprint(w.readframes(w.getnframes()).hex())",
    [path]
  ).output.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite("Markers a DAW shows, inside the WAV", .serialized)
struct WAVMarkerTests {
  @Test func theMixCarriesTheMarkersAndTheDescription() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("dice.mid")
    let wav = folder.appendingPathComponent("dice.wav")
    let captions = folder.appendingPathComponent("dice.vtt")
    let result = try run([
      "convert", "Examples/dice.json", "-o", midi.path, "--wav", wav.path, "--captions",
      captions.path, "--stems", folder.appendingPathComponent("stems").path, "--loudness", "web",
    ])
    #expect(result.status == 0, "\(result.error)")
    let bytes = [UInt8](try Data(contentsOf: wav))
    let markers = try WAVMarkers(bytes)
    #expect(markers.description == "Dice rolls by face and player")
    #expect(markers.originator == "chart2midi")
    #expect(markers.date.isEmpty, "no clock time in the file")
    #expect(markers.version == 2)
    #expect(markers.loudness == -1600)
    #expect(markers.truePeak <= -100)
    // Every marker of the MIDI file, read with libsmf, is a cue at its time with its text: the
    // start of each sequential series among them.
    let file = try MIDIFile(contentsOf: midi)
    let midiMarkers = file.tracks[0].events.filter { $0.isMeta(.marker) }.map {
      (
        frame: Int(($0.seconds * 44100).rounded()),
        label: String(decoding: $0.metaData!, as: UTF8.self)
      )
    }
    #expect(midiMarkers.map(\.label).contains("Series: Blue"))
    for marker in midiMarkers {
      #expect(
        markers.cues.contains { $0.frame == marker.frame && $0.label == marker.label }, "\(marker)")
    }
    // And every caption's fact after the title (highest, lowest, outliers) has a cue at its time.
    let cueTimes = try String(contentsOf: captions, encoding: .utf8).split(separator: "\n")
      .filter { $0.contains(" --> ") }.dropFirst().map { line -> Int in
        let parts = line.prefix(12).split(separator: ":").compactMap { Double($0) }
        return Int(((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 44100)
      }
    #expect(!cueTimes.isEmpty)
    for time in cueTimes {
      #expect(markers.cues.contains { abs($0.frame - time) <= 45 }, "a cue at frame \(time)")
    }
    #expect(markers.cues.map(\.frame) == markers.cues.map(\.frame).sorted())
    // A standard reader still reads the same samples.
    let data = try #require(wavData(bytes))
    #expect(try pythonWaveSamples(wav.path) == data.map { String(format: "%02x", $0) }.joined())
    // Stems carry the description with their name.
    let red = try WAVMarkers(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("stems/Red.wav"))))
    #expect(red.description == "Dice rolls by face and player: Red")
    #expect(red.cues.count == markers.cues.count)
    // The same input gives the same bytes.
    let again = folder.appendingPathComponent("again.wav")
    #expect(
      try run([
        "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("b.mid").path,
        "--wav", again.path, "--loudness", "web",
      ]).status == 0)
    #expect(try Data(contentsOf: again) == Data(bytes))
  }

  @Test func aRenderedFileKeepsItsMarkersAfterTheStart() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("cars.mid")
    let moved = folder.appendingPathComponent("moved.wav")
    #expect(
      try run([
        "convert", "Examples/cars.json", "-o", midi.path, "--wav", moved.path, "--start", "2",
        "--pad-start",
      ]).status == 0)
    let file = try MIDIFile(contentsOf: midi)
    let labels = file.tracks[0].events.filter { $0.isMeta(.marker) }.map {
      ($0.seconds, String(decoding: $0.metaData!, as: UTF8.self))
    }
    #expect(labels.count > 3)
    // Convert with a padded start: the cues sit after the 2 s of silence.
    let cues = try WAVMarkers([UInt8](try Data(contentsOf: moved))).cues
    for (time, label) in labels {
      #expect(
        cues.contains { $0.frame == Int(((2 + time) * 44100).rounded()) && $0.label == label })
    }
    // Render: a MIDI file's markers become cues at their times.
    let rendered = folder.appendingPathComponent("rendered.wav")
    #expect(try run(["render", midi.path, "--wav", rendered.path]).status == 0)
    let renderedCues = try WAVMarkers([UInt8](try Data(contentsOf: rendered))).cues
    #expect(renderedCues.map(\.label) == labels.map(\.1))
    #expect(renderedCues.map(\.frame) == labels.map { Int(($0.0 * 44100).rounded()) })
  }
}
