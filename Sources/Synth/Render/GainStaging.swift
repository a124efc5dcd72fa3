import Descriptor
import Foundation

/// The one gain of a render, for the mix and every stem alike.
enum GainStaging {
  /// The most a render is amplified: 60 dB.
  static let maximumGain: Float = 1000

  /// The gain that brings the mix, or its `anchor` (a narration's voice) when there is one, to
  /// `options.loudness` (without passing the mix's true-peak ceiling), or, without a loudness
  /// target, the mix's peak to `options.peakLevel`; and what the loudness then is. A mix too
  /// quiet to measure (under the -70 LUFS gate) is peak-normalised, with a note.
  static func gain(
    for mix: LayeredAudio, anchor: LayeredAudio? = nil, sampleRate: Int, options: RenderOptions,
    notes: inout [String]
  ) throws -> (Float, LoudnessReport?) {
    let peak = try mix.peak()
    let peakGain: Float =
      peak > 1e-6 ? min(Float(pow(10, options.peakLevel / 20)) / peak, maximumGain) : 1
    guard let target = options.loudness else { return (peakGain, nil) }
    let measured = try Loudness(of: mix, sampleRate: sampleRate)
    guard measured.integrated.isFinite, measured.truePeak.isFinite else {
      notes.append(
        "the mix is too quiet to measure its loudness (under -70 LUFS): its peak is set to \(ValueFormat.plain(options.peakLevel)) dBFS instead"
      )
      return (peakGain, nil)
    }
    let voice = try anchor.map { try Loudness(of: $0, sampleRate: sampleRate).integrated }
    let anchored = voice.flatMap { $0.isFinite ? $0 : nil } ?? measured.integrated
    let wanted = target - anchored
    let allowed = Loudness.truePeakCeiling - measured.truePeak
    let decibels = min(wanted, allowed, 20 * log10(Double(maximumGain)))
    let reached = measured.adding(gain: decibels)
    var report = LoudnessReport(
      target: target, reached: reached, shortfall: max(0, wanted - decibels))
    if let voice, voice.isFinite { report.speech = voice + decibels }
    return (Float(pow(10, decibels / 20)), report)
  }
}
