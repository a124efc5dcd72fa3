internal import CSndFile
import Foundation

/// The audio file formats a render writes: WAV, written by `WAVEncoder` with its `bext`, `iXML`
/// and cue chunks, or a format the web plays, written through libsndfile.
public enum AudioFormat: String, Hashable, Sendable, CaseIterable {
  /// RIFF/WAVE, PCM or float.
  case wav
  /// FLAC, lossless (16 or 24 bits).
  case flac
  /// Ogg Vorbis.
  case ogg
  /// Ogg Opus (at 48 kHz, its own rate: other rates are resampled).
  case opus
  /// MPEG-1 Layer III.
  case mp3

  /// The extension of its files.
  package var fileExtension: String { rawValue }

  /// The format of a file name's extension, or nil.
  package init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }

  /// The MIME type a web page's `<audio>` gives it.
  package var mimeType: String {
    switch self {
    case .wav: "audio/wav"
    case .flac: "audio/flac"
    case .ogg: "audio/ogg; codecs=vorbis"
    case .opus: "audio/ogg; codecs=opus"
    case .mp3: "audio/mpeg"
    }
  }

  /// The libsndfile format of a stereo file at `sampleRate`, in `sampleFormat` where the format
  /// keeps samples as they are (FLAC: 16 bits, or 24 for 24-bit and float).
  func sndfileFormat(_ sampleFormat: SampleFormat) -> Int32 {
    switch self {
    case .wav:
      Int32(SF_FORMAT_WAV)
        | Int32(sampleFormat == .int16 ? SF_FORMAT_PCM_16 : SF_FORMAT_PCM_24)
    case .flac:
      Int32(SF_FORMAT_FLAC)
        | Int32(sampleFormat == .int16 ? SF_FORMAT_PCM_16 : SF_FORMAT_PCM_24)
    case .ogg: Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_VORBIS)
    case .opus: Int32(SF_FORMAT_OGG) | Int32(SF_FORMAT_OPUS)
    case .mp3: Int32(SF_FORMAT_MPEG) | Int32(SF_FORMAT_MPEG_LAYER_III)
    }
  }

  /// The rate a file of this format is written at: Opus's own 48 kHz, else the render's.
  func fileRate(_ sampleRate: Int) -> Int { self == .opus ? 48000 : sampleRate }

  /// Whether the installed libsndfile can write this format.
  package var isWritable: Bool {
    guard self != .wav else { return true }
    var info = SF_INFO()
    info.samplerate = Int32(fileRate(44100))
    info.channels = 2
    info.format = sndfileFormat(.int16)
    return sf_format_check(&info) != 0
  }
}

/// How a lossy format trades size for quality.
public enum LossyQuality: Hashable, Sendable {
  /// A variable bitrate at a quality from 0 (the best, the largest file) to 1 (the smallest):
  /// libsndfile's compression level. MP3 at 0.5 is about 35 kb/s on a sparse chart and 160 on
  /// dense music; Opus's level sets its target bitrate, 0.5 about 260 kb/s.
  case variable(Double)
  /// A bitrate in kilobits a second: constant for MP3 (32 to 320, as LAME rounds it to MPEG's
  /// rates), the target of Opus's (12 to 510); Ogg Vorbis takes a quality only.
  case bitrate(kilobitsPerSecond: Int)

  /// The quality the outputs are written at unless asked otherwise.
  package static let standard = LossyQuality.variable(0.5)

  /// The bitrates a format takes, for a message; nil for a format that takes none.
  package static func bitrates(of format: AudioFormat) -> ClosedRange<Int>? {
    switch format {
    case .mp3: 32...320
    case .opus: 12...510
    default: nil
    }
  }

  /// libsndfile's compression level and bitrate mode for `format` (nil: its default mode).
  func sndfileSettings(for format: AudioFormat) -> (level: Double, mode: Int32?) {
    switch (self, format) {
    case (.variable(let level), _): (min(max(level, 0), 1), nil)
    // libsndfile spreads MP3's bitrates over the level, 320 kb/s at 0 to 32 at 1 (measured).
    case (.bitrate(let rate), .mp3):
      (min(max(Double(320 - rate) / 288, 0), 0.999), Int32(SF_BITRATE_MODE_CONSTANT))
    // And Opus's, 256 kb/s a channel at 0 to 6 at 1 (measured on stereo: 0.5 gave 265 kb/s).
    case (.bitrate(let rate), _): (min(max(1 - Double(rate - 12) / 500, 0), 1), nil)
    }
  }
}

