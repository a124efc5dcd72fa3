import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import Testing

import struct Chart2MIDIBase.SeededGenerator

@testable import Chart2MIDIBase
@testable import Chart2MIDICore
@testable import Chart2MIDISonification

@Suite("Exact pitch and glides")
struct PitchBendTests {
  func cents(_ a: Double, _ b: Double) -> Double { abs(a - b) * 100 }

  /// The same notes: equal pitches and channels, onsets within a microsecond (libsmf computes seconds
  /// in floating point).
  func same(_ a: [SoundingNote], _ b: [SoundingNote]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        $0.pitch == $1.pitch && $0.channel == $1.channel && abs($0.onset - $1.onset) < 1e-6
      }
  }

  @Test func exactPitchIsProportionalToYWithinOneCent() throws {
    var options = SonificationOptions()
    options.scale = .exact
    options.noteDuration = 0.1
    let ys = stride(from: 0.0, through: 100, by: 1.37).map { $0 }
    let chart = simpleChart(
      points: ys.enumerated().map { DataPoint(x: .number(Double($0.offset) * 0.1), y: $0.element) })
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let (fromScore, fromFile) = try soundingNotesBothWays(score)
    #expect(same(fromScore.notes, fromFile.notes))
    #expect(fromFile.notes.count == ys.count)
    for (note, y) in zip(fromFile.notes, ys) {
      #expect(cents(note.pitch, 48 + y / 100 * 36) <= 1, "y \(y)")
    }
  }

  @Test func theBendRangeIsSetByRPNBeforeTheFirstNote() throws {
    var options = SonificationOptions()
    options.scale = .exact
    options.bendRange = 7
    let score = try ChartMapper(options: options).makeScore(
      for: simpleChart(points: [DataPoint(x: .number(1), y: 50)]))
    let messages = score.tracks[0].events.map(\.message)
    let firstNote = try #require(
      messages.firstIndex { if case .noteOn = $0 { true } else { false } })
    let rpn: [MIDIMessage] = [
      .controlChange(controller: 101, value: 0), .controlChange(controller: 100, value: 0),
      .controlChange(controller: 6, value: 7), .controlChange(controller: 38, value: 0),
      .controlChange(controller: 101, value: 127), .controlChange(controller: 100, value: 127),
    ]
    // On the note's own channel (a member of the zone), before the note.
    let start = try #require(
      messages.indices.dropLast(5).first { Array(messages[$0..<($0 + 6)]) == rpn })
    #expect(start < firstNote)
    #expect(score.tracks[0].events[start].channel == score.tracks[0].events[firstNote].channel)
  }

  /// The inverse check: for exact pitch and linear time, x and y come back from the file within
  /// the quantization (half a tick of time, a hundredth of a cent of pitch).
  @Test func xAndYComeBackFromTheFile() throws {
    var options = SonificationOptions()
    options.scale = .exact
    // 200 points over 40 s: at least 80 ms apart, so no two notes merge for being too short.
    options.totalDuration = 40
    options.noteDuration = 0.05
    let xRange = 1900.0...2000
    let yRange = -40.0...60
    var points: [DataPoint] = []
    var generator = SeededGenerator(seed: 20_261_123)
    for index in 0..<200 {
      let x = 1900 + Double(index) * 0.5 + Double.random(in: 0..<0.4, using: &generator)
      points.append(DataPoint(x: .number(x), y: Double.random(in: yRange, using: &generator)))
    }
    let chart = ChartDescriptor(
      title: "inverse", xAxis: .numeric(NumericAxis(title: "X", range: xRange)),
      yAxis: NumericAxis(title: "Y", range: yRange),
      series: [DataSeries(name: "S", isContinuous: false, dataPoints: points)])
    let file = try MIDIFile(
      bytes: SMFEncoder().encode(try ChartMapper(options: options).makeScore(for: chart)))
    let heard = PitchInterpreter.reading(file.tracks[1]).notes
    #expect(heard.count == points.count)
    let secondsPerX = 40 / (xRange.upperBound - xRange.lowerBound)
    let semitonesPerY = 36 / (yRange.upperBound - yRange.lowerBound)
    for (note, point) in zip(heard, points) {
      let x = xRange.lowerBound + note.onset / secondsPerX
      let y = yRange.lowerBound + (note.pitch - 48) / semitonesPerY
      #expect(abs(x - point.x.number!) <= 0.5 / 960 / secondsPerX + 1e-9)
      // One bend step is 2/8192 semitone under the default range; half of it is the quantization.
      #expect(abs(y - point.y!) <= 0.5 * 2 / 8192 / semitonesPerY + 1e-9)
    }
  }

  @Test func aContinuousSeriesGlidesAndRetriggersPastTheBendRange() throws {
    // y from 0 to 100 over 10 s: 36 semitones, more than the 12-semitone bend range.
    let ys: [Double] = [0, 40, 100, 20]
    let chart = simpleChart(
      points: ys.enumerated().map {
        DataPoint(x: .number(Double($0.offset) * 10 / 3), y: $0.element)
      },
      isContinuous: true)
    var options = SonificationOptions()
    options.bendRange = 12
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let (fromScore, fromFile) = try soundingNotesBothWays(score)
    #expect(same(fromScore.notes, fromFile.notes))
    #expect(fromScore.glidePitches.count == fromFile.glidePitches.count)
    // One tone, restarted when the bend range runs out: more than one note, fewer than the points'
    // pitch span in octaves would need with a note per point.
    #expect(fromFile.notes.count >= 3)
    #expect(fromFile.notes.count < 10)
    // The held pitch follows the line between the points, within a cent.
    func expected(at time: Double) -> Double {
      let position = time / (10.0 / 3)
      let segment = min(2, Int(position))
      let fraction = position - Double(segment)
      let y = ys[segment] + (ys[segment + 1] - ys[segment]) * fraction
      return 48 + y / 100 * 36
    }
    #expect(fromFile.glidePitches.count > 500)
    for sample in fromFile.glidePitches where sample.time <= 10 {
      #expect(cents(sample.pitch, expected(at: sample.time)) <= 1.5, "at \(sample.time) s")
    }
    // Bends stay in the 14-bit range and every note ends.
    for event in score.tracks[0].events {
      if case .pitchBend(let value) = event.message { #expect(value <= 16383) }
    }
    #expect(score.tracks[0].noteCount == fromFile.notes.count)
  }

  @Test func aGapStopsTheToneAndItStartsAgain() throws {
    let chart = simpleChart(
      points: [
        DataPoint(x: .number(0), y: 50), DataPoint(x: .number(2), y: 55),
        DataPoint(x: .number(4), y: nil),
        DataPoint(x: .number(6), y: 60), DataPoint(x: .number(8), y: 65),
      ], isContinuous: true)
    let track = try ChartMapper().makeScore(for: chart).tracks[0]
    let heard = notes(of: track)
    #expect(heard.count == 2)
    #expect(heard[0].onset == 0)
    // The first tone ends at its last point plus the note duration, before the gap at 4 s.
    #expect(abs(heard[0].end - 2.25) < 1e-9)
    #expect(heard[1].onset == 6)
    // Silence through the gap: nothing sounds from 2.25 s to 6 s.
    #expect(!heard.contains { $0.onset < 6 && $0.end > 2.25 })
  }

  @Test func glidesCanBeTurnedIntoNotes() throws {
    var options = SonificationOptions()
    options.continuous = .notes
    let chart = simpleChart(
      points: [0.0, 2, 4].map { DataPoint(x: .number($0), y: $0 * 20) }, isContinuous: true)
    let track = try ChartMapper(options: options).makeScore(for: chart).tracks[0]
    #expect(track.noteCount == 3)
    #expect(!track.events.contains { if case .pitchBend = $0.message { true } else { false } })
  }
}
