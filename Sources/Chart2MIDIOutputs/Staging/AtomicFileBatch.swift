import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation

/// Writes files whole or not at all: each is written to a new temporary file beside its
/// destination, and renamed into place only when every file of the batch has been written. A
/// folder of files (the stems) is written into a new temporary folder and replaces its
/// destination whole, so that it holds exactly this batch's files. A device or a pipe
/// (`/dev/null`, `/dev/stdout`) is written into at commit, before the renames, never replaced.
package struct AtomicFileBatch {
  /// A staged file or folder, and where it goes.
  private struct Staged {
    var temporary: URL
    var destination: URL
    /// The folder staged, for a folder.
    var folder: StagedFolder?
    /// What writes a device or a pipe at commit; nil for a file or folder renamed into place.
    var stream: Writer?
  }

  private var pending: [Staged] = []
  /// What takes the bytes of an output made in memory, a piece at a time.
  package typealias Sink = @Sendable (UnsafeRawBufferPointer) throws -> Void
  /// The outputs handed to a sink instead of a file, by their destination's path.
  private let sinks: [String: Sink]

  /// An empty batch, whose destinations at the paths of `sinks` go to them at commit.
  package init(sinks: [String: Sink] = [:]) { self.sinks = sinks }

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
  /// cores: a mix and its stems are written in about the time of the largest few. The files whose
  /// destination lies in `folder`, at any depth, go into a new temporary folder that replaces
  /// `folder` whole at commit (its missing parents are made now).
  ///
  /// - Throws: `ExportError` naming the first destination, in order, that could not be written; any
  ///   temporary files written so far are removed. `CancellationError` when the task it runs in
  ///   is cancelled.
  package mutating func stage(_ files: [(destination: URL, write: Writer)], folder: URL? = nil)
    throws
  {
    // A task cancelled meanwhile writes nothing more (its caller discards what it staged).
    try WorkControl.checkCancellation()
    var staging: StagedFolder?
    if let folder {
      do {
        staging = try StagedFolder(for: folder, tag: "stems")
      } catch {
        discard()
        throw ExportError(
          "cannot create the folder \(folder.relativePath)", file: folder.relativePath,
          code: .cannotWrite)
      }
      pending.append(Staged(temporary: staging!.url, destination: folder, folder: staging))
    }
    // A file inside `folder`, at any depth, goes to the same place inside the staging folder.
    let folderPath = folder.map { $0.standardizedFileURL.path + "/" }
    let inside = files.map { file -> String? in
      guard let folderPath else { return nil }
      let path = file.destination.standardizedFileURL.path
      return path.hasPrefix(folderPath) ? String(path.dropFirst(folderPath.count)) : nil
    }
    let inFolder = inside.map { $0 != nil }
    var staged: [URL] = []
    // The staging folder's sub-folders, open while their files are written.
    var opened: [FolderHandle] = []
    for index in files.indices {
      if let relative = inside[index], let staging {
        let parent = (relative as NSString).deletingLastPathComponent
        do {
          let inner = try staging.folder(parent)
          opened.append(inner)
          staged.append(
            URL(fileURLWithPath: inner.pinnedPath).appendingPathComponent(
              (relative as NSString).lastPathComponent))
        } catch {
          discard()
          throw Self.cannotWrite(files[index].destination, reason: error.reason)
        }
      } else {
        staged.append(
          TemporaryFiles.path(for: files[index].destination, tag: "\(pending.count + index)"))
      }
    }
    let temporaries = staged
    // Devices and pipes are written at commit.
    let streams = files.indices.map {
      !inFolder[$0]
        && (sinks[files[$0].destination.path] != nil || OutputCheck.isStream(files[$0].destination))
    }
    for index in files.indices where !inFolder[index] {
      if streams[index] {
        pending.append(
          Staged(
            temporary: files[index].destination, destination: files[index].destination,
            stream: files[index].write))
        continue
      }
      TemporaryFiles.register(temporaries[index])
      pending.append(Staged(temporary: temporaries[index], destination: files[index].destination))
    }
    let failures = Self.write(files.map(\.write), to: temporaries, skipping: streams)
    withExtendedLifetime(opened) {}
    guard let failed = failures.firstIndex(where: { $0 != nil }) else { return }
    discard()
    throw Self.cannotWrite(files[failed].destination, reason: failures[failed]!)
  }

  /// Writes each file to its temporary (all but those `skipping` says), as many at a time as
  /// there are cores: for each, nil when it was written, else why not.
  private static func write(_ writers: [Writer], to temporaries: [URL], skipping: [Bool])
    -> [String?]
  {
    // Each file writes only its own slot.
    var failures = [String?](repeating: nil, count: writers.count)
    failures.withUnsafeMutableBufferPointer { slots in
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: writers.count) { index in
        guard !skipping[index] else { return }
        do {
          try TemporaryFiles.write(to: temporaries[index], writers[index])
        } catch let failure as WriteFailure {
          slots[index] = failure.reason
        } catch {
          slots[index] = "\(error)"
        }
      }
    }
    return failures
  }

  /// The bytes staged so far: each temporary file, and every file in a staged folder (a device or
  /// a pipe, written at commit, is not counted).
  package var stagedBytes: Int {
    pending.reduce(0) { total, staged in
      guard staged.stream == nil else { return total }
      if let folder = staged.folder { return total + folder.bytes }
      var status = stat()
      guard lstat(staged.temporary.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        return total
      }
      return total + Int(status.st_size)
    }
  }

  /// Why `destination` could not be written: its folder is missing, or the system's reason ("no
  /// space left on device"), which for a folder it may not write in is "it is not writable".
  private static func cannotWrite(_ destination: URL, reason: String) -> ExportError {
    let folder = destination.deletingLastPathComponent()
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
    let refused = reason == "permission denied" || reason == "read-only file system"
    let said =
      !exists
      ? "the folder \(folder.relativePath) does not exist"
      : refused ? "it is not writable (\(reason))" : reason
    // A folder missing or refused: the output cannot be made there; else the writing failed.
    return ExportError(
      "cannot write \(destination.relativePath): \(said)", file: destination.relativePath,
      code: !exists || refused ? .cannotWrite : .writeFailed)
  }

  /// Puts every staged file and folder in place: a file by renaming it over its destination (a
  /// link there is replaced, never followed), a folder by moving the old one aside, renaming the
  /// new one into its place and removing the old one.
  ///
  /// - Throws: `ExportError` when a rename fails; what is not yet in place is removed.
  ///   `CancellationError` when the task it runs in is cancelled: nothing is put in place.
  package mutating func commit() throws {
    // Cancelled before the renames: nothing is put in place.
    if WorkControl.isCancelled {
      discard()
      throw CancellationError()
    }
    // First the devices and pipes: a failure there (a closed pipe) still leaves no file behind.
    for staged in pending {
      guard let stream = staged.stream else { continue }
      do {
        if let sink = sinks[staged.destination.path] {
          try stream { try sink($0) }
        } else {
          try Self.write(stream, into: staged.destination)
        }
      } catch let error as ExportError {
        discard()
        throw error
      } catch {
        let reason = (error as? WriteFailure)?.reason ?? "\(error)"
        discard()
        throw ExportError(
          "cannot write \(staged.destination.relativePath): \(reason)",
          file: staged.destination.relativePath, code: .writeFailed)
      }
    }
    pending.removeAll { $0.stream != nil }
    for (index, staged) in pending.enumerated() {
      let failure: String?
      if let folder = staged.folder {
        failure = folder.replace()
      } else {
        failure =
          rename(staged.temporary.path, staged.destination.path) == 0
          ? nil : String(cString: strerror(errno))
      }
      if let failure {
        pending.removeFirst(index)
        discard()
        throw ExportError(
          "cannot write \(staged.destination.relativePath): \(failure)",
          file: staged.destination.relativePath, code: .writeFailed)
      }
      TemporaryFiles.unregister(staged.temporary)
    }
    pending = []
  }

  /// Writes a device or a pipe, from the start of what it is handed.
  private static func write(_ writer: Writer, into destination: URL) throws {
    let descriptor = open(destination.path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw WriteFailure() }
    defer { close(descriptor) }
    try writer { piece in
      guard writeFully(descriptor, piece) else { throw WriteFailure() }
    }
  }

  /// Removes every staged temporary file and folder, and the folders made for them.
  package mutating func discard() {
    for staged in pending where staged.stream == nil {
      if let folder = staged.folder {
        folder.discard()
        continue
      }
      try? FileManager.default.removeItem(at: staged.temporary)
      TemporaryFiles.unregister(staged.temporary)
    }
    pending = []
  }
}
