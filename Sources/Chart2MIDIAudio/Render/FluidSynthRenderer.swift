import Chart2MIDIBase
import Chart2MIDICore
import Foundation

/// Renders a `Performance` through libfluidsynth in one pass: every synth channel goes to its own
/// stereo buffer (`synth.audio-groups`), so the mix and all stems come from the same synthesis.
/// Events are sent between `fluid_synth_process` calls at their own sample positions.
public struct FluidSynthRenderer: Sendable {
  /// The soundfont file.
  package var soundFont: URL
  /// The options.
  package var options: RenderOptions

  /// The longest music rendered to audio, in seconds: one hour.
  package static let maximumDuration: Double = 3600
  /// The fade, in seconds, of sound the tail cap cuts: short enough not to be heard as a fade,
  /// long enough not to click.
  static let capFade = 0.01

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
  /// - Throws: `SynthError` when FluidSynth cannot be set up or the soundfont cannot be loaded;
  ///   `CancellationError` when the task it runs in is cancelled (checked each second of audio).
  public func render(_ performance: Performance, progress: ((Double) -> Void)? = nil) throws
    -> Rendering
  {
    try layers(of: performance, progress: progress).rendering()
  }

  /// A performance's audio as layers: synthesized, then placed after its lead-in with its
  /// recordings. Each step consumes the one before, so that a `Rendering` made from it is scaled in
  /// the synth's own arrays.
  package func layers(
    of performance: Performance, spill: AudioSpill? = nil, progress: ((Double) -> Void)? = nil
  ) throws -> AssembledAudio {
    let music = try synthesize(performance, spill: spill, progress: progress)
    return try assemble(
      consume music, leadIn: performance.leadIn, recordings: performance.recordings)
  }

  /// The music of a performance as the synth makes it, from time 0 of its events: its lead-in
  /// and recordings are left to `assemble`, so that they can be decided while it renders.
  ///
  /// - Throws: `SynthError` when FluidSynth cannot be set up or the soundfont cannot be loaded.
  /// - Parameter spill: where the audio goes past a memory budget; nil keeps it in memory.
  package func synthesize(
    _ performance: Performance, spill: AudioSpill? = nil, progress: ((Double) -> Void)? = nil
  ) throws -> SynthesizedMusic {
    let groups = try checkRenderable(performance)
    let synth = try FluidSynthInstance(
      sampleRate: options.sampleRate, channels: groups, polyphony: options.polyphony,
      reverb: options.reverb)
    try synth.load(soundFont)
    let presets = PresetCheck(performance: performance)
    let warnings = try presets.check(synth)

    let rate = Double(options.sampleRate)
    let block = FluidSynthInstance.blockSize
    var output = accumulator(for: performance, groups: groups, spill: spill)
    defer { output.deallocate() }

    var cursor = 0
    let totalFrames = max(1, Int(performance.end * rate))
    var nextReport = 0
    // The CPU time of this thread, for the call's limit.
    var meter = WorkControl.Meter()
    func render(to frame: Int) throws {
      while cursor < frame {
        if cursor >= nextReport {
          progress?(min(1, Double(cursor) / Double(totalFrames)))
          nextReport = cursor + options.sampleRate
          // A render stops within a second of audio of its cancellation, or of passing the CPU
          // time its call allows.
          try meter.check()
        }
        // A silent synth (no voice sounding, no reverb ringing) makes zeros: skip to the frame,
        // a second at a time, so that a long silence is checked as often as music.
        if synth.activeVoices == 0, options.reverb == 0 || output.lastBlockPeak == 0 {
          let to = min(frame, nextReport)
          try output.appendSilence(frames: to - cursor)
          cursor = to
          continue
        }
        let count = min(block, frame - cursor)
        try synth.process(frames: count)
        try output.add(synth, frames: count)
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

    // A stem that played notes and made no sound at all is never written.
    try presets.checkSound(output.sounded, synth)
    return SynthesizedMusic(
      mix: try output.mix.finished(), stems: try output.stems.map { try $0.finished() },
      stemNames: performance.stems.map(\.name),
      end: performance.end, warnings: warnings + Self.silence(of: silentNotes, synth))
  }

  /// What to say of notes the synth could not sound: nothing when none.
  private static func silence(of silentNotes: Int, _ synth: FluidSynthInstance) -> [String] {
    guard silentNotes > 0 else { return [] }
    return [
      "\(counted(silentNotes, "note")) could not sound (fluid_synth_noteon failed\(synth.log.last.map { ": \($0)" } ?? ""))"
    ]
  }

  /// Where a performance's music is summed as it renders: the mix, and a stem for each of its
  /// stems when the options render stems (each channel summed into its stem's), with room for
  /// the music and a typical tail, and a fade over the last 10 ms of the tail's cap.
  private func accumulator(for performance: Performance, groups: Int, spill: AudioSpill?)
    -> Accumulator
  {
    let rate = Double(options.sampleRate)
    var stemOfChannel = [Int?](repeating: nil, count: groups)
    for (index, stem) in performance.stems.enumerated() {
      for channel in stem.channels where channel < groups { stemOfChannel[channel] = index }
    }
    let block = FluidSynthInstance.blockSize
    var output = Accumulator(
      stems: options.rendersStems ? performance.stems.count : 0, stemOfChannel: stemOfChannel,
      groups: groups, blockSize: block, spill: spill)
    // Room for the music and a typical tail, so that the buffers do not grow by copying.
    output.reserve(frames: Int((performance.end + min(options.tailCap, 2)) * rate) + block)
    // Sound still ringing at the cap is faded out over its last 10 ms instead of cut.
    output.fadeOut = (
      Int((performance.end * rate).rounded()) + Int(options.tailCap * rate),
      Int((Self.capFade * rate).rounded())
    )
    return output
  }

  /// Refuses, before any work, a performance that cannot be rendered: a sample rate other than
  /// 44.1 or 48 kHz, audio past an hour, no notes, or more channels than FluidSynth renders
  /// apart. The channels to render (16 or more), one buffer each.
  ///
  /// - Throws: `SynthError` saying which.
  func checkRenderable(_ performance: Performance) throws -> Int {
    guard options.sampleRate == 44100 || options.sampleRate == 48000 else {
      throw SynthError(
        "the sample rate must be 44100 or 48000, not \(options.sampleRate)", code: .invalidRequest)
    }
    try checkDuration(performance.leadIn + performance.end)
    guard
      performance.events.contains(where: { if case .noteOn = $0.message { true } else { false } })
    else {
      throw SynthError("there are no notes to render", code: .unrenderable)
    }
    let groups = max(16, performance.channelCount)
    // FluidSynth renders each channel to a buffer of its own (`synth.audio-groups`), at most
    // 128 of them: past that it is refused here, in a sentence, before any work.
    guard groups <= Self.maximumChannels else {
      throw SynthError(
        "the music plays on \(groups) MIDI channels; audio is rendered for at most \(Self.maximumChannels) (8 ports of 16, about 120 series): play fewer series at once, or write MIDI only",
        code: .unrenderable)
    }
    return groups
  }

  /// The most MIDI channels rendered to audio: FluidSynth's most audio groups.
  package static let maximumChannels = 128

  /// Throws when audio of `seconds` would be longer than `maximumDuration`.
  func checkDuration(_ seconds: Double) throws {
    guard seconds <= Self.maximumDuration else {
      throw SynthError(
        String(
          format:
            "the music lasts %.1f hours; audio is rendered for at most 1 hour, so write MIDI only or shorten it",
          seconds / 3600), code: .unrenderable)
    }
  }
}
