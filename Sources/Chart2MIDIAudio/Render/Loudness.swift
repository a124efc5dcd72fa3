internal import CEBUR128
import Foundation

/// A mix's loudness as ITU-R BS.1770 measures it (EBU R128, EBU Tech 3341 and 3342): integrated
/// loudness, gated, in LUFS; the true peak (the peak between samples, found by oversampling), in
/// dBTP; and, when measured in full, the loudness range in LU and the largest momentary (400 ms)
/// and short-term (3 s) loudness, taken every 100 ms. The integrated loudness and the range are
/// measured with libebur128, the true peak with `TruePeakMeter` (libebur128's own costs ten
/// times as much), the windows with `LoudnessWindows`.
public struct Loudness: Hashable, Sendable {
  /// Integrated loudness in LUFS; -infinity for audio quieter than the absolute gate (-70 LUFS).
  public var integrated: Double
  /// True peak in dBTP (decibels relative to full scale, between samples too).
  public var truePeak: Double
  /// The loudness range in LU (EBU Tech 3342), when measured in full.
  package var range: Double?
  /// The largest momentary loudness in LUFS, when measured in full.
  package var maximumMomentary: Double?
  /// The largest short-term loudness in LUFS, when measured in full.
  package var maximumShortTerm: Double?

  /// The targets a render accepts, in LUFS.
  package static let targets = -70.0...0.0

  /// How much a measure finds.
  package enum Detail: Sendable {
    /// Integrated loudness only (the true peak is left at -infinity).
    case integrated
    /// Integrated loudness and the true peak.
    case peak
    /// Everything: integrated, true peak, range, largest momentary and short-term loudness.
    case full
  }

  /// These measures of audio made `decibels` louder by a gain alone: every loudness and the
  /// true peak move by the gain, the range stays.
  package func raised(by decibels: Double) -> Loudness {
    var raised = self
    raised.integrated += decibels
    raised.truePeak += decibels
    raised.maximumMomentary = maximumMomentary.map { $0 + decibels }
    raised.maximumShortTerm = maximumShortTerm.map { $0 + decibels }
    return raised
  }

  /// Measures stereo audio in full.
  ///
  /// - Throws: `SynthError` when libebur128 cannot be set up or refuses the audio.
  public init(of audio: StereoAudio, sampleRate: Int) throws {
    try self.init(of: LayeredAudio(audio), sampleRate: sampleRate, detail: .full)
  }

  /// Measures audio made of layers, a piece at a time. The integrated loudness alone is measured
  /// by `LoudnessWindows`; with the true peak by `TruePeakMeter`; in full, libebur128 measures
  /// the integrated loudness and the range.
  package init(of audio: LayeredAudio, sampleRate: Int, detail: Detail = .peak) throws {
    var windows = LoudnessWindows(sampleRate: sampleRate)
    guard detail == .full else {
      try audio.forEachPiece { _, left, right in windows.add(left, right) }
      integrated = windows.integrated
      truePeak = -.infinity
      if detail == .peak {
        let peak = Double(try TruePeakMeter.peak(of: audio))
        truePeak = peak > 0 ? 20 * log10(peak) : -.infinity
      }
      return
    }
    let mode = EBUR128_MODE_I.rawValue | EBUR128_MODE_LRA.rawValue
    guard let state = ebur128_init(2, UInt(sampleRate), Int32(mode)) else {
      throw SynthError(
        "libebur128 could not be set up (ebur128_init failed)", call: "ebur128_init",
        code: .libraryFailed)
    }
    var handle: UnsafeMutablePointer<ebur128_state>? = state
    defer { ebur128_destroy(&handle) }
    func check(_ result: Int32, _ call: String) throws {
      guard result == Int32(EBUR128_SUCCESS.rawValue) else {
        throw SynthError(
          "the loudness could not be measured (\(call) failed: \(result))", call: call,
          code: .libraryFailed)
      }
    }
    // Interleaved blocks, so that no copy of the whole mix is made; the windows' loudness is
    // followed alongside.
    var interleaved = [Float](repeating: 0, count: 2 * LayeredAudio.pieceFrames)
    try audio.forEachPiece { _, left, right in
      for frame in left.indices {
        interleaved[2 * frame] = left[frame]
        interleaved[2 * frame + 1] = right[frame]
      }
      try check(
        ebur128_add_frames_float(state, interleaved, left.count), "ebur128_add_frames_float")
      windows.add(left, right)
    }
    var integrated = 0.0
    try check(ebur128_loudness_global(state, &integrated), "ebur128_loudness_global")
    self.integrated = integrated
    let peak = Double(try TruePeakMeter.peak(of: audio))
    truePeak = peak > 0 ? 20 * log10(peak) : -.infinity
    var range = 0.0
    try check(ebur128_loudness_range(state, &range), "ebur128_loudness_range")
    self.range = range
    maximumMomentary = windows.maximumMomentary
    maximumShortTerm = windows.maximumShortTerm
  }

