internal import CFluidSynth
import Chart2MIDICore
import Foundation
import Synchronization

/// Owns one FluidSynth settings object and synth, and the output buffers for `fluid_synth_process`;
/// `deinit` deletes the synth before its settings, as FluidSynth requires. Every FluidSynth result
/// goes through `check(_:_:)`, and every call runs with the instance's own log, so that an error
/// quotes what FluidSynth said about this synth alone.
final class FluidSynthInstance {
  private let settings: OpaquePointer
  private let synth: OpaquePointer
  private let groups: Int
  /// Frames per `process(frames:)` call at most.
  static let blockSize = 512
  private var capacity: Int { Self.blockSize }
  /// 2 × groups buffers of `capacity` frames, left and right of each group in turn.
  private let storage: UnsafeMutablePointer<Float>
  private let pointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
  /// Reverb left and right, then chorus left and right (unused), of the one effects group.
  private let effects: UnsafeMutablePointer<Float>
  private let effectPointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
  /// What FluidSynth logged about this synth.
  let log = FluidSynthLog()
  /// Whether the mix gets reverb.
  let hasReverb: Bool
  /// The id of the loaded soundfont, once one is loaded.
  private var soundFontID: Int32?
  /// The soundfont loaded once for the process that this synth plays from (the synth never
  /// deletes it).
  private(set) var shared: SharedSoundFont?
  /// The loaded soundfont's path, as it was given.
  private(set) var soundFontPath = ""
  /// The soundfont's file name, for messages.
  var soundFontName: String { (soundFontPath as NSString).lastPathComponent }

  /// Made once per process, before any other synth. The first `new_fluid_synth` fills the
  /// library's shared tables and default modulators, and a synth made in another thread meanwhile
  /// does not wait for that (FluidSynth marks the work done before doing it): it copies half-made
  /// modulators and sounds different. A Swift `static let` runs once and makes other threads wait.
  private static let libraryPrepared: Bool = {
    let log = FluidSynthLog()
    guard let settings = log.capturing({ new_fluid_settings() }) else { return false }
    defer { delete_fluid_settings(settings) }
    guard let synth = log.capturing({ new_fluid_synth(settings) }) else { return false }
    delete_fluid_synth(synth)
    return true
  }()

  init(sampleRate: Int, channels: Int, polyphony: Int, reverb: Double = 0) throws {
    let log = self.log
    // When this fails, the synth below fails too and says why.
    _ = Self.libraryPrepared
    guard let settings = log.capturing({ new_fluid_settings() }) else {
      throw SynthError(
        "FluidSynth could not create its settings (new_fluid_settings failed)",
        call: "new_fluid_settings", code: .libraryFailed)
    }
    func set(_ name: String, _ value: Int) throws {
      try Self.check(
        log.capturing { fluid_settings_setint(settings, name, Int32(value)) },
        "fluid_settings_setint", "FluidSynth refused the setting \(name) = \(value)", log: log)
    }
    func set(_ name: String, _ value: Double) throws {
      try Self.check(
        log.capturing { fluid_settings_setnum(settings, name, value) },
        "fluid_settings_setnum", "FluidSynth refused the setting \(name) = \(value)", log: log)
    }
    do {
      try set("synth.lock-memory", 0)
      try set("synth.reverb.active", reverb > 0 ? 1 : 0)
      try set("synth.effects-groups", 1)
      if reverb > 0 {
        try set("synth.reverb.room-size", 0.7)
        try set("synth.reverb.damp", 0.3)
        try set("synth.reverb.width", 0.8)
        try set("synth.reverb.level", min(1, max(0, reverb)))
      }
      try set("synth.chorus.active", 0)
      try set("synth.midi-channels", channels)
      try set("synth.audio-groups", channels)
      try set("synth.audio-channels", channels)
      try set("synth.polyphony", polyphony)
      try set("synth.sample-rate", Double(sampleRate))
    } catch {
      delete_fluid_settings(settings)
      throw error
    }
    guard let synth = log.capturing({ new_fluid_synth(settings) }) else {
      delete_fluid_settings(settings)
      throw SynthError(
        "FluidSynth could not create a synthesizer (new_fluid_synth failed\(log.last.map { ": \($0)" } ?? ""))",
        call: "new_fluid_synth", code: .libraryFailed)
    }
    self.settings = settings
    self.synth = synth
    hasReverb = reverb > 0
    groups = channels
    storage = .allocate(capacity: 2 * channels * Self.blockSize)
    storage.initialize(repeating: 0, count: 2 * channels * Self.blockSize)
    pointers = .allocate(capacity: 2 * channels)
    for index in 0..<(2 * channels) { pointers[index] = storage + index * Self.blockSize }
    effects = .allocate(capacity: 4 * Self.blockSize)
    effects.initialize(repeating: 0, count: 4 * Self.blockSize)
    effectPointers = .allocate(capacity: 4)
    for index in 0..<4 { effectPointers[index] = effects + index * Self.blockSize }
  }

