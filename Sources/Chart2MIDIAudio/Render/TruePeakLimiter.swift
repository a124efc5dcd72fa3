import Foundation

/// A look-ahead true-peak limiter: it finds every frame whose peak, between samples too, would pass
/// a ceiling (with `TruePeakMeter`), and makes the gain envelope that brings each such frame under
/// it. The cut comes in ahead of a peak (an exponential of 2 ms
/// leading up to it, so nothing clicks) and goes away after it (an exponential of 100 ms in
/// decibels), so a cut follows the music's envelope rather than each wave.
///
/// Everything is computed in one pass over the audio, in the same order every time: the same audio
/// gives the same envelope, to the bit.
enum TruePeakLimiter {
  /// The time constant of the cut's approach, in seconds.
  static let attack = 0.002
  /// The time constant of the cut's recovery, in seconds.
  static let release = 0.1
  /// The deepest cut the limiter makes before a target counts as unreachable, in dB: past this,
  /// the music audibly pumps.
  static let maximumCut = 10.0
  /// How far under its ceiling the limiter aims, in dB, so that a measure with another
  /// interpolator still finds the true peak at or under the ceiling.
  static let margin = 0.1

  /// The envelope that keeps `audio` (its layers and gain; any envelope it has is left out) under
  /// `ceiling` dBTP, less the margin.
  ///
  /// - Throws: `SynthError` when a scratch file cannot be read.
  static func envelope(for audio: LayeredAudio, ceiling: Double, sampleRate: Int) throws
    -> GainEnvelope
  {
    var plain = audio
    plain.envelope = .unity
    let threshold = Float(pow(10, (ceiling - margin) / 20))
    let cuts = try peaks(of: plain, over: threshold)
    return envelope(cuts: cuts, sampleRate: sampleRate)
  }

  /// The frames whose true peak passes `threshold`, each with the cut in dB (negative) that brings
  /// it to the threshold, in time order.
  static func peaks(of audio: LayeredAudio, over threshold: Float) throws -> [(
    frame: Int, cut: Float
  )] {
    var cuts: [(frame: Int, cut: Float)] = []
    try TruePeakMeter().measure(audio, level: { _ in threshold }) { frame, peak in
      if peak > threshold { cuts.append((frame, 20 * log10(threshold / peak))) }
    }
    return cuts
  }

  /// The envelope that makes each cut by its frame: a cut holds back as the release lets it go
  /// (exponentially in dB), and each frame's gain is the least the cuts around it ask for; then
  /// the gain leads into each cut, exponentially in dB, from the attack's span before.
  static func envelope(cuts: [(frame: Int, cut: Float)], sampleRate: Int) -> GainEnvelope {
    let rate = Double(sampleRate)
    let recovery = Float(exp(-1 / (release * rate)))
    let approach = Float(exp(-1 / (attack * rate)))
    // The attack reaches 1/3000 of a cut this far ahead of it.
    let lead = Int((8 * attack * rate).rounded(.up))
    /// Frames for a cut of `level` dB to recover to within 0.001 dB.
    func recoveryFrames(_ level: Float) -> Int {
      level < -0.001 ? Int((log(0.001 / Double(-level)) / log(Double(recovery))).rounded(.up)) : 0
    }
    var stretches: [GainEnvelope.Stretch] = []
    var offset = 0
    var levels: [Float] = []
    func finish() {
      guard !levels.isEmpty else { return }
      var level = levels[levels.count - 1]
      for _ in 0..<recoveryFrames(level) {
        level *= recovery
        levels.append(level)
      }
      // The approach, from the end backwards.
      for index in stride(from: levels.count - 2, through: 0, by: -1) {
        levels[index] = min(levels[index], levels[index + 1] * approach)
      }
      stretches.append(.init(offset: offset, gains: levels.map { Float(pow(10, Double($0) / 20)) }))
      levels = []
    }
    for (frame, cut) in cuts {
      let end = offset + levels.count
      if !levels.isEmpty, frame - lead <= end + recoveryFrames(levels[levels.count - 1]) {
        var level = levels[levels.count - 1]
        while offset + levels.count < frame {
          level *= recovery
          levels.append(level)
        }
        if frame < offset + levels.count {
          levels[frame - offset] = min(levels[frame - offset], cut)
        } else {
          levels.append(min(level * recovery, cut))
        }
      } else {
        finish()
        offset = max(0, frame - lead)
        levels = [Float](repeating: 0, count: frame - offset) + [cut]
      }
    }
    finish()
    return GainEnvelope(stretches: stretches)
  }
}

/// The true peak of stereo audio, as ITU-R BS.1770's meter finds it: each interval between two
/// samples seen at a quarter, a half and three quarters of the way (4x oversampling) by a
/// windowed-sinc interpolator of 16 taps a phase, and the samples themselves.
///
/// Only intervals near the level asked about are computed: a piece of audio whose samples all lie
/// far enough under it is passed over whole, keeping only its last samples for the next.
final class TruePeakMeter {
  /// Taps of each phase of the interpolator.
  static let taps = 16

