import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

@Suite("SMF encoding")
struct SMFEncoderTests {
  /// A small score: one text, one track with a program change and three notes, two of them together.
  let small = Score(
    title: "T", conductor: [ScoreEvent(time: 0, message: .text("S"))],
    tracks: [
      ScoreTrack(
        name: "A", stem: "A", channel: 0, program: 0,
        events: [
          ScoreEvent(time: 0, message: .programChange(0)),
          ScoreEvent(time: 0, message: .noteOn(note: 60, velocity: 100)),
          ScoreEvent(time: 0.5, message: .noteOff(note: 60)),
          ScoreEvent(time: 0.5, message: .noteOn(note: 62, velocity: 90)),
          ScoreEvent(time: 0.5, message: .noteOn(note: 65, velocity: 90)),
          ScoreEvent(time: 1, message: .noteOff(note: 62)),
          ScoreEvent(time: 1, message: .noteOff(note: 65)),
        ])
    ])

  @Test func smallFileByteByByte() {
    let expected: [UInt8] = [
      // Header chunk: "MThd", length 6, format 1, 2 tracks, 480 ticks per quarter note.
      0x4D, 0x54, 0x68, 0x64, 0x00, 0x00, 0x00, 0x06, 0x00, 0x01, 0x00, 0x02, 0x01, 0xE0,
      // Conductor track: "MTrk", length 30.
      0x4D, 0x54, 0x72, 0x6B, 0x00, 0x00, 0x00, 0x1E,
      0x00, 0xFF, 0x03, 0x01, 0x54,  // sequence name "T"
      0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20,  // tempo 500,000 µs per quarter (120 bpm)
      0x00, 0xFF, 0x58, 0x04, 0x04, 0x02, 0x18, 0x08,  // time signature 4/4, 24 clocks, 8 32nds
      0x00, 0xFF, 0x01, 0x01, 0x53,  // text "S"
      0x87, 0x40, 0xFF, 0x2F, 0x00,  // delta 960 (1 s, VLQ 87 40), end of track
      // Track 1: "MTrk", length 36.
      0x4D, 0x54, 0x72, 0x6B, 0x00, 0x00, 0x00, 0x24,
      0x00, 0xFF, 0x03, 0x01, 0x41,  // track name "A"
      0x00, 0xC0, 0x00,  // program change, channel 1, program 0
      0x00, 0x90, 0x3C, 0x64,  // note on 60, velocity 100
      0x83, 0x60, 0x80, 0x3C, 0x40,  // delta 480 (VLQ 83 60), note off 60
      0x00, 0x90, 0x3E, 0x5A,  // note on 62, velocity 90
      0x00, 0x41, 0x5A,  // running status: note on 65, velocity 90
      0x83, 0x60, 0x80, 0x3E, 0x40,  // delta 480, note off 62
      0x00, 0x41, 0x40,  // running status: note off 65
      0x00, 0xFF, 0x2F, 0x00,  // end of track
    ]
    #expect(SMFEncoder().encode(small) == expected)
  }

  @Test(
    "variable-length quantities as SMF 1.0 lists them",
    arguments: [
      (0x00, [0x00]), (0x40, [0x40]), (0x7F, [0x7F]), (0x80, [0x81, 0x00]), (0x2000, [0xC0, 0x00]),
      (0x3FFF, [0xFF, 0x7F]), (0x4000, [0x81, 0x80, 0x00]), (0x100000, [0xC0, 0x80, 0x00]),
      (0x1FFFFF, [0xFF, 0xFF, 0x7F]), (0x200000, [0x81, 0x80, 0x80, 0x00]),
      (0x0FFF_FFFF, [0xFF, 0xFF, 0xFF, 0x7F]),
    ] as [(UInt32, [UInt8])])
  func variableLengthQuantities(value: UInt32, bytes: [UInt8]) {
    var written: [UInt8] = []
    VariableLengthQuantity.append(value, to: &written)
    #expect(written == bytes)
  }

  @Test func portsAreWrittenAsMetaEvent21() throws {
    var score = small
    score.tracks[0].port = 2
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    #expect(file.tracks[1].events[1].bytes == [0xFF, 0x21, 0x01, 0x02])
  }

