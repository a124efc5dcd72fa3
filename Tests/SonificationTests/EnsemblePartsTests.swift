import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// Parts for players (`--parts ensemble`, the default with `--grid`): each part within its
/// instrument's range, no chord for an instrument that plays one note at a time, a series of
/// small extent over a range of its own, and the title for a notation program. The files are read
/// back with libsmf; MuseScore's reading of them is tested in `ScoreImportTests`.
@Suite("Parts for an ensemble")
struct EnsemblePartsTests {
  /// A note read back from a file: its track's program, its start and end tick and its key.
  struct ReadNote {
    var on: Int
    var off: Int
    var key: Int
  }

  /// Each instrument track of a file (not the percussion channel) with its program and notes.
  func parts(of bytes: [UInt8]) throws -> [(name: String, program: Int, notes: [ReadNote])] {
    let file = try MIDIFile(bytes: bytes)
    return file.tracks.dropFirst().compactMap { track in
      var program: Int?
      var open: [Int: Int] = [:]
      var notes: [ReadNote] = []
      for event in track.events {
        guard let (channel, message) = event.channelMessage, channel != .percussion else {
          continue
        }
        switch message {
        case .programChange(let number): program = Int(number.value)
        case .noteOn(let key, _): open[Int(key.value)] = event.tick
        case .noteOff(let key):
          if let on = open.removeValue(forKey: Int(key.value)) {
            notes.append(ReadNote(on: on, off: event.tick, key: Int(key.value)))
          }
        default: break
        }
      }
      guard let program, !notes.isEmpty else { return nil }
      return (track.name ?? "", program, notes.sorted { ($0.on, $0.key) < ($1.on, $1.key) })
    }
  }

  func dense(_ name: String) throws -> ChartDescriptor {
    try ChartDescriptor(
      contentsOf: projectRoot.appendingPathComponent("Tests/Fixtures/Dense/\(name).json"))
  }

  @Test func everyRangeFittedToAnInstrumentLiesInItAndKeepsTheKey() {
    let programs = Set(Instruments.palette + Instruments.sustainingPalette)
    for program in programs {
      let fitted = EnsembleParts.fitted(48...84, program: program)
      guard let playable = Instruments.playableRange(of: program) else {
        // A synthesizer plays anywhere: the range stays.
        #expect(fitted == 48...84, "program \(program.value)")
        continue
      }
      #expect(playable.contains(fitted.lowerBound) && playable.contains(fitted.upperBound))
      // Moved by octaves, so still in the key of C of the unmoved range, unless cut at the
      // instrument's lowest note; and as wide as the instrument allows, up to the whole range.
      #expect((fitted.lowerBound - 48) % 12 == 0 || fitted.lowerBound == playable.lowerBound)
      let widest = min(36, playable.upperBound - playable.lowerBound)
      #expect(fitted.upperBound - fitted.lowerBound >= widest - 11, "program \(program.value)")
    }
  }

