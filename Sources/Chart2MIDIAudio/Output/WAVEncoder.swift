import Chart2MIDICore
import Foundation
import TextEncoders

/// The sample formats of WAV output.
public enum SampleFormat: String, Hashable, Sendable, CaseIterable {
  /// 16-bit integer PCM.
  case int16
  /// 24-bit integer PCM.
  case int24
  /// 32-bit IEEE float.
  case float32

  package var bytesPerSample: Int {
    switch self {
    case .int16: 2
    case .int24: 3
    case .float32: 4
    }
  }
}

/// What a WAV file says besides its samples: a broadcast-wave `bext` chunk (EBU Tech 3285, version
/// 2) with an ASCII description, the originator, the origination date when one is given, where the
/// file lies on a programme's timeline, the loudness and a coding history; an `iXML` chunk (iXML
/// 2.10) with the project, the file's track names and, with a timecode, its rate and start; and
/// markers a DAW shows, as a `cue ` chunk with a `LIST` `adtl` chunk of `labl` labels. Nothing in it
/// depends on the clock: the same audio and metadata give the same bytes.
package struct WAVMetadata: Hashable, Sendable {
  /// A marker: where, in sample frames from the start of the file, and its label.
  package struct Cue: Hashable, Sendable {
    /// The sample frame.
    package var frame: Int
    /// The label.
    package var label: String

    /// A marker.
    package init(frame: Int, label: String) {
      self.frame = frame
      self.label = label
    }
  }

  /// The description, such as the chart's title: in `bext` transliterated to ASCII, as EBU Tech
  /// 3285 asks (at most 256 characters), and whole in `iXML`'s project.
  package var description: String
  /// The `bext` originator (at most 32 characters).
  package var originator = "chart2midi"
  /// When the file was made, written as the `bext` origination date and time in UTC; nil leaves
  /// them empty, so that the same input gives the same bytes.
  package var originationDate: Date?
  /// Where the file's first sample lies on a programme's timeline, in sample frames since
  /// 00:00:00:00 (the `bext` time reference); 0 for none.
  package var timeReference = 0
  /// The timecode of the file's first sample and its frame rate, for the `iXML` chunk that DAWs
  /// read to spot the file and to set a session's timecode rate; nil for none.
  package var timecode: Timecode?
  /// The name of what the file holds (a stem's name, or "Mix"), its channels named after it in
  /// `iXML`'s track list ("Cars L", "Cars R").
  package var trackName = "Mix"
  /// The loudness, written in the `bext` chunk (version 2) when known.
  package var loudness: Loudness?
  /// The markers, in time order.
  package var cues: [Cue] = []

  /// Metadata with a description.
  package init(description: String) { self.description = description }

  /// The `bext` coding history: one line (EBU R98) saying how the samples were made.
  func codingHistory(sampleRate: Int, format: SampleFormat) -> String {
    let width = format.bytesPerSample * 8
    let kind = format == .float32 ? "; IEEE float" : ""
    return "A=PCM,F=\(sampleRate),W=\(width),M=stereo,T=\(originator)\(kind)\r\n"
  }
}

