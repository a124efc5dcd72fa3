import Chart2MIDIBase
import Foundation

/// The gain of a render, for the mix and every stem alike: one level and the true-peak limiter's
/// envelope.
enum GainStaging {
  /// The most a render is amplified: 60 dB.
  static let maximumGain: Float = 1000
  /// How close the anchor's loudness comes to the target before the search stops, in LU.
  static let tolerance = 0.02

  /// The gain that brings the mix, or its `anchor` (a narration's voice) when there is one, to
  /// `options.loudness`, with the limiter's envelope that holds the mix's true peak at the
  /// target's ceiling, and what the loudness then is; or, without a loudness target, the gain
  /// that brings the mix's peak to `options.peakLevel`. A mix too quiet to measure (under the -70
  /// LUFS gate) is peak-normalised, with a note; so is a narration too quiet to measure. The
  /// standard target (no target chosen) comes down, with a note, where a chosen one is refused.
  ///
  /// The limiter takes loudness away where it cuts, so the level is found by a few rounds: set
  /// the level, limit, measure, and move the level by what is still missing.
  ///
  /// - Throws: `SynthError` when the target would need the limiter to cut deeper than
  ///   `TruePeakLimiter.maximumCut`, or the loudness cannot be measured.
  static func gain(
    for mix: LayeredAudio, anchor: LayeredAudio? = nil, sampleRate: Int, options: RenderOptions,
    notes: inout [String]
  ) throws -> (gain: Float, envelope: GainEnvelope, report: LoudnessReport?) {
    let peak = try mix.peak()
    let peakGain: Float =
      peak > 1e-6 ? min(Float(pow(10, options.peakLevel / 20)) / peak, maximumGain) : 1
    guard let target = options.loudness else { return (peakGain, .unity, nil) }
    // Measured in full once: where no peak would pass the ceiling, the gain moves every measure
    // by itself, and neither the limiter nor a second measure is needed.
    let before = try Loudness(of: mix, sampleRate: sampleRate, detail: .full)
    let measured = before.integrated
    guard measured.isFinite else {
      notes.append(
        "the mix is too quiet to measure its loudness (under -70 LUFS): its peak is set to \(NumberText.plain(options.peakLevel)) dBFS instead"
      )
      return (peakGain, .unity, nil)
    }
    let voice = try anchor.map {
      try Loudness(of: $0, sampleRate: sampleRate, detail: .integrated).integrated
    }
    let anchored = voice.flatMap { $0.isFinite ? $0 : nil }
    let ceiling = 20 * log10(Double(maximumGain))
    var decibels = min(target.integrated - (anchored ?? measured), ceiling)
    if before.truePeak + decibels <= target.truePeakCeiling - TruePeakLimiter.margin {
      var report = LoudnessReport(target: target, reached: before.raised(by: decibels))
      report.shortfall = max(0, target.integrated - ((anchored ?? measured) + decibels))
      if anchored != nil { report.speech = anchored! + decibels }
      noteShortTerm(of: report, notes: &notes)
      return (Float(pow(10, decibels / 20)), .unity, report)
    }
    var envelope = GainEnvelope.unity
    var reachedAnchor = -Double.infinity
    let rounds = 8
    for round in 1...rounds {
      var scaled = mix
      scaled.gain = Float(pow(10, decibels / 20))
      envelope = try TruePeakLimiter.envelope(
        for: scaled, ceiling: target.truePeakCeiling, sampleRate: sampleRate)
      // Without a cut, the gain moves the loudness by itself.
      guard !envelope.isUnity else {
        reachedAnchor = (anchored ?? measured) + decibels
        break
      }
      var heard = anchored == nil ? scaled : anchor!
      heard.gain = scaled.gain
      heard.envelope = envelope
      reachedAnchor = try Loudness(of: heard, sampleRate: sampleRate, detail: .integrated)
        .integrated
      let missing = target.integrated - reachedAnchor
      // The level stays the one the envelope was made for.
      if abs(missing) <= tolerance || decibels >= ceiling || round == rounds { break }
      decibels = min(decibels + missing, ceiling)
    }
    var cut = envelope.deepestCut
    if cut > TruePeakLimiter.maximumCut, target.isStandard {
      // The target no one chose yields: the level comes down until the limiter's cut is one it
      // may make.
      for _ in 0..<8 where cut > TruePeakLimiter.maximumCut {
        decibels -= cut - TruePeakLimiter.maximumCut + 0.05
        var scaled = mix
        scaled.gain = Float(pow(10, decibels / 20))
        envelope = try TruePeakLimiter.envelope(
          for: scaled, ceiling: target.truePeakCeiling, sampleRate: sampleRate)
        cut = envelope.deepestCut
      }
      var heard = anchored == nil ? mix : anchor!
      heard.gain = Float(pow(10, decibels / 20))
      heard.envelope = envelope
      reachedAnchor = try Loudness(of: heard, sampleRate: sampleRate, detail: .integrated)
        .integrated
      notes.append(
        String(
          format:
            "the mix's loudest peaks stand too far over its loudness for %.1f LUFS with the true peak at %.1f dBTP (the limiter may cut %.0f dB before the sound pumps): it is at %.1f LUFS instead",
          target.integrated, target.truePeakCeiling, TruePeakLimiter.maximumCut, reachedAnchor))
    }
    if cut > TruePeakLimiter.maximumCut {
      throw SynthError(
        String(
          format:
            "the loudness target %.1f LUFS with the true peak at %.1f dBTP needs the limiter to cut %.1f dB from the loudest peaks, more than the %.0f dB it may before the sound pumps; choose a lower loudness target",
          target.integrated, target.truePeakCeiling, cut, TruePeakLimiter.maximumCut),
        code: .invalidRequest)
    }
    var written = mix
    written.gain = Float(pow(10, decibels / 20))
    written.envelope = envelope
    var report = LoudnessReport(
      target: target, reached: try Loudness(of: written, sampleRate: sampleRate, detail: .full))
    report.limiterCut = cut
    report.shortfall = max(0, target.integrated - reachedAnchor)
    if anchored != nil { report.speech = reachedAnchor }
    noteShortTerm(of: report, notes: &notes)
    return (written.gain, envelope, report)
  }

  /// A note when the largest short-term loudness passes what EBU R128 s1 allows the target.
  private static func noteShortTerm(of report: LoudnessReport, notes: inout [String]) {
    let target = report.target
    guard target.limitsShortTerm, let shortTerm = report.reached.maximumShortTerm,
      shortTerm > target.maximumShortTerm + 0.05
    else { return }
    notes.append(
      String(
        format:
          "the largest short-term loudness is %.1f LUFS, over the %.1f LUFS EBU R128 s1 allows a programme at %.1f LUFS; a lower graph level keeps it under",
        shortTerm, target.maximumShortTerm, target.integrated))
  }
}
