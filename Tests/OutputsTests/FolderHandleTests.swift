import Chart2MIDIBase
import Foundation
import TestSupport
import Testing

/// Paths under an output folder reached through open folders: a folder swapped for a link
/// between a check and a use (the race a co-tenant wins against checks made by path) takes
/// nothing outside, made certain by swapping it at the very step the check runs.
@Suite("Open folders")
struct FolderHandleTests {
  /// `out/2024/fig1.mid` and a victim's `victim/fig1.mid`, with the same bytes.
  static func setUp(_ folder: URL) throws -> (out: URL, victim: URL) {
    let out = folder.appendingPathComponent("out")
    let victim = folder.appendingPathComponent("victim")
    for made in [out.appendingPathComponent("2024"), victim] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    for file in [
      out.appendingPathComponent("2024/fig1.mid"), victim.appendingPathComponent("fig1.mid"),
    ] {
      try Data("the same bytes".utf8).write(to: file)
    }
    return (out, victim)
  }

  @Test func aFolderSwappedForALinkWhileTheFileIsCheckedTakesNothingOutside() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (out, victim) = try Self.setUp(folder)
    let root = try FolderHandle(opening: out.path)
    var checked = false
    let removed = root.removeFile(at: "2024/fig1.mid") { descriptor, status in
      // The co-tenant's move, at the hashing step: the folder goes, a link to the victim's
      // takes its name.
      try? FileManager.default.moveItem(
        at: out.appendingPathComponent("2024"), to: folder.appendingPathComponent("moved"))
      try? FileManager.default.createSymbolicLink(
        atPath: out.appendingPathComponent("2024").path, withDestinationPath: victim.path)
      var bytes = [UInt8](repeating: 0, count: 64)
      let got = read(descriptor, &bytes, bytes.count)
      checked = got == 14 && status.st_size == 14
      return checked
    }
    #expect(checked)
    #expect(removed)
    // The victim's file stays; the file that was checked, in the folder it was found in, went.
    #expect(FileManager.default.fileExists(atPath: victim.appendingPathComponent("fig1.mid").path))
    #expect(files(in: folder.appendingPathComponent("moved")) == [])
  }

  @Test func aFileReplacedWhileItIsCheckedIsKept() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (out, _) = try Self.setUp(folder)
    let root = try FolderHandle(opening: out.path)
    let file = out.appendingPathComponent("2024/fig1.mid")
    let removed = root.removeFile(at: "2024/fig1.mid") { _, _ in
      try? FileManager.default.removeItem(at: file)
      try? Data("someone else's".utf8).write(to: file)
      return true
    }
    #expect(!removed)
    #expect(try Data(contentsOf: file) == Data("someone else's".utf8))
  }

  @Test(arguments: ["../victim/fig1.mid", "/etc/passwd", "2024/../../victim/fig1.mid"])
  func aPathLeadingOutIsNeverFollowed(_ path: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (out, victim) = try Self.setUp(folder)
    let root = try FolderHandle(opening: out.path)
    #expect(!root.removeFile(at: path) { _, _ in true })
    #expect(FileManager.default.fileExists(atPath: victim.appendingPathComponent("fig1.mid").path))
  }

  @Test func aLinkOnTheWayIsRefusedWithASentence() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (out, victim) = try Self.setUp(folder)
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent("2025").path, withDestinationPath: victim.path)
    let root = try FolderHandle(opening: out.path)
    #expect {
      _ = try root.folder("2025/q1", creating: true)
    } throws: { error in
      "\(error)"
        == "cannot write into \(out.path)/2025: it is a link, and chart2midi never follows a link inside an output folder; remove it or write elsewhere"
    }
    #expect(files(in: victim) == ["fig1.mid"])
    // A folder made on the way is a folder, opened from its parent.
    let made = try root.folder("2026/q1", creating: true)
    #expect(made.shown == out.path + "/2026/q1")
    let file = made.open("x", O_WRONLY | O_CREAT | O_EXCL)
    #expect(file >= 0)
    close(file)
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("2026/q1/x").path))
  }
}