  @Test(
    "every example, read back with libsmf, equals its score event by event", arguments: exampleFiles
  )
  func examplesRoundTripThroughLibSMF(file: URL) throws {
    let score = try ChartMapper().makeScore(for: try ChartDescriptor(contentsOf: file))
    try expectFileMatches(score)
  }

  @Test func longTextsAndManyEventsRoundTrip() throws {
    let label = String(repeating: "A long label with ünïcödé ", count: 12)
    var points: [DataPoint] = []
    for index in 0..<5000 {
      let text: String? = index % 1000 == 0 ? label : nil
      points.append(DataPoint(x: .number(Double(index) / 500), y: Double(index % 101), label: text))
    }
    let score = try ChartMapper().makeScore(for: simpleChart(points: points))
    try expectFileMatches(score)
  }

  @Test(
    "long texts are split at spaces into events of at most 127 bytes",
    arguments: [
      String(repeating: "word ", count: 100), String(repeating: "é", count: 200),
      String(repeating: "x", count: 300), "short", String(repeating: "🎵 ", count: 60),
    ])
  func textChunks(text: String) {
    let pieces = TextChunks.split(text)
    #expect(pieces.joined() == text)
    #expect(pieces.allSatisfy { $0.utf8.count <= 127 && !$0.isEmpty })
    if text.hasPrefix("word") { #expect(pieces.dropLast().allSatisfy { $0.hasSuffix(" ") }) }
  }

  @Test func garbageIsNotAMIDIFile() {
    #expect(throws: SMFReaderError.self) {
      try MIDIFile(bytes: Array("not midi at all".utf8), name: "x.mid")
    }
    do {
      _ = try MIDIFile(bytes: Array("not midi at all".utf8), name: "x.mid")
    } catch {
      #expect(
        "\(error)" == "x.mid: not a valid Standard MIDI File: it does not start with an MThd header"
      )
    }
  }

  /// Loads the encoded score with libsmf and compares every event's tick and bytes.
  func expectFileMatches(_ score: Score) throws {
    let bytes = SMFEncoder().encode(score)
    let file = try MIDIFile(bytes: bytes)
    #expect(file.format == 1)
    #expect(file.ticksPerQuarterNote == 480)
    #expect(file.tracks.count == score.tracks.count + 1)
    let end = Int((score.duration * 960).rounded())

    // Conductor: name, tempo, time signature, the score's texts and markers, end of track.
    let conductor = file.tracks[0].events
    let title = Array(TextChunks.truncate(score.title).utf8)
    #expect(conductor.first?.bytes == [0xFF, 0x03] + vlq(title.count) + title)
    #expect(conductor[1].bytes == [0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20])
    #expect(conductor[2].bytes == [0xFF, 0x58, 0x04, 0x04, 0x02, 0x18, 0x08])
    let conductorBody = Array(conductor[3..<(conductor.count - 1)])
    #expect(conductorBody.count == score.conductorEvents.count)
    for (read, written) in zip(conductorBody, score.conductorEvents) {
      #expect(read.tick == Int((written.time * 960).rounded()))
      #expect(read.bytes == written.message.bytes(channel: 0))
    }
    #expect(conductor.last?.bytes == [0xFF, 0x2F, 0x00])
    #expect(conductor.last?.tick == end)

    for (read, track) in zip(file.tracks.dropFirst(), score.tracks) {
      #expect(read.name == track.name)
      var body = read.events.dropFirst()
      if track.port > 0 { body = body.dropFirst() }
      let events = Array(body.dropLast())
      #expect(events.count == track.events.count, "\(track.name)")
      for (readEvent, written) in zip(events, track.events) {
        #expect(readEvent.tick == Int((written.time * 960).rounded()))
        #expect(readEvent.bytes == written.message.bytes(channel: track.channel))
        #expect(abs(readEvent.seconds - written.time) < 1e-6)
      }
      #expect(read.events.last?.bytes == [0xFF, 0x2F, 0x00])
      #expect(read.events.last?.tick == end)
    }
  }

  func vlq(_ value: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    VariableLengthQuantity.append(UInt32(value), to: &bytes)
    return bytes
  }
}