  init(integrated: Double, truePeak: Double) {
    self.integrated = integrated
    self.truePeak = truePeak
  }
}

/// The largest momentary (400 ms) and short-term (3 s) loudness of audio, its windows taken every
/// 100 ms from its start (silence before it), as EBU Tech 3341 defines them: the K-weighting of
/// ITU-R BS.1770 (a high shelf, then a high-pass, with its coefficients at any sample rate), the
/// mean square of each 100 ms block, and the loudness of the blocks' mean over each window.
/// libebur128 computes each window's loudness again from its samples, which costs the window's
/// length every 100 ms; this costs a block. The same blocks give the integrated loudness.
struct LoudnessWindows {
  /// A biquad filter, direct form II transposed, in double precision.
  struct Biquad {
    var b0, b1, b2, a1, a2: Double
    var z1 = 0.0
    var z2 = 0.0

    mutating func filter(_ x: Double) -> Double {
      let y = b0 * x + z1
      z1 = b1 * x - a1 * y + z2
      z2 = b2 * x - a2 * y
      return y
    }
  }

  private var leftShelf: Biquad
  private var leftPass: Biquad
  private var rightShelf: Biquad
  private var rightPass: Biquad
  private let blockFrames: Int
  private var blockEnergy = 0.0
  private var blockFill = 0
  /// The last 30 blocks' mean squares, oldest first.
  private var blocks = [Double](repeating: 0, count: 30)
  /// Every 400 ms gating block's mean square (ITU-R BS.1770-4: 75% overlap), from the fourth
  /// 100 ms block on.
  private var gatingBlocks: [Double] = []
  private var blockCount = 0
  private(set) var maximumMomentary = -Double.infinity
  private(set) var maximumShortTerm = -Double.infinity

  init(sampleRate: Int) {
    let rate = Double(sampleRate)
    // The high shelf of BS.1770's pre-filter, at any rate.
    let shelfK = tan(Double.pi * 1681.974450955533 / rate)
    let shelfQ = 0.7071752369554196
    let high = pow(10, 3.999843853973347 / 20)
    let band = pow(high, 0.4996667741545416)
    let shelfA0 = 1 + shelfK / shelfQ + shelfK * shelfK
    let shelf = Biquad(
      b0: (high + band * shelfK / shelfQ + shelfK * shelfK) / shelfA0,
      b1: 2 * (shelfK * shelfK - high) / shelfA0,
      b2: (high - band * shelfK / shelfQ + shelfK * shelfK) / shelfA0,
      a1: 2 * (shelfK * shelfK - 1) / shelfA0,
      a2: (1 - shelfK / shelfQ + shelfK * shelfK) / shelfA0)
    // The RLB high-pass.
    let passK = tan(Double.pi * 38.13547087602444 / rate)
    let passQ = 0.5003270373238773
    let passA0 = 1 + passK / passQ + passK * passK
    let highPass = Biquad(
      b0: 1, b1: -2, b2: 1, a1: 2 * (passK * passK - 1) / passA0,
      a2: (1 - passK / passQ + passK * passK) / passA0)
    (leftShelf, leftPass, rightShelf, rightPass) = (shelf, highPass, shelf, highPass)
    blockFrames = max(1, sampleRate / 10)
  }

  /// Takes in the next frames.
  mutating func add(_ left: UnsafeBufferPointer<Float>, _ right: UnsafeBufferPointer<Float>) {
    for frame in left.indices {
      let l = leftPass.filter(leftShelf.filter(Double(left[frame])))
      let r = rightPass.filter(rightShelf.filter(Double(right[frame])))
      blockEnergy += l * l + r * r
      blockFill += 1
      if blockFill == blockFrames { closeBlock() }
    }
  }

  private mutating func closeBlock() {
    blocks.removeFirst()
    blocks.append(blockEnergy / Double(blockFrames))
    blockEnergy = 0
    blockFill = 0
    func loudness(_ count: Int) -> Double {
      let mean = blocks.suffix(count).reduce(0, +) / Double(count)
      return mean > 0 ? -0.691 + 10 * log10(mean) : -.infinity
    }
    maximumMomentary = max(maximumMomentary, loudness(4))
    maximumShortTerm = max(maximumShortTerm, loudness(30))
    blockCount += 1
    if blockCount >= 4 { gatingBlocks.append(blocks.suffix(4).reduce(0, +) / 4) }
  }

