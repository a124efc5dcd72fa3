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
    metadata: WAVMetadata, scratchFolder: URL,
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
    // Lossy formats at a middle setting (0 is the best quality, 1 the smallest file): about 128
    // kb/s in MP3, small enough for a page, with no audible loss on these sounds.
    if format != .flac {
      var level = 0.5
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
