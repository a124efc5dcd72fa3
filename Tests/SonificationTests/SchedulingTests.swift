import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Foundation
import Testing

import struct Chart2MIDIBase.SeededGenerator

@testable import Chart2MIDIBase
@testable import Chart2MIDICore
@testable import Chart2MIDISonification

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
    score.timeline.start = Timecode(seconds: 3600, frameRate: .fps25)
    score.addMarker(String(repeating: "marker ", count: 60), at: 70_000)
    let bytes = SMFEncoder().encode(score)
    #expect(bytes.count <= SMFEncoder.sizeBound(of: score, conductorEvents: score.conductorEvents))
    #expect(bytes.count > 600)
  }
}

/// Notes made in parts on several cores are the notes made one point after another.
@Suite("Notes made in parts")
struct NotesInPartsTests {
  @Test func anArrayMadeInPartsIsTheArrayMadeInOne() {
    for count in [0, 1, 10, 1000, 200_000] {
      for parts in [nil, 1, 3, 16] {
        // Left out: every seventh index and a run across a part's end.
        let keep: @Sendable (Int) -> Int? = { index in
          index % 7 == 3 || (count / 3 - 5..<count / 3 + 5).contains(index) ? nil : index * 2
        }
        let made = InParts.compactMap(count: count, parts: parts, keep)
        #expect(made == (0..<count).compactMap(keep), "\(count) in \(parts ?? 0) parts")
      }
    }
  }

  @Test func partsGiveTheNotesOfOnePassWithGapsAndDurations() throws {
    var generator = SeededGenerator(seed: 31)
    let count = 150_000
    let points = (0..<count).map { index in
      DataPoint(
        x: .number(Double(index) * 10 / Double(count)),
        y: index % 997 == 0 || index == count - 1
          ? nil : Double.random(in: 0...100, using: &generator),
        additionalValues: [.number(Double.random(in: 0...10, using: &generator))])
    }
    let chart = simpleChart(
      points: points, additionalAxes: [.numeric(NumericAxis(title: "D", range: 0...10))])
    var options = SonificationOptions()
    options.grouping = .none
    let roles = try AxisRoles(chart: chart, options: options)
    let voicing = SeriesVoicing(
      options: options, pitches: [PitchMap(axis: chart.yAxis, options: options)],
      shape: NoteShape(chart: chart, roles: roles, options: options))
    let onsets = TimeMap(axis: chart.xAxis, options: options).onsets(of: chart.series[0], order: 0)
    // One point after another, written here.
    let reference = points.indices.compactMap { index in
      points[index].y.map {
        voicing.note(voicing.sounding(points[index], index: index, y: $0, onset: onsets[index]))
      }
    }
    #expect(reference.count == count - count / 997 - 2)
    /// How many notes differ from the reference, in any field or by being missing or extra.
    func differences(_ notes: [Note]) -> Int {
      func fields(_ note: Note) -> [Int] {
        [
          note.on, note.off, Int(note.pitch), Int(note.velocity), Int(note.bend?.value ?? 0),
          Int(note.channel?.value ?? 99),
        ]
      }
      return zip(notes, reference).filter { fields($0) != fields($1) }.count
        + abs(notes.count - reference.count)
    }
    for parts in [nil, 1, 2, 5, 16] {
      let made = points.withUnsafeBufferPointer {
        voicing.notes(of: $0, onsets: onsets, parts: parts)
      }
      #expect(differences(made) == 0, "parts: \(parts.map(String.init) ?? "default")")
    }
    // The mapper takes this way for such a series, and keeps every note's order.
    var markers = MarkerText(chart: chart, style: .labelled, namesSeries: false)
    let voices = voicing.voice(chart.series[0], onsets: onsets, markers: &markers)
    guard case .notes(let mapped)? = voices.tracks.first?.content else {
      Issue.record("expected one track of notes")
      return
    }
    #expect(voices.tracks.count == 1)
    #expect(differences(mapped) == 0)
  }
}
