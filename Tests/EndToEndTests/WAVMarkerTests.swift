import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
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
  var codingHistory = ""
  /// The `iXML` chunk's text, when there is one.
  var ixml: String?

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
      #expect(bext.count >= 602)
      description = text(bext.prefix(256))
      codingHistory = text(bext.dropFirst(602))
      originator = text(bext.dropFirst(256).prefix(32))
      date = text(bext.dropFirst(320).prefix(18))
      version = Int(int16(bext, 346))
      loudness = int16(bext, 412)
      truePeak = int16(bext, 416)
    }
    ixml = chunks.first { $0.id == "iXML" }.map { String(decoding: $0.body, as: UTF8.self) }
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
    // The date SOURCE_DATE_EPOCH sets (the tests' runs set it).
    #expect(markers.date == "2023-11-1422:13:20")
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
    // And every caption's fact after the title (highest, lowest, outliers) starts at a cue (its
    // note), or, when the fact before it was still being read then, right as that one ends.
    let all = captionCues(try String(contentsOf: captions, encoding: .utf8))
    #expect(all.count > 1)
    for (previous, fact) in zip(all, all.dropFirst()) {
      let frame = Int((fact.start * 44100).rounded())
      #expect(
        markers.cues.contains { abs($0.frame - frame) <= 45 }
          || abs(fact.start - previous.end) < 0.0005, "a cue for \(fact.lines) at frame \(frame)")
    }
    #expect(markers.cues.map(\.frame) == markers.cues.map(\.frame).sorted())
    // A standard reader still reads the same samples.
    let data = try #require(wavData(bytes))
    #expect(try pythonWaveSamples(wav.path) == data.map { String(format: "%02x", $0) }.joined())
    // Stems carry the description with their name, and the markers only when asked.
    let red = try WAVMarkers(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("stems/Red.wav"))))
    #expect(red.description == "Dice rolls by face and player: Red")
    #expect(red.cues.isEmpty)
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

/// The `iXML` chunk read by Python's XML parser: the project, the track names, the timecode rate,
/// the time stamp in samples.
func ixmlFields(_ text: String) throws -> [String: String] {
  let script = """
    import sys, xml.etree.ElementTree as tree
    root = tree.fromstring(sys.stdin.read().rstrip('\\x00').encode('utf-8'))
    print('project=' + root.findtext('PROJECT'))
    print('tracks=' + '|'.join(t.findtext('NAME') for t in root.iter('TRACK')))
    print('rate=' + (root.findtext('SPEED/TIMECODE_RATE') or ''))
    print('stamp=' + root.findtext('SPEED/TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO'))
    print('description=' + root.findtext('BEXT/BWF_DESCRIPTION'))
    """
  let file = try temporaryFolder().appendingPathComponent("ixml.xml")
  defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
  try Data(text.utf8).write(to: file)
  let result = try runPython(
    "import sys\nsys.stdin = open(sys.argv[1], encoding='utf-8')\n" + script, [file.path])
  try #require(result.status == 0, "\(result.output)")
  var fields: [String: String] = [:]
  for line in result.output.split(separator: "\n") {
    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
    if parts.count == 2 { fields[parts[0]] = parts[1] }
  }
  return fields
}

@Suite("Broadcast-wave metadata a DAW and a QC tool read", .serialized)
struct BroadcastMetadataTests {
  /// A chart whose title and series name are far from ASCII.
  static let chart = """
    {"title": "Température à Zürich — Œuvre “2024” €", "xAxis": {"type": "numeric",
    "title": "Jour", "range": [0, 3]}, "yAxis": {"type": "numeric", "title": "°C",
    "range": [0, 10]}, "series": [{"name": "Zürich", "dataPoints": [{"x": 0, "y": 1,
    "label": "cold"}, {"x": 1, "y": 5}, {"x": 2, "y": 3}]}]}
    """

  func convert(
    in folder: URL, _ more: [String] = [], environment: [String: String]? = nil
  ) throws -> Run {
    let chart = folder.appendingPathComponent("zurich.json")
    try Data(Self.chart.utf8).write(to: chart)
    var base = ProcessInfo.processInfo.environment
    base["SOURCE_DATE_EPOCH"] = nil
    return try run(
      [
        "convert", chart.path, "-o", folder.appendingPathComponent("z.mid").path, "--wav",
        folder.appendingPathComponent("z.wav").path, "--stems",
        folder.appendingPathComponent("stems").path, "--start", "10:00:00:00", "--frame-rate",
        "25",
      ] + more, environment: base.merging(environment ?? [:]) { $1 })
  }

