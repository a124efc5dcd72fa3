import Chart2MIDICore
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// Note-on times in seconds, read with libsmf, plus the SMPTE offset the file names.
func noteTimes(_ file: MIDIFile) -> [Double] {
  var offset = 0.0
  if let data = file.tracks[0].events.first(where: { $0.isMeta(.smpteOffset) })?.metaData {
    let bytes = Array(data)
    let rate = [24.0, 25, 30000.0 / 1001, 30][Int(bytes[0] >> 5)]
    offset =
      Double((Int(bytes[0] & 0x1F) * 60 + Int(bytes[1])) * 60 + Int(bytes[2]))
      + Double(bytes[3]) / rate
  }
  return file.tracks.flatMap(\.events).filter {
    if case .noteOn? = $0.channelMessage?.message { true } else { false }
  }.map { offset + $0.seconds }.sorted()
}

/// Note-on times in seconds as mido reads them, plus the SMPTE offset it reports.
func midoNoteTimes(_ path: String) throws -> [Double] {
  let script = """
    import mido, sys
    m = mido.MidiFile(sys.argv[1])
    offset = 0.0
    for e in m.tracks[0]:
        if e.type == 'smpte_offset':
            offset = (e.hours * 60 + e.minutes) * 60 + e.seconds + e.frames / e.frame_rate
    times, now = [], 0.0
    for e in m:
        now += e.time
        if e.type == 'note_on' and e.velocity > 0:
            times.append(offset + now)
    print(' '.join(repr(t) for t in sorted(times)))
    """
  return try runPython(script, [path]).output.split(separator: " ").compactMap {
    Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

@Suite("Tempo and a start on the timeline", .serialized)
struct TimelineTests {
  @Test(
    "notes keep their times in seconds at any tempo, after the start",
    arguments: [("90", "0"), ("137", "00:01:00:00"), ("90", "00:01:00:00")] as [(String, String)])
  func times(tempo: String, start: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["cars", "birth-rate"] {
      let plain = folder.appendingPathComponent("\(name)-plain.mid")
      let moved = folder.appendingPathComponent("\(name)-moved.mid")
      #expect(try run(["convert", "Examples/\(name).json", "-o", plain.path]).status == 0)
      let result = try run([
        "convert", "Examples/\(name).json", "-o", moved.path, "--tempo", tempo, "--start", start,
        "--frame-rate", "25",
      ])
      #expect(result.status == 0, "\(result.error)")
      let offset = start == "0" ? 0.0 : 60
      let expected = noteTimes(try MIDIFile(contentsOf: plain)).map { $0 + offset }
      // Half a tick at most: 1/1920 s at 120 bpm; under 0.53 ms at any other tempo.
      let libsmf = noteTimes(try MIDIFile(contentsOf: moved))
      #expect(libsmf.count == expected.count)
      #expect(zip(libsmf, expected).allSatisfy { abs($0 - $1) < 0.00053 + 1 / 1920 }, "\(name)")
      let mido = try midoNoteTimes(moved.path)
      #expect(mido.count == expected.count)
      #expect(zip(mido, expected).allSatisfy { abs($0 - $1) < 0.00053 + 1 / 1920 }, "\(name) mido")
    }
  }

  @Test func aStartIsMetadataNotSilence() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func convert(_ name: String, _ more: [String]) throws -> String {
      let result = try run(
        [
          "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("\(name).mid").path,
          "--wav", folder.appendingPathComponent("\(name).wav").path, "--stems",
          folder.appendingPathComponent("\(name)-stems").path, "--captions",
          folder.appendingPathComponent("\(name).vtt").path,
        ] + more)
      #expect(result.status == 0, "\(result.error)")
      return result.error
    }
    _ = try convert("plain", [])
    let said = try convert("start", ["--start", "10:00:00:00", "--frame-rate", "25"])
    #expect(said.contains("start: 10:00:00:00 at 25 fps\n"))
    let names = ["", "-stems/Cars", "-stems/Gridlines"]
    for name in names {
      let plain = [UInt8](try Data(contentsOf: folder.appendingPathComponent("plain\(name).wav")))
      let moved = [UInt8](try Data(contentsOf: folder.appendingPathComponent("start\(name).wav")))
      let chunks = try #require(wavChunks(moved), "start\(name).wav")
      // The same audio, as long as without a start.
      #expect(wavData(plain) == wavData(moved), "start\(name).wav")
      // bext: the time reference, 64 bits at byte 338 of the chunk's body, in samples.
      let bext = try #require(chunks.first { $0.id == "bext" }?.body)
      let reference = (0..<8).reduce(UInt64(0)) {
        $0 | UInt64(bext[bext.startIndex + 338 + $1]) << (8 * UInt64($1))
      }
      #expect(reference == 36_000 * 44_100, "start\(name).wav")
      // iXML: the rate and the start.
      let ixml = String(
        decoding: try #require(chunks.first { $0.id == "iXML" }?.body), as: UTF8.self)
      #expect(ixml.contains("<TIMECODE_RATE>25/1</TIMECODE_RATE>"))
      #expect(ixml.contains("<TIMECODE_FLAG>NDF</TIMECODE_FLAG>"))
      #expect(ixml.contains("<TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO>1587600000</"))
      #expect(ixml.contains("start 10:00:00:00 at 25 fps"))
      // A plain file has no timecode.
      let plainIXML = String(
        decoding: try #require(wavChunks(plain)?.first { $0.id == "iXML" }?.body), as: UTF8.self)
      #expect(!plainIXML.contains("TIMECODE_RATE"))
      #expect(plainIXML.contains("<TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO>0</"))
    }
    // The MIDI file: FF 54 05, 25 fps (01) and 10 hours in the hour byte, then 0 min, s, fr, ff.
    let midi = [UInt8](try Data(contentsOf: folder.appendingPathComponent("start.mid")))
    #expect(
      midi.indices.contains {
        Array(midi[$0..<min(midi.count, $0 + 8)]) == [0xFF, 0x54, 0x05, 0x2A, 0, 0, 0, 0]
      })
    // Captions count from the audio file's first sample, as without a start.
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("plain.vtt"))
        == Data(contentsOf: folder.appendingPathComponent("start.vtt")))
  }

  @Test func aNarratedStartSaysWhereTheGraphBegins() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("n.mid")
    let result = try run([
      "convert", "Examples/dice.json", "-o", midi.path, "--narrate", "--narration", "intro",
      "--start", "01:00:00:00", "--frame-rate", "30",
    ])
    #expect(result.status == 0, "\(result.error)")
    // The line names the graph's start in seconds from the file's start and as timecode.
    let line = try #require(
      result.error.split(separator: "\n").first { $0.hasPrefix("narration:") })
    let seconds = try #require(
      Double(line.split(separator: "the graph from ")[1].split(separator: " ")[0]))
    // A marker at that time says so; its time, read by libsmf, is the graph's start unrounded.
    let file = try MIDIFile(contentsOf: midi)
    let marker = try #require(
      file.tracks[0].events.first {
        $0.isMeta(.marker)
          && String(decoding: $0.metaData ?? [], as: UTF8.self).hasPrefix("Graph starts")
      })
    #expect(abs(marker.seconds - seconds) <= 0.005 + 1e-9, "the line rounds to a hundredth")
    let timecode = Timecode(seconds: 3600 + marker.seconds, frameRate: .fps30)
    #expect(line.contains("(\(timecode))"))
    #expect(String(decoding: marker.metaData!, as: UTF8.self) == "Graph starts (\(timecode))")
  }

  @Test func aStartAtANonMIDIRateIsWrittenAtTheNearestAndSaidSo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("d.mid").path,
      "--start", "10:00:00:00", "--frame-rate", "23.976",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.error.contains(
        "start: 10:00:00:00 at 23.976 fps; the MIDI file's SMPTE offset says 10:00:36:00 at 24 fps, the nearest rate it can hold, the same time to 1/100 frame\n"
      ))
  }

  @Test(arguments: ["peak", "default"])
  func thePaddedStartIsSilence(loudness: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("plain.wav")
    let moved = folder.appendingPathComponent("moved.wav")
    let captions = folder.appendingPathComponent("moved.vtt")
    let level = loudness == "peak" ? ["--loudness", "peak"] : []
    #expect(
      try run(
        [
          "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("a.mid").path,
          "--wav", plain.path,
        ] + level
      ).status == 0)
    #expect(
      try run(
        [
          "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("b.mid").path,
          "--wav", moved.path, "--captions", captions.path, "--start", "00:00:02:12",
          "--frame-rate", "25", "--tempo", "90", "--pad-start",
        ] + level
      ).status == 0)
    let a = try #require(wavData([UInt8](try Data(contentsOf: plain))))
    let b = try #require(wavData([UInt8](try Data(contentsOf: moved))))
    // 2 s and 12 frames at 25 fps: 2.48 s, 109,368 frames of 4 bytes at 44.1 kHz.
    let padding = 109_368 * 4
    #expect(b.count - a.count == padding)
    #expect(b.prefix(padding).allSatisfy { $0 == 0 })
    #expect(a.contains { $0 != 0 })
    // The lead-in is silence before the synth starts: the music after it is the same audio,
    // peak-normalised to the byte; at a loudness target, at the same level within a tenth of a
    // decibel (the measure's 400 ms blocks fall elsewhere on the padded file: 0.06 dB on this
    // 10 s chart of sparse notes).
    if loudness == "peak" {
      let same = b.dropFirst(padding).elementsEqual(a)
      #expect(same, "the audio after the lead-in differs from the audio without one")
    } else {
      func energy(_ bytes: ArraySlice<UInt8>) -> Double {
        stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).reduce(0.0) {
          let sample = Double(Int16(bitPattern: UInt16(bytes[$1]) | UInt16(bytes[$1 + 1]) << 8))
          return $0 + sample * sample
        }
      }
      let decibels = 10 * log10(energy(b.dropFirst(padding)) / energy(a))
      #expect(abs(decibels) < 0.1, "\(decibels) dB")
    }
    // Captions follow the audio: the title at the start.
    #expect(
      try String(contentsOf: captions, encoding: .utf8).contains(
        "00:00:02.480 --> "))
    #expect(
      try String(contentsOf: captions, encoding: .utf8).contains("\nDice rolls by face and player"))
  }

  @Test(
    "a start that cannot be is one sentence, and no file is written",
    arguments: [
      (
        ["--start", "00:01:00:01", "--frame-rate", "29.97df"],
        "--start: 00:01:00:01 is not a timecode at 29.97 drop-frame: it skips frames 00 and 01 at the start of each minute but every tenth"
      ),
      (
        ["--start", "24:00:00:00"],
        "--start: 24:00:00:00 is past 23:59:59:FF, the last timecode of a day"
      ),
      (
        ["--start", "00:00:00:25", "--frame-rate", "25"],
        "--start: 00:00:00:25 is not a timecode at 25 frames a second: frames go from 00 to 24"
      ),
      (
        ["--start", "90000"],
        "--start: 90000 s is past 23:59:59:FF, the last timecode of a day (86,400 s)"
      ),
      (
        ["--start", "1", "--frame-rate", "48"],
        "--frame-rate: expected one of \"23.976\", \"24\", \"25\", \"29.97df\", \"29.97\", \"30\", \"50\", \"59.94\", \"60\", found 48"
      ),
      (
        ["--start", "02:00:00:00", "--pad-start", "--wav", "WAV"],
        "--pad-start: padding the audio's start would make it 2.0 hours long, and audio is rendered for at most 1 hour; without padding, the start is written as a time reference instead of silence"
      ),
    ] as [([String], String)])
  func badStarts(arguments: [String], message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("never.wav").path
    let result = try run(
      ["convert", "Examples/cars.json", "-o", folder.appendingPathComponent("never.mid").path]
        + arguments.map { $0 == "WAV" ? wav : $0 })
    #expect(result.status == 64)
    #expect(result.error == "Error: \(message)\n")
    #expect(files(in: folder).isEmpty)
  }
}
