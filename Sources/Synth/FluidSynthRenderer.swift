import CFluidSynth
import Foundation
import MIDIMap

/// Choices for rendering audio.
public struct RenderOptions: Hashable, Sendable {
  /// 44100 or 48000.
  public var sampleRate: Int = 44100
  /// The most seconds of sound after the last event, while releases decay.
  public var tailCap: Double = 5
  /// The peak level of the mix after gain staging, in dBFS.
  public var peakLevel: Double = -1
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
  public var left: [Float]
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
  /// The gain that was applied to reach the peak level.
  public var gain: Float
}

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
    guard performance.end <= Self.maximumDuration else {
      throw SynthError(
        String(
          format:
            "the music lasts %.1f hours; audio is rendered for at most 1 hour, so write MIDI only or shorten it",
          performance.end / 3600))
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

    let rate = Double(options.sampleRate)
    let stemOfChannel: [Int] = {
      var owner = [Int](repeating: -1, count: groups)
      for (index, stem) in performance.stems.enumerated() {
        for channel in stem.channels where channel < groups { owner[channel] = index }
      }
      return owner
    }()
    var output = Accumulator(
      stems: options.rendersStems ? performance.stems.count : 0, stemOfChannel: stemOfChannel,
      groups: groups)
    let block = 512
    // Room for the music and a typical tail, so that the buffers do not grow by copying.
    output.reserve(frames: Int((performance.end + min(options.tailCap, 2)) * rate) + block)

    var cursor = 0
    let totalFrames = max(1, Int(performance.end * rate))
    var nextReport = 0
    func render(to frame: Int) {
      while cursor < frame {
        if let progress, cursor >= nextReport {
          progress(min(1, Double(cursor) / Double(totalFrames)))
          nextReport = cursor + options.sampleRate
        }
        let count = min(block, frame - cursor)
        synth.process(frames: count)
        output.add(synth, frames: count)
        cursor += count
      }
    }
    // FluidSynth's channels start with no reverb send (CC 91 = 0): give every channel one, which
    // the music's own CC 91 still overrides.
    if options.reverb > 0 {
      for channel in 0..<groups {
        synth.send(.controlChange(controller: 91, value: 100), channel: channel)
      }
    }
    for event in performance.events {
      render(to: Int((event.time * rate).rounded()))
      synth.send(event.message, channel: event.channel)
    }
    render(to: Int((performance.end * rate).rounded()))
    // Notes a file never ended (a note-on without its note-off) are released at the end.
    synth.releaseAllNotes()
    // The tail: until every voice has finished its release (and the reverb has died away below
    // -90 dBFS before gain), or the cap.
    let tailEnd = cursor + Int(options.tailCap * rate)
    while cursor < tailEnd,
      synth.activeVoices > 0 || (options.reverb > 0 && output.lastBlockPeak > 3e-5)
    {
      render(to: min(tailEnd, cursor + block))
    }

    // Gain staging: the mix peaks at the chosen level; stems take the same gain.
    let peak = output.mix.peak
    let target = Float(pow(10, options.peakLevel / 20))
    let gain: Float = peak > 1e-6 ? min(target / peak, 1000) : 1
    output.scale(by: gain)
    return Rendering(
      sampleRate: options.sampleRate, mix: output.mix,
      stems: zip(performance.stems, output.stems).map { ($0.name, $1) },
      gain: gain)
  }
}

/// Collects each block's group buffers into the mix and the stems.
private struct Accumulator {
  var mix = StereoAudio(frames: 0)
  var stems: [StereoAudio]
  let stemOfChannel: [Int]
  let groups: Int

  init(stems count: Int, stemOfChannel: [Int], groups: Int) {
    stems = Array(repeating: StereoAudio(frames: 0), count: count)
    self.stemOfChannel = stemOfChannel
    self.groups = groups
  }

  mutating func reserve(frames: Int) {
    mix.left.reserveCapacity(frames)
    mix.right.reserveCapacity(frames)
    for index in stems.indices {
      stems[index].left.reserveCapacity(frames)
      stems[index].right.reserveCapacity(frames)
    }
  }

  /// The largest sample of the mix in the last block.
  var lastBlockPeak: Float = 0