  deinit {
    // The shared soundfont is taken off the stack first, so that deleting the synth leaves it.
    if let shared { _ = fluid_synth_remove_sfont(synth, shared.font) }
    delete_fluid_synth(synth)
    delete_fluid_settings(settings)
    storage.deallocate()
    pointers.deallocate()
    effects.deallocate()
    effectPointers.deallocate()
  }

  /// Turns a FluidSynth result into an error that names the call and quotes FluidSynth's last
  /// message about this synth; the one place where results are checked.
  static func check(_ result: Int32, _ call: String, _ what: String, log: FluidSynthLog) throws {
    guard result == FLUID_FAILED else { return }
    let reason = log.last.map { ": \($0)" } ?? ""
    throw SynthError("\(what) (\(call) failed\(reason))", call: call, code: .libraryFailed)
  }

  /// Checks a call made on this synth.
  private func check(_ result: Int32, _ call: String, _ what: String) throws {
    try Self.check(result, call, what, log: log)
  }

  /// Loads the soundfont.
  ///
  /// - Throws: `SynthError` naming the file when it is not a soundfont or FluidSynth cannot load it.
  func load(_ soundFont: URL) throws {
    // A RIFF file of form "sfbk" (SF2, SF3) or "DLS "; anything else is refused before FluidSynth's
    // loaders see it (they log through glib for files of the wrong kind).
    let header = (try? FileHandle(forReadingFrom: soundFont).read(upToCount: 12)) ?? nil
    guard let header, header.count == 12, header.prefix(4) == Data("RIFF".utf8),
      [Data("sfbk".utf8), Data("DLS ".utf8)].contains(header.suffix(4))
    else {
      throw SynthError(
        "\(soundFont.relativePath) is not a SoundFont (SF2 or SF3) file",
        file: soundFont.relativePath, code: .soundFontUnusable)
    }
    // Loaded once a process (one load at a time), and shared by every synth that plays it.
    let font = try SharedSoundFont.loaded(soundFont)
    let id = log.capturing { fluid_synth_add_sfont(synth, font.font) }
    try check(
      id, "fluid_synth_add_sfont",
      "FluidSynth could not take the soundfont \(soundFont.relativePath)")
    shared = font
    // As loading it into this synth would: every channel's preset chosen again.
    _ = log.capturing { fluid_synth_program_reset(synth) }
    soundFontID = id
    soundFontPath = soundFont.relativePath
  }

  /// Whether the loaded soundfont has a preset at a bank and program.
  func hasPreset(bank: Int, program: Int) -> Bool {
    guard let id = soundFontID, let font = fluid_synth_get_sfont_by_id(synth, id) else {
      return false
    }
    return fluid_sfont_get_preset(font, Int32(bank), Int32(program)) != nil
  }

  /// The name of the loaded soundfont's preset at a bank and program, when it has one.
  func presetName(bank: Int, program: Int) -> String? {
    guard let id = soundFontID, let font = fluid_synth_get_sfont_by_id(synth, id),
      let preset = fluid_sfont_get_preset(font, Int32(bank), Int32(program)),
      let name = fluid_preset_get_name(preset)
    else { return nil }
    return String(cString: name).trimmingCharacters(in: .whitespaces)
  }

  /// Renders `frames` frames (at most `blockSize`) into the group buffers, which are cleared first.
  func process(frames: Int) throws {
    storage.update(repeating: 0, count: 2 * groups * capacity)
    let result: Int32
    if hasReverb {
      effects.update(repeating: 0, count: 4 * capacity)
      result = log.capturing {
        fluid_synth_process(synth, Int32(frames), 4, effectPointers, Int32(2 * groups), pointers)
      }
    } else {
      result = log.capturing {
        fluid_synth_process(synth, Int32(frames), 0, nil, Int32(2 * groups), pointers)
      }
    }
    try check(result, "fluid_synth_process", "FluidSynth could not render audio")
  }

  /// Whether a group sounded in the last block (a quick check before summing it).
  func groupIsActive(_ group: Int) -> Bool {
    let left = storage + 2 * group * capacity
    for index in 0..<(2 * capacity) where left[index] != 0 { return true }
    return false
  }

  /// The reverb's output of the last block, left (0) or right (1).
  func reverbBuffer(side: Int) -> UnsafeMutablePointer<Float> { effects + side * capacity }

  /// A group's output of the last block, left (0) or right (1).
  func buffer(group: Int, side: Int) -> UnsafeMutablePointer<Float> {
    storage + (2 * group + side) * capacity
  }

  /// The voices sounding now.
  var activeVoices: Int { Int(fluid_synth_get_active_voice_count(synth)) }

  /// Releases every note on every channel.
  func releaseAllNotes() throws {
    try check(
      log.capturing { fluid_synth_all_notes_off(synth, -1) }, "fluid_synth_all_notes_off",
      "FluidSynth could not release the notes at the end")
  }

