import Foundation

/// Writes files whole or not at all: each is written to a temporary file beside its destination and
/// renamed into place only when every file of the batch has been written.
struct AtomicFileBatch {
  private var pending: [(temporary: URL, destination: URL)] = []

  /// An empty batch.
  init() {}

  /// Writes `data` to a temporary file for `destination`.
  ///
  /// - Throws: `SynthError` naming the destination; any temporary files written so far are removed.
  mutating func stage(_ data: Data, at destination: URL) throws {
    try stage(at: destination) { output in try data.withUnsafeBytes(output) }
  }

  /// Writes a temporary file for `destination` from the pieces `body` hands to its output.
  ///
  /// - Throws: `SynthError` naming the destination; any temporary files written so far are removed.
  mutating func stage(
    at destination: URL, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
  ) throws {
    let folder = destination.deletingLastPathComponent()
    let temporary = TemporaryFiles.path(for: destination, tag: "\(pending.count)")
    TemporaryFiles.register(temporary)
    do {
      try TemporaryFiles.write(to: temporary, body)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      TemporaryFiles.unregister(temporary)
      discard()
      var isFolder: ObjCBool = false
      let reason =
        FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
        ? "it is not writable" : "the folder \(folder.path) does not exist"
      throw SynthError("cannot write \(destination.path): \(reason)", file: destination.path)
    }
    pending.append((temporary, destination))
  }

  /// Renames every staged file into place.
  ///
  /// - Throws: `SynthError` when a rename fails; files not yet renamed are removed.
  mutating func commit() throws {
    for (index, file) in pending.enumerated() {
      let renamed = rename(file.temporary.path, file.destination.path) == 0
      if renamed { TemporaryFiles.unregister(file.temporary) }
      if !renamed {
        let reason = String(cString: strerror(errno))
        pending.removeFirst(index)
        discard()
        throw SynthError(
          "cannot write \(file.destination.path): \(reason)", file: file.destination.path)
      }
    }
    pending = []
  }

  /// Removes every staged temporary file.
  mutating func discard() {
    for file in pending {
      try? FileManager.default.removeItem(at: file.temporary)
      TemporaryFiles.unregister(file.temporary)
    }
    pending = []
  }
}