  mutating func add(_ synth: FluidSynthInstance, frames: Int) {
    let start = mix.frames
    mix.left.append(contentsOf: repeatElement(0, count: frames))
    mix.right.append(contentsOf: repeatElement(0, count: frames))
    defer {
      lastBlockPeak = 0
      for frame in start..<(start + frames) {
        lastBlockPeak = max(lastBlockPeak, abs(mix.left[frame]), abs(mix.right[frame]))
      }
    }
    // Reverb goes to the mix only.
    if synth.hasReverb {
      let left = synth.reverbBuffer(side: 0)
      let right = synth.reverbBuffer(side: 1)
      for frame in 0..<frames {
        mix.left[start + frame] += left[frame]
        mix.right[start + frame] += right[frame]
      }
    }
    for index in stems.indices {
      stems[index].left.append(contentsOf: repeatElement(0, count: frames))
      stems[index].right.append(contentsOf: repeatElement(0, count: frames))
    }
    for group in 0..<groups where synth.groupIsActive(group) {
      let left = synth.buffer(group: group, side: 0)
      let right = synth.buffer(group: group, side: 1)
      let stem = stemOfChannel[group]
      mix.left.withUnsafeMutableBufferPointer { out in
        for frame in 0..<frames { out[start + frame] += left[frame] }
      }
      mix.right.withUnsafeMutableBufferPointer { out in
        for frame in 0..<frames { out[start + frame] += right[frame] }
      }
      if stem >= 0, stem < stems.count {
        stems[stem].left.withUnsafeMutableBufferPointer { out in
          for frame in 0..<frames { out[start + frame] += left[frame] }
        }
        stems[stem].right.withUnsafeMutableBufferPointer { out in
          for frame in 0..<frames { out[start + frame] += right[frame] }
        }
      }
    }
  }

  mutating func scale(by gain: Float) {
    guard gain != 1 else { return }
    func apply(_ samples: inout [Float]) {
      samples.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices { buffer[index] *= gain }
      }
    }
    apply(&mix.left)
    apply(&mix.right)
    for index in stems.indices {
      apply(&stems[index].left)
      apply(&stems[index].right)
    }
  }
}

/// Owns one FluidSynth settings object and synth, and the output buffers for `fluid_synth_process`;
/// `deinit` deletes the synth before its settings, as FluidSynth requires.
final class FluidSynthInstance {
  private let settings: OpaquePointer
  private let synth: OpaquePointer
  private let groups: Int
  private let capacity = 512
  /// 2 × groups buffers of `capacity` frames, left and right of each group in turn.
  private let storage: UnsafeMutablePointer<Float>
  private let pointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
  /// Reverb left and right, then chorus left and right (unused), of the one effects group.
  private let effects: UnsafeMutablePointer<Float>
  private let effectPointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
  let hasReverb: Bool

  init(sampleRate: Int, channels: Int, polyphony: Int, reverb: Double = 0) throws {
    FluidSynthLog.silence()
    guard let settings = new_fluid_settings() else {
      throw SynthError("FluidSynth could not create its settings (new_fluid_settings failed)")
    }
    self.settings = settings
    groups = channels
    func set(_ name: String, _ value: Int) throws {
      guard fluid_settings_setint(settings, name, Int32(value)) == FLUID_OK else {
        delete_fluid_settings(settings)
        throw SynthError("FluidSynth refused the setting \(name) = \(value)")
      }
    }
    try set("synth.lock-memory", 0)
    try set("synth.reverb.active", reverb > 0 ? 1 : 0)
    try set("synth.effects-groups", 1)
    hasReverb = reverb > 0
    if hasReverb {
      fluid_settings_setnum(settings, "synth.reverb.room-size", 0.7)
      fluid_settings_setnum(settings, "synth.reverb.damp", 0.3)
      fluid_settings_setnum(settings, "synth.reverb.width", 0.8)
      fluid_settings_setnum(settings, "synth.reverb.level", min(1, max(0, reverb)))
    }
    try set("synth.chorus.active", 0)
    try set("synth.midi-channels", channels)
    try set("synth.audio-groups", channels)
    try set("synth.audio-channels", channels)
    try set("synth.polyphony", polyphony)
    fluid_settings_setnum(settings, "synth.sample-rate", Double(sampleRate))
    guard let synth = new_fluid_synth(settings) else {
      delete_fluid_settings(settings)
      throw SynthError("FluidSynth could not create a synthesizer (new_fluid_synth failed)")
    }
    self.synth = synth
    storage = .allocate(capacity: 2 * channels * capacity)
    storage.initialize(repeating: 0, count: 2 * channels * capacity)
    pointers = .allocate(capacity: 2 * channels)
    for index in 0..<(2 * channels) { pointers[index] = storage + index * capacity }
    effects = .allocate(capacity: 4 * capacity)
    effects.initialize(repeating: 0, count: 4 * capacity)
    effectPointers = .allocate(capacity: 4)
    for index in 0..<4 { effectPointers[index] = effects + index * capacity }
  }