  @Test func notesThatMeetOnAStepTakeTheNextFreeStepsOrAnotherVoice() {
    let step = 120
    // Three notes on step 0, the next note on step 4: two move on to steps 1 and 2.
    let chord = [60, 64, 67].map { Note(on: 0, off: 480, pitch: $0, velocity: 90) }
    let spread = EnsembleParts.voices(
      chord + [Note(on: 480, off: 600, pitch: 72, velocity: 90)], step: step)
    #expect(spread.count == 1)
    #expect(spread[0].map(\.on) == [0, 120, 240, 480])
    #expect(spread[0].map(\.pitch) == [60, 64, 67, 72])
    // Each ends where the next begins.
    #expect(spread[0].map(\.off) == [120, 240, 480, 600])
    // Two notes on each of two neighbouring steps, then one on the next: no free step comes
    // before the next note, so the second of each goes to a second voice.
    let crowded = [0, 0, 120, 120, 240].enumerated().map {
      Note(
        on: $0.element, off: $0.element + 120, pitch: UInt8(60 + $0.offset),
        velocity: 90)
    }
    let voices = EnsembleParts.voices(crowded, step: step)
    #expect(voices.map { $0.map { Int($0.pitch) } } == [[60, 62, 64], [61, 63]])
    for voice in voices {
      for (a, b) in zip(voice, voice.dropFirst()) { #expect(a.off <= b.on) }
    }
  }

  @Test(
    "cars and stocks: parts in their instruments' ranges, one note at a time on winds and strings, on the grid",
    arguments: ["cars", "stocks"])
  func denseChartsMakePlayableParts(name: String) throws {
    var options = SonificationOptions()
    options.grid = .eighth
    let score = try ChartMapper(options: options).makeScore(for: try dense(name))
    let bytes = SMFEncoder().encode(score)
    let step = try MIDIFile(bytes: bytes).ticksPerQuarterNote / 2
    let parts = try parts(of: bytes)
    #expect(parts.count >= 3)
    for part in parts {
      let program = UInt7(clamping: part.program)
      let keys = part.notes.map(\.key)
      if let range = Instruments.playableRange(of: program) {
        #expect(range.contains(keys.min()!) && range.contains(keys.max()!), "\(part.name)")
      }
      // No more notes in any second than the grid has steps (4 a second at 120 bpm).
      let onsets = part.notes.map(\.on)
      let second = step * 4
      for (index, on) in onsets.enumerated() {
        #expect(onsets[index...].prefix { $0 < on + second }.count <= 4, "\(part.name)")
      }
      #expect(part.notes.allSatisfy { $0.on % step == 0 })
      if Instruments.isMonophonic(program) {
        for (a, b) in zip(part.notes, part.notes.dropFirst()) {
          #expect(a.off <= b.on, "\(part.name): notes at \(a.on) and \(b.on) sound together")
        }
      }
    }
    // The stocks play over ranges of their own: MSFT, from 20 to 45 on an axis to 800, spreads
    // over an octave and more rather than the 2 semitones of the axis' share it has.
    if name == "stocks", let msft = parts.first(where: { $0.name == "MSFT" }) {
      #expect(msft.notes.map(\.key).max()! - msft.notes.map(\.key).min()! >= 12)
    }
  }

  @Test func theTitleIsWrittenForANotationProgramOnlyForAnEnsemble() throws {
    let chart = try dense("stocks")
    func titles(_ parts: SonificationOptions.PartStyle) throws -> [String] {
      var options = SonificationOptions()
      options.grid = .sixteenth
      options.parts = parts
      let file = try MIDIFile(
        bytes: SMFEncoder().encode(try ChartMapper(options: options).makeScore(for: chart)))
      return file.tracks.flatMap { track in
        track.events.compactMap { event in
          event.metaType == MetaEventType.notationTitle.rawValue
            ? String(decoding: event.metaData ?? [], as: UTF8.self) : nil
        }
      }
    }
    #expect(try titles(.ensemble) == ["Five share prices, 2000-2010"])
    #expect(try titles(.free).isEmpty)
  }

  @Test func aSeriesNoteRangeIsPlayedAndNamedWhereItIsWrong() throws {
    let points = (0...20).map { DataPoint(x: .number(Double($0) / 2), y: Double($0) * 5) }
    var chart = simpleChart(points: points)
    chart.series.append(DataSeries(name: "Other", isContinuous: false, dataPoints: points))
    let options = try SonificationOptions().applying(
      .object([("seriesNoteRanges", .object([("Other", .array([.number(70), .number(76)]))]))]))
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let keys = score.tracks.filter { !$0.isPercussion }.map { track in
      notes(of: track).map(\.pitch)
    }
    #expect(keys[0].min() == 48 && keys[0].max() == 84)
    #expect(keys[1].min() == 70 && keys[1].max() == 76)
    let wrong = OptionSetting.commandLine(
      .seriesNoteRanges, ["Other=76:70"], flag: "--note-range")
    #expect {
      try SonificationOptions().applying([wrong])
    } throws: { error in
      "\(error)"
        == "--note-range Other: expected two MIDI notes from 0 to 127, the lower first, such as 48 and 84"
    }
  }
}
