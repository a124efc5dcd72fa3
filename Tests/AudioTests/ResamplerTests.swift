internal import CSoxr
import Foundation
import Testing

@testable import Chart2MIDIAudio

@Suite("Speech resampled a chunk at a time")
struct ChunkedResamplingTests {
  @Test(arguments: [(22050, 44100), (22050, 48000), (16000, 44100)])
  func chunksGiveTheSamplesOfOneCall(rates: (Int, Int)) throws {
    // Longer than three chunks, with sound that changes.
    let samples = (0..<(3 * Resampler.chunk + 1234)).map {
      Float(sin(Double($0) * 0.01 + sin(Double($0) * 0.0001) * 5)) * 0.5
    }
    let chunked = try Resampler.resample(samples, from: rates.0, to: rates.1)
    // libsoxr in one call, as the speech was resampled before.
    var whole = [Float](
      repeating: 0,
      count: Int((Double(samples.count) * Double(rates.1) / Double(rates.0)).rounded(.up)))
    var written = 0
    var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
    let error = samples.withUnsafeBufferPointer { input in
      whole.withUnsafeMutableBufferPointer { out in
        var read = 0
        return soxr_oneshot(
          Double(rates.0), Double(rates.1), 1, input.baseAddress, input.count, &read,
          out.baseAddress, out.count, &written, nil, &quality, nil)
      }
    }
    #expect(error == nil)
    whole.removeLast(whole.count - written)
    #expect(chunked.count == whole.count)
    let largest = zip(chunked, whole).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
    #expect(largest == 0, "the largest difference is \(largest)")
  }
}
