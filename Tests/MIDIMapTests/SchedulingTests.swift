import Descriptor
import Foundation
import Testing

import struct Exercise.SeededGenerator

@testable import MIDIMap

/// The scheduler and the encoder's fast paths against plain references written here: a sort of
/// every note-off, `rounded()`, and the file's real size.
@Suite("Scheduling and encoding")
struct SchedulingTests {
  /// Notes at random onsets, pitches, lengths and channels, from a fixed seed.
  static func randomNotes(count: Int, seed: UInt64) -> [Note] {
    var generator = SeededGenerator(seed: seed)
    var on = 0
    return (0..<count).map { _ in
      on += Int(generator.next() % 200)
      let length = 1 + Int(generator.next() % 2000)
      return Note(
        on: on, off: on + length, pitch: UInt8(40 + generator.next() % 12),
        velocity: UInt8(1 + generator.next() % 127),
        channel: generator.next() % 3 == 0 ? UInt4(exactly: Int(generator.next() % 16)) : nil)
    }
  }

  /// The events as the first encoder wrote them: every note-off sorted by its tick (ties in the
  /// notes' order) and sent before the first note-on at or after it.
  static func reference(_ kept: [Note]) -> [ScoreEvent] {
    var offs = kept.map { (tick: $0.off, pitch: $0.pitch, channel: $0.channel) }
    offs.sort { $0.tick < $1.tick }
    var events: [ScoreEvent] = []
    var next = 0
    func off(_ index: Int) -> ScoreEvent {
      ScoreEvent(
        time: Double(offs[index].tick) / 960,
        message: .noteOff(note: UInt7(clamping: Int(offs[index].pitch))),
        channel: offs[index].channel)
    }
    for note in kept {
      while next < offs.count, offs[next].tick <= note.on {
        events.append(off(next))
        next += 1
      }
      events.append(
        ScoreEvent(
          time: Double(note.on) / 960,
          message: .noteOn(
            note: UInt7(clamping: Int(note.pitch)), velocity: UInt7(clamping: Int(note.velocity))),
          channel: note.channel))
    }
    while next < offs.count {
      events.append(off(next))
      next += 1
    }
    return events
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func noteOffsComeInTheOrderASortGivesThem(seed: UInt64) {
    let kept = NoteScheduler.schedule(Self.randomNotes(count: 3000, seed: seed))
    var events: [ScoreEvent] = []
    NoteScheduler.emit(kept, to: &events)
    #expect(events.count == kept.count * 2)
    #expect(events == Self.reference(kept))
  }

  @Test func scheduledNotesOfOnePitchNeverOverlap() {
    let kept = NoteScheduler.schedule(Self.randomNotes(count: 5000, seed: 9))
    var lastOff = [Int](repeating: Int.min, count: 128)
    for note in kept {
      #expect(note.off - note.on >= NoteScheduler.minimumTicks)
      #expect(lastOff[Int(note.pitch)] <= note.on)
      lastOff[Int(note.pitch)] = note.off
    }
  }

  @Test(
    arguments: [
      0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 4503599627370495.5,
      1e15 + 0.5, 123.456 * 960, 0.1 * 3 * 960, -7.5000000001, 83_000_000.5,
    ])
  func nearestIntegerIsRounded(value: Double) {
    #expect(value.nearestInteger == Int(value.rounded()))
  }

  @Test func nearestIntegerIsRoundedOnRandomValuesAndHalves() {
    var generator = SeededGenerator(seed: 5)
    var wrong = 0
    for _ in 0..<200_000 {
      let magnitude = Double.random(in: -1...15, using: &generator)
      let value = Double.random(in: -1...1, using: &generator) * pow(10, magnitude)
      // Halves and their neighbours, where rounding decides.
      let half = (value.rounded(.towardZero) + 0.5)
      for candidate in [value, half, half.nextUp, half.nextDown, -half]
      where candidate.nearestInteger != Int(candidate.rounded()) {
        wrong += 1
      }
    }
    #expect(wrong == 0)
  }

  @Test func theEncoderNeverOutgrowsItsBound() {
    // Long texts, many ports and every kind of channel message.
    var score = Score(
      title: String(repeating: "T", count: 300),
      conductor: [
        ScoreEvent(time: 0, message: .text(String(repeating: "é", count: 100))),
        ScoreEvent(time: 1, message: .marker("m")),
      ])
    var track = ScoreTrack(
      name: String(repeating: "N", count: 200), stem: "S", port: 3, channel: 2, program: 5)
    track.events = [
      ScoreEvent(time: 0, message: .programChange(5)),
      ScoreEvent(time: 0, message: .controlChange(controller: 7, value: 100)),
      ScoreEvent(time: 0, message: .pitchBend(UInt14(clamping: 9000))),
      ScoreEvent(time: 0, message: .channelPressure(3)),
      ScoreEvent(time: 0, message: .polyphonicPressure(note: 60, pressure: 3)),
      ScoreEvent(time: 70_000, message: .noteOn(note: 60, velocity: 90)),
      ScoreEvent(time: 70_001, message: .noteOff(note: 60)),
      ScoreEvent(time: 70_001, message: .text(String(repeating: "x", count: 127))),
    ]
    score.tracks = [track, track]
    score.start = Timecode(seconds: 3600, frameRate: .fps25)
    let bytes = SMFEncoder().encode(score)
    #expect(bytes.count <= SMFEncoder.sizeBound(of: score))
    #expect(bytes.count > 600)
  }
}
