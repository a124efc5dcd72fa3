import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

import struct Chart2MIDIBase.SeededGenerator

@testable import Chart2MIDIBase
@testable import Chart2MIDICore
@testable import Chart2MIDISonification

@Suite("Dense points play in groups")
struct PointGroupingTests {
  /// 10,000 points in 10 s: a random walk with three spikes, every 500th point labelled.
  func denseChart() -> ChartDescriptor {
    var generator = SeededGenerator(seed: 7)
    var y = 50.0
    let points = (0..<10_000).map { index -> DataPoint in
      y = min(60, max(40, y + Double.random(in: -1...1, using: &generator)))
      let spike: Double? = [2_000: 100, 5_000: 0, 8_000: 99][index]
      return DataPoint(
        x: .number(Double(index) / 1000), y: spike ?? y,
        label: index % 500 == 0 ? "p\(index)" : nil)
    }
    return simpleChart(points: points)
  }

  /// Note-on times in ticks, from the file libsmf reads back.
  func onsets(_ score: Score) throws -> [Int] {
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    return file.tracks[1].events.filter {
      if case .noteOn? = $0.channelMessage?.message { true } else { false }
    }.map(\.tick)
  }

  /// The most note-ons in any second, wherever it starts (a second starting at a note holds the
  /// most).
  func densestSecond(_ ticks: [Int]) -> Int {
    ticks.indices.map { index in
      ticks[index...].prefix { $0 < ticks[index] + 960 }.count
    }.max() ?? 0
  }

  @Test func minmaxKeepsTheRateTheExtremesTheOutliersAndEveryMarker() throws {
    let chart = denseChart()
    let score = try ChartMapper().makeScore(for: chart)
    let ticks = try onsets(score)
    // At most 16 notes in any second.
    #expect(densestSecond(ticks) <= 16)
    #expect(ticks.count > 100)
    // Grouping leaves a note per kept point; a few kept points of one pitch 50 ms apart then sound as one.
    #expect(ticks.count <= 10_000 - score.groupedPoints)
    #expect(ticks.count >= 10_000 - score.groupedPoints - 20)
    // The extremes and every outlier play at their own times.
    let statistics = SeriesStatistics(series: 0, of: chart)
    let outliers = statistics.outliers.map(\.index)
    #expect(Set([2_000, 5_000, 8_000]).isSubset(of: outliers))
    for index in [statistics.minimum!.index, statistics.maximum!.index] + outliers {
      #expect(ticks.contains(index * 96 / 100), "point \(index)")
    }
    // Every labelled point keeps its marker.
    let markers = score.conductorEvents.filter {
      if case .marker = $0.message { true } else { false }
    }
    #expect(markers.count == 20)
  }

  /// 400 points in 10 s, 40 a second, on pitches that repeat only every 37 points.
  func zigzag() -> ChartDescriptor {
    simpleChart(
      points: (0..<400).map {
        DataPoint(x: .number(Double($0) / 40), y: Double($0 * 7 % 37) / 36 * 100)
      })
  }

  /// Windows of 1/15 s hold a note each and windows of 2/14 s two (minmax), so that any second,
  /// which overlaps one window more than it covers, holds at most 16: 150 and 140 in 10 s.
  @Test(
    "each rule plays at most the limit in any second",
    arguments: [
      (SonificationOptions.Grouping.first, 150), (.last, 150), (.mean, 150), (.minmax, 140),
    ] as [(SonificationOptions.Grouping, Int)])
  func rules(rule: SonificationOptions.Grouping, notes: Int) throws {
    var options = SonificationOptions()
    options.grouping = rule
    let score = try ChartMapper(options: options).makeScore(for: zigzag())
    let ticks = try onsets(score)
    #expect(ticks.count == notes)
    #expect(densestSecond(ticks) <= 16)
    // The densest second is full: the windows are no wider than they must be.
    #expect(densestSecond(ticks) >= 15)
    if rule == .first {
      // The first point (one every 24 ticks) of every window of 64 ticks.
      #expect(ticks.prefix(4) == [0, 72, 144, 192])
    }
  }

  @Test func noneKeepsEveryNoteAndALowerLimitGroupsMore() throws {
    var options = SonificationOptions()
    options.grouping = .none
    #expect(try onsets(ChartMapper(options: options).makeScore(for: zigzag())).count == 400)
    options.grouping = .minmax
    options.maximumNotesPerSecond = 4
    let ticks = try onsets(ChartMapper(options: options).makeScore(for: zigzag()))
    // Windows of 1 s with two notes each: any second overlaps two windows, 4 notes.
    #expect(ticks.count == 20)
    #expect(densestSecond(ticks) <= 4)
  }

  @Test func aSparseSeriesIsNotGrouped() throws {
    let chart = try ChartDescriptor(contentsOf: example("cars"))
    let score = try ChartMapper().makeScore(for: chart)
    #expect(score.groupedPoints == 0)
  }
}

/// `minmax` over a discrete series' points where they lie chooses what grouping its sounding
/// points chooses.
@Suite("minmax over points where they lie")
struct MinmaxInPlaceTests {
  @Test func itKeepsWhatGroupingSoundingPointsKeeps() {
    var generator = SeededGenerator(seed: 11)
    for round in 0..<40 {
      let count = Int.random(in: 3...3000, using: &generator)
      // Onsets that rise, with ties and runs in one window; gaps; y with ties; some outliers.
      var onset = 0.0
      var onsets: [Double] = []
      var points: [DataPoint] = []
      for index in 0..<count {
        onset += [0, 0.001, 0.01, 0.3][Int.random(in: 0...3, using: &generator)]
        onsets.append(onset)
        let y = Double(Int.random(in: 0...(round % 2 == 0 ? 5 : 1000), using: &generator))
        let gap = Int.random(in: 0...9, using: &generator) == 0
        points.append(DataPoint(x: .number(Double(index)), y: gap ? nil : y))
      }
      let outliers = Set((0..<count).filter { _ in Int.random(in: 0...49, using: &generator) == 0 })
      let limit = [1.5, 2, 8, 20][round % 4]
      let sounding = points.indices.compactMap { index in
        points[index].y.map {
          SoundingPoint(index: index, onset: onsets[index], y: $0, duration: 0.25, velocity: 100)
        }
      }
      let reference = PointGrouping.group(sounding, rule: .minmax, limit: limit) { outliers }
      let found = points.withUnsafeBufferPointer {
        PointGrouping.minmax($0, onsets: onsets, limit: limit) { outliers }
      }
      switch found {
      case .notNeeded: #expect(reference == nil, "round \(round)")
      case .notInOrder: Issue.record("round \(round): rising onsets read as out of order")
      case .grouped(let kept, let grouped):
        #expect(kept == reference?.kept.map(\.index), "round \(round)")
        #expect(grouped == reference?.grouped, "round \(round)")
      }
    }
  }

  @Test func onsetsThatFallAreLeftToSoundingPoints() {
    let points = (0..<10).map { DataPoint(x: .number(Double($0)), y: Double($0)) }
    let onsets = (0..<10).map { Double(10 - $0) / 100 }
    let found = points.withUnsafeBufferPointer {
      PointGrouping.minmax($0, onsets: onsets, limit: 8) { [] }
    }
    guard case .notInOrder = found else {
      Issue.record("falling onsets were grouped in place: \(found)")
      return
    }
  }
}
