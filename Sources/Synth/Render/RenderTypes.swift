/// Choices for rendering audio.
public struct RenderOptions: Hashable, Sendable {
  /// 44100 or 48000.
  public var sampleRate: Int = 44100
  /// The most seconds of sound after the last event, while releases decay.
  public var tailCap: Double = 5
  /// The peak level of the mix after gain staging, in dBFS, when no `loudness` is asked for.
  public var peakLevel: Double = -1
  /// The integrated loudness the mix is brought to, in LUFS (ITU-R BS.1770), with its true peak
  /// at or under `Loudness.truePeakCeiling`; nil keeps the peak at `peakLevel`.
  public var loudness: Double?
  /// FluidSynth's voice limit.
  public var polyphony: Int = 256
  /// Whether to keep each stem's audio, not only the mix.
  public var rendersStems: Bool = false
  /// Reverb on the mix, from 0 (none, the default) to 1; stems stay dry.
  public var reverb: Double = 0

  /// The defaults: 44.1 kHz, a 5 s tail cap, peak at -1 dBFS, mix only.
  public init() {}
}

/// Stereo audio, one array per side.
public struct StereoAudio: Hashable, Sendable {
  /// The left side's samples.
  public var left: [Float]
  /// The right side's samples.
  public var right: [Float]

  /// Silence of a length.
  public init(frames: Int) {
    left = [Float](repeating: 0, count: frames)
    right = [Float](repeating: 0, count: frames)
  }

  /// The number of sample frames.
  public var frames: Int { left.count }

  /// The largest absolute sample value.
  public var peak: Float {
    max(left.reduce(0) { max($0, abs($1)) }, right.reduce(0) { max($0, abs($1)) })
  }
}

/// What a render made: the mix and, when asked, one stem per `Performance.Stem`, all of one length.
public struct Rendering: Sendable {
  /// The sample rate.
  public var sampleRate: Int
  /// Everything together.
  public var mix: StereoAudio
  /// Each stem's name and audio; the stems add up to the mix.
  public var stems: [(name: String, audio: StereoAudio)]
  /// The gain that was applied to reach the peak level or the loudness.
  public var gain: Float
  /// The loudness reached, when a target was asked for.
  public var loudness: LoudnessReport?
  /// What the listener should know: programs the soundfont lacks and what played instead, notes
  /// that could not sound.
  public var warnings: [String] = []
}
