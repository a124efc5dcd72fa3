internal import CSoxr
import Foundation

/// Band-limited sample rate conversion with libsoxr, at its high quality (20-bit precision).
enum Resampler {
  /// The input samples handed to libsoxr at a time: its buffers stay this small, however long the
  /// speech (in one call, libsoxr holds buffers of the whole length, more than the speech itself).
  static let chunk = 65536

  /// Mono samples at `from` Hz as samples at `to` Hz.
  ///
  /// - Throws: `SynthError` when libsoxr refuses the conversion.
  static func resample(_ samples: [Float], from: Int, to: Int) throws -> [Float] {
    guard from != to, !samples.isEmpty else { return samples }
    let ratio = Double(to) / Double(from)
    var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
    var error: soxr_error_t?
    guard let resampler = soxr_create(Double(from), Double(to), 1, &error, nil, &quality, nil)
    else { throw failure("soxr_create", error) }
    defer { soxr_delete(resampler) }
    // A few samples of room past the length: a narration pads its last clip by a sample or two
    // without copying it.
    var output = [Float](
      repeating: 0, count: Int((Double(samples.count) * ratio).rounded(.up)) + 16)
    var written = 0
    try samples.withUnsafeBufferPointer { input in
      try output.withUnsafeMutableBufferPointer { out in
        var next = 0
        // The input a chunk at a time, then nothing: the end, which flushes what libsoxr holds.
        while true {
          let count = min(chunk, input.count - next)
          var read = 0
          var made = 0
          let error = soxr_process(
            resampler, count > 0 ? input.baseAddress! + next : nil, count, &read,
            out.baseAddress! + written, out.count - written, &made)
          if let error { throw failure("soxr_process", error) }
          next += read
          written += made
          if count == 0 && made == 0 { break }
          if count == 0 && written == out.count { break }
        }
      }
    }
    // Cut in place: a copy would hold the speech twice.
    output.removeLast(output.count - written)
    return output
  }

  private static func failure(_ call: String, _ error: soxr_error_t?) -> SynthError {
    SynthError(
      "speech could not be resampled (\(call) failed: \(error.map { String(cString: $0) } ?? "no reason given"))",
      call: call)
  }
}
