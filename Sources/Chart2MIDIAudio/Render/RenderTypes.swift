/// Choices for rendering audio.
public struct RenderOptions: Hashable, Sendable {
  /// 44100 or 48000.
  public var sampleRate: Int = 44100
  /// The most seconds of sound after the last event, while releases decay.
  public var tailCap: Double = 5
  /// The peak level of the mix after gain staging, in dBFS, when `loudness` is nil.
  public var peakLevel: Double = -1
  /// The integrated loudness the mix (with a narration, its voice) is brought to (ITU-R BS.1770),
  /// with the true peak held at its ceiling by a limiter: by default the web's, -16 LUFS and -1
  /// dBTP (a mix whose peaks the limiter cannot hold there stays under it, with a warning); nil
  /// brings the peak to `peakLevel` instead.
  public var loudness: LoudnessTarget? = .standard
  /// How loud the graph sits relative to a narration, in LU: 0 (the default) makes the graph's
  /// integrated loudness the voice's; -6 puts it 6 LU under. With a narration, the voice is the
  /// anchor: `loudness` is the voice's own integrated loudness.
  public var graphLevel: Double = 0
  /// The graph levels a render accepts, in LU.
  package static let graphLevels = -20.0...6.0
  /// FluidSynth's voice limit.
  package var polyphony: Int = 256
  /// Whether to keep each stem's audio, not only the mix.
  public var rendersStems: Bool = false
  /// Reverb on the mix, from 0 (none, the default) to 1; stems stay dry.
  public var reverb: Double = 0

  /// The defaults: 44.1 kHz, a 5 s tail cap, -16 LUFS with the true peak at -1 dBTP, mix only.
  public init() {}
}

/// Stereo audio, one array per side.
public struct StereoAudio: Hashable, Sendable {
  /// The left side's samples.
  public var left: [Float]
  /// The right side's samples.
  public var right: [Float]

  /// Silence of a length.
  package init(frames: Int) {
    left = [Float](repeating: 0, count: frames)
    right = [Float](repeating: 0, count: frames)
  }

  /// Audio of two sides of one length.
  init(left: [Float], right: [Float]) {
    precondition(left.count == right.count, "the two sides of stereo audio differ in length")
    self.left = left
    self.right = right
  }

  /// The number of sample frames.
  package var frames: Int { left.count }

  /// The largest absolute sample value.
  package var peak: Float { max(Self.peak(of: left), Self.peak(of: right)) }

  /// The largest absolute value of `samples`.
  static func peak(of samples: [Float]) -> Float {
    samples.withUnsafeBufferPointer { peak(of: $0) }
  }

  /// The largest absolute value in `buffer`.
  static func peak(of buffer: UnsafeBufferPointer<Float>) -> Float {
    // Eight running maxima, which do not wait on each other.
    var lanes = (Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0))
    let whole = buffer.count / 8 * 8
    for index in stride(from: 0, to: whole, by: 8) {
      lanes.0 = max(lanes.0, abs(buffer[index]))
      lanes.1 = max(lanes.1, abs(buffer[index + 1]))
      lanes.2 = max(lanes.2, abs(buffer[index + 2]))
      lanes.3 = max(lanes.3, abs(buffer[index + 3]))
      lanes.4 = max(lanes.4, abs(buffer[index + 4]))
      lanes.5 = max(lanes.5, abs(buffer[index + 5]))
      lanes.6 = max(lanes.6, abs(buffer[index + 6]))
      lanes.7 = max(lanes.7, abs(buffer[index + 7]))
    }
    var largest = max(
      max(max(lanes.0, lanes.1), max(lanes.2, lanes.3)),
      max(max(lanes.4, lanes.5), max(lanes.6, lanes.7)))
    for sample in buffer[whole...] { largest = max(largest, abs(sample)) }
    return largest
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
  package var gain: Float
  /// The loudness reached, when a target was asked for.
  public var loudness: LoudnessReport?
  /// What the listener should know: programs the soundfont lacks and what played instead, notes
  /// that could not sound.
  public var warnings: [String] = []
}