  /// Sends a channel message. A note that cannot start (no voice free, say) is not an error: the
  /// call returns false and the renderer counts it; any other failure throws.
  func send(_ message: MIDIMessage, channel: Int) throws -> Bool {
    let c = Int32(channel)
    func checked(_ result: Int32, _ call: String) throws {
      try check(result, call, "FluidSynth refused \(message) on synth channel \(channel)")
    }
    switch message {
    case .noteOn(let note, let velocity):
      return log.capturing {
        fluid_synth_noteon(synth, c, Int32(note.value), Int32(velocity.value))
      } != FLUID_FAILED
    case .noteOff(let note):
      // A note-off for a note that is not sounding fails harmlessly; FluidSynth says nothing more.
      _ = log.capturing { fluid_synth_noteoff(synth, c, Int32(note.value)) }
    case .polyphonicPressure(let note, let pressure):
      try checked(
        log.capturing {
          fluid_synth_key_pressure(synth, c, Int32(note.value), Int32(pressure.value))
        },
        "fluid_synth_key_pressure")
    case .controlChange(let controller, let value):
      try checked(
        log.capturing { fluid_synth_cc(synth, c, Int32(controller.value), Int32(value.value)) },
        "fluid_synth_cc")
    case .programChange(let program):
      try checked(
        log.capturing { fluid_synth_program_change(synth, c, Int32(program.value)) },
        "fluid_synth_program_change")
    case .channelPressure(let pressure):
      try checked(
        log.capturing { fluid_synth_channel_pressure(synth, c, Int32(pressure.value)) },
        "fluid_synth_channel_pressure")
    case .pitchBend(let bend):
      try checked(
        log.capturing { fluid_synth_pitch_bend(synth, c, Int32(bend.value)) },
        "fluid_synth_pitch_bend")
    case .text, .marker: break
    }
    return true
  }
}

/// A soundfont loaded once for a process and played by every synth that asks for the same file
/// (by device, inode, size and time of change): a batch of charts reads a 148 MB General MIDI
/// soundfont once, not once a chart, and holds its samples once however many charts render at
/// once. It is loaded by a synth of its own, kept with it; synths add it to their stack and take
/// it off before they are deleted. Its samples are only read while synths play (without FluidSynth's
/// dynamic sample loading, the default, a preset's selection changes nothing in the soundfont).
final class SharedSoundFont: @unchecked Sendable {
  let font: OpaquePointer
  private let settings: OpaquePointer
  private let synth: OpaquePointer
  private let key: String

  /// The soundfonts loaded now, by file: those a synth holds, and the last one loaded, kept for
  /// the next chart.
  private static let loaded = Mutex<(fonts: [String: WeakFont], last: SharedSoundFont?)>(([:], nil))

  private struct WeakFont {
    weak var font: SharedSoundFont?
  }

  private init(font: OpaquePointer, settings: OpaquePointer, synth: OpaquePointer, key: String) {
    (self.font, self.settings, self.synth, self.key) = (font, settings, synth, key)
  }

  deinit {
    delete_fluid_synth(synth)
    delete_fluid_settings(settings)
  }

  /// The soundfont at `url`, loaded now or already.
  ///
  /// - Throws: `SynthError` naming the file when FluidSynth cannot load it.
  static func loaded(_ url: URL) throws -> SharedSoundFont {
    var status = stat()
    let key =
      stat(url.path, &status) == 0
      ? "\(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
      : url.path
    // One load at a time: loading the same file in several threads at once doubles the memory.
    return try loaded.withLock { state in
      if let font = state.fonts[key]?.font {
        state.last = font
        return font
      }
      let font = try load(url, key: key)
      state.fonts = state.fonts.filter { $0.value.font != nil }
      state.fonts[key] = WeakFont(font: font)
      state.last = font
      return font
    }
  }

  private static func load(_ url: URL, key: String) throws -> SharedSoundFont {
    let log = FluidSynthLog()
    guard let settings = log.capturing({ new_fluid_settings() }) else {
      throw SynthError(
        "FluidSynth could not create its settings (new_fluid_settings failed)",
        call: "new_fluid_settings", code: .libraryFailed)
    }
    _ = fluid_settings_setint(settings, "synth.lock-memory", 0)
    guard let synth = log.capturing({ new_fluid_synth(settings) }) else {
      delete_fluid_settings(settings)
      throw SynthError(
        "FluidSynth could not create a synthesizer (new_fluid_synth failed)",
        call: "new_fluid_synth", code: .libraryFailed)
    }
    // The path as it was given, so that FluidSynth's own message names it so too.
    let id = log.capturing { fluid_synth_sfload(synth, url.relativePath, 0) }
    guard id != FLUID_FAILED, let font = fluid_synth_get_sfont_by_id(synth, id) else {
      delete_fluid_synth(synth)
      delete_fluid_settings(settings)
      let reason = log.last.map { ": \($0)" } ?? ""
      // A file FluidSynth cannot load is the soundfont's fault, not the library's.
      throw SynthError(
        "FluidSynth could not load the soundfont \(url.relativePath) (fluid_synth_sfload failed\(reason))",
        file: url.relativePath, call: "fluid_synth_sfload", code: .soundFontUnusable)
    }
    return SharedSoundFont(font: font, settings: settings, synth: synth, key: key)
  }
}
