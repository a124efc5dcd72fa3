import Foundation

/// A file that a chart (or a file a chart came with, such as a narration script) names: it is
/// used only when it is a regular file inside the folders allowed, after every link and `..` is
/// resolved, so that a chart from anyone cannot read the machine's other files. Whatever the
/// reason a name is refused (no such file, a file elsewhere, a link out, a FIFO or a folder), the
/// caller says one sentence, so that nothing tells whether a path exists.
package enum ConfinedFile {
  /// The real path of the regular file `path` names inside one of `folders` (a relative path is
  /// tried against each folder in turn; an absolute one must lie inside one); nil when it names
  /// none.
  package static func resolve(_ path: String, in folders: [URL]) -> String? {
    guard !path.isEmpty, !path.contains("\0") else { return nil }
    let allowed = folders.compactMap { realPath($0.path) }
    let candidates =
      path.hasPrefix("/")
      ? [path] : folders.map { URL(fileURLWithPath: path, relativeTo: $0).path }
    for candidate in candidates {
      guard let resolved = realPath(candidate),
        allowed.contains(where: { resolved.hasPrefix($0 == "/" ? "/" : $0 + "/") })
      else { continue }
      var status = stat()
      guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      return resolved
    }
    return nil
  }

  /// A path with every link and `..` resolved, or nil for one that does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
