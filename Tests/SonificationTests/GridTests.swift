import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// `--grid` snaps onsets and durations to the tempo's grid, and `--fit-bars` picks the tempo at
/// which the graph fills whole bars. The files are read back with libsmf.
@Suite("A grid for scores")
struct GridTests {
  func dense(_ name: String) throws -> ChartDescriptor {
    try ChartDescriptor(
      contentsOf: projectRoot.appendingPathComponent("Tests/Fixtures/Dense/\(name).json"))
  }

  /// Every note-on and note-off tick of every track, from the file libsmf reads back.
  func noteTicks(_ file: MIDIFile) -> [Int] {
    file.tracks.dropFirst().flatMap { track in
      track.events.compactMap { event -> Int? in
        switch event.channelMessage?.message {
        case .noteOn?, .noteOff?: event.tick
        default: nil
        }
      }
    }
  }

  @Test(
    "every onset and duration is a whole number of steps",
    arguments: [
      (SonificationOptions.Grid.sixteenth, 120.0, false), (.eighth, 120, false),
      (.thirtySecond, 120, false), (.quarter, 120, false), (.sixteenth, 137, false),
      (.sixteenth, 120, true),
    ])
  func onTheGrid(grid: SonificationOptions.Grid, tempo: Double, fitBars: Bool) throws {
    var options = SonificationOptions()
    options.grid = grid
    // Parts for sound, so that most points play (an ensemble's parts are tested in
    // `EnsemblePartsTests`).
    options.parts = .free
    options.tempo = tempo
    options.fitBars = fitBars
    if fitBars { options.timeSignature = TimeSignature(beats: 3, noteValue: 4)! }
    let chart = try dense("cars")
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let step = file.ticksPerQuarterNote / grid.stepsPerQuarter
    #expect(file.ticksPerQuarterNote % grid.stepsPerQuarter == 0)
    let ticks = noteTicks(file)
    #expect(ticks.count > 100)
    let off = ticks.filter { $0 % step != 0 }
    #expect(off.isEmpty, "\(off.count) note events off the grid, such as tick \(off.first ?? 0)")
    if fitBars {
      // 10 s of 3/4 at 120 bpm is 6.67 bars: 7 bars fill it at 126 bpm.
      #expect(score.tempo == 126)
      let bars = 10 * score.tempo / 60 / 3
      #expect(abs(bars - bars.rounded()) < 1e-9)
    }
  }

  @Test func valuesKeepTheirOrderAndAStepPlaysAChord() throws {
    // Points 50 ms apart, each 1.8 semitones above the last: on a grid of 125 ms they fall on
    // 9 steps, in their order.
    let points = (0..<20).map {
      DataPoint(x: .number(Double($0) * 0.005), y: Double($0) * 5)
    }
    var chart = simpleChart(points: points)
    chart.xAxis = .numeric(NumericAxis(title: "X", range: 0...1))
    var options = SonificationOptions()
    options.grid = .sixteenth
    options.grouping = .none
    options.gridlines = false
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let notes = PitchInterpreter.reading(score.tracks[0]).notes
    #expect(notes.count == 20)
    // Rising y, rising pitch, and onsets that never go back in time.
    for (a, b) in zip(notes, notes.dropFirst()) {
      #expect(a.onset <= b.onset)
      #expect(a.pitch <= b.pitch)
      #expect((a.onset / 0.125).rounded() * 0.125 == a.onset)
    }
    // Several notes on a step, as chords.
    #expect(Set(notes.map(\.onset)).count == 9)
  }

  @Test func fitBarsSaysWhenNoWholeBarFits() throws {
    var options = SonificationOptions()
    options.fitBars = true
    options.totalDuration = 0.5  // shorter than a bar of 4/4 at 300 bpm
    #expect(throws: MIDIMapError.self) {
      try ChartMapper(options: options).makeScore(for: try dense("cars"))
    }
  }
}
