import Foundation

/// Writes files whole or not at all: each is written to a temporary file beside its destination and
/// renamed into place only when every file of the batch has been written.
package struct AtomicFileBatch {
  private var pending: [(temporary: URL, destination: URL)] = []

  /// An empty batch.
  package init() {}

  /// Writes `data` to a temporary file for `destination`.
  ///
  /// - Throws: `ExportError` naming the destination; any temporary files written so far are removed.
  package mutating func stage(_ data: Data, at destination: URL) throws {
    let write: Writer = { output in try data.withUnsafeBytes(output) }
    try stage([(destination, write)])
  }

  /// What writes one file: the pieces it hands to its output, from any thread.
  package typealias Writer = @Sendable ((UnsafeRawBufferPointer) throws -> Void) throws -> Void

  /// Writes temporary files for several destinations side by side, as many at a time as there are
  /// cores: a mix and its stems are written in about the time of the largest few.
  ///
  /// - Throws: `ExportError` naming the first destination, in order, that could not be written; any
  ///   temporary files written so far are removed.
  package mutating func stage(_ files: [(destination: URL, write: Writer)]) throws {
    let temporaries = files.indices.map {
      TemporaryFiles.path(for: files[$0].destination, tag: "\(pending.count + $0)")
    }
    for temporary in temporaries { TemporaryFiles.register(temporary) }
    // Each file writes only its own slot: whether it was written.
    var written = [Bool](repeating: false, count: files.count)
    written.withUnsafeMutableBufferPointer { slots in
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: files.count) { index in
        slots[index] =
          (try? TemporaryFiles.write(to: temporaries[index], files[index].write)) != nil
      }
    }
    pending += zip(temporaries, files).map { ($0, $1.destination) }
    guard let failed = written.firstIndex(of: false) else { return }
    discard()
    throw Self.cannotWrite(files[failed].destination)
  }

  /// Why `destination` could not be written: its folder is missing, or not writable.
  private static func cannotWrite(_ destination: URL) -> ExportError {
    let folder = destination.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    let reason =
      FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
      ? "it is not writable" : "the folder \(folder.path) does not exist"
    return ExportError("cannot write \(destination.path): \(reason)", file: destination.path)
  }

  /// Renames every staged file into place.
  ///
  /// - Throws: `ExportError` when a rename fails; files not yet renamed are removed.
  package mutating func commit() throws {
    for (index, file) in pending.enumerated() {
      let renamed = rename(file.temporary.path, file.destination.path) == 0
      if renamed { TemporaryFiles.unregister(file.temporary) }
      if !renamed {
        let reason = String(cString: strerror(errno))
        pending.removeFirst(index)
        discard()
        throw ExportError(
          "cannot write \(file.destination.path): \(reason)", file: file.destination.path)
      }
    }
    pending = []
  }

  /// Removes every staged temporary file.
  package mutating func discard() {
    for file in pending {
      try? FileManager.default.removeItem(at: file.temporary)
      TemporaryFiles.unregister(file.temporary)
    }
    pending = []
  }
}
