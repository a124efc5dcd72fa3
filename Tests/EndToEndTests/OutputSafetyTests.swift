import Foundation
import TestSupport
import Testing

import class Chart2MIDIAudio.BackgroundWork

/// Outputs are checked before any work, a stems folder holds exactly one render's stems, and no
/// write goes through a link planted in the output folder.
@Suite("Whole or not at all, everywhere", .serialized)
struct OutputSafetyTests {
  /// A folder with a copy of the dice chart as `in.json` and an empty folder `dir`.
  func workspace() throws -> URL {
    let folder = try temporaryFolder()
    try FileManager.default.copyItem(
      at: example("dice"), to: folder.appendingPathComponent("in.json"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir"), withIntermediateDirectories: false)
    return folder
  }

  @Test(
    "an output that cannot be written as asked is one sentence, before any work",
    arguments: [
      (
        ["convert", "in.json", "-o", "in.json"],
        "cannot write in.json: it is the input (in.json); name another file"
      ),
      (
        ["convert", "in.json", "-o", "d.mid", "--wav", "d.mid"],
        "cannot write d.mid: it is another output (d.mid); name another file"
      ),
      (
        ["convert", "in.json", "-o", "c.mid", "--wav", "dir"],
        "cannot write dir: it is a folder; name a file"
      ),
      (
        ["convert", "in.json", "-o", "c.vtt", "--captions", "c.vtt"],
        "cannot write c.vtt: it is another output (c.vtt); name another file"
      ),
      (
        ["convert", "in.json", "-o", "c.mid", "--wav", "missing/c.wav"],
        "cannot write missing/c.wav: the folder missing does not exist"
      ),
      (
        ["convert", "in.json", "-o", "c.mid", "--stems", "in.json"],
        "cannot write the stems into in.json: it is a file; name a folder"
      ),
    ] as [([String], String)])
  func refusedBeforeAnyWork(arguments: [String], message: String) throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(arguments, in: folder)
    // Outputs that cannot be written together are a usage error; a folder that is not there, an
    // output that cannot be made.
    #expect(result.status == (message.hasSuffix("does not exist") ? 73 : 64))
    #expect(result.error == "Error: \(message)\n")
    // Nothing written; the input as it was.
    #expect(files(in: folder) == ["dir", "in.json"])
    #expect(files(in: folder.appendingPathComponent("dir")).isEmpty)
    #expect(
      try Data(contentsOf: folder.appendingPathComponent("in.json"))
        == Data(contentsOf: example("dice")))
  }

