import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// A one-series chart on x 0...10 and y 0...100.
func simpleChart(
  points: [DataPoint], isContinuous: Bool = false, additionalAxes: [Axis] = [],
  xAxis: Axis = .numeric(NumericAxis(title: "X", range: 0...10))
) -> ChartDescriptor {
  ChartDescriptor(
    title: "T", xAxis: xAxis, yAxis: NumericAxis(title: "Y", range: 0...100),
    additionalAxes: additionalAxes,
    series: [DataSeries(name: "S", isContinuous: isContinuous, dataPoints: points)])
}

/// A note as heard: onset, end, pitch, velocity; paired from a track's events.
struct HeardNote: Equatable {
  var onset: Double
  var end: Double
  var pitch: Int
  var velocity: Int
}

func notes(of track: ScoreTrack) -> [HeardNote] {
  var open: [Int: HeardNote] = [:]
  var result: [HeardNote] = []
  for event in track.events {
    switch event.message {
    case .noteOn(let note, let velocity):
      open[Int(note.value)] = HeardNote(
        onset: event.time, end: -1, pitch: Int(note.value), velocity: Int(velocity.value))
    case .noteOff(let note):
      if var heard = open.removeValue(forKey: Int(note.value)) {
        heard.end = event.time
        result.append(heard)
      }
    default: break
    }
  }
  return result.sorted { ($0.onset, $0.pitch) < ($1.onset, $1.pitch) }
}

/// A note as it sounds, read from channel messages: its onset, the channel, and its pitch in
/// fractional MIDI notes (the key plus the pitch bend under the bend range set by RPN 0).
struct SoundingNote: Equatable {
  var onset: Double
  var channel: Int
  var pitch: Double
}

/// Follows channel messages (bytes as in a file) and lists the notes with their sounding pitch; also
/// the sounding pitch at every pitch-bend change while a note holds.
struct PitchInterpreter {
  /// Whether RPN 0 sets the bend range, or the range stays at General MIDI's 2 semitones, as in
  /// players that ignore RPN 0 (LMMS, many DAW synths).
  var honoursBendRange = true
  private var bendRange = [Double](repeating: 2, count: 16)  // the General MIDI default
  private var bend = [Int](repeating: 8192, count: 16)
  private var rpn = [(Int, Int)](repeating: (127, 127), count: 16)
  private var held = [Int?](repeating: nil, count: 16)
  private(set) var notes: [SoundingNote] = []
  /// (time, channel, pitch) whenever the pitch of a held note changes by a bend.
  private(set) var glidePitches: [(time: Double, channel: Int, pitch: Double)] = []

  func pitch(_ key: Int, channel: Int) -> Double {
    Double(key) + Double(bend[channel] - 8192) / 8192 * bendRange[channel]
  }

  mutating func read(_ bytes: [UInt8], at time: Double) {
    guard let status = bytes.first, status >= 0x80, status < 0xF0 else { return }
    let channel = Int(status & 0x0F)
    switch status & 0xF0 {
    case 0x90 where bytes[2] > 0:
      held[channel] = Int(bytes[1])
      notes.append(
        SoundingNote(onset: time, channel: channel, pitch: pitch(Int(bytes[1]), channel: channel)))
    case 0x80, 0x90:
      if held[channel] == Int(bytes[1]) { held[channel] = nil }
    case 0xB0:
      switch bytes[1] {
      case 101: rpn[channel].0 = Int(bytes[2])
      case 100: rpn[channel].1 = Int(bytes[2])
      case 6 where rpn[channel] == (0, 0) && honoursBendRange:
        bendRange[channel] = Double(bytes[2])
      default: break
      }
    case 0xE0:
      bend[channel] = Int(bytes[1]) | Int(bytes[2]) << 7
      if let key = held[channel] {
        glidePitches.append((time, channel, pitch(key, channel: channel)))
      }
    default: break
    }
  }

  /// The notes of a score's track.
  static func reading(_ track: ScoreTrack) -> PitchInterpreter {
    var interpreter = PitchInterpreter()
    for event in track.events {
      interpreter.read(event.message.bytes(channel: event.channel ?? track.channel), at: event.time)
    }
    return interpreter
  }

  /// The notes of a file's track, as libsmf reads it.
  static func reading(_ track: MIDIFile.Track, honoursBendRange: Bool = true) -> PitchInterpreter {
    var interpreter = PitchInterpreter()
    interpreter.honoursBendRange = honoursBendRange
    for event in track.events { interpreter.read(event.bytes, at: event.seconds) }
    return interpreter
  }
}

/// The score's first track's sounding notes, and the same read back from its encoded file.
func soundingNotesBothWays(_ score: Score, track index: Int = 0) throws -> (
  score: PitchInterpreter, file: PitchInterpreter
) {
  let file = try MIDIFile(bytes: SMFEncoder().encode(score))
  return (
    PitchInterpreter.reading(score.tracks[index]), PitchInterpreter.reading(file.tracks[index + 1])
  )
}

/// Encodes the score, reads the file back with libsmf, and checks that every track sounds the same
/// notes at the same pitches and times, has the same pans and programs, and that the markers match.
/// Returns the file for further checks.
@discardableResult
func expectFileAgrees(_ score: Score, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> MIDIFile
{
  let file = try MIDIFile(bytes: SMFEncoder().encode(score))
  #expect(file.tracks.count == score.tracks.count + 1, sourceLocation: sourceLocation)
  for (track, read) in zip(score.tracks, file.tracks.dropFirst()) {
    let written = PitchInterpreter.reading(track).notes
    let heard = PitchInterpreter.reading(read).notes
    #expect(written.count == heard.count, "\(track.name)", sourceLocation: sourceLocation)
    for (a, b) in zip(written, heard) {
      #expect(
        a.pitch == b.pitch && a.channel == b.channel && abs(a.onset - b.onset) < 1e-6,
        sourceLocation: sourceLocation)
    }
    func controls(_ events: [(UInt8, [UInt8])]) -> [[UInt8]] {
      events.filter { ($0.0 & 0xF0 == 0xB0 && [7, 10].contains($0.1[1])) || $0.0 & 0xF0 == 0xC0 }
        .map(\.1)
    }
    let writtenControls = controls(
      track.events.map {
        let b = $0.message.bytes(channel: $0.channel ?? track.channel)
        return (b[0], b)
      })
    let readControls = controls(
      read.events.filter { $0.bytes.count >= 2 }.map { ($0.bytes[0], $0.bytes) })
    #expect(writtenControls == readControls, "\(track.name)", sourceLocation: sourceLocation)
  }
  let markers = score.conductorEvents.compactMap { event -> String? in
    if case .marker(let text) = event.message { return text }
    return nil
  }
  #expect(
    file.tracks[0].events.filter { $0.isMeta(.marker) }.compactMap(\.text) == markers,
    sourceLocation: sourceLocation)
  return file
}
