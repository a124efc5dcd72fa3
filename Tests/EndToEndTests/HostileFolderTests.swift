import Foundation
import TestSupport
import Testing

/// A batch's folder shared with someone who plants links and locks in it: nothing outside the
/// output folder is written or removed through a link, a planted lock stalls nothing, and a
/// listing shows a file name's line break rather than starting a line with it.
@Suite("A batch's folder under attack", .serialized)
struct HostileFolderTests {
  /// A folder of the victim's, holding `fig1.mid` with their bytes, and the batch's input folder
  /// with `2024/fig1.json` (a copy of the dice example).
  static func setUp(_ folder: URL) throws -> (inputs: URL, out: URL, victim: URL) {
    let inputs = folder.appendingPathComponent("in")
    let out = folder.appendingPathComponent("out")
    let victim = folder.appendingPathComponent("victim")
    for made in [inputs.appendingPathComponent("2024"), out, victim] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(
      at: example("dice"), to: inputs.appendingPathComponent("2024/fig1.json"))
    try Data("the victim's own file".utf8).write(to: victim.appendingPathComponent("fig1.mid"))
    return (inputs, out, victim)
  }

  /// Every file under `folder` with its bytes.
  static func contents(of folder: URL) -> [String: Data] {
    var found: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let path = walker?.nextObject() as? String {
      if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) {
        found[path] = data
      }
    }
    return found
  }

  @Test func aFolderLinkPlantedInTheOutputFolderIsRefusedAndNothingIsWrittenThrough() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (inputs, out, victim) = try Self.setUp(folder)
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent("2024").path, withDestinationPath: victim.path)
    let before = Self.contents(of: victim)
    let result = try run(
      ["batch", inputs.path, "--out", out.path, "--wav", "--stems", "--captions"], in: folder)
    #expect(result.status == 73, "\(result.error)")
    #expect(
      result.error.contains(
        "cannot write into \(out.path)/2024: it is a link, and chart2midi never follows a link inside an output folder"
      ), "\(result.error)")
    #expect(Self.contents(of: victim) == before)
    #expect(files(in: victim) == ["fig1.mid"])
    // The manifest records the failure, not outputs.
    let manifest = try String(
      contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
    #expect(manifest.contains("\"status\":\"failed\""), "\(manifest)")
    #expect(!manifest.contains("fig1.mid"), "\(manifest)")
  }

  /// A page, an exercise and a stems folder written again over one whose first entry a co-tenant
  /// swapped for a link to the victim's folder: nothing of the victim's is written or removed.
  /// A folder that became a link is not the output's own and stops the run with a sentence; a
  /// file it lists that became a link goes as a link.
  @Test(arguments: ["page", "exercise", "stems"])
  func aFolderOutputWrittenAgainOverALinkTouchesNothingThroughIt(_ kind: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.appendingPathComponent("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
    try Data("the victim's own file".utf8).write(to: victim.appendingPathComponent("mix.mp3"))
    let chart = example("dice").path
    let arguments: [String] =
      switch kind {
      case "page": ["page", chart, "-o", "made"]
      case "exercise": ["exercise", chart, "--out", "made"]
      default: ["convert", chart, "-o", "out.mid", "--stems", "made"]
      }
    let first = try run(arguments, in: folder)
    #expect(first.status == 0, "\(first.error)")
    // The first file the folder holds at any depth is swapped for a link to the victim's folder.
    let made = folder.appendingPathComponent("made")
    let swapped = try #require(
      FileManager.default.subpathsOfDirectory(atPath: made.path).sorted().first {
        $0 != ".chart2midi-files"
      })
    try FileManager.default.removeItem(at: made.appendingPathComponent(swapped))
    try FileManager.default.createSymbolicLink(
      atPath: made.appendingPathComponent(swapped).path, withDestinationPath: victim.path)
    let before = Self.contents(of: victim)
    let again = try run(arguments, in: folder)
    var status = stat()
    if kind == "page" {
      // A folder of the page's is now a link: it is not the page's own, and stops the run.
      #expect(again.status != 0, "\(again.output)")
      #expect(again.error.contains("chart2midi did not write (\(swapped)"), "\(again.error)")
      #expect(lstat(made.appendingPathComponent(swapped).path, &status) == 0)
      #expect(status.st_mode & S_IFMT == S_IFLNK)
    } else {
      // A file the folder lists, now a link: removed as a link, the new file in its place.
      #expect(again.status == 0, "\(again.error)")
      #expect(lstat(made.appendingPathComponent(swapped).path, &status) == 0)
      #expect(status.st_mode & S_IFMT == S_IFREG)
    }
    #expect(Self.contents(of: victim) == before)
    // Nothing is left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix(".")
      } == [])
  }

  @Test func pruneRemovesNothingThroughAFolderSwappedForALink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (inputs, out, victim) = try Self.setUp(folder)
    // A chart that stays, so that the inputs are not empty once fig1 leaves them.
    try FileManager.default.copyItem(
      at: example("dice"), to: inputs.appendingPathComponent("keep.json"))
    let first = try run(["batch", inputs.path, "--out", out.path], in: folder)
    #expect(first.status == 0, "\(first.error)")
    // The victim's file has the very bytes the batch wrote, so that only its place tells.
    let written = out.appendingPathComponent("2024/fig1.mid")
    try FileManager.default.removeItem(at: victim.appendingPathComponent("fig1.mid"))
    try FileManager.default.copyItem(at: written, to: victim.appendingPathComponent("fig1.mid"))
    // The chart leaves the inputs, and its sub-folder becomes a link to the victim's.
    try FileManager.default.removeItem(at: inputs.appendingPathComponent("2024/fig1.json"))
    try FileManager.default.moveItem(
      at: out.appendingPathComponent("2024"), to: folder.appendingPathComponent("moved"))
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent("2024").path, withDestinationPath: victim.path)
    let before = Self.contents(of: victim)
    let pruned = try run(["batch", inputs.path, "--out", out.path, "--prune"], in: folder)
    #expect(pruned.status == 0, "\(pruned.error)")
    #expect(pruned.error.contains("0 of 1 outputs removed"), "\(pruned.error)")
    #expect(Self.contents(of: victim) == before)
  }

  @Test func aPlantedLockNamingThisHostAndPID1StallsNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (inputs, out, _) = try Self.setUp(folder)
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent("2024"), withIntermediateDirectories: true)
    // The host as this machine's runs name it: read from a temporary a killed run would leave.
    let host = try Self.thisHost(in: folder)
    try Data("host \(host)\nname planted\npid 1\n".utf8).write(
      to: out.appendingPathComponent("2024/.fig1.lock"))
    let clock = ContinuousClock()
    let began = clock.now
    let result = try run(["batch", inputs.path, "--out", out.path], in: folder)
    let seconds = (clock.now - began) / .seconds(1)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("converted"), "\(result.error)")
    #expect(!result.error.contains("waiting for"), "\(result.error)")
    #expect(seconds < 30, "\(seconds) s")
    #expect(
      !FileManager.default.fileExists(atPath: out.appendingPathComponent("2024/.fig1.lock").path))
  }

  @Test func aLockThatIsALinkIsReplacedAtOnceAndItsTargetKept() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (inputs, out, victim) = try Self.setUp(folder)
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent("2024"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: out.appendingPathComponent("2024/.fig1.lock").path,
      withDestinationPath: victim.appendingPathComponent("fig1.mid").path)
    let before = Self.contents(of: victim)
    let clock = ContinuousClock()
    let began = clock.now
    let result = try run(["batch", inputs.path, "--out", out.path], in: folder)
    let seconds = (clock.now - began) / .seconds(1)
    #expect(result.status == 0, "\(result.error)")
    #expect(!result.error.contains("waiting for"), "\(result.error)")
    #expect(seconds < 30, "\(seconds) s")
    #expect(Self.contents(of: victim) == before)
  }

  @Test func aLineBreakInAChartsNameIsShownInTheDryRunsListing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inputs = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
    let name = "fig\nconvert: forged.json"
    try FileManager.default.copyItem(
      at: example("dice"), to: inputs.appendingPathComponent(name + ".json"))
    let result = try run(
      ["batch", inputs.path, "--out", folder.appendingPathComponent("out").path, "--dry-run"],
      in: folder)
    #expect(result.status == 0, "\(result.error)")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.isEmpty }
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.contains("fig\\u{A}convert: forged.json") == true, "\(lines)")
  }

  /// This machine's host as chart2midi names it in temporaries and locks, read from the name of
  /// a lock a run takes (seen through a run held up by a FIFO for a chart).
  static func thisHost(in folder: URL) throws -> String {
    // A temporary a run leaves in a folder is named `.NAME.HOST.PID.TAG-RANDOM.tmp`; a run killed
    // while it writes leaves one. Simpler and certain: the lock of a run that is stopped.
    let out = folder.appendingPathComponent("probe")
    let chart = folder.appendingPathComponent("probe.json")
    try FileManager.default.copyItem(at: example("dice"), to: chart)
    let process = Process()
    process.executableURL = testedProgram
    process.arguments = ["batch", chart.path, "--out", out.path, "--wav", "--duration", "600"]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
      try? FileManager.default.removeItem(at: out)
    }
    let lock = out.appendingPathComponent(".probe.lock")
    for _ in 0..<600 {
      if let text = try? String(contentsOf: lock, encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("host ") })
      {
        return String(line.dropFirst(5))
      }
      usleep(10_000)
    }
    throw CocoaError(.fileNoSuchFile)
  }
}
