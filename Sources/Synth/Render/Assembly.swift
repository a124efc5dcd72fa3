/// Music as the synth made it, from time 0 of its events: before a lead-in, recordings and gain.
struct SynthesizedMusic: Sendable {
  /// Everything the synth made.
  var mix: StereoAudio
  /// Each stem's part, when stems are kept.
  var stems: [StereoAudio]
  /// The stems' names.
  var stemNames: [String]
  /// When the music ends, in seconds from time 0 of its events (before its tail).
  var end: Double
  /// What the listener should know: programs the soundfont lacks, notes that could not sound.
  var warnings: [String]
}

extension FluidSynthRenderer {
  /// The finished audio: after `leadIn` seconds of silence, `music` from `musicStart` on and the
  /// recordings from their starts, both on the events' timeline (the recordings each
  /// at 0.9 of the music's peak, the audio lengthened to hold them, each its own stem after the
  /// music's); then the gain that brings the mix to the loudness or peak asked for, on every stem
  /// alike, so that the stems still add up to the mix.
  ///
  /// Every sample of the result is written once: the music is placed and scaled in one pass, and
  /// a recording's stem, which is mono, shares one array between its two sides.
  ///
  /// - Throws: `SynthError` when the audio would last more than `maximumDuration`, a recording is
  ///   not at the render's sample rate, or the loudness cannot be measured.
  func assemble(
    _ music: SynthesizedMusic, leadIn: Double, musicStart: Double = 0,
    recordings: [Performance.Recording]
  ) throws -> Rendering {
    try checkDuration(leadIn + musicStart + music.end)
    for recording in recordings where recording.sampleRate != options.sampleRate {
      throw SynthError(
        "the recording \"\(recording.name)\" is at \(recording.sampleRate) Hz, not the render's \(options.sampleRate) Hz"
      )
    }
    var music = music
    let rate = Double(options.sampleRate)
    let lead = Int((leadIn * rate).rounded())
    let offset = lead + Int((musicStart * rate).rounded())
    let starts = recordings.map { lead + Int(($0.start * rate).rounded()) }
    let frames = zip(recordings, starts).reduce(offset + music.mix.frames) {
      max($0, $1.1 + $1.0.samples.count)
    }

    let musicPeak = music.mix.peak
    var mix = music.mix
    music.mix = StereoAudio(frames: 0)
    Self.place(&mix.left, at: offset, frames: frames, gain: 1)
    Self.place(&mix.right, at: offset, frames: frames, gain: 1)
    let recordingGains = recordings.map { recording -> Float in
      let peak = StereoAudio.peak(of: recording.samples)
      return peak > 0 && musicPeak > 0 ? 0.9 * musicPeak / peak : 1
    }
    for ((recording, start), gain) in zip(zip(recordings, starts), recordingGains) {
      recording.samples.withUnsafeBufferPointer { samples in
        func add(to side: inout [Float]) {
          side.withUnsafeMutableBufferPointer { out in
            for index in samples.indices { out[start + index] += samples[index] * gain }
          }
        }
        add(to: &mix.left)
        add(to: &mix.right)
      }
    }

    var notes = music.warnings
    let (gain, report) = try GainStaging.gain(
      for: mix, sampleRate: options.sampleRate, options: options, notes: &notes)
    Self.scale(&mix.left, by: gain)
    Self.scale(&mix.right, by: gain)

    var stems: [(name: String, audio: StereoAudio)] = []
    if options.rendersStems {
      for index in music.stems.indices {
        var stem = music.stems[index]
        music.stems[index] = StereoAudio(frames: 0)
        Self.place(&stem.left, at: offset, frames: frames, gain: gain)
        Self.place(&stem.right, at: offset, frames: frames, gain: gain)
        stems.append((music.stemNames[index], stem))
      }
      for ((recording, start), recordingGain) in zip(zip(recordings, starts), recordingGains) {
        var side: [Float] = []
        Self.place(&side, at: 0, frames: frames, gain: 1)
        recording.samples.withUnsafeBufferPointer { samples in
          side.withUnsafeMutableBufferPointer { out in
            for index in samples.indices {
              out[start + index] = samples[index] * recordingGain * gain
            }
          }
        }
        stems.append((recording.name, StereoAudio(left: side, right: side)))
      }
    }
    return Rendering(
      sampleRate: options.sampleRate, mix: mix, stems: stems, gain: gain, loudness: report,
      warnings: notes)
  }

  /// `samples` times `gain`, after `offset` frames of silence and followed by silence up to
  /// `frames`: in place when it already starts at 0 and lasts that long, else copied once.
  static func place(_ samples: inout [Float], at offset: Int, frames: Int, gain: Float) {
    guard frames > 0 else {
      samples = []
      return
    }
    if offset == 0 && samples.count == frames {
      scale(&samples, by: gain)
      return
    }
    samples = samples.withUnsafeBufferPointer { source in
      [Float](unsafeUninitializedCapacity: frames) { buffer, count in
        let end = offset + source.count
        buffer.baseAddress!.initialize(repeating: 0, count: offset)
        for index in source.indices { buffer[offset + index] = source[index] * gain }
        (buffer.baseAddress! + end).initialize(repeating: 0, count: frames - end)
        count = frames
      }
    }
  }

  /// Multiplies every sample by `gain`.
  static func scale(_ samples: inout [Float], by gain: Float) {
    guard gain != 1 else { return }
    samples.withUnsafeMutableBufferPointer { buffer in
      for index in buffer.indices { buffer[index] *= gain }
    }
  }
}
