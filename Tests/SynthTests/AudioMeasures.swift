import Foundation
import MIDIMap
import TestSupport
import Testing

@testable import Synth

func soundFont() throws -> URL { try SoundFontLocator.locate() }

/// Root mean square of a stretch of one side.
func rms(_ samples: [Float], from start: Int, to end: Int) -> Double {
  let lower = max(0, start)
  let upper = min(samples.count, end)
  guard lower < upper else { return 0 }
  let slice = samples[lower..<upper]
  return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot()
}

/// The fundamental frequency by autocorrelation, searching 50 Hz to 2 kHz.
func fundamental(_ samples: ArraySlice<Float>, sampleRate: Int) -> Double {
  let signal = samples.map(Double.init)
  let minLag = sampleRate / 2000
  let maxLag = sampleRate / 50
  var best = (lag: 0, value: -Double.infinity)
  var correlations = [Double](repeating: 0, count: maxLag + 2)
  for lag in minLag...(maxLag + 1) {
    var sum = 0.0
    for index in 0..<(signal.count - lag) { sum += signal[index] * signal[index + lag] }
    correlations[lag] = sum
  }
  // The first strong peak: the true period, not a multiple of it.
  let global = correlations[minLag...maxLag].max()!
  for lag in (minLag + 1)..<maxLag
  where correlations[lag] > 0.9 * global && correlations[lag] >= correlations[lag - 1]
    && correlations[lag] >= correlations[lag + 1]
  {
    best = (lag, correlations[lag])
    break
  }
  // Parabolic interpolation around the peak.
  let (a, b, c) = (correlations[best.lag - 1], correlations[best.lag], correlations[best.lag + 1])
  let shift = (a - c) / (2 * (a - 2 * b + c))
  return Double(sampleRate) / (Double(best.lag) + shift)
}

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
