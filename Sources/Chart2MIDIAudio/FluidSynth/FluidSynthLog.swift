internal import CFluidSynth
import Foundation

/// FluidSynth's log messages, kept per synth instead of printed. FluidSynth has one log function
/// for the whole process; it is called on the thread that made the call, so each synth marks the
/// thread it works on with its own log (`capturing(into:_:)`), and a message lands in the log of
/// the synth whose call wrote it, even with several synths rendering on several threads.
final class FluidSynthLog {
  // Written and read only on the one thread that works with the owning synth at a time.
  private var messages: [String] = []

  /// The last error or warning FluidSynth logged for this synth, if any.
  var last: String? { messages.last }

  /// Forgets the messages so far.
  func clear() { messages.removeAll() }

  /// What FluidSynth's libraries logged through GLib (libinstpatch's assertions when its DLS
  /// loader is tried on a broken file), kept rather than printed: FluidSynth's own message says
  /// what failed.
  private(set) var libraryMessages: [String] = []

  fileprivate func record(_ message: String) {
    messages.append(message.trimmingCharacters(in: .whitespacesAndNewlines))
    if messages.count > 20 { messages.removeFirst() }
  }

  fileprivate func recordLibrary(_ message: String) {
    libraryMessages.append(message.trimmingCharacters(in: .whitespacesAndNewlines))
    if libraryMessages.count > 20 { libraryMessages.removeFirst() }
  }

  /// The thread's current log.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Routes FluidSynth's errors and warnings to the current thread's log, once per process; other
  /// levels are dropped.
  private static let installed: Bool = {
    for level in [FLUID_PANIC, FLUID_ERR, FLUID_WARN] {
      fluid_set_log_function(
        Int32(level.rawValue),
        { _, message, _ in
          guard let message, let current = pthread_getspecific(FluidSynthLog.key) else { return }
          Unmanaged<FluidSynthLog>.fromOpaque(current).takeUnretainedValue()
            .record(String(cString: message))
        }, nil)
    }
    for level in [FLUID_INFO, FLUID_DBG] {
      fluid_set_log_function(Int32(level.rawValue), nil, nil)
    }
    // GLib's messages (`** CRITICAL **` lines on standard error), kept in the log of the synth
    // whose call made them; dropped on a thread that works with no synth.
    g_log_set_default_handler(
      { domain, _, message, _ in
        guard let message, let current = pthread_getspecific(FluidSynthLog.key) else { return }
        let prefix = domain.map { "\(String(cString: $0)): " } ?? ""
        Unmanaged<FluidSynthLog>.fromOpaque(current).takeUnretainedValue()
          .recordLibrary(prefix + String(cString: message))
      }, nil)
    return true
  }()

  /// Runs `body` with this log as the current thread's.
  func capturing<T>(_ body: () throws -> T) rethrows -> T {
    _ = Self.installed
    let previous = pthread_getspecific(Self.key)
    pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(Self.key, previous) }
    return try body()
  }
}
