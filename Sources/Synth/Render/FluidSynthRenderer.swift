import Descriptor
import Foundation
import MIDIMap

/// Renders a `Performance` through libfluidsynth in one pass: every synth channel goes to its own
/// stereo buffer (`synth.audio-groups`), so the mix and all stems come from the same synthesis.
/// Events are sent between `fluid_synth_process` calls at their own sample positions.
public struct FluidSynthRenderer: Sendable {
  /// The soundfont file.
  public var soundFont: URL
  /// The options.
  public var options: RenderOptions

  /// The longest music rendered to audio, in seconds: one hour.
  public static let maximumDuration: Double = 3600

  /// Creates a renderer.
  public init(soundFont: URL, options: RenderOptions = RenderOptions()) {
    self.soundFont = soundFont
    self.options = options
  }

  /// Renders a performance.
  ///
  /// - Parameters:
  ///   - performance: what to play.
  ///   - progress: called now and then with the part of the music rendered so far, 0 to 1.
  /// - Throws: `SynthError` when FluidSynth cannot be set up or the soundfont cannot be loaded.
  public func render(_ performance: Performance, progress: ((Double) -> Void)? = nil) throws
    -> Rendering
  {
    guard options.sampleRate == 44100 || options.sampleRate == 48000 else {
      throw SynthError("the sample rate must be 44100 or 48000, not \(options.sampleRate)")
    }
    guard performance.leadIn + performance.end <= Self.maximumDuration else {
      throw SynthError(
        String(
          format:
            "the music lasts %.1f hours; audio is rendered for at most 1 hour, so write MIDI only or shorten it",
          (performance.leadIn + performance.end) / 3600))
    }
    guard
      performance.events.contains(where: { if case .noteOn = $0.message { true } else { false } })
    else {
      throw SynthError("there are no notes to render")
    }
    let groups = max(16, performance.channelCount)
    guard groups <= 256 else {
      throw SynthError("the performance uses \(groups) channels; rendering handles at most 256")
    }
    let synth = try FluidSynthInstance(
      sampleRate: options.sampleRate, channels: groups, polyphony: options.polyphony,
      reverb: options.reverb)
    try synth.load(soundFont)
    let warnings = try PresetCheck(performance: performance).check(synth)

    let rate = Double(options.sampleRate)
    let stemOfChannel: [Int?] = {
      var owner = [Int?](repeating: nil, count: groups)
      for (index, stem) in performance.stems.enumerated() {
        for channel in stem.channels where channel < groups { owner[channel] = index }
      }
      return owner
    }()
    for recording in performance.recordings where recording.sampleRate != options.sampleRate {
      throw SynthError(
        "the recording \"\(recording.name)\" is at \(recording.sampleRate) Hz, not the render's \(options.sampleRate) Hz"
      )
    }
    var output = Accumulator(
      stems: options.rendersStems ? performance.stems.count + performance.recordings.count : 0,
      stemOfChannel: stemOfChannel, groups: groups)
    let block = FluidSynthInstance.blockSize
    // Room for the music and a typical tail, so that the buffers do not grow by copying.
    let leadFrames = Int((performance.leadIn * rate).rounded())
    output.reserve(
      frames: leadFrames + Int((performance.end + min(options.tailCap, 2)) * rate) + block)
    // The lead-in is silence before the synth starts, so the music after it is the same audio,
    // sample for sample, as without one.
    output.appendSilence(frames: leadFrames)

    var cursor = 0
    let totalFrames = max(1, Int(performance.end * rate))
    var nextReport = 0
    func render(to frame: Int) throws {
      while cursor < frame {
        if let progress, cursor >= nextReport {
          progress(min(1, Double(cursor) / Double(totalFrames)))
          nextReport = cursor + options.sampleRate
        }
        // A silent synth (no voice sounding, no reverb ringing) makes zeros: skip to the frame.
        if synth.activeVoices == 0, options.reverb == 0 || output.lastBlockPeak == 0 {
          output.appendSilence(frames: frame - cursor)
          cursor = frame
          continue
        }
        let count = min(block, frame - cursor)
        try synth.process(frames: count)
        output.add(synth, frames: count)
        cursor += count
      }
    }
    // FluidSynth's channels start with no reverb send (CC 91 = 0): give every channel one, which
    // the music's own CC 91 still overrides.
    if options.reverb > 0 {
      for channel in 0..<groups {
        _ = try synth.send(
          .controlChange(controller: MIDIController.reverbSend, value: 100), channel: channel)
      }
    }
    var silentNotes = 0
    for event in performance.events {
      try render(to: Int((event.time * rate).rounded()))
      if try !synth.send(event.message, channel: event.channel) { silentNotes += 1 }
    }
    try render(to: Int((performance.end * rate).rounded()))
    // Notes a file never ended (a note-on without its note-off) are released at the end.
    try synth.releaseAllNotes()
    // The tail: until every voice has finished its release (and the reverb has died away below
    // -90 dBFS before gain), or the cap.
    let tailEnd = cursor + Int(options.tailCap * rate)
    while cursor < tailEnd,
      synth.activeVoices > 0 || (options.reverb > 0 && output.lastBlockPeak > 3e-5)
    {
      try render(to: min(tailEnd, cursor + block))
    }

    output.addRecordings(
      performance.recordings, firstStem: performance.stems.count, leadFrames: leadFrames,
      sampleRate: options.sampleRate)
    var notes = warnings
    // Gain staging: the mix reaches the loudness asked for, or peaks at the chosen level; stems
    // take the same gain, so that they still add up to it.
    let (gain, report) = try GainStaging.gain(
      for: output.mix, sampleRate: options.sampleRate, options: options, notes: &notes)
    output.scale(by: gain)
    if silentNotes > 0 {
      notes.append(
        "\(counted(silentNotes, "note")) could not sound (fluid_synth_noteon failed\(synth.log.last.map { ": \($0)" } ?? ""))"
      )
    }
    return Rendering(
      sampleRate: options.sampleRate, mix: output.mix,
      stems: zip(performance.stems.map(\.name) + performance.recordings.map(\.name), output.stems)
        .map { ($0, $1) },
      gain: gain, loudness: report, warnings: notes)
  }
}
