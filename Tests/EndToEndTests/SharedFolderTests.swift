import Foundation
import TestSupport
import Testing

/// Two machines (or containers) writing into one shared output folder: a temporary is stale only
/// when this host's process that wrote it is gone; a manifest is a regular file, never a link;
/// a manifest's line is trusted only when its outputs are there, inside the folder, as recorded.
@Suite("A batch on shared storage", .serialized)
struct SharedFolderTests {
  /// A PID namespace as a container makes one (root, or unprivileged user namespaces), with its
  /// own /proc: libdispatch's worker-pool monitor reads `/proc/TID/stat` for its threads by
  /// their IDs in the namespace, and on the host's /proc a thread ID that no host process has
  /// stops the program ("workq: registered worker exited prematurely", SIGILL), whatever it
  /// runs.
  static let unshare: [String] =
    (getuid() == 0 ? ["unshare"] : ["unshare", "--user", "--map-root-user"])
    + ["--pid", "--fork", "--mount-proc"]

  @Test func anotherHostsTemporaryIsNeverRemoved() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // What another machine is writing now: its host and a PID that means nothing here.
    let theirs = ".cars.wav.h0123456789abcdef.4242.0-feed.tmp"
    try Data("being written".utf8).write(to: folder.appendingPathComponent(theirs))
    let run1 = try run(
      ["convert", example("cars").path, "-o", "cars.mid", "--wav", "cars.wav"], in: folder)
    #expect(run1.status == 0, "\(run1.error)")
    #expect(files(in: folder).contains(theirs))
  }

  @Test func twoBatchesInTwoPIDNamespacesBothFinish() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let charts = ["birth-rate", "cars", "coffee-code", "dice", "temperatures", "precipitation"]
    for name in charts {
      for copy in ["a", "b"] {
        try FileManager.default.copyItem(
          at: example(name), to: folder.appendingPathComponent("\(copy)-\(name).json"))
      }
    }
    func batch(_ copy: String, pidPadding: Int) throws -> Process {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      // A few processes first, so that the two batches run under different PIDs, each meaning
      // nothing in the other's namespace.
      let padding = String(repeating: "/bin/true; ", count: pidPadding)
      let command =
        "\(padding)exec \(testedProgram.path) batch \(copy)-*.json --out out --wav --stems --duration 30"
      process.arguments = Self.unshare + ["sh", "-c", command]
      process.currentDirectoryURL = folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    let first = try batch("a", pidPadding: 0)
    let second = try batch("b", pidPadding: 5)
    first.waitUntilExit()
    second.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 0)
    let out = folder.appendingPathComponent("out")
    for name in charts {
      for copy in ["a", "b"] {
        let mix = out.appendingPathComponent("\(copy)-\(name).wav")
        let bytes = [UInt8]((try? Data(contentsOf: mix)) ?? Data())
        #expect(wavChunks(bytes) != nil, "\(copy)-\(name).wav is not whole")
      }
    }
    #expect(!files(in: out).contains { $0.hasSuffix(".tmp") }, "\(files(in: out))")
  }

  @Test func aManifestIsARegularFileNeverALink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    try Data("keep".utf8).write(to: folder.appendingPathComponent("elsewhere.txt"))
    #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
    for target in ["../elsewhere.txt", "../fifo", "/dev/null"] {
      try? FileManager.default.removeItem(at: out.appendingPathComponent("manifest.jsonl"))
      try FileManager.default.createSymbolicLink(
        atPath: out.appendingPathComponent("manifest.jsonl").path, withDestinationPath: target)
      let result = try run(["batch", example("dice").path, "--out", "out"], in: folder)
      #expect(result.status == 73, "\(target): \(result.status) \(result.error)")
      #expect(
        result.error
          == "Error: cannot write the manifest out/manifest.jsonl: it is not a regular file\n",
        "\(target)")
    }
    #expect(
      try String(contentsOf: folder.appendingPathComponent("elsewhere.txt"), encoding: .utf8)
        == "keep")
  }

  @Test func aPlantedManifestLineIsNotTrusted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: example("dice"), to: folder.appendingPathComponent("dice.json"))
    let first = try run(["batch", "dice.json", "--out", "out"], in: folder)
    #expect(first.status == 0, "\(first.error)")
    let manifest = folder.appendingPathComponent("out/manifest.jsonl")
    let line = try #require(
      try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").last)
    var record = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    // The same chart and settings, finished in the far future, with outputs outside the folder
    // or not as recorded.
    let hostname = try Data(contentsOf: URL(fileURLWithPath: "/etc/hostname"))
    let plants: [[[String: Any]]] = [
      [
        [
          "path": "../../../../../../../../etc/hostname", "bytes": hostname.count,
          "sha256": String(repeating: "0", count: 64),
        ]
      ],
      [["path": "dice.mid", "bytes": 10, "sha256": String(repeating: "0", count: 64)]],
    ]
    for outputs in plants {
      record["finished"] = "9999-12-31T23:59:59.000Z"
      record["outputs"] = outputs
      let planted = try JSONSerialization.data(withJSONObject: record)
      let handle = try FileHandle(forWritingTo: manifest)
      try handle.seekToEnd()
      try handle.write(contentsOf: planted + Data("\n".utf8))
      try handle.close()
      try FileManager.default.removeItem(at: folder.appendingPathComponent("out/dice.mid"))
      let again = try run(["batch", "dice.json", "--out", "out"], in: folder)
      #expect(again.status == 0, "\(again.error)")
      #expect(again.error.contains("converted 1, up to date 0"), "\(again.error)")
      #expect(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/dice.mid").path))
    }
    // A line whose outputs are whole still makes the chart up to date.
    let whole = try run(["batch", "dice.json", "--out", "out"], in: folder)
    #expect(whole.status == 0)
    #expect(whole.error.contains("converted 0, up to date 1"), "\(whole.error)")
  }
}
