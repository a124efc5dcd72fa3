import Chart2MIDICore
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio
@testable import SoundFontMaker

/// A soundfont with one sustained tone at the given programs of bank 0.
func soundFont(programs: [UInt16], in folder: URL) throws -> URL {
  var font = SoundFontWriter(name: "test", comment: "", copyright: "")
  let timbre = ProjectSoundFont.timbres[0].timbre
  font.samples.append(ProjectSoundFont.makeSample(timbre, root: 60, topKey: 127))
  font.instruments.append(
    SoundFontWriter.Instrument(
      name: "tone",
      zones: [
        SoundFontWriter.Zone(
          generators: [.keyRange(0...127), .sampleModes(1), .rootKey(60)], sample: 0)
      ]))
  for program in programs {
    font.presets.append(
      SoundFontWriter.Preset(name: "p\(program)", bank: 0, program: program, instrument: 0))
  }
  let url = folder.appendingPathComponent(
    "programs-\(programs.map(String.init).joined(separator: "-")).sf2")
  try Data(font.encode()).write(to: url)
  return url
}

@Suite("Programs the soundfont lacks", .serialized)
struct SoundFontProgramTests {
  let score = Score(
    title: "t",
    tracks: [
      track("Piano", channel: 0, program: 0, notes: [(0, 0.5, 60)]),
      track("Flute", channel: 1, program: 73, notes: [(0, 0.5, 67)]),
    ])

  @Test func aMissingProgramIsNamedWithWhatPlaysInstead() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = try soundFont(programs: [0], in: folder)
    var options = RenderOptions()
    options.rendersStems = true
    let rendering = try FluidSynthRenderer(soundFont: font, options: options)
      .render(Performance(score: score))
    #expect(
      rendering.warnings == [
        "the soundfont \(font.lastPathComponent) has no program 73 (Flute); stem \"Flute\" plays program 0 (Acoustic Grand Piano) instead"
      ])
    // The stand-in really plays: the flute's stem is not silent.
    let flute = try #require(rendering.stems.first { $0.name == "Flute" })
    #expect(flute.audio.peak > 0.01)
  }

  @Test func aProgramNothingCanStandInForIsAnError() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = try soundFont(programs: [73], in: folder)
    #expect(
      throws: SynthError(
        "the soundfont \(font.lastPathComponent) has no program 0 (Acoustic Grand Piano) and nothing to play in its place, so stem \"Piano\" would be silent; choose another program or soundfont",
        code: .soundFontUnusable)
    ) {
      try FluidSynthRenderer(soundFont: font).render(Performance(score: score))
    }
  }

  @Test func everyProgramThePaletteUsesIsInTheProjectSoundFont() throws {
    let font = projectRoot.appendingPathComponent("soundfonts/chart2midi.sf2")
    let tracks = Instruments.palette.enumerated().map { index, program in
      track(
        "T\(index)", channel: UInt4(exactly: index < 9 ? index : index + 1)!, program: program,
        notes: [(0, 0.2, 60)])
    }
    let rendering = try FluidSynthRenderer(soundFont: font).render(
      Performance(score: Score(title: "t", tracks: tracks)))
    #expect(rendering.warnings.isEmpty)
  }
}

@Suite("FluidSynth's messages belong to their synth")
struct FluidSynthLogTests {
  /// Eight synths at once, each failing on one of two files: every error quotes FluidSynth's
  /// message about its own file.
  @Test func synthsOnSeveralThreadsEachQuoteTheirOwnFailure() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Two broken soundfonts: a RIFF sfbk header and then nothing FluidSynth can read.
    var files: [URL] = []
    for name in ["first", "second"] {
      let url = folder.appendingPathComponent("\(name).sf2")
      var bytes = Array("RIFF".utf8) + [4, 0, 0, 0] + Array("sfbk".utf8)
      bytes += Array("LIST".utf8) + [200, 0, 0, 0]
      try Data(bytes).write(to: url)
      files.append(url)
    }
    let messages = await withTaskGroup(of: (Int, String).self) { group in
      for round in 0..<8 {
        let file = files[round % 2]
        group.addTask {
          do {
            let synth = try FluidSynthInstance(sampleRate: 44100, channels: 16, polyphony: 16)
            try synth.load(file)
            return (round, "loaded")
          } catch {
            return (round, "\(error)")
          }
        }
      }
      var result: [Int: String] = [:]
      for await (round, message) in group { result[round] = message }
      return result
    }
    for (round, message) in messages {
      let file = files[round % 2]
      #expect(
        message
          == "FluidSynth could not load the soundfont \(file.path) (fluid_synth_sfload failed: Failed to load SoundFont \"\(file.path)\")"
      )
    }
  }

  /// A soundfont is loaded once a process: every synth that loads the same file plays from one
  /// copy, which outlives the synths that loaded it; the file changed on disk is loaded anew.
  @Test func aSoundFontIsLoadedOnceAndShared() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = try soundFont(programs: [0], in: folder)
    var first: FluidSynthInstance? = try FluidSynthInstance(
      sampleRate: 44100, channels: 16, polyphony: 16)
    try first?.load(url)
    let second = try FluidSynthInstance(sampleRate: 44100, channels: 16, polyphony: 16)
    try second.load(url)
    let shared = try #require(second.shared)
    #expect(first?.shared === shared)
    first = nil
    // The second synth still plays from it once the first is gone.
    #expect(second.hasPreset(bank: 0, program: 0))
    #expect(try second.send(.noteOn(note: 60, velocity: 100), channel: 0))
    try second.process(frames: FluidSynthInstance.blockSize)
    #expect(second.groupIsActive(0))
    // Written again with another program: a new load.
    let other = try soundFont(programs: [0, 5], in: folder)
    try FileManager.default.removeItem(at: url)
    try FileManager.default.moveItem(at: other, to: url)
    let changed = url
    let third = try FluidSynthInstance(sampleRate: 44100, channels: 16, polyphony: 16)
    try third.load(changed)
    #expect(third.shared !== shared)
    #expect(third.hasPreset(bank: 0, program: 5) && !second.hasPreset(bank: 0, program: 5))
  }
}
