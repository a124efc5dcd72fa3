import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation

/// The outputs an export names, checked before any work is done: a folder where a file goes (or a
/// file where the stems folder goes), an output that is one of the inputs or another output, a
/// folder that does not exist or cannot be written. Each gets one sentence, and nothing is written.
package enum OutputCheck {
  /// What stands in the way of replacing a folder whole.
  package enum Replacement: Equatable {
    /// Nothing: it does not exist, is empty, or holds only what chart2midi wrote there.
    case free
    /// It is a file.
    case isFile
    /// It holds files chart2midi did not write: the first few, by their paths inside it.
    case holdsOthers([String])
  }

  /// Whether `folder` may be replaced whole: missing, empty, or holding only the files chart2midi
  /// wrote there (see `OwnedFolder`), at any depth.
  package static func replacement(of folder: URL) -> Replacement {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
      return .free
    }
    guard isFolder.boolValue else { return .isFile }
    let foreign = OwnedFolder.foreignFiles(in: folder, limit: 4)
    return foreign.isEmpty ? .free : .holdsOthers(foreign)
  }

  /// Paths for a message: the first three, and "…" for more.
  package static func listed(_ paths: [String]) -> String {
    paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
  }

  /// The first of `inputs` that lies in `folder`, at any depth (links resolved): replacing the
  /// folder would lose it.
  package static func input(in folder: URL, among inputs: [URL]) -> URL? {
    let folderPath = folder.resolvingSymlinksInPath().standardizedFileURL.path + "/"
    return inputs.first {
      $0.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(folderPath)
    }
  }

  /// Refuses an output folder that an input lies in, at any depth.
  ///
  /// - Throws: `ExportError` naming the input and the folder.
  package static func checkHoldsNoInput(_ folder: URL, inputs: [URL], what: String) throws {
    if let input = input(in: folder, among: inputs) {
      throw ExportError(
        "cannot write \(what) into \(folder.relativePath): the input \(input.relativePath) lies inside it; name another folder",
        file: folder.relativePath, code: .outputConflict)
    }
  }

  /// What an output is: a file, the stems folder, or a folder whose content is checked by what
  /// writes it (a page's).
  enum Kind { case file, folder, otherFolder }

  /// Checks `outputs` (each with what it is) against each other and against `inputs`.
  ///
  /// - Throws: `ExportError` naming the first output that cannot be written as asked.
  static func check(_ outputs: [(url: URL, kind: Kind)], inputs: [URL]) throws {
    var seen: [(url: URL, identity: Identity)] = []
    for input in inputs { seen.append((input, Identity(input))) }
    for (url, kind) in outputs {
      let shown = url.relativePath
      if kind != .file {
        try checkHoldsNoInput(url, inputs: inputs, what: kind == .folder ? "the stems" : "the page")
      }
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      switch kind {
      case .file where exists && isFolder.boolValue:
        throw ExportError(
          "cannot write \(shown): it is a folder; name a file", file: shown, code: .outputConflict)
      case .folder where exists && !isFolder.boolValue:
        throw ExportError(
          "cannot write the stems into \(shown): it is a file; name a folder", file: shown,
          code: .outputConflict)
      case .folder where exists:
        // The stems replace the folder whole: it may hold only what chart2midi wrote there.
        if case .holdsOthers(let others) = replacement(of: url) {
          throw ExportError(
            "cannot write the stems into \(shown): it holds files chart2midi did not write (\(listed(others))); empty it or name a new folder",
            file: shown, code: .outputConflict)
        }
      default: break
      }
      // A device or a pipe (`/dev/null`, `/dev/stdout`) is written into, not replaced: it is no
      // file to lose, and the folder it lies in need not take new files.
      if kind == .file, let type = streamType(url) {
        if type == S_IFCHR { continue }
        let identity = Identity(url)
        if let earlier = seen.first(where: { $0.identity == identity }) {
          throw ExportError(
            "cannot write \(shown): it is also \(earlier.url.relativePath); name another file",
            file: shown, code: .outputConflict)
        }
        seen.append((url, identity))
        continue
      }
      let identity = Identity(url)
      if let earlier = seen.first(where: { $0.identity == identity }) {
        let what = inputs.contains(earlier.url) ? "the input" : "another output"
        throw ExportError(
          "cannot write \(shown): it is \(what) (\(earlier.url.relativePath)); name another file",
          file: shown, code: .outputConflict)
      }
      seen.append((url, identity))
      // The nearest folder that exists must take new files (the stems folder and its parents are
      // made when missing).
      let parent = url.deletingLastPathComponent()
      let (missing, folder) = missingFolders(at: parent)
      if kind == .file, !missing.isEmpty {
        throw ExportError(
          "cannot write \(shown): the folder \(parent.relativePath) does not exist", file: shown,
          code: .cannotWrite)
      }
      guard access(folder.path, W_OK | X_OK) == 0 else {
        throw ExportError(
          "cannot write \(shown): the folder \(folder.relativePath) is not writable", file: shown,
          code: .cannotWrite)
      }
    }
  }

  /// Whether `url` is a device or a pipe (following links: `/dev/stdout`), which an output is
  /// written into, rather than replaced by a new file.
  static func isStream(_ url: URL) -> Bool { streamType(url) != nil }

  /// The type of a device (`S_IFCHR`: `/dev/null`, a terminal) or a pipe (`S_IFIFO`) at `url`;
  /// nil for anything else.
  static func streamType(_ url: URL) -> mode_t? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    let type = status.st_mode & S_IFMT
    return [S_IFCHR, S_IFIFO].contains(type) ? type : nil
  }

  /// The folders from `folder` up that do not exist yet, nearest first, and the nearest that does.
  static func missingFolders(at folder: URL) -> (missing: [URL], existing: URL) {
    var missing: [URL] = []
    var ancestor = folder
    while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" {
      missing.append(ancestor)
      ancestor = ancestor.deletingLastPathComponent()
    }
    return (missing, ancestor)
  }

  /// What makes two paths one file: the device and inode of a file that exists (so that a link or
  /// another spelling of the same file is caught), else the path with links in its folders
  /// resolved.
  struct Identity: Equatable {
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var path = ""

    init(_ url: URL) {
      var status = stat()
      if stat(url.path, &status) == 0 {
        (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
      } else {
        path =
          url.deletingLastPathComponent().resolvingSymlinksInPath()
          .appendingPathComponent(url.lastPathComponent).standardizedFileURL.path
      }
    }
  }
}
