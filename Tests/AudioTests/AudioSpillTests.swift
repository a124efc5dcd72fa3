import Chart2MIDICore
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

@Suite("Audio past the memory budget: scratch files give the same samples")
struct AudioSpillTests {
  /// Two instruments, each on its own stem, with a long silence between their phrases.
  static func performance() -> Performance {
    Performance(
      score: Score(
        title: "Gaps",
        tracks: [
          track("Flute", channel: 0, program: 73, notes: [(0, 0.25, 69), (9, 9.3, 72)]),
          track("Piano", channel: 1, program: 0, notes: [(0.1, 0.4, 60), (4, 4.2, 64)]),
        ]))
  }

  /// The render's outputs as float WAV files' bytes: the mix, then each stem.
  static func files(of audio: AssembledAudio) throws -> [[UInt8]] {
    try ([audio.mix] + audio.stems.map(\.audio)).map { layered in
      var bytes: [UInt8] = []
      try WAVEncoder.write(layered, sampleRate: audio.sampleRate, format: .float32) {
        bytes += $0
      }
      return bytes
    }
  }

  func renderer(loudness: Double? = nil) throws -> FluidSynthRenderer {
    var options = RenderOptions()
    options.rendersStems = true
    options.loudness = loudness.map { LoudnessTarget($0) }
    return FluidSynthRenderer(soundFont: try soundFont(), options: options)
  }

  @Test(
    "a render spilled to scratch files writes the bytes of one kept in memory",
    arguments: [nil, -23.0])
  func spilledRenderMatchesMemory(loudness: Double?) throws {
    let renderer = try renderer(loudness: loudness)
    let folder = try temporaryFolder()
    let rate = 44100
    let speech = (0..<rate).map { Float(sin(Double($0) * 0.03)) * 0.4 }
    let recordings = [
      Performance.Recording(name: "Voice", samples: speech, sampleRate: rate, start: 2)
    ]
    // The smallest budget: each output keeps one piece in memory, then goes to a file.
    let spilled = try renderer.synthesize(
      Self.performance(), spill: AudioSpill(folder: folder, memoryBytes: 1))
    let kept = try renderer.synthesize(Self.performance())
    guard case .file(let mixFile) = spilled.mix else {
      Issue.record("the mix stayed in memory")
      return
    }
    #expect(spilled.stems.allSatisfy { if case .file = $0 { true } else { false } })
    #expect(kept.stems.allSatisfy { if case .memory = $0 { true } else { false } })
    #expect(spilled.mix.frames == kept.mix.frames)
    #expect(spilled.mix.peak == kept.mix.peak)
    // The silence between the phrases was never written.
    let second = rate
    #expect(mixFile.isSilent((6 * second)..<(8 * second)))
    #expect(!mixFile.isSilent(0..<second))
    // The files are unlinked: the folder stays empty.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])

    let fromFiles = try renderer.assemble(spilled, leadIn: 0.5, recordings: recordings)
    let fromMemory = try renderer.assemble(kept, leadIn: 0.5, recordings: recordings)
    #expect(fromFiles.gain == fromMemory.gain)
    #expect(fromFiles.loudness == fromMemory.loudness)
    if loudness != nil { #expect(fromFiles.loudness != nil) }
    let (a, b) = (try Self.files(of: fromFiles), try Self.files(of: fromMemory))
    #expect(a.count == 4)
    #expect(a.map(\.count) == b.map(\.count))
    // Compared whole, so that a failure does not print the bytes.
    let same = a == b
    #expect(same)
    // And as arrays, through the layers.
    let dense = try fromFiles.rendering()
    let reference = try fromMemory.rendering()
    let sameMix = dense.mix == reference.mix
    #expect(sameMix)
  }

  @Test func aSpoolKeepsSignedZerosAndSilenceExactly() throws {
    let folder = try temporaryFolder()
    var spool = AudioSpool(memoryFrames: 16, folder: folder)
    let size = LayeredAudio.pieceFrames
    // A piece of -0.0 is written (a hole would read +0.0), a piece of +0.0 is a hole, then a
    // sample, then silence appended straight to the file.
    var left = [Float](repeating: -0.0, count: size)
    var right = [Float](repeating: -0.0, count: size)
    try spool.append(left, right, count: size)
    left = [Float](repeating: 0, count: size)
    right = left
    try spool.append(left, right, count: size)
    try spool.append([0.5], [-0.25], count: 1)
    try spool.appendSilence(3 * size)
    guard case .file(let file) = try spool.finished() else {
      Issue.record("the spool stayed in memory")
      return
    }
    #expect(file.frames == 5 * size + 1)
    #expect(file.peak == 0.5)
    #expect(!file.isSilent(0..<size))
    #expect(file.isSilent(size..<(2 * size)))
    #expect(!file.isSilent((2 * size)..<(3 * size)))
    #expect(file.isSilent((3 * size)..<(5 * size + 1)))
    let audio = try LayeredAudio(layers: [.init(.file(file), offset: 0)], frames: file.frames)
      .dense()
    #expect(audio.left[0..<size].allSatisfy { $0.bitPattern == (-0.0 as Float).bitPattern })
    #expect(audio.left[size..<(2 * size)].allSatisfy { $0.bitPattern == 0 })
    #expect(audio.left[2 * size] == 0.5 && audio.right[2 * size] == -0.25)
    #expect(audio.left[(2 * size + 1)...].allSatisfy { $0.bitPattern == 0 })
  }
}
