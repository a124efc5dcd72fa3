internal import CEBUR128
import Foundation

/// A mix's loudness as ITU-R BS.1770 measures it (EBU R128): integrated loudness, gated, in LUFS,
/// and the true peak (the peak between samples, found by oversampling), in dBTP. Measured with
/// libebur128.
public struct Loudness: Hashable, Sendable {
  /// Integrated loudness in LUFS; -infinity for audio quieter than the absolute gate (-70 LUFS).
  public var integrated: Double
  /// True peak in dBTP (decibels relative to full scale, between samples too).
  public var truePeak: Double

  /// The broadcast target of EBU R128: -23 LUFS.
  public static let broadcast = -23.0
  /// A usual target for the web and streaming: -16 LUFS.
  public static let web = -16.0
  /// The highest true peak a loudness target may reach: -1 dBTP, as EBU R128 asks.
  public static let truePeakCeiling = -1.0
  /// The targets a render accepts, in LUFS.
  public static let targets = -70.0...0.0

  /// Measures stereo audio.
  ///
  /// - Throws: `SynthError` when libebur128 cannot be set up or refuses the audio.
  public init(of audio: StereoAudio, sampleRate: Int) throws {
    try self.init(of: LayeredAudio(audio), sampleRate: sampleRate)
  }

  /// Measures audio made of layers, a second at a time.
  package init(of audio: LayeredAudio, sampleRate: Int) throws {
    guard
      let state = ebur128_init(
        2, UInt(sampleRate), Int32(EBUR128_MODE_I.rawValue | EBUR128_MODE_TRUE_PEAK.rawValue))
    else {
      throw SynthError("libebur128 could not be set up (ebur128_init failed)", call: "ebur128_init")
    }
    var handle: UnsafeMutablePointer<ebur128_state>? = state
    defer { ebur128_destroy(&handle) }
    func check(_ result: Int32, _ call: String) throws {
      guard result == Int32(EBUR128_SUCCESS.rawValue) else {
        throw SynthError(
          "the loudness could not be measured (\(call) failed: \(result))", call: call)
      }
    }
    // Interleaved blocks of a second, so that no copy of the whole mix is made.
    var interleaved = [Float](repeating: 0, count: 2 * sampleRate)
    try audio.forEachPiece(size: sampleRate) { _, left, right in
      for frame in left.indices {
        interleaved[2 * frame] = left[frame]
        interleaved[2 * frame + 1] = right[frame]
      }
      try check(
        ebur128_add_frames_float(state, interleaved, left.count), "ebur128_add_frames_float")
    }
    var integrated = 0.0
    try check(ebur128_loudness_global(state, &integrated), "ebur128_loudness_global")
    var peak = 0.0
    for channel in 0..<2 {
      var side = 0.0
      try check(ebur128_true_peak(state, UInt32(channel), &side), "ebur128_true_peak")
      peak = max(peak, side)
    }
    self.integrated = integrated
    self.truePeak = peak > 0 ? 20 * log10(peak) : -.infinity
  }

  /// The loudness after a gain in dB: both measures move by the gain.
  public func adding(gain decibels: Double) -> Loudness {
    var result = self
    result.integrated += decibels
    result.truePeak += decibels
    return result
  }

  init(integrated: Double, truePeak: Double) {
    self.integrated = integrated
    self.truePeak = truePeak
  }
}

/// What gain staging reached when it aimed at a loudness.
public struct LoudnessReport: Hashable, Sendable {
  /// The target in LUFS.
  public var target: Double
  /// The loudness and true peak of the mix as written.
  public var reached: Loudness
  /// How many LU the mix (or the voice, with a narration) fell short of the target because the
  /// true peak would otherwise have passed its ceiling; 0 when it reached the target.
  public var shortfall: Double
  /// The narration's own integrated loudness as written, the anchor the target is for; nil
  /// without a narration.
  public var speech: Double?

  /// "loudness: -23.0 LUFS integrated, true peak -7.9 dBTP", and the shortfall when there is one.
  public var summary: String {
    var text = String(
      format: "loudness: %.1f LUFS integrated, true peak %.1f dBTP", reached.integrated,
      reached.truePeak)
    if let speech { text += String(format: ", speech %.1f LUFS", speech) }
    if shortfall > 0.05 {
      text += String(
        format: " (%.1f LU short of %.1f LUFS: more gain would take the true peak over %.0f dBTP)",
        shortfall, target, Loudness.truePeakCeiling)
    }
    return text
  }
}