  /// The integrated loudness (ITU-R BS.1770-4): the gating blocks over -70 LUFS, then those
  /// over their mean's loudness less 10 LU; -infinity when none passes.
  var integrated: Double {
    func loudness(_ energy: Double) -> Double { -0.691 + 10 * log10(energy) }
    let absolute = gatingBlocks.filter { $0 > 0 && loudness($0) > -70 }
    guard !absolute.isEmpty else { return -.infinity }
    let relative = loudness(absolute.reduce(0, +) / Double(absolute.count)) - 10
    let gated = absolute.filter { loudness($0) > relative }
    guard !gated.isEmpty else { return -.infinity }
    return loudness(gated.reduce(0, +) / Double(gated.count))
  }
}

/// A loudness to bring a render to: the integrated loudness (of the narration's voice when there
/// is one, else of the mix) and the true peak the mix may not pass, as a delivery specification
/// sets them.
public struct LoudnessTarget: Hashable, Sendable {
  /// The integrated loudness in LUFS (LKFS).
  public var integrated: Double
  /// The highest true peak, in dBTP.
  public var truePeakCeiling: Double
  /// The preset's name, when the target is one.
  public var name: String?

  /// A target of `integrated` LUFS with its true peak at most -1 dBTP.
  public init(_ integrated: Double, truePeakCeiling: Double = -1, name: String? = nil) {
    self.integrated = integrated
    self.truePeakCeiling = truePeakCeiling
    self.name = name
  }

  /// EBU R128: -23 LUFS, -1 dBTP.
  public static let broadcast = LoudnessTarget(-23, truePeakCeiling: -1, name: "broadcast")
  /// ATSC A/85: -24 LKFS, -2 dBTP.
  public static let atsc = LoudnessTarget(-24, truePeakCeiling: -2, name: "atsc")
  /// The web and podcasts: -16 LUFS, -1 dBTP.
  public static let web = LoudnessTarget(-16, truePeakCeiling: -1, name: "web")
  /// Streaming services' dialogue-gated delivery: -27 LKFS, -2 dBTP.
  public static let streaming = LoudnessTarget(-27, truePeakCeiling: -2, name: "streaming")
  /// The presets by name.
  package static let presets = [broadcast, atsc, web, streaming]
  /// The target a render aims at when none is chosen: the web's, -16 LUFS and -1 dBTP. A mix
  /// whose peaks stand too far over its loudness for the limiter stays under it, with a note,
  /// where a chosen target is refused.
  package static let standard: LoudnessTarget = {
    var target = web
    target.isStandard = true
    return target
  }()
  /// Whether this is the target no one chose (see `standard`).
  package var isStandard = false
  /// Whether EBU R128 s1's limit on short-term loudness applies: for a broadcast preset or a
  /// target given in LUFS, not the web's.
  package var limitsShortTerm: Bool { name != "web" }

  /// The largest short-term loudness EBU R128 s1 allows a programme at this target: 5 LU over it.
  package var maximumShortTerm: Double { integrated + 5 }
}

/// What gain staging reached when it aimed at a loudness.
public struct LoudnessReport: Hashable, Sendable {
  /// The target.
  public var target: LoudnessTarget
  /// The mix as written, measured in full.
  public var reached: Loudness
  /// How many LU the mix (or the voice, with a narration) fell short of the target because the
  /// gain is capped at 60 dB; 0 when it reached the target.
  public var shortfall: Double = 0
  /// The narration's own integrated loudness as written, the anchor the target is for; nil
  /// without a narration.
  package var speech: Double?
  /// The deepest cut the true-peak limiter made, in dB; 0 when it made none.
  package var limiterCut: Double = 0

  /// "loudness: -23.0 LUFS integrated, speech -23.0 LUFS, range 5.2 LU, max momentary -17.1
  /// LUFS, max short-term -19.4 LUFS, true peak -1.0 dBTP", the limiter's deepest cut when it
  /// made one, and the shortfall when there is one.
  public var summary: String {
    var text = String(format: "loudness: %.1f LUFS integrated", reached.integrated)
    if let speech { text += String(format: ", speech %.1f LUFS", speech) }
    if let range = reached.range { text += String(format: ", range %.1f LU", range) }
    if let momentary = reached.maximumMomentary, momentary.isFinite {
      text += String(format: ", max momentary %.1f LUFS", momentary)
    }
    if let shortTerm = reached.maximumShortTerm, shortTerm.isFinite {
      text += String(format: ", max short-term %.1f LUFS", shortTerm)
    }
    text += String(format: ", true peak %.1f dBTP", reached.truePeak)
    if limiterCut >= 0.05 { text += String(format: " (limiter up to %.1f dB)", limiterCut) }
    if shortfall > 0.05 {
      let reason =
        limiterCut >= 0.05 ? "the limiter holds the peaks" : "the gain is capped at 60 dB"
      text += String(
        format: " (%.1f LU short of %.1f LUFS: %@)", shortfall, target.integrated, reason)
    }
    return text
  }
}
