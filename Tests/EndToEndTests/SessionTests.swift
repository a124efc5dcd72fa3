import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

/// A session as the Python packages that read them see it: `rpp` for a REAPER project,
/// `opentimelineio` for a timeline.
struct ReadSession: Decodable {
  struct Track: Decodable {
    var name: String
    var file: String
    var seconds: Double
  }
  var tracks: [Track]
  /// Every marker's and region's start, in seconds.
  var markers: [Double]
  /// The regions' (or ranged markers') names.
  var regions: [String]
  /// The programme's start, in seconds.
  var start: Double
  /// A REAPER project's MIDI item: its track muted, its source's resolution, its note-ons.
  struct MIDIItem: Decodable {
    var muted: Bool
    var hasdata: String
    var noteOns: Int
  }
  var midi: MIDIItem?
  /// A REAPER project's tracks with a volume envelope, each with its points (time, gain).
  var ducked: [[Ducked]]?
  /// A track's name or an envelope's points, as the reader lists them.
  enum Ducked: Decodable {
    case name(String)
    case points([[Double]])
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let name = try? container.decode(String.self) {
        self = .name(name)
      } else {
        self = .points(try container.decode([[Double]].self))
      }
    }
  }
  var tempo: Double?
  /// A REAPER project's `TIMEMODE` fields: the ruler's and the transport's time units, then the
  /// project's frame rate and its kind.
  var timeMode: [Int]?
}

func readSession(_ path: URL) throws -> ReadSession {
  let script = """
    import sys, json
    path = sys.argv[1]
    result = {}
    if path.endswith('.rpp'):
        import rpp
        project = rpp.load(open(path, encoding='utf-8'))
        tracks, midi, ducked = [], None, []
        for track in project.findall('TRACK'):
            item = track.find('ITEM')
            source = item.find('SOURCE')
            if source.attrib[0] == 'MIDI':
                # The MIDI item: its muting, resolution and note-ons (velocity above 0).
                events = [line for line in source if isinstance(line, list) and line[0] == 'E']
                midi = {'muted': track.find('MUTESOLO')[1] == '1',
                        'hasdata': ' '.join(source.find('HASDATA')[1:]),
                        'noteOns': sum(1 for e in events if e[2][0] == '9' and e[4] != '00')}
                continue
            envelope = track.find('VOLENV2')
            if envelope is not None:
                ducked.append([track.find('NAME')[1],
                               [(float(p[1]), float(p[2])) for p in envelope.findall('PT')]])
            tracks.append({'name': track.find('NAME')[1], 'seconds': float(item.find('LENGTH')[1]),
                           'file': source.find('FILE')[1]})
        markers = [m for m in project if isinstance(m, list) and m[0] == 'MARKER']
        seen = set()
        starts, regions = [], []
        for m in markers:
            if m[4] == '1':
                if m[1] in seen:
                    continue
                seen.add(m[1])
                regions.append(m[3])
            starts.append(float(m[2]))
        result = {'tracks': tracks, 'markers': starts, 'regions': regions, 'midi': midi,
                  'ducked': ducked,
                  'start': float(project.find('PROJOFFS')[1]),
                  'tempo': float(project.find('TEMPO')[1]),
                  'timeMode': [int(x) for x in project.find('TIMEMODE')[1:]]}
    else:
        import opentimelineio as otio
        timeline = otio.adapters.read_from_file(path)
        tracks = []
        for track in timeline.tracks:
            assert track.kind == otio.schema.TrackKind.Audio
            clip = track[0]
            url = clip.media_reference.target_url
            if url.startswith('file://'):
                from urllib.parse import urlparse, unquote
                url = unquote(urlparse(url).path)
            tracks.append({'name': track.name, 'file': url, 'url': clip.media_reference.target_url,
                           'seconds': clip.source_range.duration.to_seconds()})
        markers = timeline.tracks.markers
        result = {'tracks': tracks,
                  'markers': [m.marked_range.start_time.to_seconds() for m in markers],
                  'regions': [m.name for m in markers if m.marked_range.duration.value > 0],
                  'start': timeline.global_start_time.to_seconds()}
    print(json.dumps(result))
    """
  let result = try runPython(script, [path.path])
  try #require(result.status == 0, "rpp or opentimelineio is missing: run `make test`")
  return try JSONDecoder().decode(ReadSession.self, from: Data(result.output.utf8))
}

