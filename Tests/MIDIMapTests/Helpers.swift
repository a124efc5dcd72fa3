import Descriptor
import Foundation

@testable import MIDIMap

let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

let exampleFiles = (try? FileManager.default.contentsOfDirectory(
  at: projectRoot.appendingPathComponent("Examples"), includingPropertiesForKeys: nil))?
  .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path } ?? []

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
