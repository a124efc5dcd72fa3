internal import CEspeakNG
import Foundation

/// A private, freshly loaded copy of eSpeak NG's library, for one narration. eSpeak NG keeps
/// state between utterances that no call resets (the phase of its pitch flutter among them): in
/// one process the same text is spoken 192,986, then 193,005, then 193,464 samples long, while
/// the first utterance of a fresh library is always the same. So each narration loads the
/// library afresh from a copy of its file (a copy, because loading the file the program is
/// linked with would return the loaded one; the copy is removed once loaded) and unloads it
/// after: the same text gives the same samples in one process and across processes, and
/// narrations on several threads run at once, each in its own copy. Loading takes about 5 ms.
final class PrivateEspeak {
  typealias Callback =
    @convention(c) (
      UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?
    ) -> Int32

  let initialize: @convention(c) (espeak_AUDIO_OUTPUT, Int32, UnsafePointer<CChar>?, Int32) -> Int32
  let setSynthCallback: @convention(c) (Callback?) -> Void
  let setVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> espeak_ERROR
  let setVoiceByProperties: @convention(c) (UnsafeMutablePointer<espeak_VOICE>?) -> espeak_ERROR
  let setParameter: @convention(c) (espeak_PARAMETER, Int32, Int32) -> espeak_ERROR
  let synth:
    @convention(c) (
      UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32,
      UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?
    ) -> espeak_ERROR
  let terminate: @convention(c) () -> espeak_ERROR

  private let handle: UnsafeMutableRawPointer

  /// Loads a copy of its own, made in the temporary folder and removed as soon as it is loaded.
  ///
  /// - Throws: `SynthError` when the library's file cannot be found, copied or loaded.
  init() throws {
    let path = try Self.copy()
    defer { unlink(path) }
    // RTLD_DEEPBIND (0x8, a GNU extension Swift does not import): the copy calls its own
    // functions, not the loaded library's, which would otherwise come first.
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | 0x8) else {
      throw SynthError(
        "eSpeak NG could not be loaded for a narration: \(String(cString: dlerror()))",
        call: "dlopen", code: .speechUnavailable)
    }
    self.handle = handle
    do {
      func symbol<T>(_ name: String, as type: T.Type) throws -> T {
        guard let pointer = dlsym(handle, name) else {
          throw SynthError(
            "eSpeak NG's library has no \(name)", call: "dlsym", code: .speechUnavailable)
        }
        return unsafeBitCast(pointer, to: type)
      }
      initialize = try symbol("espeak_Initialize", as: type(of: initialize))
      setSynthCallback = try symbol("espeak_SetSynthCallback", as: type(of: setSynthCallback))
      setVoiceByName = try symbol("espeak_SetVoiceByName", as: type(of: setVoiceByName))
      setVoiceByProperties = try symbol(
        "espeak_SetVoiceByProperties", as: type(of: setVoiceByProperties))
      setParameter = try symbol("espeak_SetParameter", as: type(of: setParameter))
      synth = try symbol("espeak_Synth", as: type(of: synth))
      terminate = try symbol("espeak_Terminate", as: type(of: terminate))
    } catch {
      dlclose(handle)
      throw error
    }
  }

  deinit {
    _ = terminate()
    dlclose(handle)
  }

  /// A new copy of the library the program is linked with, in the temporary folder.
  private static func copy() throws -> String {
    // The file the program has loaded, as the process's memory map names it.
    // (A file of /proc reports no size: it is read to its end, not by its size.)
    let maps =
      FileHandle(forReadingAtPath: "/proc/self/maps").map {
        String(decoding: $0.readDataToEndOfFile(), as: UTF8.self)
      } ?? ""
    let loaded = maps.split(separator: "\n").lazy.compactMap { line -> String? in
      guard let slash = line.firstIndex(of: "/") else { return nil }
      let path = String(line[slash...])
      return path.split(separator: "/").last?.hasPrefix("libespeak-ng.so") == true ? path : nil
    }.first
    guard let loaded else {
      throw SynthError(
        "eSpeak NG's library file cannot be found", call: "dlopen", code: .speechUnavailable)
    }
    let source = URL(fileURLWithPath: loaded)
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
      ".chart2midi-espeak-\(getpid())-\(UUID().uuidString).so")
    do {
      try FileManager.default.copyItem(at: source, to: destination)
    } catch {
      throw SynthError(
        "eSpeak NG's library could not be copied for a narration: \(error.localizedDescription)",
        call: "copy", code: .speechUnavailable)
    }
    return destination.path
  }
}
