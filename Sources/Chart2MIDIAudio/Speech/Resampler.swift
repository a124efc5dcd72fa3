internal import CSoxr
import Foundation

/// Band-limited sample rate conversion with libsoxr, at its high quality (20-bit precision), fed a
/// piece at a time: its buffers stay small however long the audio (in one call, libsoxr holds
/// buffers of the whole length).
final class Resampler {
  /// The input frames handed to libsoxr at a time.
  static let chunk = 65536

  private let resampler: soxr_t
  private let channels: Int
  private let ratio: Double
  private var output: [Float] = []

  /// A converter of `channels` interleaved channels from `from` Hz to `to` Hz.
  ///
  /// - Throws: `SynthError` when libsoxr refuses the conversion.
  init(channels: Int, from: Int, to: Int) throws {
    var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
    var error: soxr_error_t?
    guard
      let made = soxr_create(
        Double(from), Double(to), UInt32(channels), &error, nil, &quality, nil)
    else { throw Self.failure("soxr_create", error) }
    (resampler, self.channels, ratio) = (made, channels, Double(to) / Double(from))
  }

  deinit { soxr_delete(resampler) }

  /// Converts `input` (interleaved frames), handing what comes out to `emit`; an empty input is
  /// the end, which flushes what libsoxr holds.
  func process(
    _ input: UnsafeBufferPointer<Float>, emit: (UnsafeBufferPointer<Float>) throws -> Void
  ) throws {
    let frames = input.count / channels
    let room = Int((Double(min(frames, Self.chunk)) * ratio).rounded(.up)) + 64
    if output.count < room * channels { output = [Float](repeating: 0, count: room * channels) }
    var next = 0
    while true {
      let count = min(Self.chunk, frames - next)
      var read = 0
      var made = 0
      try output.withUnsafeMutableBufferPointer { out in
        let error = soxr_process(
          resampler, count > 0 ? input.baseAddress! + next * channels : nil, count, &read,
          out.baseAddress!, out.count / channels, &made)
        if let error { throw Self.failure("soxr_process", error) }
      }
      next += read
      if made > 0 {
        try output.withUnsafeBufferPointer { try emit(.init(rebasing: $0[0..<made * channels])) }
      }
      // Input is taken until all is read (what libsoxr holds back comes out with later input);
      // the end is flushed until libsoxr gives nothing more.
      if frames == 0 ? made == 0 : next >= frames { break }
    }
  }

  /// Mono samples at `from` Hz as samples at `to` Hz.
  ///
  /// - Throws: `SynthError` when libsoxr refuses the conversion.
  static func resample(_ samples: [Float], from: Int, to: Int) throws -> [Float] {
    guard from != to, !samples.isEmpty else { return samples }
    let converter = try Resampler(channels: 1, from: from, to: to)
    // A few samples of room past the length: a narration pads its last clip by a sample or two
    // without copying it.
    var result = [Float]()
    result.reserveCapacity(Int((Double(samples.count) * converter.ratio).rounded(.up)) + 16)
    try samples.withUnsafeBufferPointer { input in
      try converter.process(input) { result.append(contentsOf: $0) }
    }
    try converter.process(UnsafeBufferPointer(start: nil, count: 0)) {
      result.append(contentsOf: $0)
    }
    return result
  }

  private static func failure(_ call: String, _ error: soxr_error_t?) -> SynthError {
    SynthError(
      "audio could not be resampled (\(call) failed: \(error.map { String(cString: $0) } ?? "no reason given"))",
      call: call, code: .libraryFailed)
  }
}