  @Test func renderRefusesToWriteOverItsInput() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try run(["convert", "in.json", "-o", "in.mid"], in: folder).status == 0)
    let before = try Data(contentsOf: folder.appendingPathComponent("in.mid"))
    let result = try run(["render", "in.mid", "--wav", "in.mid"], in: folder)
    #expect(result.status == 64)
    #expect(
      result.error == "Error: cannot write in.mid: it is the input (in.mid); name another file\n")
    #expect(try Data(contentsOf: folder.appendingPathComponent("in.mid")) == before)
  }

  @Test func aStemsFolderHoldsExactlyThisRendersStems() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cars = example("cars").path
    #expect(try run(["convert", cars, "-o", "a.mid", "--stems", "stems"], in: folder).status == 0)
    #expect(
      files(in: folder.appendingPathComponent("stems")) == [
        ".chart2midi-files", "Cars.wav", "Gridlines.wav",
      ])
    #expect(
      try run(["convert", "in.json", "-o", "b.mid", "--stems", "stems"], in: folder).status == 0)
    #expect(
      files(in: folder.appendingPathComponent("stems")) == [
        ".chart2midi-files", "Blue.wav", "Green.wav", "Red.wav",
      ])
    // A folder that holds anything else is refused, untouched.
    try Data("notes".utf8).write(to: folder.appendingPathComponent("stems/notes.txt"))
    let refused = try run(["convert", cars, "-o", "c.mid", "--stems", "stems"], in: folder)
    #expect(
      refused.error
        == "Error: cannot write the stems into stems: it holds files chart2midi did not write (notes.txt); empty it or name a new folder\n"
    )
    #expect(
      files(in: folder.appendingPathComponent("stems")) == [
        ".chart2midi-files", "Blue.wav", "Green.wav", "Red.wav", "notes.txt",
      ])
    // A failed run leaves no stems folder, nor the folders made for it.
    let failed = try run(
      [
        "convert", "in.json", "-o", "d.mid", "--stems", "new/deep/stems", "--sample-rate", "48000",
        "--wav", "missing/d.wav",
      ], in: folder)
    #expect(failed.status == 73)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d.mid").path))
  }

  @Test func aPlantedLinkIsReplacedNeverFollowed() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fileManager = FileManager.default
    // Links where the outputs go, to files and a folder elsewhere.
    let victim = folder.appendingPathComponent("dir/victim")
    try fileManager.createDirectory(at: victim, withIntermediateDirectories: false)
    try Data("keep".utf8).write(to: victim.appendingPathComponent("old.wav"))
    let names = ["out.mid", "out.wav", "out.vtt"]
    for name in names {
      let target = folder.appendingPathComponent("dir/\(name).txt")
      try Data("keep".utf8).write(to: target)
      try fileManager.createSymbolicLink(
        at: folder.appendingPathComponent(name), withDestinationURL: target)
    }
    try fileManager.createSymbolicLink(
      at: folder.appendingPathComponent("stems"), withDestinationURL: victim)
    let result = try run(
      [
        "convert", "in.json", "-o", "out.mid", "--wav", "out.wav", "--captions", "out.vtt",
        "--stems", "stems",
      ], in: folder)
    #expect(result.status == 0, "\(result.error)")
    for name in names {
      #expect(
        try String(contentsOf: folder.appendingPathComponent("dir/\(name).txt"), encoding: .utf8)
          == "keep")
    }
    #expect(files(in: victim) == ["old.wav"])
    for name in ["out.mid", "out.wav", "out.vtt", "stems"] {
      let attributes = try fileManager.attributesOfItem(
        atPath: folder.appendingPathComponent(name).path)
      #expect(attributes[.type] as? FileAttributeType != .typeSymbolicLink, "\(name)")
    }
  }

  @Test func aPipeIsWrittenIntoNeverReplaced() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pipe = folder.appendingPathComponent("audio.fifo")
    #expect(mkfifo(pipe.path, 0o600) == 0)
    // What the pipe carries, read on another thread while the command writes it.
    let reading = BackgroundWork {
      FileHandle(forReadingAtPath: pipe.path)?.readDataToEndOfFile() ?? Data()
    }
    let result = try run(
      ["convert", "in.json", "-o", "in.mid", "--wav", "audio.fifo"], in: folder)
    #expect(result.status == 0, "\(result.error)")
    releaseReader(of: pipe)
    let streamed = try reading.value()
    // The same bytes as a file, and the pipe is still a pipe.
    let file = try run(["convert", "in.json", "-o", "in.mid", "--wav", "file.wav"], in: folder)
    #expect(file.status == 0)
    let written = try Data(contentsOf: folder.appendingPathComponent("file.wav"))
    #expect(streamed.count == written.count)
    #expect(streamed == written)
    var status = stat()
    #expect(lstat(pipe.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(result.error.contains("mix: audio.fifo ("))
  }

  @Test func aPipeClosedEarlyIsOneSentenceAndNothingIsWritten() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pipe = folder.appendingPathComponent("audio.fifo")
    #expect(mkfifo(pipe.path, 0o600) == 0)
    // A reader that takes 10 bytes and closes the pipe.
    let reading = BackgroundWork { () -> Int in
      guard let handle = FileHandle(forReadingAtPath: pipe.path) else { return -1 }
      let count = (try? handle.read(upToCount: 10))?.count ?? -1
      try? handle.close()
      return count
    }
    let result = try run(
      ["convert", "in.json", "-o", "in.mid", "--wav", "audio.fifo"], in: folder)
    releaseReader(of: pipe)
    #expect(try reading.value() == 10)
    #expect(result.status == 74)
    #expect(result.error == "Error: cannot write audio.fifo: broken pipe\n")
    // The MIDI file, committed only after the pipe, is not written.
    #expect(files(in: folder) == ["audio.fifo", "dir", "in.json"])
  }
}

/// Ends a read of `pipe` that is still waiting for a writer (when the command never opened it),
/// so that a failing test ends too.
func releaseReader(of pipe: URL) {
  let descriptor = open(pipe.path, O_WRONLY | O_NONBLOCK)
  if descriptor >= 0 { close(descriptor) }
}

@Suite("A crash is one sentence")
struct CrashTests {
  @Test func aCrashIsOneSentenceWithoutABacktrace() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A long render, stopped by a bad access from outside (as a bug would stop it).
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "render", projectRoot.appendingPathComponent("Tests/Fixtures/Memory/hour-16-tracks.mid").path,
      "--wav", "mix.wav",
    ]
    process.currentDirectoryURL = folder
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: 1.5)
    kill(process.processIdentifier, SIGSEGV)
    let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGSEGV)
    #expect(
      said
        == "Error: chart2midi stopped on an internal error; this is a bug: please report it with the input that caused it\n"
    )
    // No mix: the temporary file stays, for the next run in the folder to remove.
    #expect(!files(in: folder).contains("mix.wav"))
  }
}
