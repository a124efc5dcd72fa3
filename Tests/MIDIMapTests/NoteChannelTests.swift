import Descriptor
import Foundation
import TestSupport
import Testing

@testable import MIDIMap

/// Notes of an exact-pitch track, read from a file: for each, whether any pitch bend on its channel
/// changed its pitch while it sounded, or during the half second of its release.
func detunedNotes(in track: MIDIFile.Track) -> (notes: Int, detuned: Int) {
  var sounding: [Int: (key: Int, until: Int?)] = [:]  // channel: the latest note and its release end
  var notes = 0
  var detuned: Set<Int> = []  // indices of notes, counted once
  var noteOfChannel: [Int: Int] = [:]
  for event in track.events {
    guard let (channel, message) = event.channelMessage else { continue }
    let c = Int(channel.value)
    switch message {
    case .noteOn(let key, _):
      notes += 1
      sounding[c] = (Int(key.value), nil)
      noteOfChannel[c] = notes
    case .noteOff(let key):
      if sounding[c]?.key == Int(key.value) { sounding[c]?.until = event.tick + 480 }
    case .pitchBend:
      if let note = sounding[c], note.until.map({ event.tick < $0 }) ?? true,
        let index = noteOfChannel[c]
      {
        detuned.insert(index)
      }
    default: break
    }
  }
  return (notes, detuned.count)
}

@Suite("A channel per sounding note at exact pitch")
struct NoteChannelTests {
  /// Twenty notes of 1.5 s, one every 0.25 s: six or seven sound at once.
  func overlappingChart() -> ChartDescriptor {
    let length = Axis.numeric(NumericAxis(title: "Length", range: 0...1))
    return simpleChart(
      points: (0..<20).map { index in
        DataPoint(
          x: .number(Double(index) / 4), y: 10 + Double(index * 37 % 80) + 0.37,
          additionalValues: [.number(1)])
      },
      additionalAxes: [length])
  }

  func exactOptions() -> SonificationOptions {
    var options = SonificationOptions()
    options.scale = .exact
    options.totalDuration = 10
    options.durationRange = 0.5...1.5
    return options
  }

  @Test func overlappingNotesEachHoldTheirOwnPitch() throws {
    let chart = overlappingChart()
    let score = try ChartMapper(options: exactOptions()).makeScore(for: chart)
    let track = score.tracks[0]
    // A Lower Zone: manager channel 1 (index 0), members from channel 2, never channel 10.
    #expect(track.channel == 0)
    #expect(track.memberChannels == (1...8).map { UInt4(exactly: $0)! })
    let file = try expectFileAgrees(score)
    let result = detunedNotes(in: file.tracks[1])
    #expect(result.notes == 20)
    #expect(result.detuned == 0)
    // Each note sounds at its exact pitch: the key plus its channel's bend.
    let pitch = PitchInterpreter.reading(file.tracks[1])
    let exact = chart.series[0].dataPoints.map { 48 + ($0.y! / 100) * 36 }
    #expect(pitch.notes.count == exact.count)
    for (note, wanted) in zip(pitch.notes, exact) {
      #expect(abs(note.pitch - wanted) * 100 < 1, "at \(note.onset) s")
      #expect(note.channel != 0 && note.channel != 9)
    }
  }

  @Test func theManagerChannelCarriesTheMPEConfiguration() throws {
    let score = try ChartMapper(options: exactOptions()).makeScore(for: overlappingChart())
    let manager = score.tracks[0].events.filter { $0.channel == nil }.map(\.message)
    let rpn6: [MIDIMessage] = [
      .controlChange(controller: 101, value: 0), .controlChange(controller: 100, value: 6),
      .controlChange(controller: 6, value: 8),
    ]
    #expect(manager.indices.dropLast(2).contains { Array(manager[$0..<($0 + 3)]) == rpn6 })
    // The manager plays no note; every member has its program, pan and bend range.
    #expect(!manager.contains { if case .noteOn = $0 { true } else { false } })
    for member in score.tracks[0].memberChannels {
      let own = score.tracks[0].events.filter { $0.channel == member }.map(\.message)
      #expect(own.contains(.programChange(0)))
      #expect(own.contains(.controlChange(controller: 6, value: 2)))
    }
  }

  @Test func sparseNotesTakeFewChannelsAndOtherTracksComeAfter() throws {
    var chart = overlappingChart()
    chart.series[0].dataPoints = Array(chart.series[0].dataPoints.prefix(3))
    chart.series.append(
      DataSeries(name: "T", isContinuous: false, dataPoints: chart.series[0].dataPoints))
    var options = exactOptions()
    options.durationRange = 0.1...0.1
    options.totalDuration = 30  // notes 0.75 s apart: a channel is free again after 0.6 s
    let score = try ChartMapper(options: options).makeScore(for: chart)
    #expect(score.tracks[0].channels == [0, 1])
    // The second track starts after the first's channels, and is not a zone: no manager.
    #expect(score.tracks[1].channels == [2])
    #expect(
      !score.tracks[1].events.contains { $0.message == .controlChange(controller: 100, value: 6) })
    try expectFileAgrees(score)
  }

  @Test func theCarsChartAtExactPitchDetunesNoNote() throws {
    var options = SonificationOptions()
    options.scale = .exact
    let score = try ChartMapper(options: options).makeScore(
      for: try ChartDescriptor(contentsOf: example("cars")))
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    var notes = 0
    for track in file.tracks.dropFirst() where track.name != "Gridlines" {
      let result = detunedNotes(in: track)
      notes += result.notes
      #expect(result.detuned == 0, "\(track.name ?? "")")
    }
    #expect(notes == 14)
  }
}
