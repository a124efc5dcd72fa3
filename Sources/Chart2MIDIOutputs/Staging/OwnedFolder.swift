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
    let files = entries(in: staging).filter { !$0.isFolder }.map(\.path).sorted()
    let text = files.map { $0 + "\n" }.joined()
    try Data(text.utf8).write(to: staging.appendingPathComponent(listName))
  }

  /// The files in `folder`, at any depth, that chart2midi did not write there, in order (at most
  /// `limit`): empty when the folder is missing, empty, or holds only what its list names.
  package static func foreignFiles(in folder: URL, limit: Int = 3) -> [String] {
    let found = entries(in: folder).filter { !$0.isFolder && $0.path != listName }
    guard !found.isEmpty else { return [] }
    let listed = Set(list(in: folder))
    return Array(
      found.map(\.path).filter { !listed.contains($0) && !isCache($0, of: listed) }.sorted()
        .prefix(limit))
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
    let path = folder.appendingPathComponent(listName).path
    guard let bytes = try? readRegularFile(path, maximumBytes: listLimit) else { return [] }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Every entry under `folder` by its path relative to it; links are entries, never followed.
  static func entries(in folder: URL) -> [(path: String, isFolder: Bool)] {
    var found: [(path: String, isFolder: Bool)] = []
    func walk(_ relative: String) {
      let absolute = relative.isEmpty ? folder.path : folder.path + "/" + relative
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else {
        return
      }
      for name in names {
        let path = relative.isEmpty ? name : relative + "/" + name
        var status = stat()
        guard lstat(folder.path + "/" + path, &status) == 0 else { continue }
        let isFolder = status.st_mode & S_IFMT == S_IFDIR
        found.append((path, isFolder))
        if isFolder { walk(path) }
      }
    }
    var status = stat()
    guard lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [] }
    walk("")
    return found
  }
}
