internal import CSndFile
import Foundation

/// A recorded sentence read from an audio file with libsndfile (WAV, FLAC, and the other formats
/// it reads), at any sample rate and with any number of channels: its channels averaged to mono
/// and resampled to the render's rate with libsoxr.
package enum RecordedSpeech {
  /// The longest recording a narration takes, in seconds: a narration's own limit.
  static let maximumSeconds = Narration.maximumDuration

  /// The mono samples of the audio file at `url`, at `sampleRate`.
  ///
  /// - Throws: `SynthError` naming the file when there is none, libsndfile cannot read it as
  ///   audio, it holds no samples, or it is longer than a narration may be.
  package static func samples(of url: URL, sampleRate: Int) throws -> [Float] {
    let path = url.path
    guard FileManager.default.fileExists(atPath: path) else {
      throw SynthError("no recording at \(path)", file: path, code: .recordingMissing)
    }
    var info = SF_INFO()
    guard let file = sf_open(path, Int32(SFM_READ), &info) else {
      let reason = String(cString: sf_strerror(nil))
      throw SynthError(
        "\(path) is not audio that can be read (\(reason))", file: path, code: .recordingUnusable)
    }
    defer { sf_close(file) }
    let channels = Int(info.channels)
    let frames = Int(info.frames)
    guard channels > 0, frames > 0, info.samplerate > 0 else {
      throw SynthError("\(path) holds no sound", file: path, code: .recordingUnusable)
    }
    guard Double(frames) / Double(info.samplerate) <= maximumSeconds else {
      throw SynthError(
        "\(path) lasts more than the \(Int(maximumSeconds / 60)) minutes a narration may",
        file: path, code: .recordingUnusable)
    }
    var interleaved = [Float](repeating: 0, count: frames * channels)
    let read = interleaved.withUnsafeMutableBufferPointer { buffer in
      sf_readf_float(file, buffer.baseAddress, sf_count_t(frames))
    }
    guard read > 0 else {
      throw SynthError("\(path) holds no sound", file: path, code: .recordingUnusable)
    }
    var mono = [Float](repeating: 0, count: Int(read))
    let scale = 1 / Float(channels)
    for frame in 0..<Int(read) {
      var sum: Float = 0
      for channel in 0..<channels { sum += interleaved[frame * channels + channel] }
      mono[frame] = sum * scale
    }
    return try Resampler.resample(mono, from: Int(info.samplerate), to: sampleRate)
  }
}