  @Test func theBextIsASCIIAndDatedBySourceDateEpoch() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try convert(in: folder, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
    #expect(result.status == 0, "\(result.error)")
    let wav = folder.appendingPathComponent("z.wav")
    let bytes = [UInt8](try Data(contentsOf: wav))
    let mix = try WAVMarkers(bytes)
    let bext = try #require(wavChunks(bytes)?.first { $0.id == "bext" }?.body)
    // The text fields (description, originator, reference, date and time, coding history) hold
    // ASCII alone, as EBU Tech 3285 asks.
    let texts = bext.prefix(338) + bext.dropFirst(602)
    #expect(texts.allSatisfy { $0 < 0x80 })
    #expect(mix.description == "Temperature a Zurich - OEuvre \"2024\" EUR")
    #expect(mix.date == "2023-11-1422:13:20")
    #expect(mix.codingHistory == "A=PCM,F=44100,W=16,M=stereo,T=chart2midi\r\n")
    // The iXML keeps the title whole, names the file's tracks and carries the timecode.
    let fields = try ixmlFields(try #require(mix.ixml))
    #expect(fields["project"] == "Température à Zürich — Œuvre “2024” €")
    #expect(fields["tracks"] == "Mix L|Mix R")
    #expect(fields["rate"] == "25/1")
    #expect(fields["stamp"] == String(10 * 3600 * 44100))
    let stem = try WAVMarkers(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("stems/Zürich.wav"))))
    #expect(try ixmlFields(try #require(stem.ixml))["tracks"] == "Zürich L|Zürich R")
    #expect(stem.description == "Temperature a Zurich - OEuvre \"2024\" EUR: Zurich")
    // The markers are the mix's alone.
    #expect(!mix.cues.isEmpty)
    #expect(stem.cues.isEmpty)
    // mediainfo, a QC tool, reads the description and the date as written.
    let info = try run([wav.path], program: try tool("mediainfo"))
    #expect(info.status == 0, "\(info.error)")
    let description = info.output.split(separator: "\n").first { $0.hasPrefix("Description ") }
    #expect(description?.hasSuffix(": Temperature a Zurich - OEuvre \"2024\" EUR") == true)
    #expect(info.output.contains("2023-11-14 22:13:20"))
  }

  /// Without `SOURCE_DATE_EPOCH`, the `bext` says when the file was rendered (UTC, whole
  /// seconds), as a broadcaster's QC reads it; with it, the same input gives the same bytes.
  @Test func theBextIsDatedByTheRenderOrBySourceDateEpoch() throws {
    let first = try temporaryFolder()
    let second = try temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: first)
      try? FileManager.default.removeItem(at: second)
    }
    let before = Date().timeIntervalSince1970.rounded(.down)
    #expect(try convert(in: first).status == 0)
    let after = Date().timeIntervalSince1970
    let dated = try WAVMarkers(
      [UInt8](try Data(contentsOf: first.appendingPathComponent("z.wav")))
    ).date
    let format = DateFormatter()
    format.locale = Locale(identifier: "en_US_POSIX")
    format.timeZone = TimeZone(identifier: "UTC")
    format.dateFormat = "yyyy-MM-ddHH:mm:ss"
    let when = try #require(format.date(from: dated), "bext date \(dated)")
    #expect(when.timeIntervalSince1970 >= before && when.timeIntervalSince1970 <= after)
    // The stems carry the same date.
    let stem = try WAVMarkers(
      [UInt8](try Data(contentsOf: first.appendingPathComponent("stems/Zürich.wav"))))
    #expect(stem.date == dated)
    // Reproducible with SOURCE_DATE_EPOCH, whenever it runs.
    let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
    #expect(try convert(in: first, environment: epoch).status == 0)
    #expect(try convert(in: second, environment: epoch).status == 0)
    let bytes = try Data(contentsOf: first.appendingPathComponent("z.wav"))
    #expect(bytes == (try Data(contentsOf: second.appendingPathComponent("z.wav"))))
  }

  @Test func stemsCarryTheMarkersWhenAsked() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try convert(in: folder, ["--stem-cues"]).status == 0)
    let mix = try WAVMarkers([UInt8](try Data(contentsOf: folder.appendingPathComponent("z.wav"))))
    let stem = try WAVMarkers(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("stems/Zürich.wav"))))
    #expect(!stem.cues.isEmpty)
    #expect(stem.cues.map(\.frame) == mix.cues.map(\.frame))
  }

  @Test func aMalformedSourceDateEpochIsRefusedAndNothingIsWritten() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try convert(in: folder, environment: ["SOURCE_DATE_EPOCH": "yesterday"])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: SOURCE_DATE_EPOCH is \"yesterday\", not a whole number of seconds since 1970-01-01 before the year 10000; set it to one, or unset it\n"
    )
    #expect(files(in: folder) == ["zurich.json"])
  }
}
