import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIBase
@testable import Chart2MIDICore
@testable import Chart2MIDISonification

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

  /// Three series of notes spread evenly over x, each lasting 0.3 s.
  func threeSeries(points: Int) -> ChartDescriptor {
    var chart = simpleChart(
      points: (0..<points).map { index in
        DataPoint(
          x: .number(Double(index) * 10 / Double(points)), y: 10 + Double(index * 37 % 80) + 0.37)
      })
    for name in ["B", "C"] {
      let shifted = chart.series[0].dataPoints.map { point in
        DataPoint(x: point.x, y: 100 - point.y!)
      }
      chart.series.append(DataSeries(name: name, isContinuous: false, dataPoints: shifted))
    }
    return chart
  }

  func threeSeriesOptions(seconds: Double) -> SonificationOptions {
    var options = SonificationOptions()
    options.scale = .exact
    options.totalDuration = seconds
    options.noteDuration = 0.3
    options.gridlines = false
    return options
  }

  @Test func seriesShareOnePortWhenTheirChannelsFit() throws {
    let score = try ChartMapper(options: threeSeriesOptions(seconds: 20)).makeScore(
      for: threeSeries(points: 20))
    #expect(score.portCount == 1)
    #expect(score.nearestPitchNotes == 0)
    var taken: Set<UInt4> = []
    for track in score.tracks {
      #expect(track.port == 0)
      #expect(taken.isDisjoint(with: track.channels), "\(track.name)")
      #expect(!track.channels.contains(.percussion))
      taken.formUnion(track.channels)
    }
    // Channels were spare: the first series is an MPE Lower Zone, its manager on channel 1.
    #expect(score.tracks[0].channel == 0)
    #expect(
      score.tracks[0].events.contains { $0.message == .controlChange(controller: 100, value: 6) })
    #expect(
      !score.tracks[1].events.contains { $0.message == .controlChange(controller: 100, value: 6) })
    let file = try expectFileAgrees(score)
    for track in file.tracks.dropFirst() {
      #expect(detunedNotes(in: track).detuned == 0)
    }
  }

  @Test func tooManyNotesAtOnceFallBackWithoutRetuningASoundingNote() throws {
    // Each series plays 8 notes a second, each busy for 0.8 s with its release: 15 channels
    // cannot bend them all apart.
    let chart = threeSeries(points: 80)
    let score = try ChartMapper(options: threeSeriesOptions(seconds: 10)).makeScore(for: chart)
    #expect(score.portCount == 1)
    #expect(score.tracks.map(\.channels.count).reduce(0, +) == 15)
    #expect(score.tracks.allSatisfy { $0.channels.count >= 1 })
    #expect(score.nearestPitchNotes > 0)
    #expect(score.nearestPitchNotes < score.tracks.map(\.noteCount).reduce(0, +) / 2)
    let file = try expectFileAgrees(score)
    for (track, series) in zip(file.tracks.dropFirst(), chart.series) {
      #expect(detunedNotes(in: track).detuned == 0, "\(track.name ?? "")")
      // Every note sounds within half a semitone of its y, bent or not.
      let heard = PitchInterpreter.reading(track).notes
      let wanted = series.dataPoints.map { 48 + ($0.y! / 100) * 36 }
      #expect(heard.count == wanted.count)
      for (note, pitch) in zip(heard, wanted) {
        #expect(abs(note.pitch - pitch) <= 0.5 + 1e-9, "at \(note.onset) s")
      }
    }
  }

  @Test func fallbacksAreFewestWhereChannelsGoFirst() {
    // Dense notes need channels; sparse ones need one.
    let dense = (0..<40).map {
      Note(
        on: $0 * 96, off: $0 * 96 + 240, pitch: 60, velocity: 100, bend: UInt14(clamping: 8192 + $0)
      )
    }
    let sparse = (0..<5).map {
      Note(on: $0 * 4000, off: $0 * 4000 + 240, pitch: 60, velocity: 100, bend: 9000)
    }
    let counts = NoteChannels.share(6, among: [sparse, dense], bendRange: 2)
    #expect(counts == [1, 5])
    #expect(NoteChannels.fallbacks(for: sparse, channels: 1, bendRange: 2) == 0)
    #expect(NoteChannels.share(1, among: [sparse, dense], bendRange: 2) == nil)
    // A note with the bend its channel already has joins it without a bend of its own.
    var same = [
      Note(on: 0, off: 480, pitch: 60, velocity: 100, bend: 9000),
      Note(on: 100, off: 480, pitch: 64, velocity: 100, bend: 9000),
    ]
    #expect(NoteChannels.assign(&same, to: [1, 2], bendRange: 2) == 0)
    #expect(same.map(\.channel) == [1, 1])
    #expect(same[1].bend == nil)
  }

  @Test func portsOnlyWhenAsked() throws {
    var options = threeSeriesOptions(seconds: 20)
    options.exactLayout = .ports
    let score = try ChartMapper(options: options).makeScore(for: threeSeries(points: 20))
    #expect(score.tracks.map(\.port) == [0, 1, 2])
    for track in score.tracks {
      #expect(track.channel == 0)
      #expect(
        track.events.contains { $0.message == .controlChange(controller: 100, value: 6) })
    }
  }
}