  deinit {
    delete_fluid_synth(synth)
    delete_fluid_settings(settings)
    storage.deallocate()
    pointers.deallocate()
    effects.deallocate()
    effectPointers.deallocate()
  }

  private static let loading = NSLock()

  func load(_ soundFont: URL) throws {
    // A RIFF file of form "sfbk" (SF2, SF3) or "DLS "; anything else is refused before FluidSynth's
    // loaders see it (they log through glib for files of the wrong kind).
    let header = (try? FileHandle(forReadingFrom: soundFont).read(upToCount: 12)) ?? nil
    guard let header, header.count == 12, header.prefix(4) == Data("RIFF".utf8),
      [Data("sfbk".utf8), Data("DLS ".utf8)].contains(header.suffix(4))
    else {
      throw SynthError("\(soundFont.path) is not a SoundFont (SF2 or SF3) file")
    }
    // One load at a time: loading the same file in several threads at once doubles the memory.
    Self.loading.lock()
    defer { Self.loading.unlock() }
    guard fluid_synth_sfload(synth, soundFont.path, 1) != FLUID_FAILED else {
      throw SynthError(
        "FluidSynth could not load the soundfont \(soundFont.path)\(FluidSynthLog.lastError.map { " (\($0))" } ?? "")"
      )
    }
  }

  /// Renders `frames` frames (at most 512) into the group buffers, which are cleared first.
  func process(frames: Int) {
    storage.update(repeating: 0, count: 2 * groups * capacity)
    if hasReverb {
      effects.update(repeating: 0, count: 4 * capacity)
      _ = fluid_synth_process(synth, Int32(frames), 4, effectPointers, Int32(2 * groups), pointers)
    } else {
      _ = fluid_synth_process(synth, Int32(frames), 0, nil, Int32(2 * groups), pointers)
    }
  }

  /// Whether a group sounded in the last block (a quick check before summing it).
  func groupIsActive(_ group: Int) -> Bool {
    let left = storage + 2 * group * capacity
    for index in 0..<(2 * capacity) where left[index] != 0 { return true }
    return false
  }

  func reverbBuffer(side: Int) -> UnsafeMutablePointer<Float> { effects + side * capacity }

  func buffer(group: Int, side: Int) -> UnsafeMutablePointer<Float> {
    storage + (2 * group + side) * capacity
  }

  var activeVoices: Int { Int(fluid_synth_get_active_voice_count(synth)) }

  func releaseAllNotes() { _ = fluid_synth_all_notes_off(synth, -1) }

  func send(_ message: MIDIMessage, channel: Int) {
    let c = Int32(channel)
    switch message {
    case .noteOn(let note, let velocity):
      _ = fluid_synth_noteon(synth, c, Int32(note.value), Int32(velocity.value))
    case .noteOff(let note): _ = fluid_synth_noteoff(synth, c, Int32(note.value))
    case .controlChange(let controller, let value):
      _ = fluid_synth_cc(synth, c, Int32(controller.value), Int32(value.value))
    case .programChange(let program): _ = fluid_synth_program_change(synth, c, Int32(program.value))
    case .pitchBend(let bend): _ = fluid_synth_pitch_bend(synth, c, Int32(bend))
    case .text, .marker: break
    }
  }
}

/// FluidSynth logs to stderr by default; its messages are kept instead, and the last error is
/// quoted when a call fails.
enum FluidSynthLog {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var errors: [String] = []
  nonisolated(unsafe) private static var installed = false

  static func silence() {
    lock.lock()
    defer { lock.unlock() }
    guard !installed else { return }
    installed = true
    for level in [FLUID_PANIC, FLUID_ERR] {
      fluid_set_log_function(
        Int32(level.rawValue),
        { _, message, _ in
          guard let message else { return }
          FluidSynthLog.record(String(cString: message))
        }, nil)
    }
    for level in [FLUID_WARN, FLUID_INFO, FLUID_DBG] {
      fluid_set_log_function(Int32(level.rawValue), nil, nil)
    }
  }

  static func record(_ message: String) {
    lock.lock()
    errors.append(message)
    if errors.count > 20 { errors.removeFirst() }
    lock.unlock()
  }

  static var lastError: String? {
    lock.lock()
    defer { lock.unlock() }
    return errors.last
  }
}
