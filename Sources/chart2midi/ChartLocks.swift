import Chart2MIDIBase
import Chart2MIDIOutputs
import Foundation

/// A batch's hold on the charts it is converting, so that two runs of one shard at once (an
/// engine's retry beside a task still running, an array submitted twice) convert each chart
/// once: a file `.NAME.lock` beside the chart's outputs, created new in the folder opened for
/// them (never through a link), naming its holder: its host as temporaries name it (the host's
/// name, its boot and its PID namespace), the host's name, the process and when it started.
///
/// A lock is trusted only when it is a regular file of this user that a run wrote; anything else
/// at its name (a link, a FIFO, another user's file, text that names no holder) is no lock, and
/// is replaced at once. A trusted lock is the holder's while its process lives: on the holder's
/// own host, namespace and boot, a lock whose process is gone, or is another process of that
/// number (it started at another time), is taken over at once; from elsewhere, once it has not
/// been renewed for `lease` seconds (a thread renews every held lock's time a tenth of the lease
/// apart, so a live holder's lock never expires, and a dead machine's does).
final class ChartLocks: @unchecked Sendable {
  /// How long a lock of another host stands without being renewed: five minutes, or
  /// `CHART2MIDI_LOCK_LEASE` seconds. Long beside NFS's attribute cache (a minute at most by
  /// default), which may show another machine's renewal late.
  let lease: TimeInterval

  /// A held lock: its folder (kept open), its name there, its open descriptor.
  private struct Held {
    var folder: FolderHandle
    var name: String
    var descriptor: Int32
  }

