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
    let staging = try folder(["index.html": "new"], in: parent, named: "staging")
    // Someone saves a file into the folder while the page renders.
    _ = try folder(["notes/today.txt": "mine"], in: owned, named: "")
    let reason = AtomicFileBatch.replaceFolder(owned, with: staging)
    #expect(reason == "it now holds files chart2midi did not write (notes/today.txt)")
    #expect(
      try String(contentsOf: owned.appendingPathComponent("notes/today.txt"), encoding: .utf8)
        == "mine")
    #expect(
      try String(contentsOf: owned.appendingPathComponent("index.html"), encoding: .utf8) == "old")
    // Without it, the new folder takes the old one's place, with its list.
    try FileManager.default.removeItem(at: owned.appendingPathComponent("notes"))
    #expect(AtomicFileBatch.replaceFolder(owned, with: staging) == nil)
    #expect(
      try String(contentsOf: owned.appendingPathComponent("index.html"), encoding: .utf8) == "new")
    #expect(OwnedFolder.list(in: owned) == ["index.html"])
    #expect(!FileManager.default.fileExists(atPath: staging.path))
  }
}
