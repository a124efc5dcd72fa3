import Chart2MIDIOutputs
import Foundation
import Testing

@testable import Chart2MIDIAudio

/// Reads a little-endian integer of `width` bytes at `offset`.
func readInt(_ data: [UInt8], _ offset: Int, _ width: Int, signed: Bool = false) -> Int {
  var value = 0
  for index in 0..<width { value |= Int(data[offset + index]) << (8 * index) }
  if signed, value >= 1 << (8 * width - 1) { value -= 1 << (8 * width) }
  return value
}

@Suite("WAV files")
struct WAVEncoderTests {
  let audio: StereoAudio = {
    var audio = StereoAudio(frames: 4)
    audio.left = [0, 0.5, -0.5, 1]
    audio.right = [-1, 0.25, 1.5, -0.001]
    return audio
  }()

  @Test func pcm16() {
    let bytes = [UInt8](WAVEncoder.encode(audio, sampleRate: 44100, format: .int16))
    #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
    #expect(readInt(bytes, 4, 4) == bytes.count - 8)
    #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
    #expect(readInt(bytes, 16, 4) == 16)  // fmt chunk size
    #expect(readInt(bytes, 20, 2) == 1)  // PCM
    #expect(readInt(bytes, 22, 2) == 2)  // channels
    #expect(readInt(bytes, 24, 4) == 44100)
    #expect(readInt(bytes, 28, 4) == 44100 * 4)  // byte rate
    #expect(readInt(bytes, 32, 2) == 4)  // block align
    #expect(readInt(bytes, 34, 2) == 16)
    #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "data")
    #expect(readInt(bytes, 40, 4) == 16)
    let samples = (0..<8).map { readInt(bytes, 44 + 2 * $0, 2, signed: true) }
    // Interleaved left, right; 1.5 is clamped to full scale.
    #expect(samples == [0, -32767, 16384, 8192, -16384, 32767, 32767, -33])
  }

  @Test func pcm24() {
    let bytes = [UInt8](WAVEncoder.encode(audio, sampleRate: 48000, format: .int24))
    #expect(readInt(bytes, 24, 4) == 48000)
    #expect(readInt(bytes, 32, 2) == 6)
    #expect(readInt(bytes, 34, 2) == 24)
    #expect(readInt(bytes, 40, 4) == 24)
    let samples = (0..<8).map { readInt(bytes, 44 + 3 * $0, 3, signed: true) }
    #expect(
      samples == [0, -8_388_607, 4_194_304, 2_097_152, -4_194_304, 8_388_607, 8_388_607, -8389])
  }

  @Test func float32() {
    let bytes = [UInt8](WAVEncoder.encode(audio, sampleRate: 44100, format: .float32))
    #expect(readInt(bytes, 16, 4) == 18)
    #expect(readInt(bytes, 20, 2) == 3)  // IEEE float
    #expect(readInt(bytes, 34, 2) == 32)
    #expect(String(decoding: bytes[38..<42], as: UTF8.self) == "fact")
    #expect(readInt(bytes, 46, 4) == 4)  // frames
    #expect(String(decoding: bytes[50..<54], as: UTF8.self) == "data")
    #expect(readInt(bytes, 54, 4) == 32)
    let samples = (0..<8).map { Float(bitPattern: UInt32(readInt(bytes, 58 + 4 * $0, 4))) }
    #expect(samples == [0, -1, 0.5, 0.25, -0.5, 1.5, 1, -0.001])
  }

  @Test func stemFileNamesAreReadableSafeAndUnique() {
    #expect(
      StemNaming.fileNames(for: ["Cars", "cars", "Low/High", "..", "", "Cars"])
        == ["Cars.wav", "cars-2.wav", "Low-High.wav", "stem.wav", "stem-2.wav", "Cars-3.wav"])
    #expect(
      StemNaming.fileNames(for: [
        "Cars: USA", "Rain: North & South", "-rf *", "a\tb:c", "  ..hidden", "Série: été",
      ])
        == [
          "Cars - USA.wav", "Rain - North _ South.wav", "rf _.wav", "a b - c.wav", "hidden.wav",
          "Série - été.wav",
        ])
  }
}
