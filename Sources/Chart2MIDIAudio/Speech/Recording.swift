internal import CSndFile
import Foundation

/// A recorded sentence read from an audio file with libsndfile (WAV, FLAC, and the other formats
/// it reads), at any sample rate and with any number of channels: its channels averaged to mono
/// and resampled to the render's rate with libsoxr.
package enum RecordedSpeech {
  /// The longest recording a narration takes, in seconds: a narration's own limit.
  static let maximumSeconds = Narration.maximumDuration

  /// The sample rates a recording may have, in hertz.
  static let sampleRates = 8000...192_000
  /// The most channels a recording may have.
  static let maximumChannels = 8
  /// Frames decoded at a time: memory follows the sound's length, never what a header claims.
  static let blockFrames = 65536

  /// The mono samples of the audio file at `url`, at `sampleRate`. The file is opened without
  /// waiting (a FIFO would block) and only when it is a regular file; its header's rate, channels
  /// and length are checked before anything is decoded, and it is decoded a block at a time.
  ///
  /// - Parameter shown: the file's name in messages (the path by default).
  /// - Throws: `SynthError` naming the file when there is none, libsndfile cannot read it as
  ///   audio, its rate, channels or length are past the limits, or it holds no samples.
  package static func samples(of url: URL, named shown: String? = nil, sampleRate: Int) throws
    -> [Float]
  {
    let (mono, rate) = try read(url, named: shown)
    return try Resampler.resample(mono, from: rate, to: sampleRate)
  }

  /// The mono samples of the audio file at `url` at its own sample rate, read as `samples(of:)`
  /// reads them.
  ///
  /// - Throws: `SynthError` as `samples(of:)` does.
  static func read(_ url: URL, named shown: String? = nil) throws -> (
    samples: [Float], sampleRate: Int
  ) {
    // Messages name the file as it was given (a script's own words), never where it resolved.
    let path = shown ?? url.path
    let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SynthError("no recording at \(path)", file: path, code: .recordingMissing)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw SynthError(
        "\(path) is not a regular file", file: path, code: .recordingUnusable)
    }
    var info = SF_INFO()
    // libsndfile closes the descriptor with the file.
    guard let file = sf_open_fd(descriptor, Int32(SFM_READ), &info, 1) else {
      let reason = String(cString: sf_strerror(nil))
      throw SynthError(
        "\(path) is not audio that can be read (\(reason))", file: path, code: .recordingUnusable)
    }
    defer { sf_close(file) }
    let channels = Int(info.channels)
    let rate = Int(info.samplerate)
    guard sampleRates.contains(rate) else {
      throw SynthError(
        "\(path) has a sample rate of \(rate) Hz; a recording has 8,000 to 192,000",
        file: path, code: .recordingUnusable)
    }
    guard (1...maximumChannels).contains(channels) else {
      throw SynthError(
        "\(path) has \(channels) channels; a recording has 1 to \(maximumChannels)", file: path,
        code: .recordingUnusable)
    }
    guard info.frames > 0 else {
      throw SynthError("\(path) holds no sound", file: path, code: .recordingUnusable)
    }
    guard Double(info.frames) / Double(rate) <= maximumSeconds else {
      throw SynthError(
        "\(path) lasts more than the \(Int(maximumSeconds / 60)) minutes a narration may",
        file: path, code: .recordingUnusable)
    }
    let frames = Int(info.frames)
    var mono: [Float] = []
    var block = [Float](repeating: 0, count: blockFrames * channels)
    let scale = 1 / Float(channels)
    while mono.count < frames {
      let wanted = min(blockFrames, frames - mono.count)
      let read = Int(
        block.withUnsafeMutableBufferPointer { buffer in
          sf_readf_float(file, buffer.baseAddress, sf_count_t(wanted))
        })
      guard read > 0 else { break }
      for frame in 0..<read {
        var sum: Float = 0
        for channel in 0..<channels { sum += block[frame * channels + channel] }
        mono.append(sum * scale)
      }
    }
    guard !mono.isEmpty else {
      throw SynthError("\(path) holds no sound", file: path, code: .recordingUnusable)
    }
    return (mono, rate)
  }
}
