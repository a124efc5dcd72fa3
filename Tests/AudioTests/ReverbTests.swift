import Chart2MIDICore
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

@Suite("Reverb")
struct ReverbTests {
  @Test func reverbReachesTheMixOnlyAndLengthensTheTail() throws {
    // No reverb send (CC 91) in the score: the renderer sets it when reverb is asked for.
    let score = Score(
      title: "t", tracks: [track("A", channel: 0, program: 73, notes: [(0.1, 0.6, 69)])])
    var options = RenderOptions()
    options.rendersStems = true
    let dry = try FluidSynthRenderer(soundFont: try soundFont(), options: options).render(
      Performance(score: score))
    options.reverb = 0.8
    let wet = try FluidSynthRenderer(soundFont: try soundFont(), options: options).render(
      Performance(score: score))
    // The reverb rings on after the note's release: the wet mix is longer and not silent there.
    #expect(wet.mix.frames > dry.mix.frames)
    let afterDry = dry.mix.frames
    #expect(rms(wet.mix.left, from: afterDry, to: afterDry + 4410) > 1e-4)
    // The stem stays dry: it is the dry stem, scaled by the gains of the two mixes.
    let stemWet = wet.stems[0].audio.left
    let stemDry = dry.stems[0].audio.left
    let ratio = Double(wet.gain / dry.gain)
    var largest = 0.0
    for frame in 0..<dry.mix.frames {
      largest = max(largest, abs(Double(stemWet[frame]) - Double(stemDry[frame]) * ratio))
    }
    #expect(largest < 1e-4)
    #expect(rms(stemWet, from: afterDry, to: stemWet.count) < 1e-6)
    // And the mix is not the sum of the stems: it holds the reverb too.
    #expect(
      rms(
        wet.mix.left.enumerated().map { $0.element - stemWet[$0.offset] }, from: 0,
        to: wet.mix.frames) > 1e-3)
  }
}

@Suite("Render limits")
struct RenderLimitTests {
  @Test func nothingToRenderIsAnError() throws {
    #expect(throws: SynthError("there are no notes to render", code: .unrenderable)) {
      try FluidSynthRenderer(soundFont: try soundFont()).render(
        Performance(score: Score(title: "t")))
    }
  }

  @Test func moreThanAnHourIsRefused() throws {
    let score = Score(
      title: "t", tracks: [track("A", channel: 0, program: 0, notes: [(0, 2 * 3600, 60)])])
    #expect(
      throws: SynthError(
        "the music lasts 2.0 hours; audio is rendered for at most 1 hour, so write MIDI only or shorten it",
        code: .unrenderable)
    ) { try FluidSynthRenderer(soundFont: try soundFont()).render(Performance(score: score)) }
  }
}

@Suite("Soundfont checks")
struct SoundFontCheckTests {
  @Test func aFileThatIsNotASoundFontIsRefusedInOneSentence() throws {
    let score = Score(
      title: "t", tracks: [track("A", channel: 0, program: 0, notes: [(0, 0.5, 60)])])
    let path = projectRoot.appendingPathComponent("Examples/cars.json")
    #expect(
      throws: SynthError(
        "\(path.path) is not a SoundFont (SF2 or SF3) file", file: path.path,
        code: .soundFontUnusable)
    ) {
      try FluidSynthRenderer(soundFont: path).render(Performance(score: score))
    }
  }
}
