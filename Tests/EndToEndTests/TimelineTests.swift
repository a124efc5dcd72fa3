import Foundation
import MIDIMap
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

  @Test func theAudioIsPaddedByTheStart() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let plain = folder.appendingPathComponent("plain.wav")
    let moved = folder.appendingPathComponent("moved.wav")
    let captions = folder.appendingPathComponent("moved.vtt")
    #expect(
      try run([
        "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("a.mid").path,
        "--wav", plain.path,
      ]).status == 0)
    #expect(
      try run([
        "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("b.mid").path,
        "--wav", moved.path, "--captions", captions.path, "--start", "00:00:02:12",
        "--frame-rate", "25", "--tempo", "90",
      ]).status == 0)
    let a = try #require(wavData([UInt8](try Data(contentsOf: plain))))
    let b = try #require(wavData([UInt8](try Data(contentsOf: moved))))
    // 2 s and 12 frames at 25 fps: 2.48 s, 109,368 frames of 4 bytes at 44.1 kHz.
    let padding = 109_368 * 4
    #expect(b.count - a.count == padding)
    #expect(b.prefix(padding).allSatisfy { $0 == 0 })
    // The lead-in is silence before the synth starts: the music after it is the same audio.
    let same = b.dropFirst(padding).elementsEqual(a)
    #expect(same, "the audio after the lead-in differs from the audio without one")
    #expect(a.contains { $0 != 0 })
    // Captions follow the audio: the title at the start.
    #expect(
      try String(contentsOf: captions, encoding: .utf8).contains(
        "00:00:02.480 --> 00:00:04.980\nDice rolls by face and player"))
  }

  @Test func aTimecodeThatDoesNotExistIsNamed() throws {
    let result = try run([
      "convert", "Examples/cars.json", "-o", "/tmp/chart2midi-never.mid", "--start", "00:01:00:01",
      "--frame-rate", "29.97",
    ])
    #expect(result.status == 1)
    #expect(
      result.error == "Error: --start: 00:01:00:01 is not a timecode at 29.97 frames a second\n")
  }
}
