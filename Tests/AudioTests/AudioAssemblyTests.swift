import Chart2MIDIBase
import Chart2MIDICore
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

import struct Chart2MIDIBase.SeededGenerator

@testable import Chart2MIDIAudio

@Suite("Audio buffers: sample conversion, peaks, layers, background work")
struct AudioAssemblyTests {
  /// Random samples around full scale, with the values where rounding and clamping decide.
  static func awkwardSamples(count: Int, seed: UInt64) -> [Float] {
    var generator = SeededGenerator(seed: seed)
    var samples = (0..<count).map { _ in Float.random(in: -1.2...1.2, using: &generator) }
    let steps: [Float] = [0.5, 1.5, 2.5, -0.5, -1.5, 32766.5, -32767.5, 4_194_303.5]
    samples += steps.map { $0 / 32767 } + steps.map { Float(Double($0) / 8_388_607) }
    samples += [
      0, -0, 1, -1, 1.0001, -1.0001, .infinity, -.infinity, .nan, .ulpOfOne,
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]
    return samples
  }

  @Test(
    "every sample format writes what rounding to the nearest step, ties to even, then clamping gives",
    arguments: SampleFormat.allCases)
  func samplesConvertExactly(format: SampleFormat) {
    let left = Self.awkwardSamples(count: 40_000, seed: 3)
    let right = Array(left.reversed())
    let audio = StereoAudio(left: left, right: right)
    let bytes = [UInt8](WAVEncoder.encode(audio, sampleRate: 44100, format: format))
    let dataStart = format == .float32 ? 58 : 44
    let width = format.bytesPerSample
    #expect(bytes.count == dataStart + 2 * width * left.count)
    // The reference, written here the plain way, one sample at a time.
    func expected(_ sample: Float) -> Int {
      switch format {
      case .int16:
        let scaled = (sample * 32767).rounded(.toNearestOrEven)
        return sample.isNaN ? 32767 : Int(max(-32768, min(32767, scaled)))
      case .int24:
        let scaled = (Double(sample) * 8_388_607).rounded(.toNearestOrEven)
        return sample.isNaN ? 8_388_607 : Int(max(-8_388_608, min(8_388_607, scaled)))
      case .float32:
        return Int(sample.bitPattern)
      }
    }
    var wrong = 0
    for frame in left.indices {
      for (side, sample) in [left[frame], right[frame]].enumerated() {
        let offset = dataStart + (2 * frame + side) * width
        let written = readInt(bytes, offset, width, signed: format != .float32)
        if written != expected(sample) { wrong += 1 }
      }
    }
    #expect(wrong == 0, "\(wrong) samples differ from the reference")
  }

  @Test func writingInPiecesGivesTheBytesOfTheWholeFile() throws {
    // Longer than one piece and not a whole number of them, with markers and metadata.
    let frames = 2 * LayeredAudio.pieceFrames + 123
    let audio = StereoAudio(
      left: Self.awkwardSamples(count: frames, seed: 5).prefix(frames).map { $0 },
      right: Self.awkwardSamples(count: frames, seed: 6).prefix(frames).map { $0 })
    var metadata = WAVMetadata(description: "Pieces")
    metadata.cues = [WAVMetadata.Cue(frame: 10, label: "ten")]
    var pieces: [Int] = []
    var written = Data()
    WAVEncoder.write(audio, sampleRate: 48000, format: .int24, metadata: metadata) {
      pieces.append($0.count)
      written.append(contentsOf: $0)
    }
    #expect(pieces.count == 5)  // the header, three pieces of samples, the markers
    let whole = WAVEncoder.encode(audio, sampleRate: 48000, format: .int24, metadata: metadata)
    #expect(written == whole)
    // And the file on disk, through a temporary, is the same.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("pieces.wav")
    try AtomicFile.write(whole, to: url)
    #expect(try Data(contentsOf: url) == whole)
  }

  @Test func thePeakIsTheLargestMagnitudeAndPassesOverNaN() {
    var generator = SeededGenerator(seed: 11)
    for count in [0, 1, 7, 8, 9, 1000, 4097] {
      var samples = (0..<count).map { _ in Float.random(in: -0.7...0.7, using: &generator) }
      if count > 2 {
        samples[count / 2] = -0.93
        samples[count - 1] = .nan
      }
      let plain = samples.reduce(Float(0)) { max($0, abs($1)) }
      #expect(StereoAudio.peak(of: samples) == plain, "\(count) samples")
    }
    #expect(StereoAudio(left: [0.25, -0.5], right: [0.75, 0]).peak == 0.75)
  }

