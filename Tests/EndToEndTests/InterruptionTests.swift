import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

/// Real runs of a long render, stopped at several moments.
@Suite("Interrupted and killed runs leave nothing half-written", .serialized)
struct InterruptionTests {
  /// Starts `chart2midi` in `folder` and returns the running process and its standard error.
  func start(_ arguments: [String], in folder: URL) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let error = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = error
    try process.run()
    return (process, error)
  }

  /// A conversion that renders for many seconds: a year of temperatures over 15 minutes, with
  /// stems.
  static let longConversion = [
    "convert", example("temperatures").path, "-o", "t.mid", "--duration", "900", "--wav", "t.wav",
    "--stems", "stems",
  ]

  /// Every file under `folder`, with paths relative to it, hidden ones too.
  func everything(in folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String { found.append(path) }
    return found.sorted()
  }

  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))], [0.3, 1.5, 3.0])
  func aSignalRemovesTheTemporaryFilesAndSaysSo(signal: (Int32, Int32), delay: Double) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, error) = try start(Self.longConversion, in: folder)
    Thread.sleep(forTimeInterval: delay)
    kill(process.processIdentifier, signal.0)
    let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == signal.1)
    #expect(said == "Error: interrupted; the files being written were removed\n")
    // Nothing under a final name, no temporary file; at most the stems folder, empty.
    #expect(everything(in: folder).allSatisfy { $0 == "stems" }, "\(everything(in: folder))")
  }

  @Test(arguments: [0.2, 1.0, 2.5, 4.0])
  func aKilledConversionLeavesNoHalfFileAndTheNextRunCleansUp(delay: Double) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, _) = try start(Self.longConversion, in: folder)
    Thread.sleep(forTimeInterval: delay)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    // A final name, if any, holds a whole file.
    for name in ["t.mid", "t.wav"]
    where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
      let url = folder.appendingPathComponent(name)
      if name.hasSuffix(".mid") {
        #expect(throws: Never.self) { try MIDIFile(contentsOf: url) }
      } else {
        #expect(wavChunks([UInt8](try Data(contentsOf: url))) != nil)
      }
    }
    // The next run into the same folder removes what the killed one left.
    let next = try run([
      "convert", example("coffee-code").path, "-o", folder.appendingPathComponent("c.mid").path,
      "--wav", folder.appendingPathComponent("c.wav").path, "--stems",
      folder.appendingPathComponent("stems").path,
    ])
    #expect(next.status == 0, "\(next.error)")
    let left = everything(in: folder).filter { $0.hasSuffix(".tmp") }
    #expect(left.isEmpty, "\(left)")
  }

  @Test func anInterruptedOrKilledBatchLeavesNoTemporaryFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let batch = [
      "batch", example("temperatures").path, example("birth-rate").path, "--out", out.path,
      "--duration", "900", "--wav", "--stems",
    ]
    let (interrupted, error) = try start(batch, in: folder)
    Thread.sleep(forTimeInterval: 1.5)
    kill(interrupted.processIdentifier, SIGINT)
    let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    interrupted.waitUntilExit()
    #expect(interrupted.terminationStatus == 130)
    #expect(said.hasSuffix("Error: interrupted; the files being written were removed\n"))
    #expect(everything(in: out).allSatisfy { !$0.hasSuffix(".tmp") }, "\(everything(in: out))")

    let (killed, _) = try start(batch, in: folder)
    Thread.sleep(forTimeInterval: 1.5)
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    let again = try run(["batch", example("coffee-code").path, "--out", out.path, "--wav"])
    #expect(again.status == 0, "\(again.error)")
    #expect(everything(in: out).allSatisfy { !$0.hasSuffix(".tmp") }, "\(everything(in: out))")
  }
}
