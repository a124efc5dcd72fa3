internal import CSoxr
import Foundation

/// Band-limited sample rate conversion with libsoxr, at its high quality (20-bit precision).
enum Resampler {
  /// Mono samples at `from` Hz as samples at `to` Hz.
  ///
  /// - Throws: `SynthError` when libsoxr refuses the conversion.
  static func resample(_ samples: [Float], from: Int, to: Int) throws -> [Float] {
    guard from != to, !samples.isEmpty else { return samples }
    let ratio = Double(to) / Double(from)
    var output = [Float](repeating: 0, count: Int((Double(samples.count) * ratio).rounded(.up)))
    var written = 0
    var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
    let error = samples.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        var read = 0
        return soxr_oneshot(
          Double(from), Double(to), 1, input.baseAddress, input.count, &read, out.baseAddress,
          out.count, &written, nil, &quality, nil)
      }
    }
    if let error {
      throw SynthError(
        "speech could not be resampled (soxr_oneshot failed: \(String(cString: error)))",
        call: "soxr_oneshot")
    }
    return Array(output.prefix(written))
  }
}
