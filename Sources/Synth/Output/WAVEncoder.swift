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

/// What a WAV file says besides its samples: a broadcast-wave `bext` chunk (EBU Tech 3285) with a
/// description and the originator, and markers a DAW shows, as a `cue ` chunk with a `LIST`
/// `adtl` chunk of `labl` labels. Nothing in it depends on the clock: the same audio and
/// metadata give the same bytes.
public struct WAVMetadata: Hashable, Sendable {
  /// A marker: where, in sample frames from the start of the file, and its label.
  public struct Cue: Hashable, Sendable {
    /// The sample frame.
    public var frame: Int
    /// The label.
    public var label: String

    /// A marker.
    public init(frame: Int, label: String) {
      self.frame = frame
      self.label = label
    }
  }

  /// The `bext` description, such as the chart's title (at most 256 bytes are kept).
  public var description: String
  /// The `bext` originator (at most 32 bytes).
  public var originator = "chart2midi"
  /// Where the file's first sample lies on a programme's timeline, in sample frames since
  /// 00:00:00:00 (the `bext` time reference); 0 for none.
  public var timeReference = 0
  /// The integrated loudness and true peak, written in the `bext` chunk (version 2) when known.
  public var loudness: Loudness?
  /// The markers, in time order.
  public var cues: [Cue] = []

  /// Metadata with a description.
  public init(description: String) { self.description = description }
}

/// Writes stereo audio as a RIFF/WAVE file: `RIFF` size `WAVE`, a `fmt ` chunk (format 1, PCM, or 3,
/// IEEE float, which also gets a `fact` chunk), with metadata a `bext` chunk, then `data` with
/// interleaved little-endian samples, then, with markers, `cue ` and `LIST` (`adtl`).
public enum WAVEncoder {
  /// The file's bytes. Integer formats round to the nearest step (ties to even) and clamp at full
  /// scale.
  public static func encode(
    _ audio: StereoAudio, sampleRate: Int, format: SampleFormat, metadata: WAVMetadata? = nil
  ) -> Data {
    let channels = 2
    let width = format.bytesPerSample
    let dataSize = audio.frames * channels * width
    let isFloat = format == .float32
    let formatChunkSize = isFloat ? 18 : 16
    let factSize = isFloat ? 12 : 0
    let broadcast = metadata.map(broadcastChunk) ?? []
    let markers = metadata.map { markerChunks($0.cues) } ?? []
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
    u32(
      4 + (8 + formatChunkSize) + (isFloat ? factSize : 0) + broadcast.count + 8 + dataSize
        + dataSize % 2 + markers.count)
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
    bytes += broadcast
    text("data")
    u32(dataSize)
    let headerSize = bytes.count
    var data = Data(count: headerSize + dataSize + dataSize % 2 + markers.count)
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
    data.replaceSubrange((headerSize + dataSize + dataSize % 2)..., with: markers)
    return data
  }

  /// A chunk: its four-letter id, its size and its body, padded to an even length.
  static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
    Array(id.utf8) + littleEndian(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
  }

  static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian, Array.init)
  }

  /// Text in a fixed field: UTF-8, cut at a character boundary to fit, padded with zeros.
  static func field(_ text: String, _ size: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for character in text {
      let encoded = Array(String(character).utf8)
      if bytes.count + encoded.count > size { break }
      bytes += encoded
    }
    return bytes + [UInt8](repeating: 0, count: size - bytes.count)
  }

  /// The `bext` chunk, version 2: description, originator, empty reference, date and time (no
  /// clock in the file), the time reference, no UMID, the loudness when known (0x7FFF where it
  /// is not), reserved zeros, no coding history.
  static func broadcastChunk(_ metadata: WAVMetadata) -> [UInt8] {
    var body = field(metadata.description, 256) + field(metadata.originator, 32) + field("", 32)
    body += field("", 10) + field("", 8)
    body += littleEndian(UInt64(max(0, metadata.timeReference)))
    body += littleEndian(UInt16(2))
    body += [UInt8](repeating: 0, count: 64)
    func hundredths(_ value: Double?) -> [UInt8] {
      guard let value, value.isFinite else { return littleEndian(Int16(0x7FFF)) }
      return littleEndian(Int16(clamping: Int((value * 100).rounded())))
    }
    // Loudness value, loudness range, max true peak, max momentary, max short-term loudness.
    body += hundredths(metadata.loudness?.integrated) + hundredths(nil)
    body += hundredths(metadata.loudness?.truePeak) + hundredths(nil) + hundredths(nil)
    body += [UInt8](repeating: 0, count: 180)
    return chunk("bext", body)
  }

  /// The `cue ` chunk and the `LIST` `adtl` chunk of labels; nothing when there are no markers.
  static func markerChunks(_ cues: [WAVMetadata.Cue]) -> [UInt8] {
    guard !cues.isEmpty else { return [] }
    var points = littleEndian(UInt32(cues.count))
    var labels = Array("adtl".utf8)
    for (index, cue) in cues.enumerated() {
      let id = UInt32(index + 1)
      let frame = UInt32(clamping: max(0, cue.frame))
      // ID, position, the data chunk, chunk start, block start, sample offset.
      points += littleEndian(id) + littleEndian(frame) + Array("data".utf8)
      points += littleEndian(UInt32(0)) + littleEndian(UInt32(0)) + littleEndian(frame)
      labels += chunk("labl", littleEndian(id) + Array(cue.label.utf8) + [0])
    }
    return chunk("cue ", points) + chunk("LIST", labels)
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
