import Foundation

/// The built `chart2midi`, beside the test bundle in the build folder.
public let executable: URL = {
  var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent()
  for _ in 0..<3 {
    let candidate = folder.appendingPathComponent("chart2midi")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  return projectRoot.appendingPathComponent(".build/debug/chart2midi")
}()

/// How a run of the command ended: its exit status and what it printed.
public struct Run: Sendable {
  /// The exit status.
  public var status: Int32
  /// Standard output.
  public var output: String
  /// Standard error.
  public var error: String
}

/// The `chart2midi` the tests run: the release build when `make test` made it (what ships, and
/// many times faster at rendering than the debug build), else the debug build beside the tests.
public let testedProgram: URL = releaseExecutable ?? executable

/// Runs the built `chart2midi` (or `program`) in the project folder (or `folder`), with the
/// test's environment and `SOURCE_DATE_EPOCH` set, unless `environment` is given.
public func run(
  _ arguments: [String], program: URL = testedProgram, in folder: URL = projectRoot,
  environment: [String: String]? = nil
) throws -> Run {
  let process = Process()
  process.executableURL = program
  process.arguments = arguments
  process.currentDirectoryURL = folder
  // Reproducible by default, as a build that pins its bytes sets it: the WAV files' `bext` date
  // is otherwise the time of the render. A test of that passes an environment of its own.
  var inherited = ProcessInfo.processInfo.environment
  if inherited["SOURCE_DATE_EPOCH"] == nil { inherited["SOURCE_DATE_EPOCH"] = "1700000000" }
  process.environment = environment ?? inherited
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Run(
    status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
    error: String(decoding: errData, as: UTF8.self))
}

/// A new empty folder under the system's temporary folder.
public func temporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "chart2midi-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// The names in a folder, sorted.
public func files(in folder: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
}

/// The names in a folder that a file manager shows, sorted: not the hidden ones, such as the list
/// of what chart2midi wrote in a folder it owns (`.chart2midi-files`).
public func shownFiles(in folder: URL) -> [String] {
  files(in: folder).filter { !$0.hasPrefix(".") }
}
