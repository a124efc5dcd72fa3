import Chart2MIDIBase
import Foundation

/// A folder written whole (a page, an exercise, a stems folder) in a new temporary folder beside
/// its destination, which then takes the destination's place. The destination's folder is opened
/// once; the temporary folder is made and opened from it, and every rename and removal after is
/// done from those descriptors: a folder on the way swapped for a link, before or during the
/// work, can take no file and no removal anywhere else.
package final class StagedFolder: @unchecked Sendable {
  /// Where the folder goes, as the user named it.
  package let destination: URL
  /// The folder the destination lies in, opened once.
  private let parent: FolderHandle
  /// The temporary folder, in `parent`.
  private let staging: FolderHandle
  private let stagingName: String
  /// The temporary folder by the path it was registered by, for an interruption to remove.
  private let registered: URL
  /// Folders made for the destination's parent, to remove again when the work is discarded.
  private let madeFolders: [URL]

  /// Makes the destination's missing parents, then a new temporary folder beside it.
  ///
  /// - Throws: `FolderFailure` naming the folder that cannot be made or opened.
  package init(for destination: URL, tag: String) throws(FolderFailure) {
    self.destination = destination
    let parentURL = destination.deletingLastPathComponent()
    var made: [URL] = []
    for missing in OutputCheck.missingFolders(at: parentURL).missing.reversed() {
      guard mkdir(missing.path, 0o777) == 0 || errno == EEXIST else {
        for folder in made.reversed() { rmdir(folder.path) }
        throw FolderFailure(shown: missing.relativePath, reason: "it cannot be created")
      }
      made.append(missing)
    }
    do {
      // The folder the user named the destination in is theirs: a link there is followed, once.
      parent = try FolderHandle(opening: parentURL.path)
      registered = TemporaryFiles.path(for: destination, tag: tag)
      stagingName = registered.lastPathComponent
      TemporaryFiles.register(registered)
      staging = try TemporaryFiles.createFolder(stagingName, in: parent)
    } catch {
      TemporaryFiles.unregister(TemporaryFiles.path(for: destination, tag: tag))
      for folder in made.reversed() { rmdir(folder.path) }
      throw error
    }
    madeFolders = made
  }

  /// A path to the temporary folder that stays it whatever is renamed on the way: where its
  /// files are written.
  package var url: URL { URL(fileURLWithPath: staging.pinnedPath, isDirectory: true) }

  /// The folder at `relative` in the temporary folder, made from its parent when missing.
  ///
  /// - Throws: `FolderFailure` when it cannot be made.
  package func folder(_ relative: String) throws(FolderFailure) -> FolderHandle {
    try staging.folder(relative, creating: true)
  }

  /// Puts the temporary folder in the destination's place, with the list of the files it holds
  /// (see `OwnedFolder`), and removes what was there: the files chart2midi wrote, through the
  /// folder as it was checked, never through a link. A folder that holds files chart2midi did not
  /// write is never replaced; one put there after the check stays, beside the new folder.
  ///
  /// - Returns: why it could not, or nil.
  package func replace() -> String? {
    let name = destination.lastPathComponent
    var old: FolderHandle?
    let existing = parent.status(of: name)
    if let existing, existing.st_mode & S_IFMT != S_IFLNK {
      do {
        old = try parent.folder(name)
      } catch {
        return error.reason
      }
      let foreign = OwnedFolder.foreignFiles(in: old!, limit: 4)
      if !foreign.isEmpty {
        return "it now holds files chart2midi did not write (\(OutputCheck.listed(foreign)))"
      }
    }
    do {
      try OwnedFolder.sign(staging)
    } catch {
      return "cannot list what it holds"
    }
    let aside = TemporaryFiles.path(for: destination, tag: "replaced").lastPathComponent
    let hadOne = existing != nil
    if hadOne, !parent.rename(name, to: aside) { return String(cString: strerror(errno)) }
    guard parent.rename(stagingName, to: name) else {
      let reason = String(cString: strerror(errno))
      if hadOne { _ = parent.rename(aside, to: name) }
      return reason
    }
    TemporaryFiles.unregister(registered)
    guard hadOne else { return nil }
    if let old {
      // The old folder's own files go, through it as opened; the folder too once empty, and only
      // while the name aside is still it.
      let listed = Set(OwnedFolder.list(in: old))
      let emptied = old.removeContents { path in
        path.hasSuffix("/") || path == OwnedFolder.listName || listed.contains(path)
          || OwnedFolder.isCache(path, of: listed)
      }
      if emptied, parent.holds(old, as: aside) { parent.remove(aside, isFolder: true) }
    } else if let status = parent.status(of: aside), status.st_mode & S_IFMT == S_IFLNK {
      // A link in the destination's place goes as a link; what it leads to is never touched.
      parent.remove(aside)
    }
    return nil
  }

  /// The bytes of the files in the temporary folder, at any depth.
  package var bytes: Int { Self.bytes(in: staging) }

  private static func bytes(in folder: FolderHandle) -> Int {
    folder.names().reduce(0) { total, name in
      if let inner = try? folder.folder(name) { return total + bytes(in: inner) }
      guard let status = folder.status(of: name), status.st_mode & S_IFMT == S_IFREG else {
        return total
      }
      return total + Int(status.st_size)
    }
  }

  /// Removes the temporary folder and what it holds, and the folders made for it.
  package func discard() {
    if parent.holds(staging, as: stagingName) {
      staging.removeContents { _ in true }
      parent.remove(stagingName, isFolder: true)
    }
    TemporaryFiles.unregister(registered)
    for folder in madeFolders.reversed() { rmdir(folder.path) }
  }
}
