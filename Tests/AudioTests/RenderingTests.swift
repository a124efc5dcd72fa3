import Chart2MIDICore
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

@Suite("Rendering", .serialized)
struct RenderingTests {
  @Test func aChartRendersToBoundedAudibleUnclippedSound() throws {
    let score = Score(
      title: "t",
      tracks: [
        track("A", channel: 0, program: 0, notes: [(0.5, 1.0, 60), (1.5, 2.0, 67), (2.5, 3.0, 72)])
      ])
    let rendering = try FluidSynthRenderer(soundFont: try soundFont()).render(
      Performance(score: score))
    let rate = Double(rendering.sampleRate)
    let seconds = Double(rendering.mix.frames) / rate
    // The score ends at 3 s; the tail is the release, at most the 5 s cap.
    #expect(seconds >= 3.0)
    #expect(seconds <= 3.0 + 5.0 + 0.02)
    // Silence before the first note, sound during each note.
    #expect(rms(rendering.mix.left, from: 0, to: Int(0.45 * rate)) < 1e-4)
    for start in [0.55, 1.55, 2.55] {
      #expect(
        rms(rendering.mix.left, from: Int(start * rate), to: Int((start + 0.3) * rate)) > 0.01)
    }
    // By default at -16 LUFS with the true peak (and so every sample) at most -1 dBFS.
    #expect(Double(rendering.mix.peak) <= pow(10, -1.0 / 20) + 1e-6)
    let loudness = try #require(rendering.loudness)
    #expect(abs(loudness.reached.integrated - -16) < 0.05)
    // Without a loudness target, the peak at -1 dBFS.
    var peak = RenderOptions()
    peak.loudness = nil
    let normalised = try FluidSynthRenderer(soundFont: try soundFont(), options: peak).render(
      Performance(score: score))
    #expect(abs(Double(normalised.mix.peak) - pow(10, -1.0 / 20)) < 1e-3)
    #expect(normalised.loudness == nil)
  }

  @Test func aNoteHasThePitchOfItsMIDINote() throws {
    // A4 = MIDI 69 = 440 Hz; C5 = 72 = 523.25 Hz, on the flute (program 73).
    for (note, frequency) in [(69, 440.0), (72, 523.2511)] as [(UInt7, Double)] {
      let score = Score(
        title: "t", tracks: [track("A", channel: 0, program: 73, notes: [(0, 1.5, note)])])
      let rendering = try FluidSynthRenderer(soundFont: try soundFont()).render(
        Performance(score: score))
      let window = rendering.mix.left[Int(0.5 * 44100)..<Int(0.7 * 44100)]
      let measured = fundamental(window, sampleRate: 44100)
      let cents = 1200 * log2(measured / frequency)
      #expect(abs(cents) < 20, "note \(note): measured \(measured) Hz")
    }
  }

  @Test(
    "stems have the mix's length and add up to it, at a peak level or a loudness",
    arguments: [nil, -23.0] as [Double?])
  func stemsHaveTheMixLengthAndAddUpToIt(loudness: Double?) throws {
    // Two series with the same instrument, at different times, and a gridline stem.
    var grid = track(
      "Gridlines", channel: .percussion, program: 0, notes: [(0, 0.05, 42), (6, 6.05, 42)])
    grid.stem = "Gridlines"
    let score = Score(
      title: "t",
      tracks: [
        track("Early", channel: 0, program: 0, notes: [(0.5, 1.5, 60), (1.5, 2.0, 64)]),
        track("Late", channel: 1, program: 0, notes: [(5.0, 6.0, 62)]),
        grid,
      ])
    var options = RenderOptions()
    options.rendersStems = true
    options.loudness = loudness.map { LoudnessTarget($0) }
    let rendering = try FluidSynthRenderer(soundFont: try soundFont(), options: options)
      .render(Performance(score: score))
    #expect(rendering.stems.map(\.name) == ["Early", "Late", "Gridlines"])
    if let loudness {
      // The loudness the report gives is the mix's, measured again.
      let reached = try #require(rendering.loudness?.reached)
      #expect(abs(reached.integrated - loudness) < 0.01)
      let measured = try Loudness(of: rendering.mix, sampleRate: rendering.sampleRate)
      #expect(abs(measured.integrated - loudness) < 0.05)
      #expect(abs(measured.truePeak - reached.truePeak) < 0.05)
    } else {
      #expect(rendering.loudness == nil)
      #expect(abs(20 * log10(Double(rendering.mix.peak)) + 1) < 0.01)
    }
    for stem in rendering.stems { #expect(stem.audio.frames == rendering.mix.frames) }
    var maxDifference: Float = 0
    for frame in 0..<rendering.mix.frames {
      let left = rendering.stems.reduce(Float(0)) { $0 + $1.audio.left[frame] }
      let right = rendering.stems.reduce(Float(0)) { $0 + $1.audio.right[frame] }
      maxDifference = max(
        maxDifference, abs(left - rendering.mix.left[frame]),
        abs(right - rendering.mix.right[frame]))
    }
    #expect(maxDifference < 1e-5)
    let rate = 44100
    let early = rendering.stems[0].audio.left
    let late = rendering.stems[1].audio.left
    // Each stem holds sound only where its series plays.
    #expect(rms(early, from: Int(0.6 * Double(rate)), to: Int(1.4 * Double(rate))) > 0.01)
    #expect(rms(late, from: 0, to: Int(4.9 * Double(rate))) < 1e-5)
    #expect(rms(late, from: Int(5.1 * Double(rate)), to: Int(5.9 * Double(rate))) > 0.01)
    #expect(rms(early, from: Int(4.5 * Double(rate)), to: early.count) < 1e-4)
  }

  @Test func aFileTheProjectDidNotWriteRenders() throws {
    // Format 0, one track, written by hand: running status, and a note-on with velocity 0 as off.
    let bytes: [UInt8] = [
      0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96,  // MThd, format 0, 1 track, 96 ppq
      0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 21,  // MTrk, 21 bytes
      0x00, 0xC0, 0x49,  // program change: flute
      0x00, 0x90, 0x45, 0x60,  // note on A4
      0x81, 0x40, 0x45, 0x00,  // 192 ticks later (1 s at 120 bpm), running status, velocity 0: off
      0x00, 0x48, 0x50,  // note on C5
      0x60, 0x48, 0x00,  // 96 ticks later, off
      0x00, 0xFF, 0x2F, 0x00,  // end of track
    ]
    let file = try MIDIFile(bytes: bytes)
    let performance = Performance(file: file)
    #expect(performance.events.count == 5)
    #expect(performance.stems.map(\.name) == ["Track 1"])
    #expect(abs(performance.end - 1.5) < 1e-6)
    let rendering = try FluidSynthRenderer(soundFont: try soundFont()).render(performance)
    #expect(rms(rendering.mix.left, from: Int(0.2 * 44100), to: Int(0.8 * 44100)) > 0.01)
    let seconds = Double(rendering.mix.frames) / 44100
    #expect(seconds >= 1.5 && seconds <= 6.6)
  }

  @Test func aFormatZeroFileGetsAStemPerChannel() throws {
    let bytes: [UInt8] = [
      0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96,
      0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 26,  // MTrk, 26 bytes
      0x00, 0xC0, 0x49,  // channel 1: flute
      0x00, 0xC1, 0x00,  // channel 2: piano
      0x00, 0x90, 0x45, 0x60,  // channel 1, A4, at 0 s
      0x60, 0x91, 0x30, 0x60,  // channel 2, C3, at 0.5 s
      0x60, 0x80, 0x45, 0x40,  // off at 1 s
      0x00, 0x81, 0x30, 0x40,  // off
      0x00, 0xFF, 0x2F, 0x00,
    ]
    let performance = Performance(file: try MIDIFile(bytes: bytes))
    #expect(performance.stems.map(\.name) == ["Track 1, channel 1", "Track 1, channel 2"])
    var options = RenderOptions()
    options.rendersStems = true
    let rendering = try FluidSynthRenderer(soundFont: try soundFont(), options: options).render(
      performance)
    // The second channel is silent before its note at 0.5 s; the first sounds from 0.
    #expect(rms(rendering.stems[1].audio.left, from: 0, to: Int(0.45 * 44100)) < 1e-5)
    #expect(rms(rendering.stems[0].audio.left, from: Int(0.1 * 44100), to: Int(0.4 * 44100)) > 0.01)
  }

  @Test func aStuckNoteStillEnds() throws {
    // A note-on that is never turned off, on a sustained organ.
    let bytes: [UInt8] = [
      0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96,
      0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 12,
      0x00, 0xC0, 0x13,  // church organ
      0x00, 0x90, 0x3C, 0x64,  // note on, never off
      0x81, 0x40, 0xFF, 0x2F, 0x00,  // end of track after 1 s
    ]
    var options = RenderOptions()
    options.tailCap = 2
    let rendering = try FluidSynthRenderer(soundFont: try soundFont(), options: options)
      .render(Performance(file: try MIDIFile(bytes: bytes)))
    let seconds = Double(rendering.mix.frames) / 44100
    #expect(seconds >= 1.0)
    #expect(seconds <= 3.02)
    #expect(rms(rendering.mix.left, from: Int(0.3 * 44100), to: Int(0.9 * 44100)) > 0.01)
  }

  @Test func theSampleRateIsChecked() throws {
    var options = RenderOptions()
    options.sampleRate = 22050
    #expect(
      throws: SynthError("the sample rate must be 44100 or 48000, not 22050", code: .invalidRequest)
    ) {
      try FluidSynthRenderer(soundFont: try soundFont(), options: options).render(
        Performance(score: Score(title: "t")))
    }
  }

  @Test func aMissingSoundFontIsNamed() {
    #expect(
      throws: SynthError("the soundfont /nonexistent.sf2 does not exist", code: .soundFontMissing)
    ) {
      try SoundFontLocator.locate("/nonexistent.sf2")
    }
  }
}
