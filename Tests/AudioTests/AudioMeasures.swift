import Chart2MIDICore
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

func soundFont() throws -> URL { try SoundFontLocator.locate() }

func track(
  _ name: String, channel: UInt4, program: UInt7, notes: [(on: Double, off: Double, pitch: UInt7)]
) -> ScoreTrack {
  var events = [ScoreEvent(time: 0, message: .programChange(program))]
  var timed: [(Double, Int, MIDIMessage)] = []
  for note in notes {
    timed.append((note.on, 1, .noteOn(note: note.pitch, velocity: 100)))
    timed.append((note.off, 0, .noteOff(note: note.pitch)))
  }
  events += timed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map {
    ScoreEvent(time: $0.0, message: $0.2)
  }
  return ScoreTrack(name: name, stem: name, channel: channel, program: program, events: events)
}
