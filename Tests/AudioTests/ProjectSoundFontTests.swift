import Chart2MIDICore
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio
@testable import SoundFontMaker

@Suite("The project's soundfont", .serialized)
struct ProjectSoundFontTests {
  let font = projectRoot.appendingPathComponent("soundfonts/chart2midi.sf2")

  func render(program: UInt7, note: UInt7, seconds: Double = 1.2) throws -> StereoAudio {
    let score = Score(
      title: "t", tracks: [track("A", channel: 0, program: program, notes: [(0, seconds, note)])])
    return try FluidSynthRenderer(soundFont: font).render(Performance(score: score)).mix
  }

  @Test func itIsTheDefaultAsThePackagesResource() throws {
    // A program built with the package (the tests, with no CHART2MIDI_SOUNDFONT set) finds the
    // committed file as the package resource beside it, not by the working folder.
    let located = try SoundFontLocator.locate()
    #expect(located.path.hasSuffix("chart2midi_SoundFontResource.resources/chart2midi.sf2"))
    #expect(try Data(contentsOf: located) == Data(contentsOf: font))
  }

  @Test func theCommittedFileIsWhatTheGeneratorMakes() throws {
    let committed = [UInt8](try Data(contentsOf: font))
    let made = ProjectSoundFont.make()
    #expect(committed.count == made.count)
    #expect(committed == made, "run `make soundfont` and commit soundfonts/chart2midi.sf2")
    #expect(made.count < 5_000_000)
  }

  /// Each timbre at a key in three different zones: its fundamental matches the note within 5 cents.
  @Test(
    "every timbre sounds at the pitch of its MIDI note",
    arguments: ProjectSoundFont.timbres.map { (Int($0.program), $0.timbre.name) })
  func pitch(program: Int, name: String) throws {
    for note in [45, 60, 76] as [UInt7] {
      let audio = try render(program: UInt7(clamping: program), note: note)
      let window = audio.left[Int(0.15 * 44100)..<Int(0.35 * 44100)]
      let measured = lowestPeak(Array(window))
      let expected = 440 * pow(2, (Double(note.value) - 69) / 12)
      let cents = 1200 * log2(measured / expected)
      #expect(abs(cents) < 5, "\(name), note \(note): \(measured) Hz, \(cents) cents")
    }
  }

  @Test func theGridlineTickIsShortAndOnTheDrumBank() throws {
    var grid = track("Gridlines", channel: .percussion, program: 0, notes: [(0.1, 0.15, 42)])
    grid.stem = "Gridlines"
    let audio = try FluidSynthRenderer(soundFont: font).render(
      Performance(score: Score(title: "t", tracks: [grid]))
    ).mix
    #expect(rms(audio.left, from: Int(0.1 * 44100), to: Int(0.14 * 44100)) > 0.01)
    // The render ends soon after the 50 ms tick: its release decays and no voice is left.
    #expect(Double(audio.frames) / 44100 < 0.5)
    #expect(rms(audio.left, from: Int(0.2 * 44100), to: audio.frames) < 1e-3)
  }

  /// The palette's timbres differ: for every pair, the spectra at note 60 (magnitudes every 10 Hz up
  /// to 3 kHz, as parts of their sum) and how much the sound decays (the level from 0.5 to 0.8 s
  /// against 0.1 to 0.4 s) are far apart.
  @Test func thePaletteTimbresSoundDifferent() throws {
    var profiles: [(name: String, spectrum: [Double], decay: Double)] = []
    for program in Instruments.palette.prefix(9) {
      let audio = try render(program: program, note: 60, seconds: 1)
      let window = Array(audio.left[Int(0.1 * 44100)..<Int(0.4 * 44100)])
      var spectrum = stride(from: 100.0, through: 3000, by: 10).map {
        goertzel(window, frequency: $0)
      }
      let total = spectrum.reduce(0, +)
      spectrum = spectrum.map { $0 / total }
      let decay =
        rms(audio.left, from: Int(0.5 * 44100), to: Int(0.8 * 44100))
        / rms(audio.left, from: Int(0.1 * 44100), to: Int(0.4 * 44100))
      profiles.append((Instruments.name(of: program), spectrum, decay))
    }
    for (i, a) in profiles.enumerated() {
      for b in profiles[(i + 1)...] {
        let distance =
          zip(a.spectrum, b.spectrum).reduce(0) { $0 + abs($1.0 - $1.1) } + abs(a.decay - b.decay)
        #expect(distance > 0.2, "\(a.name) and \(b.name) sound alike: \(distance)")
      }
    }
  }

  /// The fundamental as the lowest strong spectral peak: a scan from 40 Hz to 2.5 kHz in 2 Hz steps
  /// of a Hann-windowed signal finds the first local maximum above a tenth of the largest, then a
  /// scan in 0.01 Hz steps around it finds its top. Nothing about the expected note is used.
  func lowestPeak(_ samples: [Float]) -> Double {
    let count = samples.count
    let windowed = samples.enumerated().map { index, sample in
      sample * Float(0.5 - 0.5 * cos(2 * .pi * Double(index) / Double(count - 1)))
    }
    let coarse = stride(from: 40.0, through: 2500, by: 2).map {
      ($0, goertzel(windowed, frequency: $0))
    }
    let largest = coarse.map(\.1).max()!
    var peak = coarse[0].0
    for index in 1..<(coarse.count - 1)
    where coarse[index].1 > 0.1 * largest && coarse[index].1 >= coarse[index - 1].1
      && coarse[index].1 >= coarse[index + 1].1
    {
      peak = coarse[index].0
      break
    }
    let fine = stride(from: peak - 2, through: peak + 2, by: 0.01).map {
      ($0, goertzel(windowed, frequency: $0))
    }
    return fine.max { $0.1 < $1.1 }!.0
  }

  /// The magnitude of one frequency in a signal.
  func goertzel(_ samples: [Float], frequency: Double) -> Double {
    let coefficient = 2 * cos(2 * .pi * frequency / 44100)
    var (s1, s2) = (0.0, 0.0)
    for sample in samples {
      let s0 = Double(sample) + coefficient * s1 - s2
      s2 = s1
      s1 = s0
    }
    return (s1 * s1 + s2 * s2 - coefficient * s1 * s2).squareRoot()
  }
}