/// Writes stereo audio as a RIFF/WAVE file: `RIFF` size `WAVE`, a `fmt ` chunk (format 1, PCM, or 3,
/// IEEE float, which also gets a `fact` chunk), with metadata a `bext` chunk, then `data` with
/// interleaved little-endian samples, then, with markers, `cue ` and `LIST` (`adtl`).
package enum WAVEncoder {
  /// The file's bytes. Integer formats round to the nearest step (ties to even) and clamp at full
  /// scale.
  package static func encode(
    _ audio: StereoAudio, sampleRate: Int, format: SampleFormat, metadata: WAVMetadata? = nil
  ) -> Data {
    var data = Data()
    write(audio, sampleRate: sampleRate, format: format, metadata: metadata) {
      data.append(contentsOf: $0)
    }
    return data
  }

  /// The file's bytes, as `encode` makes them, handed to `output` piece by piece (the header, the
  /// samples a few thousand frames at a time, the markers), so that a file is written without
  /// holding all of it in memory.
  package static func write(
    _ audio: StereoAudio, sampleRate: Int, format: SampleFormat, metadata: WAVMetadata? = nil,
    to output: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    let layout = Layout(frames: audio.frames, sampleRate: sampleRate, format: format, metadata)
    try layout.header.withUnsafeBytes(output)
    let piece = layout.pieceBuffer()
    defer { piece.deallocate() }
    try audio.left.withUnsafeBufferPointer { left in
      try audio.right.withUnsafeBufferPointer { right in
        for first in stride(from: 0, to: audio.frames, by: LayeredAudio.pieceFrames) {
          let part = first..<min(audio.frames, first + LayeredAudio.pieceFrames)
          try output(
            layout.samples(.init(rebasing: left[part]), .init(rebasing: right[part]), piece))
        }
      }
    }
    try layout.trailer.withUnsafeBytes(output)
  }

  /// Audio made of layers, written the same way, a piece summed at a time.
  ///
  /// - Throws: what `output` throws; `SynthError` when a scratch file cannot be read.
  package static func write(
    _ audio: LayeredAudio, sampleRate: Int, format: SampleFormat, metadata: WAVMetadata? = nil,
    to output: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let layout = Layout(frames: audio.frames, sampleRate: sampleRate, format: format, metadata)
    try layout.header.withUnsafeBytes(output)
    let piece = layout.pieceBuffer()
    defer { piece.deallocate() }
    try audio.forEachPiece { _, left, right in try output(layout.samples(left, right, piece)) }
    try layout.trailer.withUnsafeBytes(output)
  }

  /// A file's chunks around its samples.
  private struct Layout {
    let format: SampleFormat
    /// Everything before the samples: `RIFF`, `fmt `, `fact`, `bext`, `iXML`, the `data` header.
    var header: [UInt8] = []
    /// Everything after: the pad byte of an odd data size, the markers.
    var trailer: [UInt8] = []

    init(frames: Int, sampleRate: Int, format: SampleFormat, _ metadata: WAVMetadata?) {
      self.format = format
      let channels = 2
      let width = format.bytesPerSample
      let dataSize = frames * channels * width
      let isFloat = format == .float32
      let formatChunkSize = isFloat ? 18 : 16
      let factSize = isFloat ? 12 : 0
      let broadcast =
        metadata.map {
          broadcastChunk($0, sampleRate: sampleRate, format: format)
            + ixmlChunk($0, sampleRate: sampleRate, bitDepth: width * 8)
        } ?? []
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
        u32(frames)
      }
      bytes += broadcast
      text("data")
      u32(dataSize)
      header = bytes
      trailer = (dataSize % 2 == 1 ? [0] : []) + markers
    }

    /// Room for a piece's samples.
    func pieceBuffer() -> UnsafeMutableRawBufferPointer {
      .allocate(byteCount: LayeredAudio.pieceFrames * 2 * format.bytesPerSample, alignment: 16)
    }

    /// A piece's samples in `piece`, interleaved and little-endian.
    func samples(
      _ left: UnsafeBufferPointer<Float>, _ right: UnsafeBufferPointer<Float>,
      _ piece: UnsafeMutableRawBufferPointer
    ) -> UnsafeRawBufferPointer {
      writeSamples(left, right, format, to: piece.baseAddress!)
      return UnsafeRawBufferPointer(rebasing: piece[0..<(left.count * 2 * format.bytesPerSample)])
    }
  }

  /// A chunk: its four-letter id, its size and its body, padded to an even length.
  static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
    Array(id.utf8) + littleEndian(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
  }

  static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian, Array.init)
  }

  /// Text in a fixed field: ASCII, cut to fit, padded with zeros.
  static func field(_ text: String, _ size: Int) -> [UInt8] {
    let bytes = Array(ASCIIText.transliterated(text).utf8.prefix(size))
    return bytes + [UInt8](repeating: 0, count: size - bytes.count)
  }

  /// The `bext` chunk, version 2: the description, the originator, an empty reference, the
  /// origination date and time when given, the time reference, no UMID, the loudness where it is
  /// known (0x7FFF where it is not), reserved zeros, and the coding history.
  static func broadcastChunk(_ metadata: WAVMetadata, sampleRate: Int, format: SampleFormat)
    -> [UInt8]
  {
    var body = field(metadata.description, 256) + field(metadata.originator, 32) + field("", 32)
    if let date = metadata.originationDate {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC")!
      let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: date)
      body += field(
        String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0), 10)
      body += field(
        String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0), 8)
    } else {
      body += field("", 10) + field("", 8)
    }
    body += littleEndian(UInt64(max(0, metadata.timeReference)))
    body += littleEndian(UInt16(2))
    body += [UInt8](repeating: 0, count: 64)
    func hundredths(_ value: Double?) -> [UInt8] {
      guard let value, value.isFinite else { return littleEndian(Int16(0x7FFF)) }
      return littleEndian(Int16(clamping: Int((value * 100).rounded())))
    }
    // Loudness value, loudness range, max true peak, max momentary, max short-term loudness.
    let loudness = metadata.loudness
    body += hundredths(loudness?.integrated) + hundredths(loudness?.range)
    body += hundredths(loudness?.truePeak) + hundredths(loudness?.maximumMomentary)
    body += hundredths(loudness?.maximumShortTerm)
    body += [UInt8](repeating: 0, count: 180)
    body += Array(metadata.codingHistory(sampleRate: sampleRate, format: format).utf8)
    return chunk("bext", body)
  }

  /// The `iXML` chunk (iXML 2.10): the project (the description), the file's two tracks named
  /// after what it holds, the sample rate and bit depth; with a timecode, its rate as a ratio,
  /// whether it drops frames and the time stamp in samples since midnight (the same as the `bext`
  /// time reference), with the timecode itself in the speed note; and the `bext` fields.
  static func ixmlChunk(_ metadata: WAVMetadata, sampleRate: Int, bitDepth: Int) -> [UInt8] {
    let samples = UInt64(max(0, metadata.timeReference))
    var speed = ""
    if let timecode = metadata.timecode {
      let rate = timecode.frameRate
      speed = """

            <NOTE>start \(timecode) at \(rate.rawValue) fps</NOTE>
            <MASTER_SPEED>\(rate.ratio)</MASTER_SPEED>
            <CURRENT_SPEED>\(rate.ratio)</CURRENT_SPEED>
            <TIMECODE_RATE>\(rate.ratio)</TIMECODE_RATE>
            <TIMECODE_FLAG>\(rate.isDropFrame ? "DF" : "NDF")</TIMECODE_FLAG>
        """
    }
    let name = XMLText.text(metadata.trackName)
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <BWFXML>
        <IXML_VERSION>2.10</IXML_VERSION>
        <PROJECT>\(XMLText.text(metadata.description))</PROJECT>
        <SPEED>\(speed)
          <FILE_SAMPLE_RATE>\(sampleRate)</FILE_SAMPLE_RATE>
          <AUDIO_BIT_DEPTH>\(bitDepth)</AUDIO_BIT_DEPTH>
          <DIGITIZER_SAMPLE_RATE>\(sampleRate)</DIGITIZER_SAMPLE_RATE>
          <TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_HI>\(samples >> 32)</TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_HI>
          <TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO>\(samples & 0xFFFF_FFFF)</TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO>
          <TIMESTAMP_SAMPLE_RATE>\(sampleRate)</TIMESTAMP_SAMPLE_RATE>
        </SPEED>
        <TRACK_LIST>
          <TRACK_COUNT>2</TRACK_COUNT>
          <TRACK>
            <CHANNEL_INDEX>1</CHANNEL_INDEX>
            <INTERLEAVE_INDEX>1</INTERLEAVE_INDEX>
            <NAME>\(name) L</NAME>
          </TRACK>
          <TRACK>
            <CHANNEL_INDEX>2</CHANNEL_INDEX>
            <INTERLEAVE_INDEX>2</INTERLEAVE_INDEX>
            <NAME>\(name) R</NAME>
          </TRACK>
        </TRACK_LIST>
        <BEXT>
          <BWF_DESCRIPTION>\(XMLText.text(metadata.description))</BWF_DESCRIPTION>
          <BWF_ORIGINATOR>\(XMLText.text(metadata.originator))</BWF_ORIGINATOR>
          <BWF_TIME_REFERENCE_LOW>\(samples & 0xFFFF_FFFF)</BWF_TIME_REFERENCE_LOW>
          <BWF_TIME_REFERENCE_HIGH>\(samples >> 32)</BWF_TIME_REFERENCE_HIGH>
        </BEXT>
      </BWFXML>

      """
    return chunk("iXML", Array(xml.utf8))
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

  /// Writes the samples interleaved and little-endian from `out` on, a tight loop per format.
  fileprivate static func writeSamples(
    _ left: UnsafeBufferPointer<Float>, _ right: UnsafeBufferPointer<Float>,
    _ format: SampleFormat, to out: UnsafeMutableRawPointer
  ) {
    switch format {
    case .int16:
      for frame in 0..<left.count {
        out.storeBytes(of: int16(left[frame]).littleEndian, toByteOffset: 4 * frame, as: Int16.self)
        out.storeBytes(
          of: int16(right[frame]).littleEndian, toByteOffset: 4 * frame + 2, as: Int16.self)
      }
    case .int24:
      for frame in 0..<left.count {
        store24(int24(left[frame]), out + 6 * frame)
        store24(int24(right[frame]), out + 6 * frame + 3)
      }
    case .float32:
      for frame in 0..<left.count {
        out.storeBytes(
          of: left[frame].bitPattern.littleEndian, toByteOffset: 8 * frame, as: UInt32.self)
        out.storeBytes(
          of: right[frame].bitPattern.littleEndian, toByteOffset: 8 * frame + 4, as: UInt32.self)
      }
    }
  }

  /// A sample as 16-bit PCM: clamped at full scale, rounded to the nearest step, ties to even.
  /// Adding 1.5 * 2^23 rounds a float of magnitude under 2^22 to a whole number in the current
  /// (nearest, ties to even) mode and leaves it in the low bits, with no call and no check, so the
  /// loop vectorises. A NaN clamps to the top, as `min` keeps its first argument then.
  @inline(__always)
  private static func int16(_ sample: Float) -> Int16 {
    let clamped = max(-32768, min(32767, sample * 32767))
    return Int16(truncatingIfNeeded: (clamped + 12_582_912).bitPattern)
  }

  /// A sample as 24-bit PCM, the same way, in double precision (1.5 * 2^52).
  @inline(__always)
  private static func int24(_ sample: Float) -> Int32 {
    let clamped = max(-8_388_608, min(8_388_607, Double(sample) * 8_388_607))
    return Int32(truncatingIfNeeded: (clamped + 6_755_399_441_055_744).bitPattern)
  }

  @inline(__always)
  private static func store24(_ value: Int32, _ out: UnsafeMutableRawPointer) {
    out.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
    out.storeBytes(of: UInt8(truncatingIfNeeded: value >> 8), toByteOffset: 1, as: UInt8.self)
    out.storeBytes(of: UInt8(truncatingIfNeeded: value >> 16), toByteOffset: 2, as: UInt8.self)
  }
}
