import Foundation

/// Why a folder under an output folder cannot be used: "it is a link", "it is a file", or the
/// system's reason; `shown` is its path as the user named it.
package struct FolderFailure: Error, CustomStringConvertible {
  /// The folder, as the user would name it (`out/2024`).
  package var shown: String
  /// Why, in lower case.
  package var reason: String

  package init(shown: String, reason: String) {
    (self.shown, self.reason) = (shown, reason)
  }

  package var description: String {
    "cannot write into \(shown): \(reason)"
  }
}

/// An open folder: everything under it is reached from this descriptor, one name at a time, so
/// that no swap of a folder on the way for a link (between a check and a use, or planted before)
/// can take a read, a write or a removal anywhere else. A sub-folder is created and opened
/// relative to its parent (`mkdirat`, `openat` with `O_NOFOLLOW | O_DIRECTORY`); a file is
/// opened, checked (`fstatat`) and removed (`unlinkat`) by its name in its folder.
///
/// The descriptor is the handle's; it is closed when the handle goes.
package final class FolderHandle: @unchecked Sendable {
  /// The open folder.
  package let descriptor: Int32
  /// Its path as the user would name it, for messages.
  package let shown: String

  private init(descriptor: Int32, shown: String) {
    (self.descriptor, self.shown) = (descriptor, shown)
  }

  deinit { close(descriptor) }

  /// Opens the folder the user named (`--out`): a link the user gave for it is theirs to give,
  /// and is followed; it is made, with its missing parents, when `creating`.
  ///
  /// - Throws: `FolderFailure` saying why it cannot be opened.
  package convenience init(opening path: String, creating: Bool = false) throws(FolderFailure) {
    if creating {
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw FolderFailure(shown: path, reason: "it cannot be created")
      }
    }
    let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw FolderFailure(shown: path, reason: String(cString: strerror(errno)).lowercased())
    }
    self.init(descriptor: descriptor, shown: path)
  }

  /// The folder at `relative` under this one (names joined by `/`), each folder on the way
  /// opened from its parent without following a link, and made when missing if `creating`.
  ///
  /// - Throws: `FolderFailure` naming the first folder on the way that is a link, a file, or
  ///   cannot be made or opened.
  package func folder(_ relative: String, creating: Bool = false) throws(FolderFailure)
    -> FolderHandle
  {
    var current = self
    for name in relative.split(separator: "/").map(String.init) where name != "." {
      current = try current.child(name, creating: creating)
    }
    return current
  }

  /// The sub-folder `name`.
  private func child(_ name: String, creating: Bool) throws(FolderFailure) -> FolderHandle {
    let shownChild = shown.hasSuffix("/") ? shown + name : shown + "/" + name
    guard name != "..", !name.isEmpty else {
      throw FolderFailure(shown: shownChild, reason: "it leads out of the folder")
    }
    if creating, mkdirat(descriptor, name, 0o777) != 0, errno != EEXIST {
      throw FolderFailure(
        shown: shownChild, reason: String(cString: strerror(errno)).lowercased())
    }
    let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard opened >= 0 else {
      let number = errno
      let reason: String
      switch status(of: name).map({ $0.st_mode & S_IFMT }) {
      case S_IFLNK?:
        reason =
          "it is a link, and chart2midi never follows a link inside an output folder; remove it or write elsewhere"
      case .some(let type) where type != S_IFDIR:
        reason = "it is not a folder"
      default:
        reason = String(cString: strerror(number)).lowercased()
      }
      throw FolderFailure(shown: shownChild, reason: reason)
    }
    return FolderHandle(descriptor: opened, shown: shownChild)
  }

  /// The status of the entry `name` in this folder, a link's own (never its target's); nil when
  /// there is none.
  package func status(of name: String) -> stat? {
    var status = stat()
    return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
  }

  /// Opens the entry `name` in this folder with `flags` (`O_NOFOLLOW` and `O_CLOEXEC` added):
  /// the descriptor, or -1 with `errno` set.
  package func open(_ name: String, _ flags: Int32, mode: mode_t = 0o644) -> Int32 {
    openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
  }

  /// Removes the file (or, with `isFolder`, the empty folder) `name` in this folder; whether it
  /// went.
  @discardableResult
  package func remove(_ name: String, isFolder: Bool = false) -> Bool {
    unlinkat(descriptor, name, isFolder ? AT_REMOVEDIR : 0) == 0
  }

  /// The names in this folder, in no order (`.` and `..` left out); empty when it cannot be read.
  package func names() -> [String] {
    let copy = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard copy >= 0, let stream = fdopendir(copy) else { return [] }
    defer { closedir(stream) }
    var found: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { found.append(name) }
    }
    return found
  }

  /// Renames the entry `name` in this folder to `newName` in this folder; whether it was.
  package func rename(_ name: String, to newName: String) -> Bool {
    renameat(descriptor, name, descriptor, newName) == 0
  }

  /// Whether the entry `name` in this folder is the folder `other` is open on.
  package func holds(_ other: FolderHandle, as name: String) -> Bool {
    var opened = stat()
    guard fstat(other.descriptor, &opened) == 0, let now = status(of: name) else { return false }
    return now.st_dev == opened.st_dev && now.st_ino == opened.st_ino
  }

  /// Removes what lies in this folder, at any depth, that `isRemoved` names (by its path under
  /// this folder, a folder's with a `/` at its end): each folder on the way is opened from its
  /// parent without following a link, a link is removed as a link, and a folder goes once it is
  /// empty. Whether nothing is left.
  @discardableResult
  package func removeContents(where isRemoved: (String) -> Bool, under prefix: String = "")
    -> Bool
  {
    for name in names() {
      let path = prefix + name
      if let inner = try? folder(name) {
        guard isRemoved(path + "/") else { continue }
        if inner.removeContents(where: isRemoved, under: path + "/") {
          remove(name, isFolder: true)
        }
      } else if isRemoved(path) {
        remove(name)
      }
    }
    return names().isEmpty
  }

  /// A path to this very folder that stays this folder whatever is renamed or swapped for a
  /// link on the way to it while the handle is open (Linux's `/proc/self/fd`): what a writer
  /// that takes paths is given, so that it creates its files here and nowhere else.
  package var pinnedPath: String { "/proc/self/fd/\(descriptor)" }

  /// Opens the entry at `relative` (names joined by `/`, reached one folder at a time, never
  /// through a link, never out of this folder) with `flags`: the folder it lies in, its name
  /// there, and the open descriptor, which the caller closes; nil when it cannot be reached.
  package func open(at relative: String, _ flags: Int32) -> (
    folder: FolderHandle, name: String, descriptor: Int32
  )? {
    var parts = relative.split(separator: "/").map(String.init)
    guard let name = parts.popLast(), !name.isEmpty, name != "..", name != ".",
      !relative.hasPrefix("/"), !parts.contains("..")
    else { return nil }
    guard let parent = try? folder(parts.joined(separator: "/")) else { return nil }
    let descriptor = parent.open(name, flags)
    return descriptor >= 0 ? (parent, name, descriptor) : nil
  }

  /// Removes the regular file at `relative` (reached as `open(at:_:)` reaches it) when
  /// `isWanted` says so of it, as opened: it is given the open file and its status, and reads it
  /// there (a digest, a size). The name is removed only while it is still that file, in the
  /// folder opened on the way, wherever that folder has been moved since.
  ///
  /// - Returns: whether it was removed; false when it is missing, not a regular file, reached
  ///   through a link, not wanted, or was replaced meanwhile.
  package func removeFile(
    at relative: String, if isWanted: (_ descriptor: Int32, _ status: stat) -> Bool
  ) -> Bool {
    guard let (parent, name, file) = open(at: relative, O_RDONLY | O_NONBLOCK) else {
      return false
    }
    defer { close(file) }
    var opened = stat()
    guard fstat(file, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG,
      isWanted(file, opened),
      let now = parent.status(of: name), now.st_dev == opened.st_dev, now.st_ino == opened.st_ino
    else { return false }
    return parent.remove(name)
  }
}
