import Foundation

/// Music as the synth made it, from time 0 of its events: before a lead-in, recordings and gain.
package struct SynthesizedMusic: Sendable {
  /// Everything the synth made.
  package var mix: StoredAudio
  /// Each stem's part, when stems are kept.
  package var stems: [StoredAudio]
  /// The stems' names.
  package var stemNames: [String]
  /// When the music ends, in seconds from time 0 of its events (before its tail).
  package var end: Double
  /// What the listener should know: programs the soundfont lacks, notes that could not sound.
  package var warnings: [String]
}

/// A render's audio as layers: what `FluidSynthRenderer.render` makes into a `Rendering`, and what
/// an export writes piece by piece.
package struct AssembledAudio: Sendable {
  /// The sample rate.
  package var sampleRate: Int
  /// Everything together.
  package var mix: LayeredAudio
  /// Each stem's name and audio, when stems are kept; they add up to the mix.
  package var stems: [(name: String, audio: LayeredAudio)]
  /// The gain that was applied to reach the peak level or the loudness (before the limiter).
  package var gain: Float
  /// The loudness reached, when a target was asked for.
  package var loudness: LoudnessReport?
  /// What the listener should know.
  package var warnings: [String]

  /// The audio as arrays of its full length.
  consuming func rendering() throws -> Rendering {
    let mix = try self.mix.takeDense()
    var dense: [(name: String, audio: StereoAudio)] = []
    for index in stems.indices {
      dense.append((stems[index].name, try stems[index].audio.takeDense()))
    }
    return Rendering(
      sampleRate: sampleRate, mix: mix, stems: dense, gain: gain, loudness: loudness,
      warnings: warnings)
  }
}

extension FluidSynthRenderer {
  /// The finished audio: after `leadIn` seconds of silence, `music` from `musicStart` on and the
  /// recordings from their starts, both on the events' timeline (the recordings of each name at
  /// the loudness that puts the music `RenderOptions.graphLevel` LU from them, or at 0.9 of the
  /// music's peak when either is too quiet to measure; the audio lengthened to hold them, each
  /// name its own stem after the music's); then the gain that brings the recordings (the mix,
  /// without any) to the loudness asked for, with the true-peak limiter's envelope, or the mix's
  /// peak to its level, on every stem alike, so that the stems still add up to the mix.
  ///
  /// Nothing is copied: the music's arrays and the recordings' samples become layers.
  ///
  /// - Throws: `SynthError` when the audio would last more than `maximumDuration`, a recording is
  ///   not at the render's sample rate, the loudness cannot be measured, or the target needs the
  ///   limiter to cut deeper than it may.
  package func assemble(
    _ music: consuming SynthesizedMusic, leadIn: Double, musicStart: Double = 0,
    recordings: [Performance.Recording]
  ) throws -> AssembledAudio {
    try checkDuration(leadIn + musicStart + music.end)
    for recording in recordings where recording.sampleRate != options.sampleRate {
      throw SynthError(
        "the recording \"\(recording.name)\" is at \(recording.sampleRate) Hz, not the render's \(options.sampleRate) Hz",
        code: .recordingUnusable
      )
    }
    let rate = Double(options.sampleRate)
    let lead = Int((leadIn * rate).rounded())
    let offset = lead + Int((musicStart * rate).rounded())
    let musicPeak = recordings.isEmpty ? 0 : music.mix.peak
    // The recordings by name, in the order the names first come: each name a stem, its clips
    // scaled together.
    var names: [String] = []
    for recording in recordings where !names.contains(recording.name) {
      names.append(recording.name)
    }
    func placed(_ audio: StoredAudio) -> LayeredAudio.Layer {
      LayeredAudio.Layer(audio, offset: offset)
    }
    // The music's loudness, when recordings are to be set against it: measured alone, since the
    // silence before it lies under the gate.
    let musicLoudness =
      recordings.isEmpty
      ? nil
      : try Loudness(
        of: LayeredAudio(
          layers: [LayeredAudio.Layer(music.mix, offset: 0)], frames: music.mix.frames),
        sampleRate: options.sampleRate, detail: .integrated
      ).integrated
    let spoken = try names.map { name -> [LayeredAudio.Layer] in
      let clips = recordings.filter { $0.name == name }
      var layers = clips.map { clip in
        LayeredAudio.Layer(
          .memory(StereoAudio(left: clip.samples, right: clip.samples)),
          offset: lead + Int((clip.start * rate).rounded()))
      }
      // The voice sits `graphLevel` LU over the music (its loudness measured alone); a voice
      // or music too quiet to measure is matched by peak instead.
      let voice = try Self.speechLoudness(of: layers, sampleRate: options.sampleRate)
      let peak = clips.reduce(Float(0)) { max($0, StereoAudio.peak(of: $1.samples)) }
      let gain: Float
      if let musicLoudness, musicLoudness.isFinite, voice.isFinite {
        gain = Float(pow(10, (musicLoudness - options.graphLevel - voice) / 20))
      } else {
        gain = peak > 0 && musicPeak > 0 ? 0.9 * musicPeak / peak : 1
      }
      for index in layers.indices { layers[index].gain = gain }
      return layers
    }
    let layers = [placed(music.mix)] + spoken.joined()
    var mix = LayeredAudio(
      layers: layers, frames: layers.reduce(0) { max($0, $1.range.upperBound) })
    // With a narration, the voice is the anchor: its own loudness meets the target.
    let voices = Array(spoken.joined())
    let anchor =
      voices.isEmpty ? nil : LayeredAudio(layers: voices, frames: mix.frames)

    var notes = music.warnings
    let (gain, envelope, report) = try GainStaging.gain(
      for: mix, anchor: anchor, sampleRate: options.sampleRate, options: options, notes: &notes)
    mix.gain = gain
    mix.envelope = envelope
    func stem(_ layers: [LayeredAudio.Layer]) -> LayeredAudio {
      var audio = LayeredAudio(layers: layers, frames: mix.frames)
      audio.gain = gain
      audio.envelope = envelope
      return audio
    }
    var stems: [(name: String, audio: LayeredAudio)] = []
    if options.rendersStems {
      stems = zip(music.stemNames, music.stems).map { ($0, stem([placed($1)])) }
      stems += zip(names, spoken).map { ($0, stem($1)) }
    }
    return AssembledAudio(
      sampleRate: options.sampleRate, mix: mix, stems: stems, gain: gain, loudness: report,
      warnings: notes)
  }

  /// The integrated loudness of speech clips: measured with the clips one after another, the
  /// silence between them kept up to 0.4 s (a gating block), so that a long silence (the graph
  /// between the intro and the details) costs nothing and changes nothing: it lies under the
  /// gate.
  static func speechLoudness(of clips: [LayeredAudio.Layer], sampleRate: Int) throws -> Double {
    let sorted = clips.sorted { $0.offset < $1.offset }
    let most = Int(0.4 * Double(sampleRate))
    var packed: [LayeredAudio.Layer] = []
    var end = 0
    var shift = 0
    for clip in sorted {
      let gap = clip.offset - shift - end
      if gap > most { shift += gap - most }
      var moved = clip
      moved.offset -= shift
      end = max(end, moved.range.upperBound)
      packed.append(moved)
    }
    return try Loudness(
      of: LayeredAudio(layers: packed, frames: end), sampleRate: sampleRate, detail: .integrated
    ).integrated
  }
}