@Suite("Sessions to open in a DAW or an editor", .serialized)
struct SessionTests {
  @Test func aNarratedRenderOpensAsASession() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stems = folder.appendingPathComponent("cars-stems")
    let wav = folder.appendingPathComponent("cars.wav")
    // The sessions in a folder of their own, so that their paths climb out of it.
    let sessions = folder.appendingPathComponent("sessions")
    try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
    let rpp = sessions.appendingPathComponent("cars.rpp")
    let otio = sessions.appendingPathComponent("cars.otio")
    let result = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("cars.mid").path,
      "--narrate", "--wav", wav.path, "--stems", stems.path, "--start", "10:00:00:00",
      "--session", rpp.path, "--session", otio.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("session: \(rpp.path) (3 tracks, 6 regions)"))
    // The WAV files: their lengths, and the mix's cues (read by the test's RIFF reader).
    let mixBytes = [UInt8](try Data(contentsOf: wav))
    let cues = try WAVMarkers(mixBytes).cues.map { Double($0.frame) / 44100 }
    let seconds = Double(try #require(wavData(mixBytes)).count / 4) / 44100
    let stemNames = shownFiles(in: stems).map { String($0.dropLast(4)) }
    #expect(stemNames.contains("Narration"))
    for path in [rpp, otio] {
      let session = try readSession(path)
      // One track per stem, the narration's among them, each its file from the start.
      #expect(session.tracks.map(\.name).sorted() == stemNames, "\(path.lastPathComponent)")
      for track in session.tracks {
        // REAPER's paths are relative to the project; OpenTimelineIO's are absolute file:// URLs.
        let absolute = path.pathExtension == "otio"
        #expect(track.file.hasPrefix("/") == absolute, "\(track.file)")
        let file =
          absolute
          ? URL(fileURLWithPath: track.file)
          : sessions.appendingPathComponent(track.file).standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: file.path), "\(track.file)")
        let bytes = [UInt8](try Data(contentsOf: file))
        let length = Double(try #require(wavData(bytes)).count / 4) / 44100
        #expect(abs(track.seconds - length) < 1e-5, "\(track.name): \(track.seconds) s")
        #expect(abs(length - seconds) < 1e-9)
      }
      // The markers and regions are the mix's cues, at their times.
      #expect(session.markers.count == cues.count, "\(path.lastPathComponent)")
      for cue in cues {
        #expect(session.markers.contains { abs($0 - cue) < 1e-5 }, "a marker at \(cue) s")
      }
      // The spoken sentences are the regions.
      let line = try #require(
        result.error.split(separator: "\n").first { $0.hasPrefix("narration:") })
      #expect("narration: \(session.regions.count) sentences" == line.prefix(while: { $0 != "," }))
      #expect(session.regions.first == "Vehicle Weight vs Fuel Efficiency by Country and MSRP.")
      // The programme starts at --start.
      #expect(session.start == 36000)
    }
    #expect(try readSession(rpp).tempo == 120)
    // The project counts at the default 25 frames a second, with timecode on the ruler.
    #expect(try readSession(rpp).timeMode?.prefix(5) == [5, 5, -1, 25, 0])
  }

  /// The project's frame rate is `--frame-rate`'s, as REAPER's project settings keep it: the
  /// nominal rate and whether it drops frame numbers or only runs 1000/1001 slow.
  @Test(arguments: [
    ("29.97df", [30, 1]), ("29.97", [30, 2]), ("23.976", [24, 2]), ("50", [50, 0]),
  ])
  func aREAPERProjectHasTheFrameRate(rate: String, expected: [Int]) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rpp = folder.appendingPathComponent("dice.rpp")
    let result = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("dice.mid").path,
      "--stems", folder.appendingPathComponent("stems").path, "--session", rpp.path,
      "--start", "01:00:00:00", "--frame-rate", rate,
    ])
    #expect(result.status == 0, "\(result.error)")
    let mode = try #require(try readSession(rpp).timeMode)
    #expect(Array(mode[3...4]) == expected, "\(rate): \(mode)")
    #expect(mode.first == 5)
  }

  /// The round trip: REAPER opened the session (peaks beside the stems, the project saved with
  /// its edits); a render again keeps the edited project and writes `NAME-2.rpp` beside it, and
  /// the stems (with REAPER's peaks of them) are replaced. OpenTimelineIO's own tools read the
  /// timeline from another folder.
  @Test func aRenderAgainKeepsTheEditedSessionAndOTIOReadsFromAnywhere() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stems = folder.appendingPathComponent("stems")
    let rpp = folder.appendingPathComponent("dice.rpp")
    let otio = folder.appendingPathComponent("dice.otio")
    func render() throws -> Run {
      try run([
        "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("dice.mid").path,
        "--stems", stems.path, "--session", rpp.path, "--session", otio.path,
      ])
    }
    let first = try render()
    #expect(first.status == 0, "\(first.error)")
    // The same render again writes the same sessions in place.
    let same = try render()
    #expect(same.status == 0, "\(same.error)")
    #expect(!files(in: folder).contains("dice-2.rpp"))
    // What REAPER leaves: peaks beside each stem, and the project saved with an edit.
    for stem in shownFiles(in: stems) {
      try Data("RPKN".utf8).write(to: stems.appendingPathComponent(stem + ".reapeaks"))
    }
    var lines = try String(contentsOf: rpp, encoding: .utf8).components(separatedBy: "\n")
    lines.insert(contentsOf: ["  <NOTES 0 2", "    |Mixed by hand", "  >"], at: 1)
    let edited = lines.joined(separator: "\n")
    try Data(edited.utf8).write(to: rpp)
    let again = try render()
    #expect(again.status == 0, "\(again.error)")
    #expect(try String(contentsOf: rpp, encoding: .utf8) == edited, "the edited project is kept")
    let version = folder.appendingPathComponent("dice-2.rpp")
    #expect(FileManager.default.fileExists(atPath: version.path))
    #expect(
      again.error.contains("session: \(version.path) ("), "\(again.error)")
    #expect(again.error.contains("a new version: \(rpp.path) was there and is kept"))
    #expect(try readSession(version).tracks.count == shownFiles(in: stems).count)
    // The old peaks went with the old stems.
    #expect(!files(in: stems).contains { $0.hasSuffix(".reapeaks") })
    // otiotool and otioconvert read the timeline from another folder and find every file.
    let elsewhere = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let tool = projectRoot.appendingPathComponent(".venv/bin/otiotool")
    let listed = try run(
      ["--input", otio.path, "--list-media"], program: tool, in: elsewhere)
    #expect(listed.status == 0, "\(listed.error)")
    let converted = elsewhere.appendingPathComponent("copy.otio")
    let convert = try run(
      ["-i", otio.path, "-o", converted.path],
      program: projectRoot.appendingPathComponent(".venv/bin/otioconvert"), in: elsewhere)
    #expect(convert.status == 0, "\(convert.error)")
    let copy = try readSession(converted)
    #expect(!copy.tracks.isEmpty)
    for track in copy.tracks {
      #expect(FileManager.default.fileExists(atPath: track.file), "\(track.file)")
    }
    // Relative paths by flag, for a session that moves with its media.
    let moving = folder.appendingPathComponent("moving.otio")
    let relative = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("dice.mid").path,
      "--stems", stems.path, "--session", moving.path, "--session-paths", "relative",
    ])
    #expect(relative.status == 0, "\(relative.error)")
    #expect(try readSession(moving).tracks.allSatisfy { $0.file.hasPrefix("stems/") })
  }

  /// The REAPER project holds the MIDI file as an item on a muted track of its own, and ducks
  /// the graph's tracks (not the voice's) under the cues said over the graph.
  @Test func aREAPERProjectHoldsTheMIDIAndDucksTheGraphUnderCues() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("t.mid")
    let rpp = folder.appendingPathComponent("t.rpp")
    let result = try run([
      "convert", "Examples/temperatures.json", "-o", midi.path, "--arrangement", "sequential",
      "--cues", "--stems", folder.appendingPathComponent("stems").path, "--session", rpp.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    let session = try readSession(rpp)
    let item = try #require(session.midi)
    #expect(item.muted)
    #expect(item.hasdata == "1 960 QN")
    // As many note-ons as the MIDI file holds, read by libsmf.
    let file = try MIDIFile(contentsOf: midi)
    let events: [MIDIFile.Event] = file.tracks.flatMap(\.events)
    let noteOns = events.filter { (event: MIDIFile.Event) -> Bool in
      let bytes = event.bytes
      return bytes.count == 3 && bytes[0] & 0xF0 == 0x90 && bytes[2] > 0
    }
    #expect(item.noteOns == noteOns.count && item.noteOns > 0)
    // Every graph track ducks to half under the cue said over it; the voice does not.
    let ducked = session.ducked ?? []
    let names = ducked.compactMap { if case .name(let name)? = $0.first { name } else { nil } }
    #expect(!names.contains("Narration") && names.contains("Low") && names.contains("High"))
    for entry in ducked {
      guard case .points(let points)? = entry.last else { continue }
      #expect(points.contains { $0[1] == 0.5 } && points.first?[1] == 1, "\(points)")
    }
  }

  @Test func aSessionNeedsStemsAndAKnownExtension() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("a.mid").path
    let noStems = try run([
      "convert", "Examples/dice.json", "-o", midi, "--wav",
      folder.appendingPathComponent("a.wav").path, "--session",
      folder.appendingPathComponent("a.rpp").path,
    ])
    #expect(noStems.status != 0)
    #expect(
      noStems.error.hasSuffix(
        "a.rpp: a session lays out the stems, so name a stems folder too\n"), "\(noStems.error)")
    #expect(noStems.error.split(separator: "\n").count == 1)
    let unknown = try run([
      "convert", "Examples/dice.json", "-o", midi, "--stems",
      folder.appendingPathComponent("s").path, "--session",
      folder.appendingPathComponent("a.aaf").path,
    ])
    #expect(unknown.status != 0)
    #expect(unknown.error.contains("name a .rpp (REAPER) or .otio (OpenTimelineIO) file"))
    #expect(files(in: folder).isEmpty)
  }
}
