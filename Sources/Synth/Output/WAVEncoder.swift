import Foundation

/// The sample formats of WAV output.
public enum SampleFormat: String, Hashable, Sendable, CaseIterable {
  /// 16-bit integer PCM.
  case int16
  /// 24-bit integer PCM.
  case int24
  /// 32-bit IEEE float.
  case float32

  var bytesPerSample: Int {
    switch self {
    case .int16: 2
    case .int24: 3
    case .float32: 4
    }
  }
}

/// Writes stereo audio as a RIFF/WAVE file: `RIFF` size `WAVE`, a `fmt ` chunk (format 1, PCM, or 3,
/// IEEE float, which also gets a `fact` chunk), then `data` with interleaved little-endian samples.
public enum WAVEncoder {
  /// The file's bytes. Integer formats round to the nearest step (ties to even) and clamp at full
  /// scale.
  public static func encode(_ audio: StereoAudio, sampleRate: Int, format: SampleFormat) -> Data {
    let channels = 2
    let width = format.bytesPerSample
    let dataSize = audio.frames * channels * width
    let isFloat = format == .float32
    let formatChunkSize = isFloat ? 18 : 16
    let factSize = isFloat ? 12 : 0
    var bytes: [UInt8] = []
    func text(_ tag: String) { bytes.append(contentsOf: Array(tag.utf8)) }
    func u16(_ value: Int) {
      bytes.append(UInt8(value & 0xFF))
      bytes.append(UInt8((value >> 8) & 0xFF))
    }
    func u32(_ value: Int) {
      for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> shift) & 0xFF)) }
    }
    text("RIFF")
    u32(4 + (8 + formatChunkSize) + (isFloat ? factSize : 0) + 8 + dataSize)
    text("WAVE")
    text("fmt ")
    u32(formatChunkSize)
    u16(isFloat ? 3 : 1)
    u16(channels)
    u32(sampleRate)
    u32(sampleRate * channels * width)
    u16(channels * width)
    u16(width * 8)
    if isFloat {
      u16(0)
      text("fact")
      u32(4)
      u32(audio.frames)
    }
    text("data")
    u32(dataSize)
    let headerSize = bytes.count
    var data = Data(count: headerSize + dataSize)
    data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
      bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
      let out = buffer.baseAddress!.advanced(by: headerSize).assumingMemoryBound(to: UInt8.self)
      audio.left.withUnsafeBufferPointer { left in
        audio.right.withUnsafeBufferPointer { right in
          var position = 0
          for frame in 0..<audio.frames {
            writeSample(left[frame], format, out, &position)
            writeSample(right[frame], format, out, &position)
          }
        }
      }
    }
    return data
  }

  /// Writes one little-endian sample at `position` and advances it.
  @inline(__always)
  private static func writeSample(
    _ sample: Float, _ format: SampleFormat, _ out: UnsafeMutablePointer<UInt8>,
    _ position: inout Int
  ) {
    switch format {
    case .int16:
      let value = Int32(max(-32768, min(32767, (sample * 32767).rounded(.toNearestOrEven))))
      out[position] = UInt8(truncatingIfNeeded: value)
      out[position + 1] = UInt8(truncatingIfNeeded: value >> 8)
      position += 2
    case .int24:
      let value = Int32(
        max(-8_388_608, min(8_388_607, (Double(sample) * 8_388_607).rounded(.toNearestOrEven))))
      out[position] = UInt8(truncatingIfNeeded: value)
      out[position + 1] = UInt8(truncatingIfNeeded: value >> 8)
      out[position + 2] = UInt8(truncatingIfNeeded: value >> 16)
      position += 3
    case .float32:
      let bits = sample.bitPattern
      out[position] = UInt8(truncatingIfNeeded: bits)
      out[position + 1] = UInt8(truncatingIfNeeded: bits >> 8)
      out[position + 2] = UInt8(truncatingIfNeeded: bits >> 16)
      out[position + 3] = UInt8(truncatingIfNeeded: bits >> 24)
      position += 4
    }
  }
}