  /// The held locks by chart, behind `lock`.
  private var held: [String: Held] = [:]
  private let lock = NSLock()
  private var renewing = false

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    lease =
      environment["CHART2MIDI_LOCK_LEASE"].flatMap(TimeInterval.init).map { max(1, $0) } ?? 300
  }

  /// A chart's lock's name in the folder of its outputs: `.NAME.lock`.
  static func name(for chart: String) -> String {
    ".\(URL(fileURLWithPath: chart).lastPathComponent).lock"
  }

  /// Who holds a lock, as its file says it.
  struct Holder: Equatable {
    var host: String
    var hostName: String
    var pid: pid_t
    /// When the process started, in clock ticks after the boot (`/proc/PID/stat`): a process of
    /// the same number started later is another process. A lock without it names no live
    /// process here.
    var started: UInt64?

    /// This process.
    static var this: Holder {
      Holder(
        host: TemporaryFiles.host, hostName: TemporaryFiles.hostName, pid: getpid(),
        started: startTime(of: getpid()))
    }

    /// The file's text: `host HOST`, `name NAME`, `pid PID`, `started TICKS`, a line each.
    var text: String {
      "host \(host)\nname \(hostName)\npid \(pid)\n" + (started.map { "started \($0)\n" } ?? "")
    }

    init(host: String, hostName: String, pid: pid_t, started: UInt64?) {
      (self.host, self.hostName, self.pid, self.started) = (host, hostName, pid, started)
    }

    /// The holder a lock's text names; nil when it names none (a host and a process are needed).
    init?(text: String) {
      var fields: [String: String] = [:]
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: " ", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
      }
      guard let host = fields["host"], let pid = fields["pid"].flatMap(pid_t.init), pid > 0 else {
        return nil
      }
      self.init(
        host: host, hostName: fields["name"] ?? "", pid: pid,
        started: fields["started"].flatMap(UInt64.init))
    }

    /// The holder as a sentence names it: its host's name and process.
    var described: String { "process \(pid) on \(hostName.isEmpty ? host : visible(hostName))" }

    /// Whether the holder, on this host, is alive: its process is there, and is the one that
    /// started when the lock says.
    var isAliveHere: Bool {
      guard let started, let now = Self.startTime(of: pid) else { return false }
      return now == started
    }

    /// When process `pid` started, in clock ticks after the boot: the 22nd field of
    /// `/proc/PID/stat`, after the command's name in parentheses (which may hold anything); nil
    /// when there is no such process.
    static func startTime(of pid: pid_t) -> UInt64? {
      // A file of /proc says it is empty: read it as far as it goes.
      let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var bytes = [UInt8](repeating: 0, count: 4096)
      let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard got > 0 else { return nil }
      let text = String(decoding: bytes[0..<got], as: UTF8.self)
      guard let close = text.lastIndex(of: ")") else { return nil }
      let fields = text[text.index(after: close)...].split(separator: " ")
      // After the name: state is field 3, start time field 22.
      return fields.count > 19 ? UInt64(fields[19]) : nil
    }
  }

  /// What came of trying to take a lock.
  enum Attempt: Equatable {
    /// Taken: this process holds it.
    case taken
    /// A live holder has it.
    case held(Holder)
    /// It cannot be taken, for the reason given (something at its name that cannot be
    /// replaced).
    case refused(String)
  }

  /// Takes the lock of `chart` (its name in the batch), named `name` in `folder`, for this
  /// process.
  func acquire(_ chart: String, named name: String, in folder: FolderHandle) -> Attempt {
    let this = Holder.this
    for _ in 0..<3 {
      let descriptor = folder.open(name, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
      if descriptor >= 0 {
        let text = Array(this.text.utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        // Removed with the temporaries when the run is interrupted.
        TemporaryFiles.register(URL(fileURLWithPath: folder.pinnedPath + "/" + name))
        hold(chart, Held(folder: folder, name: name, descriptor: descriptor))
        return .taken
      }
      guard errno == EEXIST else {
        return .refused(
          "cannot make the lock \(folder.shown)/\(name): \(String(cString: strerror(errno)).lowercased())"
        )
      }
      guard let status = folder.status(of: name) else { continue }
      switch holder(of: name, in: folder, status) {
      case .some(let holder):
        let gone = holder.host == this.host ? !holder.isAliveHere : isExpired(status)
        guard gone else { return .held(holder) }
      case nil:
        // No lock a run made, or one being written this moment (its text comes within
        // microseconds of its creation): no one's, once it is a second old.
        if status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(), age(status) < 1 {
          return .held(Holder(host: "", hostName: "a run starting", pid: 0, started: 0))
        }
      }
      guard remove(name, in: folder, ifStill: status) else {
        return .refused(
          "cannot take the lock \(folder.shown)/\(name): it is not a lock chart2midi made, and cannot be removed; remove it"
        )
      }
    }
    return .held(Holder(host: "", hostName: "another run", pid: 0, started: 0))
  }

  /// The holder a lock names, when it is one a run made: a regular file of this user, small,
  /// naming a holder. Read through the folder, never through a link.
  private func holder(of name: String, in folder: FolderHandle, _ status: stat) -> Holder? {
    guard status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(), status.st_size <= 4096
    else { return nil }
    let descriptor = folder.open(name, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard got > 0 else { return nil }
    return Holder(text: String(decoding: bytes[0..<got], as: UTF8.self))
  }

  /// How long ago a lock of `status` was last renewed, in seconds.
  private func age(_ status: stat) -> TimeInterval {
    let renewed = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9
    return Date().timeIntervalSince1970 - renewed
  }

  /// Whether a lock of `status` was last renewed longer than the lease ago.
  private func isExpired(_ status: stat) -> Bool { age(status) > lease }

  /// Removes a dead holder's lock (or what stands at its name), unless it was replaced since it
  /// was looked at; whether nothing stands there now.
  private func remove(_ name: String, in folder: FolderHandle, ifStill status: stat) -> Bool {
    guard let now = folder.status(of: name) else { return true }
    guard now.st_ino == status.st_ino, now.st_dev == status.st_dev else { return true }
    return folder.remove(name, isFolder: now.st_mode & S_IFMT == S_IFDIR)
  }

  /// Notes a lock as held, and starts the thread that renews them.
  private func hold(_ chart: String, _ lock: Held) {
    self.lock.lock()
    held[chart] = lock
    let start = !renewing
    renewing = true
    self.lock.unlock()
    guard start else { return }
    let interval = lease / 10
    Thread.detachNewThread { [self] in
      while true {
        Thread.sleep(forTimeInterval: interval)
        self.lock.lock()
        for lock in held.values { futimens(lock.descriptor, nil) }
        self.lock.unlock()
      }
    }
  }

  /// Gives up the lock of `chart`, when this process holds it.
  func release(_ chart: String) {
    lock.lock()
    let lock = held.removeValue(forKey: chart)
    self.lock.unlock()
    guard let lock else { return }
    lock.folder.remove(lock.name)
    TemporaryFiles.unregister(URL(fileURLWithPath: lock.folder.pinnedPath + "/" + lock.name))
    close(lock.descriptor)
  }
}
