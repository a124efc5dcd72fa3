import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// What makes a file sound the same in every player: the General MIDI bend range, notes long enough
/// to hear, a key signature for a chosen scale, sustaining timbres for tones that last.
@Suite("Sound that is right in any player")
struct PlayerCompatibilityTests {
  /// With `--bend-range 2`, a glide sounds the same in a player that ignores RPN 0, which assumes
  /// General MIDI's 2 semitones; by default, RPN 0 sets the range chosen for the series.
  @Test func aGlideAtTwoSemitonesSoundsTheSameInAPlayerThatIgnoresTheBendRange() throws {
    let chart = try ChartDescriptor(contentsOf: example("birth-rate"))
    var options = SonificationOptions()
    options.bendRange = 2
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let honouring = PitchInterpreter.reading(file.tracks[1])
    let ignoring = PitchInterpreter.reading(file.tracks[1], honoursBendRange: false)
    #expect(honouring.glidePitches.count > 100)
    #expect(honouring.notes == ignoring.notes)
    #expect(
      zip(honouring.glidePitches, ignoring.glidePitches).allSatisfy {
        abs($0.pitch - $1.pitch) < 1e-9
      })
    // RPN 0 still says so: data entry 2 after CC 101 = 0, CC 100 = 0.
    let controls = file.tracks[1].events.compactMap { event -> (UInt8, UInt8)? in
      guard case .controlChange(let controller, let value)? = event.channelMessage?.message else {
        return nil
      }
      return (controller.value, value.value)
    }
    let entry = try #require(controls.firstIndex { $0.0 == 6 })
    #expect(controls[entry - 2].0 == 101 && controls[entry - 2].1 == 0)
    #expect(controls[entry - 1].0 == 100 && controls[entry - 1].1 == 0)
    #expect(controls[entry].1 == 2)
    // By default: the range that spans the series, one held note.
    let chosen = try MIDIFile(bytes: SMFEncoder().encode(try ChartMapper().makeScore(for: chart)))
    let reading = PitchInterpreter.reading(chosen.tracks[1])
    #expect(reading.notes.count == 1, "\(reading.notes)")
    #expect(reading.glidePitches.count > 100)
  }

  @Test func denseNotesAreNeverShorterThanFiftyMilliseconds() throws {
    var chart = try ChartDescriptor(contentsOf: example("temperatures"))
    chart.sonification = nil
    var options = SonificationOptions()
    options.continuous = .notes
    let score = try ChartMapper(options: options).makeScore(for: chart)
    for track in score.tracks.prefix(2) {
      let heard = notes(of: track)
      // 365 days in 10 s is a point every 27 ms: notes of one pitch that close sound as one.
      #expect(heard.count > 100 && heard.count < 365, "\(track.name)")
      #expect(heard.allSatisfy { $0.end - $0.onset >= 0.05 - 1e-9 }, "\(track.name)")
    }
    try expectFileAgrees(score)
  }

  @Test(
    "a chosen scale writes its key signature",
    arguments: [
      (SonificationOptions.Scale.major, 50, 2, 0), (.pentatonic, 48, 0, 0), (.minor, 57, 0, 1),
      (.minor, 50, -1, 1), (.major, 51, -3, 0), (.major, 54, 6, 0),
    ] as [(SonificationOptions.Scale, Int, Int, UInt8)])
  func keySignature(scale: SonificationOptions.Scale, low: Int, sharps: Int, minor: UInt8) throws {
    var options = SonificationOptions()
    options.scale = scale
    options.noteRange = low...(low + 24)
    let score = try ChartMapper(options: options).makeScore(
      for: simpleChart(points: [DataPoint(x: .number(1), y: 50)]))
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let keys = file.tracks[0].events.filter { $0.isMeta(.keySignature) }
    #expect(keys.count == 1)
    #expect(
      keys.first.flatMap(\.metaData).map(Array.init) == [UInt8(bitPattern: Int8(sharps)), minor])
  }

  @Test(
    "a key roots the scale on its pitch class, spelled as named",
    arguments: [
      ("D", SonificationOptions.Scale.major, [2, 4, 6, 7, 9, 11, 1], 2, 0),
      ("Bb", .major, [10, 0, 2, 3, 5, 7, 9], -2, 0), ("F#", .minor, [6, 8, 9, 11, 1, 2, 4], 3, 1),
      ("Gb", .major, [6, 8, 10, 11, 1, 3, 5], -6, 0), ("E", .pentatonic, [4, 6, 8, 11, 1], 4, 0),
    ] as [(String, SonificationOptions.Scale, [Int], Int, UInt8)])
  func key(
    name: String, scale: SonificationOptions.Scale, pitchClasses: [Int], sharps: Int, minor: UInt8
  )
    throws
  {
    var options = SonificationOptions()
    options.scale = scale
    options.key = name
    // 12 notes a second, under the grouping limit, rising over the whole y axis.
    let points = (0..<120).map { DataPoint(x: .number(Double($0) / 12), y: Double($0) * 100 / 119) }
    let score = try ChartMapper(options: options).makeScore(for: simpleChart(points: points))
    let played = Set(notes(of: score.tracks[0]).map { Int($0.pitch) % 12 })
    // A rising line over three octaves plays every degree of the scale and no other note.
    #expect(played == Set(pitchClasses))
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let keys = file.tracks[0].events.filter { $0.isMeta(.keySignature) }.compactMap(\.metaData)
    #expect(keys.map(Array.init) == [[UInt8(bitPattern: Int8(sharps)), minor]])
  }

  @Test func aTimeSignatureIsWritten() throws {
    let options = try SonificationOptions().applying([
      .commandLine(.timeSignature, ["6/8"], flag: "--time-signature")
    ])
    let score = try ChartMapper(options: options).makeScore(
      for: simpleChart(points: [DataPoint(x: .number(1), y: 50)]))
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let signatures = file.tracks[0].events.filter { $0.isMeta(.timeSignature) }.compactMap(
      \.metaData)
    // 6 beats of eighth notes (2^3), a click each dotted quarter (36 MIDI clocks: 6/8 is
    // compound), 8 32nd notes a quarter note.
    #expect(signatures.map(Array.init) == [[6, 3, 36, 8]])
  }

  @Test(arguments: [SonificationOptions.Scale.chromatic, .exact])
  func noKeyWithoutAScale(scale: SonificationOptions.Scale) throws {
    var options = SonificationOptions()
    options.scale = scale
    let score = try ChartMapper(options: options).makeScore(
      for: simpleChart(points: [DataPoint(x: .number(1), y: 50)]))
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    #expect(!file.tracks[0].events.contains { $0.isMeta(.keySignature) })
  }

  @Test func continuousSeriesTakeSustainingTimbresAndDecayingOnesAreStruckAgain() throws {
    let points = (0...40).map { DataPoint(x: .number(Double($0) / 4), y: 50) }
    let chart = simpleChart(points: points, isContinuous: true)
    let held = try ChartMapper().makeScore(for: chart).tracks[0]
    #expect(held.program == 73)
    #expect(!Instruments.decays(held.program))
    #expect(notes(of: held).count == 1)
    // On a piano, a level line of 10 s is struck again every second.
    var options = SonificationOptions()
    options.programs = ["S": 0]
    let struck = notes(of: try ChartMapper(options: options).makeScore(for: chart).tracks[0])
    #expect(struck.count == 11)
    #expect(zip(struck, struck.dropFirst()).allSatisfy { abs($1.onset - $0.onset - 1) < 0.011 })
    #expect(struck.allSatisfy { $0.pitch == struck[0].pitch })
  }
}
