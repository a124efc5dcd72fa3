import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation
import Hashing

extension BatchManifest {
  /// Appends records to a manifest, each a whole line synced to disk, holding the file's lock.
  final class Writer {
    private let url: URL
    private var descriptor: Int32

    /// Opens `url` to append to, creating it.
    init(url: URL) throws {
      self.url = url
      descriptor = try Self.open(url)
    }

    /// `url` opened to append to, created when missing: never through a link, never into a FIFO
    /// or a device planted in its place.
    private static func open(_ url: URL) throws -> Int32 {
      let descriptor = Glibc.open(
        url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
      var status = stat()
      guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG
      else {
        let reason =
          errno == ELOOP || descriptor >= 0
          ? "it is not a regular file" : String(cString: strerror(errno))
        if descriptor >= 0 { close(descriptor) }
        throw CommandFailure(
          "cannot write the manifest \(url.relativePath): \(reason)", status: .cannotCreate)
      }
      return descriptor
    }

    deinit { close(descriptor) }

    /// Writes `record` as one line, after the file's last whole line (a line cut short by a kill
    /// is ended first).
    func append(_ record: BatchRecord) throws { try append([record]) }

    /// Writes `records`, a line each, in one write and one sync.
    func append(_ records: [BatchRecord]) throws {
      guard !records.isEmpty else { return }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      var line = Data()
      for record in records { line += try encoder.encode(record) + Data("\n".utf8) }
      while true {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        // A compaction renamed a new file into place: append to that one.
        var held = stat()
        var named = stat()
        if fstat(descriptor, &held) == 0, lstat(url.path, &named) == 0,
          held.st_ino != named.st_ino || held.st_dev != named.st_dev
        {
          close(descriptor)
          descriptor = try Self.open(url)
          continue
        }
        defer { flock(descriptor, LOCK_UN) }
        if held.st_size > 0 {
          var last: UInt8 = 0
          let reader = Glibc.open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
          if reader >= 0 {
            _ = pread(reader, &last, 1, off_t(held.st_size - 1))
            close(reader)
          }
          if last != UInt8(ascii: "\n") { line.insert(UInt8(ascii: "\n"), at: 0) }
        }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else {
          throw CommandFailure(
            "cannot write the manifest: \(String(cString: strerror(errno)))", status: .ioError)
        }
        return
      }
    }
  }
}
