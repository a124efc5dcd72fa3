import Chart2MIDIBase
import Chart2MIDIOutputs
import Foundation

/// A batch's hold on the charts it is converting, so that two runs of one shard at once (an
/// engine's retry beside a task still running, an array submitted twice) convert each chart
/// once: a file `.NAME.lock` beside the chart's outputs, created new, naming its holder (its host
/// as temporaries name it, the host's name and the process).
///
/// A lock is the holder's while its process lives: on the holder's own host, a lock whose
/// process is gone is taken over at once; from another host, once it has not been renewed for
/// `lease` seconds (a thread renews every held lock's time a tenth of the lease apart, so a live
/// holder's lock never expires, and a dead machine's does).
final class ChartLocks: @unchecked Sendable {
  /// How long a lock of another host stands without being renewed: five minutes, or
  /// `CHART2MIDI_LOCK_LEASE` seconds. Long beside NFS's attribute cache (a minute at most by
  /// default), which may show another machine's renewal late.
  let lease: TimeInterval

  /// The held locks' paths and open descriptors, behind `lock`.
  private var held: [String: Int32] = [:]
  private let lock = NSLock()
  private var renewing = false

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    lease =
      environment["CHART2MIDI_LOCK_LEASE"].flatMap(TimeInterval.init).map { max(1, $0) } ?? 300
  }

  /// A chart's lock: `.NAME.lock` in the folder of its outputs.
  static func url(for name: String, in folder: URL) -> URL {
    let output = folder.appendingPathComponent(name)
    return output.deletingLastPathComponent().appendingPathComponent(
      ".\(output.lastPathComponent).lock")
  }

  /// Who holds a lock, as its file says it.
  struct Holder: Equatable {
    var host: String
    var hostName: String
    var pid: pid_t

    /// This process.
    static var this: Holder {
      Holder(host: TemporaryFiles.host, hostName: TemporaryFiles.hostName, pid: getpid())
    }

    /// The file's text: `host HOST`, `name NAME`, `pid PID`, a line each.
    var text: String { "host \(host)\nname \(hostName)\npid \(pid)\n" }

    init(host: String, hostName: String, pid: pid_t) {
      (self.host, self.hostName, self.pid) = (host, hostName, pid)
    }

    init?(text: String) {
      var fields: [String: String] = [:]
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: " ", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
      }
      guard let host = fields["host"], let pid = fields["pid"].flatMap(pid_t.init) else {
        return nil
      }
      self.init(host: host, hostName: fields["name"] ?? "", pid: pid)
    }

    /// The holder as a sentence names it: its host's name and process.
    var described: String { "process \(pid) on \(hostName.isEmpty ? host : visible(hostName))" }
  }

  /// Takes the lock at `url` for this process; nil when it is taken, or else the live holder.
  /// A lock that cannot be made at all (a folder that is not writable) is no one's: the work
  /// goes on and says what is wrong with the folder itself.
  func acquire(_ url: URL) -> Holder? {
    let this = Holder.this
    for _ in 0..<3 {
      let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if descriptor >= 0 {
        let text = Array(this.text.utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        // Removed with the temporaries when the run is interrupted.
        TemporaryFiles.register(url)
        hold(url.path, descriptor)
        return nil
      }
      guard errno == EEXIST else { return nil }
      // Someone's: theirs while they live.
      var status = stat()
      guard lstat(url.path, &status) == 0 else { continue }
      guard status.st_mode & S_IFMT == S_IFREG, status.st_size <= 4096,
        let bytes = try? readRegularFile(url.path, maximumBytes: 4096),
        let holder = Holder(text: String(decoding: bytes, as: UTF8.self))
      else {
        // Not a lock chart2midi made (or one being written this moment): expired by its age.
        if isExpired(status) { remove(url, ifStill: status) }
        return Holder(host: "", hostName: "an unknown holder", pid: 0)
      }
      let gone =
        holder.host == this.host
        ? holder.pid != this.pid && kill(holder.pid, 0) == -1 && errno == ESRCH
        : isExpired(status)
      guard gone else { return holder }
      remove(url, ifStill: status)
    }
    return nil
  }

  /// Whether a lock of `status` was last renewed longer than the lease ago.
  private func isExpired(_ status: stat) -> Bool {
    let renewed = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9
    return Date().timeIntervalSince1970 - renewed > lease
  }

  /// Removes a dead holder's lock, unless it was replaced since it was looked at.
  private func remove(_ url: URL, ifStill status: stat) {
    var now = stat()
    guard lstat(url.path, &now) == 0, now.st_ino == status.st_ino, now.st_dev == status.st_dev
    else { return }
    unlink(url.path)
  }

  /// Notes a lock as held, and starts the thread that renews them.
  private func hold(_ path: String, _ descriptor: Int32) {
    lock.lock()
    held[path] = descriptor
    let start = !renewing
    renewing = true
    lock.unlock()
    guard start else { return }
    let interval = lease / 10
    Thread.detachNewThread { [self] in
      while true {
        Thread.sleep(forTimeInterval: interval)
        lock.lock()
        for descriptor in held.values { futimens(descriptor, nil) }
        lock.unlock()
      }
    }
  }

  /// Gives up the lock at `url`, when this process holds it.
  func release(_ url: URL) {
    lock.lock()
    let descriptor = held.removeValue(forKey: url.path)
    lock.unlock()
    guard let descriptor else { return }
    unlink(url.path)
    TemporaryFiles.unregister(url)
    close(descriptor)
  }
}