/// Writes audio in a compressed format through libsndfile: first into a scratch file beside the
/// output (opened and at once unlinked, so nothing is left behind whatever happens), which
/// libsndfile can seek in to finish its headers, then handed on a piece at a time. The title, the
/// software, the date and the markers (one line each, "12.345 Highest: …", as a comment) go into
/// the format's tags where it has them (Vorbis comments in FLAC and Ogg, ID3 in MP3).
package enum CompressedAudioEncoder {
  /// Writes `audio` as `format` to `output`.
  ///
  /// - Throws: `SynthError` when libsndfile cannot write the format or the scratch file cannot
  ///   be made; what `output` throws.
  package static func write(
    _ audio: LayeredAudio, sampleRate: Int, format: AudioFormat, sampleFormat: SampleFormat,
    metadata: WAVMetadata, scratchFolder: URL, quality: LossyQuality = .standard,
    to output: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    var template = Array(
      scratchFolder.appendingPathComponent(".chart2midi-encode-XXXXXX").path.utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw SynthError(
        "cannot make a scratch file in \(scratchFolder.path) to encode \(format.rawValue)",
        file: scratchFolder.path, code: .scratchFile)
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    defer { close(descriptor) }
    let rate = format.fileRate(sampleRate)
    var info = SF_INFO()
    info.samplerate = Int32(rate)
    info.channels = 2
    info.format = format.sndfileFormat(sampleFormat)
    guard let file = sf_open_fd(descriptor, Int32(SFM_WRITE), &info, 0) else {
      throw SynthError(
        "the installed libsndfile cannot write \(format.rawValue) (\(String(cString: sf_strerror(nil))))",
        call: "sf_open_fd", code: .formatUnavailable)
    }
    var closed = false
    defer { if !closed { sf_close(file) } }
    // Lossy formats at the quality asked for: the bitrate mode first, as libsndfile takes it.
    if format != .flac {
      var (level, mode) = quality.sndfileSettings(for: format)
      if var mode {
        sf_command(file, Int32(SFC_SET_BITRATE_MODE), &mode, Int32(MemoryLayout<Int32>.size))
      }
      sf_command(
        file, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
    }
    sf_set_string(file, Int32(SF_STR_TITLE), metadata.description)
    sf_set_string(file, Int32(SF_STR_SOFTWARE), metadata.originator)
    if let date = metadata.originationDate {
      sf_set_string(file, Int32(SF_STR_DATE), ISO8601DateFormatter().string(from: date))
    }
    if !metadata.cues.isEmpty {
      let lines = metadata.cues.map {
        String(format: "%.3f ", Double($0.frame) / Double(sampleRate)) + $0.label
      }
      sf_set_string(file, Int32(SF_STR_COMMENT), lines.joined(separator: "\n"))
    }
    // The samples, interleaved, a piece at a time; for Opus resampled to 48 kHz on the way.
    func write(_ frames: UnsafeBufferPointer<Float>) throws {
      let count = frames.count / 2
      guard sf_writef_float(file, frames.baseAddress, sf_count_t(count)) == count else {
        throw SynthError(
          "libsndfile could not encode \(format.rawValue) (\(String(cString: sf_strerror(file))))",
          call: "sf_writef_float", code: .libraryFailed)
      }
    }
    let resampler =
      rate == sampleRate ? nil : try Resampler(channels: 2, from: sampleRate, to: rate)
    var interleaved = [Float]()
    try audio.forEachPiece { _, left, right in
      interleaved.removeAll(keepingCapacity: true)
      for frame in left.indices {
        interleaved.append(left[frame])
        interleaved.append(right[frame])
      }
      try interleaved.withUnsafeBufferPointer { frames in
        if let resampler { try resampler.process(frames, emit: write) } else { try write(frames) }
      }
    }
    try resampler?.process(UnsafeBufferPointer(start: nil, count: 0), emit: write)
    closed = true
    guard sf_close(file) == 0 else {
      throw SynthError(
        "libsndfile could not finish the \(format.rawValue) file", call: "sf_close",
        code: .libraryFailed)
    }
    // libsndfile numbers an Ogg stream at random: one number makes the same audio the same bytes.
    if format == .ogg || format == .opus { try OggPages.numberStream(in: descriptor) }
    // The encoded file, handed on.
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw SynthError(
        "cannot read back the encoded \(format.rawValue) file", call: "lseek", code: .scratchFile)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      guard count >= 0 else {
        throw SynthError(
          "cannot read back the encoded \(format.rawValue) file", call: "read", code: .scratchFile)
      }
      if count == 0 { break }
      try output(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
  }
}

/// The pages of an Ogg file, which libsndfile gives a random stream serial number (from the time
/// of day): each page's number is set to one, and its checksum made again, in place.
enum OggPages {
  /// The serial number of every stream written: "c2mi".
  static let serialNumber: UInt32 = 0x6332_6D69

  /// Gives every page of the Ogg file open at `descriptor` the one serial number. A page is a
  /// 27-byte header ("OggS", version, type, granule position, serial number at 14, sequence
  /// number, checksum at 22, segment count at 26), its segments' lengths, then its body.
  ///
  /// - Throws: `SynthError` when the file is not a sequence of Ogg pages or cannot be rewritten.
  static func numberStream(in descriptor: Int32) throws {
    var offset: off_t = 0
    var page = [UInt8](repeating: 0, count: 27 + 255 + 255 * 255)
    func failure() -> SynthError {
      SynthError(
        "cannot number the encoded Ogg stream at byte \(offset)", call: "pread",
        code: .scratchFile)
    }
    while true {
      let read = page.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 27, offset) }
      if read == 0 { return }
      guard read == 27, page[0..<4].elementsEqual("OggS".utf8) else { throw failure() }
      let segments = Int(page[26])
      let lengths = page.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + 27, segments, offset + 27)
      }
      guard lengths == segments else { throw failure() }
      let size = 27 + segments + page[27..<27 + segments].reduce(0) { $0 + Int($1) }
      let body = page.withUnsafeMutableBytes {
        pread(
          descriptor, $0.baseAddress! + 27 + segments, size - 27 - segments,
          offset + off_t(27 + segments))
      }
      guard body == size - 27 - segments else { throw failure() }
      for index in 0..<4 {
        page[14 + index] = UInt8(truncatingIfNeeded: serialNumber >> (8 * index))
        page[22 + index] = 0
      }
      let checksum = crc(page[0..<size])
      for index in 0..<4 { page[22 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * index)) }
      let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, size, offset) }
      guard written == size else { throw failure() }
      offset += off_t(size)
    }
  }

  /// Ogg's checksum: CRC-32 of polynomial 0x04C11DB7, most significant bit first, from 0.
  static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var value: UInt32 = 0
    for byte in bytes { value = (value << 8) ^ table[Int((value >> 24) ^ UInt32(byte))] }
    return value
  }

  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index) << 24
    for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
    return value
  }
}
