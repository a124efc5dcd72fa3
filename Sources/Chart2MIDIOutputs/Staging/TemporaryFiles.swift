import Chart2MIDIBase
import Chart2MIDIChart
import Foundation
import Synchronization

/// The temporary files and folders that outputs are written to before they are renamed into
/// place: named `.NAME.HOST.PID.TAG-RANDOM.tmp` beside their destination, created new, removed when
/// this process is interrupted, and removed by a later run on the same host when a killed process
/// left them behind. HOST names the machine, its boot and its process namespace, so that two
/// machines (or two containers) writing into one shared folder never take each other's files for
/// a dead process's.
package enum TemporaryFiles {
  /// The temporaries being written now, by path; how many files are being written this moment;
  /// and whether an interruption has removed them; behind `condition`. A pthread mutex and
  /// condition rather than `Mutex`, whose futex on Linux is a synchronization ThreadSanitizer
  /// cannot see: `make sanitize` would report every batch job.
  nonisolated(unsafe) private static var state = State()
  private static let condition = NSCondition()

  private struct State {
    var paths = Set<String>()
    /// The folders whose stale temporaries this process has removed already.
    var swept = Set<String>()
    var writing = 0
    var interrupted = false
  }

  /// Runs `body` with the state, under the lock.
  private static func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
    condition.lock()
    defer { condition.unlock() }
    return try body(&state)
  }

  /// The random part of a temporary's name. A test sets it to a known value, to plant links at
  /// exactly the names a run picks.
  nonisolated(unsafe) package static var randomBits: @Sendable () -> UInt64 = {
    UInt64.random(in: .min ... .max)
  }

  /// The machine's host name.
  package static let hostName: String = {
    var name = [CChar](repeating: 0, count: 256)
    gethostname(&name, name.count - 1)
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// This host as temporaries name it: `h` and 16 hex digits of a hash of the host name, the boot's
  /// id and the process namespace, the same for every process of one machine's boot and namespace.
  package static let host: String = {
    func contents(_ path: String) -> String {
      (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(
        in: .whitespacesAndNewlines) ?? ""
    }
    let namespace =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid"))
      ?? ""
    let identity = [
      hostName, contents("/proc/sys/kernel/random/boot_id"), namespace,
    ].joined(separator: "\n")
    // FNV-1a, 64 bits: a name, not a secret.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in identity.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "h" + String(repeating: "0", count: 16 - hex.count) + hex
  }()

  /// A temporary path beside `destination`, for this process: `.NAME.HOST.PID.TAG-RANDOM.tmp`, with 64
  /// random bits that nobody who can write to the folder can guess, so that nobody can plant a
  /// link there before it is created (and it is created with `O_EXCL | O_NOFOLLOW`, so a link
  /// planted all the same is never followed).
  package static func path(for destination: URL, tag: String) -> URL {
    let random = String(randomBits(), radix: 16)
    return destination.deletingLastPathComponent().appendingPathComponent(
      ".\(destination.lastPathComponent).\(host).\(getpid()).\(tag)-\(random).tmp")
  }

  /// Notes a temporary as being written, after removing what killed runs left beside it (once a
  /// folder in a process: a batch of many charts into a folder of many files reads it once).
  package static func register(_ url: URL) {
    let folder = url.deletingLastPathComponent()
    // A folder by its device and inode: one reached by another path (a batch's folders are
    // reached through their open descriptors, whose numbers are used again) is the same folder.
    var status = stat()
    let key =
      stat(folder.path, &status) == 0
      ? "\(status.st_dev):\(status.st_ino)" : folder.standardizedFileURL.path
    if withState({ $0.swept.insert(key).inserted }) {
      removeStale(in: folder)
    }
    _ = withState { $0.paths.insert(url.path) }
  }

  /// Writes a registered temporary file. An interruption waits for the write to end before it
  /// removes the file, and after it nothing more is written.
  package static func write(_ data: Data, to url: URL) throws {
    try write(to: url) { output in try data.withUnsafeBytes(output) }
  }

  /// Writes a registered temporary file from the pieces `body` hands to its output, the same way,
  /// its long runs of zeros left as holes (`SparseWriter`). Files are written side by side (the lock is
  /// held only to count them), and an interruption waits until none is being written.
  ///
  /// - Throws: `WriteFailure` when the file cannot be created or written; what `body` throws.
  package static func write(
    to url: URL, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
  ) throws {
    let allowed = withState { state in
      if !state.interrupted { state.writing += 1 }
      return !state.interrupted
    }
    guard allowed else { return }
    defer {
      withState { $0.writing -= 1 }
      condition.broadcast()
    }
    // A new file, never one already there and never through a link.
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw WriteFailure()
    }
    defer { close(descriptor) }
    var writer = SparseWriter(descriptor: descriptor, path: url.path)
    try body { piece in try writer.append(piece) }
    try writer.finish()
  }

  /// Creates a registered temporary folder, the same way.
  package static func createFolder(at url: URL) throws {
    try withState { state in
      guard !state.interrupted else { return }
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }
  }

  /// Creates a registered temporary folder named `name` in `parent`, new, and opens it from there
  /// without following a link.
  ///
  /// - Throws: `FolderFailure` when it cannot be made, or when an interruption has removed the
  ///   temporaries.
  package static func createFolder(_ name: String, in parent: FolderHandle) throws(FolderFailure)
    -> FolderHandle
  {
    condition.lock()
    defer { condition.unlock() }
    guard !state.interrupted else {
      throw FolderFailure(shown: parent.shown, reason: "the work was interrupted")
    }
    guard mkdirat(parent.descriptor, name, 0o777) == 0 else {
      throw FolderFailure(
        shown: parent.shown, reason: String(cString: strerror(errno)).lowercased())
    }
    return try parent.folder(name)
  }

  /// Notes a temporary as renamed or removed.
  package static func unregister(_ url: URL) {
    _ = withState { $0.paths.remove(url.path) }
  }

  /// Removes every temporary this process is writing, files and folders, and lets no more be
  /// written.
  package static func removeAll() {
    condition.lock()
    state.interrupted = true
    // A file being written is removed once its write has ended.
    while state.writing > 0 { condition.wait() }
    let paths = state.paths
    state.paths = []
    condition.unlock()
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Removes the temporaries in `folder` that a process of this host left behind when it was
  /// killed: another host's (or another namespace's) are never touched, whatever their number.
  package static func removeStale(in folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
      let parts = name.split(separator: ".")
      guard parts.count >= 5, parts[parts.count - 4] == host,
        let pid = pid_t(parts[parts.count - 3]), pid > 0, pid != getpid()
      else { continue }
      // No such process: its run was killed before it could clean up.
      if kill(pid, 0) == -1 && errno == ESRCH {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
      }
    }
  }

  /// Whether the interruption handlers are installed.
  private static let installed = Mutex(false)

  /// On SIGINT or SIGTERM: removes every temporary being written, prints `message` on standard
  /// error and exits with 128 plus the signal's number (130, 143). Calling it again does nothing.
  ///
  /// The signal handler only writes the signal's number to a pipe (all a handler may safely do);
  /// a thread waiting on the pipe does the rest.
  package static func removeOnInterrupt(message: String) {
    let first = installed.withLock { done -> Bool in
      defer { done = true }
      return !done
    }
    guard first else { return }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    interruptPipe = ends[1]
    let reading = ends[0]
    Thread.detachNewThread {
      var number: UInt8 = 0
      while read(reading, &number, 1) != 1 {}
      removeAll()
      FileHandle.standardError.write(Data((message + "\n").utf8))
      _exit(128 + Int32(number))
    }
    for number in [SIGINT, SIGTERM] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = Glibc.write(interruptPipe, &byte, 1)
      }
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
    }
    // A process may start with these signals blocked (its parent's mask): let them in, on this
    // thread and the threads it starts.
    var wanted = sigset_t()
    sigemptyset(&wanted)
    sigaddset(&wanted, SIGINT)
    sigaddset(&wanted, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
  }
}

/// The pipe's writing end, for the signal handler (set once, before the handler is installed).
nonisolated(unsafe) private var interruptPipe: Int32 = -1

/// Writes one file through a temporary beside it, renamed into place when complete.
package enum AtomicFile {
  /// Writes `data` to `destination` atomically.
  ///
  /// - Throws: `ExportError` naming the destination; no file is left behind.
  package static func write(_ data: Data, to destination: URL) throws {
    var batch = AtomicFileBatch()
    try batch.stage(data, at: destination)
    try batch.commit()
  }
}