  @Test func layersAreSummedAndScaledPieceByPiece() throws {
    // Two layers that overlap, one mono, over more than a piece, with gains.
    let size = LayeredAudio.pieceFrames
    let music = StereoAudio(
      left: (0..<(size + 50)).map { Float($0 % 7) / 10 },
      right: (0..<(size + 50)).map { -Float($0 % 5) / 10 })
    let voice = (0..<300).map { Float($0) / 1000 }
    var audio = LayeredAudio(
      layers: [
        .init(.memory(music), offset: 20),
        .init(.memory(StereoAudio(left: voice, right: voice)), offset: size - 100, gain: 0.5),
      ], frames: size + 400)
    audio.gain = 2
    // The plain way, frame by frame.
    var left = [Float](repeating: 0, count: size + 400)
    var right = left
    for frame in music.left.indices {
      left[20 + frame] += music.left[frame]
      right[20 + frame] += music.right[frame]
    }
    for frame in voice.indices {
      left[size - 100 + frame] += voice[frame] * 0.5
      right[size - 100 + frame] += voice[frame] * 0.5
    }
    let peak = try audio.peak()
    let dense = try audio.dense()
    #expect(dense.left == left.map { $0 * 2 })
    #expect(dense.right == right.map { $0 * 2 })
    #expect(peak == dense.peak)
    // One unscaled layer over the whole audio is handed over as it is.
    var pieces = 0
    try LayeredAudio(music).forEachPiece { first, left, _ in
      music.left.withUnsafeBufferPointer { #expect(left.baseAddress == $0.baseAddress! + first) }
      pieces += 1
    }
    #expect(pieces == 2)
  }

  /// A short phrase on the flute.
  static func performance() -> Performance {
    Performance(
      score: Score(
        title: "Phrase",
        tracks: [
          track(
            "Flute", channel: 0, program: 73,
            notes: [(0, 0.25, 69), (0.3, 0.55, 72), (0.6, 0.85, 76)])
        ]))
  }

  @Test func musicRenderedOnceAndPlacedLaterIsTheMusicRenderedInPlace() throws {
    var options = RenderOptions()
    options.rendersStems = true
    let renderer = FluidSynthRenderer(soundFont: try soundFont(), options: options)
    var performance = Self.performance()
    performance.leadIn = 0.5
    let rate = 44100
    let speech = (0..<(rate / 2)).map { Float(sin(Double($0) * 0.05)) * 0.3 }
    performance.recordings = [
      Performance.Recording(name: "Voice", samples: speech, sampleRate: rate, start: 0.25)
    ]
    let whole = try renderer.render(performance)
    // The same music synthesized from time 0, then placed after the lead-in with the recording.
    let music = try renderer.synthesize(Self.performance())
    let placed = try renderer.assemble(music, leadIn: 0.5, recordings: performance.recordings)
      .rendering()
    #expect(placed.mix == whole.mix)
    #expect(placed.stems.map(\.name) == ["Flute", "Voice"])
    #expect(placed.stems.map(\.audio) == whole.stems.map(\.audio))
    // The lead-in is silent; the voice starts 0.25 s after it, on its own stem, the same on both
    // sides; the stems add up to the mix.
    let lead = rate / 2
    #expect(whole.mix.left[0..<lead].allSatisfy { $0 == 0 })
    let voice = whole.stems[1].audio
    #expect(voice.left == voice.right)
    #expect(voice.left[0..<(lead + rate / 4)].allSatisfy { $0 == 0 })
    #expect(rms(voice.left, from: lead + rate / 4, to: lead + rate / 2) > 0.05)
    var largest: Float = 0
    for frame in 0..<whole.mix.frames {
      let sum = whole.stems[0].audio.left[frame] + voice.left[frame]
      largest = max(largest, abs(sum - whole.mix.left[frame]))
    }
    #expect(largest < 1e-6)
    // Music placed a second after its lead-in is the music after a lead-in a second longer.
    let later = try renderer.assemble(music, leadIn: 0.5, musicStart: 1, recordings: []).rendering()
    var longer = Self.performance()
    longer.leadIn = 1.5
    let longerRendering = try renderer.render(longer)
    #expect(later.mix == longerRendering.mix)
    #expect(later.mix.frames == lead + rate + music.mix.frames)
  }

  @Test func recordingsOfOneNameAreOneStemScaledTogether() throws {
    var options = RenderOptions()
    options.rendersStems = true
    let renderer = FluidSynthRenderer(soundFont: try soundFont(), options: options)
    let rate = 44100
    // Speech whose first fifth is a third as loud as the rest: scaled clip by clip, it would be
    // louder in the mix.
    let cut = rate / 10
    let speech = (0..<(rate / 2)).map { Float(sin(Double($0) * 0.05)) * ($0 < cut ? 0.1 : 0.3) }
    let whole = [
      Performance.Recording(name: "Voice", samples: speech, sampleRate: rate, start: 0.25)
    ]
    let clips = [
      Performance.Recording(
        name: "Voice", samples: Array(speech[..<cut]), sampleRate: rate, start: 0.25),
      Performance.Recording(
        name: "Voice", samples: Array(speech[cut...]), sampleRate: rate,
        start: 0.25 + Double(cut) / Double(rate)),
    ]
    let music = try renderer.synthesize(Self.performance())
    let one = try renderer.assemble(music, leadIn: 0.5, recordings: whole).rendering()
    let two = try renderer.assemble(music, leadIn: 0.5, recordings: clips).rendering()
    #expect(two.stems.map(\.name) == ["Flute", "Voice"])
    // Compared first, so that a failure does not print the samples.
    let (sameMix, sameStems) = (
      two.mix == one.mix, two.stems.map(\.audio) == one.stems.map(\.audio)
    )
    #expect(sameMix)
    #expect(sameStems)
  }

  @Test func backgroundWorkGivesItsValueOrItsError() throws {
    let work = BackgroundWork { (1...1000).reduce(0, +) }
    #expect(try work.value() == 500_500)
    #expect(try work.value() == 500_500)
    let failing = BackgroundWork { () throws -> Int in
      throw SynthError("no voice", code: .unknownVoice)
    }
    #expect(throws: SynthError("no voice", code: .unknownVoice)) { try failing.value() }
  }
}