  /// The interpolator's three phases one after another, each over the samples from 7 before the
  /// interval's first to 8 after: a Hann-windowed sinc.
  static let coefficients: [Float] = (1..<4).flatMap { phase in
    let fraction = Double(phase) / 4
    return (0..<taps).map { tap -> Float in
      let distance = fraction - Double(tap - taps / 2 + 1)
      let sinc = distance == 0 ? 1 : sin(Double.pi * distance) / (Double.pi * distance)
      let window = 0.5 * (1 + cos(Double.pi * distance / Double(taps / 2)))
      return Float(sinc * window)
    }
  }

  /// The most the interpolator can make of samples of magnitude under 1: the largest sum of one
  /// phase's coefficients' magnitudes. No interval whose 16 samples all lie under
  /// `level / overshoot` can pass `level` between them.
  static let overshoot: Float =
    (0..<3).map { phase in
      coefficients[(phase * taps)..<((phase + 1) * taps)].reduce(Float(0)) { $0 + abs($1) }
    }.max() ?? 1

  /// The last 16 samples of each side, twice over, so that the window is one run: the left side's
  /// 32 values, then the right side's.
  private let history = UnsafeMutablePointer<Float>.allocate(capacity: 4 * TruePeakMeter.taps)
  /// The coefficients, where the loop reads them.
  private let phases = UnsafeMutablePointer<Float>.allocate(capacity: 3 * TruePeakMeter.taps)
  private var position = 0
  private var lastLoud = Int.min / 2

  init() {
    history.initialize(repeating: 0, count: 4 * Self.taps)
    phases.initialize(from: Self.coefficients, count: 3 * Self.taps)
  }

  deinit {
    history.deallocate()
    phases.deallocate()
  }

  /// Hands each interval of `audio` to `body` with its frame and peak (the larger of its first
  /// sample and the points between), in order, except intervals whose 16 samples all lie under
  /// `level(largest so far) / overshoot`, which cannot reach that level.
  ///
  /// - Throws: what `body` throws; `SynthError` when a scratch file cannot be read.
  func measure(
    _ audio: LayeredAudio, level: (Float) -> Float, _ body: (Int, Float) throws -> Void
  ) throws {
    var largest: Float = 0
    func see(_ frame: Int, _ peak: Float) throws {
      largest = max(largest, peak)
      try body(frame, peak)
    }
    try audio.forEachPiece { first, left, right in
      let piecePeak = max(StereoAudio.peak(of: left), StereoAudio.peak(of: right))
      largest = max(largest, piecePeak)
      let quiet = level(largest) / Self.overshoot
      if piecePeak < quiet, lastLoud <= first - Self.taps, left.count >= Self.taps {
        // Nothing here can reach the level: keep the last samples for the next piece's windows.
        position = 0
        for index in 0..<Self.taps {
          take(left.count - Self.taps + index, left, right)
        }
        return
      }
      for index in 0..<left.count {
        let frame = first + index
        if max(abs(left[index]), abs(right[index])) >= quiet { lastLoud = frame }
        take(index, left, right)
        let seen = frame - Self.taps / 2
        if seen >= 0, lastLoud > frame - Self.taps { try see(seen, intervalPeak()) }
      }
    }
    // The last intervals, with silence after the end.
    let zero: [Float] = [0]
    try zero.withUnsafeBufferPointer { silence in
      for step in 0..<(Self.taps / 2) {
        let frame = audio.frames + step
        take(0, silence, silence)
        let seen = frame - Self.taps / 2
        if seen >= 0, lastLoud > frame - Self.taps { try see(seen, intervalPeak()) }
      }
    }
  }

  /// The largest true peak of `audio`, linear.
  ///
  /// - Throws: `SynthError` when a scratch file cannot be read.
  static func peak(of audio: LayeredAudio) throws -> Float {
    var largest: Float = 0
    try TruePeakMeter().measure(audio, level: { $0 }) { _, peak in largest = max(largest, peak) }
    return largest
  }

  /// Puts frame `index` of the two sides into the history.
  @inline(__always)
  private func take(
    _ index: Int, _ left: UnsafeBufferPointer<Float>, _ right: UnsafeBufferPointer<Float>
  ) {
    let taps = Self.taps
    let (l, r) = (left[index], right[index])
    history[position] = l
    history[position + taps] = l
    history[2 * taps + position] = r
    history[3 * taps + position] = r
    position = position == taps - 1 ? 0 : position + 1
  }

  /// The peak of the interval from 8 frames before the last one taken in, whose window is the
  /// last 16 frames.
  @inline(__always)
  private func intervalPeak() -> Float {
    let taps = Self.taps
    let windowLeft = history + position
    let windowRight = history + 2 * taps + position
    var peak = max(abs(windowLeft[taps / 2 - 1]), abs(windowRight[taps / 2 - 1]))
    var coefficient = phases
    for _ in 0..<3 {
      var sumLeft: Float = 0
      var sumRight: Float = 0
      for tap in 0..<taps {
        sumLeft += coefficient[tap] * windowLeft[tap]
        sumRight += coefficient[tap] * windowRight[tap]
      }
      peak = max(peak, abs(sumLeft), abs(sumRight))
      coefficient += taps
    }
    return peak
  }
}
