import Chart2MIDIAudio
import Chart2MIDIBase
import Foundation

/// A folder chart2midi writes whole (a page, an exercise, a stems folder) and so may replace: it
/// carries a list of every file it wrote there, at any depth, and is replaced only while it holds
/// nothing else. A folder without the list, or with a file the list does not name, is someone
/// else's: replacing it would lose their files.
package enum OwnedFolder {
  /// The list's name, in the folder: one relative path a line, in order.
  package static let listName = ".chart2midi-files"

  /// The most a list may hold, in bytes: a longer one is not chart2midi's.
  static let listLimit = 16 << 20

  /// Writes the list into a folder about to take a folder's place: every file in it, at any depth.
  ///
  /// - Throws: what writing the list throws.
  package static func sign(_ staging: URL) throws {
    guard let handle = opened(staging) else { throw CocoaError(.fileNoSuchFile) }
    try sign(handle)
  }

  /// Writes the list into the open folder `folder`.
  ///
  /// - Throws: `WriteFailure` when it cannot be written.
  static func sign(_ folder: FolderHandle) throws {
    let files = entries(in: folder).filter { !$0.isFolder }.map(\.path).sorted()
    let text = Array(files.map { $0 + "\n" }.joined().utf8)
    let descriptor = folder.open(listName, O_WRONLY | O_CREAT | O_TRUNC)
    guard descriptor >= 0 else { throw WriteFailure() }
    defer { close(descriptor) }
    guard text.withUnsafeBytes({ writeFully(descriptor, $0) }) else { throw WriteFailure() }
  }

  /// The files in `folder`, at any depth, that chart2midi did not write there, in order (at most
  /// `limit`): empty when the folder is missing, empty, or holds only what its list names.
  package static func foreignFiles(in folder: URL, limit: Int = 3) -> [String] {
    opened(folder).map { foreignFiles(in: $0, limit: limit) } ?? []
  }

  /// The files in the open folder `folder` that chart2midi did not write there.
  static func foreignFiles(in folder: FolderHandle, limit: Int = 3) -> [String] {
    let found = entries(in: folder).filter { !$0.isFolder && $0.path != listName }
    guard !found.isEmpty else { return [] }
    let listed = Set(list(in: folder))
    return Array(
      found.map(\.path).filter { !listed.contains($0) && !isCache($0, of: listed) }.sorted()
        .prefix(limit))
  }

  /// The folder at `url` opened, when it is a folder and not a link.
  private static func opened(_ url: URL) -> FolderHandle? {
    var status = stat()
    guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
    return try? FolderHandle(opening: url.path)
  }

  /// The suffixes of the files a DAW or an editor leaves beside audio it has opened: its peaks or
  /// analysis, made from that file (REAPER's `.reapeaks`, Audition's `.pkf`, Ableton Live's
  /// `.asd`, the `.peak` files of others).
  static let cacheSuffixes = [".reapeaks", ".pkf", ".asd", ".peak"]

  /// Whether `path` is what a program leaves beside a file chart2midi wrote (`listed`): a DAW's
  /// peaks of it, or a file manager's `.DS_Store`. It is made from that file, so it goes with it.
  static func isCache(_ path: String, of listed: Set<String>) -> Bool {
    if path == ".DS_Store" || path.hasSuffix("/.DS_Store") { return true }
    return cacheSuffixes.contains { suffix in
      path.hasSuffix(suffix) && listed.contains(String(path.dropLast(suffix.count)))
    }
  }

  /// The paths the folder's list names; none when it has no list (or one that is not a regular
  /// file, or too large to be chart2midi's).
  static func list(in folder: URL) -> [String] {
    opened(folder).map { list(in: $0) } ?? []
  }

  /// The paths the open folder's list names.
  static func list(in folder: FolderHandle) -> [String] {
    let descriptor = folder.open(listName, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_size <= listLimit
    else { return [] }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress! + count, $0.count - count)
      }
      guard got > 0 else { break }
      count += got
    }
    return String(decoding: bytes.prefix(count), as: UTF8.self).split(separator: "\n").map(
      String.init)
  }

  /// Every entry under the open folder by its path relative to it; each folder is opened from
  /// its parent, and a link is an entry, never followed.
  static func entries(in folder: FolderHandle) -> [(path: String, isFolder: Bool)] {
    var found: [(path: String, isFolder: Bool)] = []
    func walk(_ folder: FolderHandle, _ prefix: String) {
      for name in folder.names() {
        if let inner = try? folder.folder(name) {
          found.append((prefix + name, true))
          walk(inner, prefix + name + "/")
        } else {
          found.append((prefix + name, false))
        }
      }
    }
    walk(folder, "")
    return found
  }
}
