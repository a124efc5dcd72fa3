import Chart2MIDIBase
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIOutputs

/// The list an owned folder carries, and the replacement that checks it again at the last moment.
@Suite("An owned folder's list")
struct OwnedFolderUnitTests {
  func folder(_ files: [String: String], in parent: URL, named name: String) throws -> URL {
    let folder = parent.appendingPathComponent(name)
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return folder
  }

  @Test func theListNamesEveryFileAtAnyDepthAndNothingElse() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let owned = try folder(
      ["index.html": "a", "audio/mix.mp3": "b", "audio/stems/Cars.mp3": "c"], in: parent,
      named: "page")
    // Unlisted, every file is someone else's.
    #expect(
      OwnedFolder.foreignFiles(in: owned, limit: 10) == [
        "audio/mix.mp3", "audio/stems/Cars.mp3", "index.html",
      ])
    try OwnedFolder.sign(owned)
    #expect(OwnedFolder.foreignFiles(in: owned).isEmpty)
    #expect(
      try String(contentsOf: owned.appendingPathComponent(".chart2midi-files"), encoding: .utf8)
        == "audio/mix.mp3\naudio/stems/Cars.mp3\nindex.html\n")
    // A link is an entry of its own, never followed: its target is not the folder's.
    try FileManager.default.createSymbolicLink(
      atPath: owned.appendingPathComponent("audio/elsewhere").path, withDestinationPath: "/etc")
    #expect(OwnedFolder.foreignFiles(in: owned) == ["audio/elsewhere"])
    // A missing or empty folder holds nothing to lose.
    #expect(OwnedFolder.foreignFiles(in: parent.appendingPathComponent("none")).isEmpty)
    let empty = parent.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
    #expect(OutputCheck.replacement(of: empty) == .free)
  }

  /// What a DAW leaves beside the stems it opened (REAPER's peaks, a file manager's
  /// `.DS_Store`) goes with them; a peaks file of anything else, or any other file, is kept.
  @Test func aDAWsPeaksOfTheStemsGoWithThem() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let stems = try folder(["Cars.wav": "a", "Narration.wav": "b"], in: parent, named: "stems")
    try OwnedFolder.sign(stems)
    for name in ["Cars.wav.reapeaks", "Narration.wav.reapeaks", "Cars.wav.asd", ".DS_Store"] {
      try Data("peaks".utf8).write(to: stems.appendingPathComponent(name))
    }
    #expect(OwnedFolder.foreignFiles(in: stems).isEmpty)
    #expect(OutputCheck.replacement(of: stems) == .free)
    // Peaks of a recording someone put there, and the recording, are theirs.
    for name in ["take.wav", "take.wav.reapeaks"] {
      try Data("take".utf8).write(to: stems.appendingPathComponent(name))
    }
    #expect(OwnedFolder.foreignFiles(in: stems) == ["take.wav", "take.wav.reapeaks"])
  }

  @Test func aFileAddedDuringTheWorkStopsTheReplacement() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let owned = try folder(["index.html": "old"], in: parent, named: "page")
    try OwnedFolder.sign(owned)
    let staging = try StagedFolder(for: owned, tag: "page")
    try Data("new".utf8).write(to: staging.url.appendingPathComponent("index.html"))
    // Someone saves a file into the folder while the page renders.
    _ = try folder(["notes/today.txt": "mine"], in: owned, named: "")
    let reason = staging.replace()
    #expect(reason == "it now holds files chart2midi did not write (notes/today.txt)")
    #expect(
      try String(contentsOf: owned.appendingPathComponent("notes/today.txt"), encoding: .utf8)
        == "mine")
    #expect(
      try String(contentsOf: owned.appendingPathComponent("index.html"), encoding: .utf8) == "old")
    // Without it, the new folder takes the old one's place, with its list, and nothing of the
    // old one or the staging is left beside it.
    try FileManager.default.removeItem(at: owned.appendingPathComponent("notes"))
    #expect(staging.replace() == nil)
    #expect(
      try String(contentsOf: owned.appendingPathComponent("index.html"), encoding: .utf8) == "new")
    #expect(OwnedFolder.list(in: owned) == ["index.html"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["page"])
  }

  /// A sub-folder of the old folder swapped for a link to someone else's folder is not the
  /// old folder's own: the replacement is refused, and the other folder keeps everything.
  @Test func aLinkInsideTheOldFolderStopsTheReplacement() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let victim = try folder(["mix.mp3": "victim's"], in: parent, named: "victim")
    let owned = try folder(
      ["index.html": "old", "audio/mix.mp3": "old"], in: parent, named: "page")
    try OwnedFolder.sign(owned)
    let staging = try StagedFolder(for: owned, tag: "page")
    try Data("new".utf8).write(to: staging.url.appendingPathComponent("index.html"))
    try FileManager.default.removeItem(at: owned.appendingPathComponent("audio"))
    try FileManager.default.createSymbolicLink(
      at: owned.appendingPathComponent("audio"), withDestinationURL: victim)
    #expect(staging.replace() == "it now holds files chart2midi did not write (audio)")
    #expect(
      try String(contentsOf: victim.appendingPathComponent("mix.mp3"), encoding: .utf8)
        == "victim's")
    staging.discard()
  }

  /// What is removed is removed through the folder as opened, one folder at a time: a
  /// sub-folder swapped for a link after the folder was opened is removed as a link, and the
  /// folder it leads to loses nothing.
  @Test func removingThroughAFolderHandleNeverFollowsALink() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let victim = try folder(["mix.mp3": "victim's"], in: parent, named: "victim")
    let owned = try folder(
      ["index.html": "old", "audio/mix.mp3": "old"], in: parent, named: "page")
    let handle = try FolderHandle(opening: owned.path)
    try FileManager.default.removeItem(at: owned.appendingPathComponent("audio"))
    try FileManager.default.createSymbolicLink(
      at: owned.appendingPathComponent("audio"), withDestinationURL: victim)
    #expect(handle.removeContents { _ in true })
    #expect(try FileManager.default.contentsOfDirectory(atPath: owned.path) == [])
    #expect(
      try String(contentsOf: victim.appendingPathComponent("mix.mp3"), encoding: .utf8)
        == "victim's")
  }

  /// A link where the destination folder should be is replaced as a link: what it leads to is
  /// never written into or removed.
  @Test func aLinkInTheDestinationsPlaceIsReplacedNotFollowed() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let victim = try folder(["index.html": "victim's"], in: parent, named: "victim")
    try OwnedFolder.sign(victim)
    let page = parent.appendingPathComponent("page")
    try FileManager.default.createSymbolicLink(at: page, withDestinationURL: victim)
    let staging = try StagedFolder(for: page, tag: "page")
    try Data("new".utf8).write(to: staging.url.appendingPathComponent("index.html"))
    #expect(staging.replace() == nil)
    #expect(
      try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8) == "new")
    #expect(
      try String(contentsOf: victim.appendingPathComponent("index.html"), encoding: .utf8)
        == "victim's")
    var status = stat()
    #expect(lstat(page.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
  }

  /// The folder the destination lies in is opened once: swapped for a link to another folder
  /// while the work runs, it takes no file there, and the output lands where it was named.
  @Test func theDestinationsFolderIsOpenedOnce() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let shared = root.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
    let victim = try folder(["keep.txt": "victim's"], in: root, named: "victim")
    let staging = try StagedFolder(for: shared.appendingPathComponent("page"), tag: "page")
    try Data("new".utf8).write(to: staging.url.appendingPathComponent("index.html"))
    // The shared folder is moved away and a link to the victim's put in its place.
    let moved = root.appendingPathComponent("moved")
    try FileManager.default.moveItem(at: shared, to: moved)
    try FileManager.default.createSymbolicLink(at: shared, withDestinationURL: victim)
    #expect(staging.replace() == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: victim.path) == ["keep.txt"])
    #expect(
      try String(contentsOf: moved.appendingPathComponent("page/index.html"), encoding: .utf8)
        == "new")
  }

  /// Work given up leaves nothing: the staging folder and the folders made for it go.
  @Test func discardedWorkLeavesNothing() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let staging = try StagedFolder(for: root.appendingPathComponent("a/b/page"), tag: "page")
    try FileManager.default.createDirectory(
      at: staging.url.appendingPathComponent("audio"), withIntermediateDirectories: false)
    try Data("x".utf8).write(to: staging.url.appendingPathComponent("audio/mix.mp3"))
    #expect(staging.bytes == 1)
    staging.discard()
    #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
  }
}
