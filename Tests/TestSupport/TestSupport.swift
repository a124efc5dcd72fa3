import Foundation

/// The project folder, found from this file's path.
public let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The JSON examples in `Examples/`, sorted by path. A missing or empty folder stops the tests with
/// a message: tests that take their cases from this list would otherwise pass with no cases.
public let exampleFiles: [URL] = {
  let folder = projectRoot.appendingPathComponent("Examples")
  guard
    let contents = try? FileManager.default.contentsOfDirectory(
      at: folder, includingPropertiesForKeys: nil)
  else {
    fatalError("the examples folder \(folder.path) cannot be read; the tests take charts from it")
  }
  let charts = contents.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
  guard !charts.isEmpty else {
    fatalError("the examples folder \(folder.path) holds no .json charts; the tests need them")
  }
  return charts
}()

/// An example by its name without `.json`.
public func example(_ name: String) -> URL {
  projectRoot.appendingPathComponent("Examples/\(name).json")
}

/// The chunks of a RIFF/WAVE file, read here rather than by the code under test: each chunk's
/// four-letter id and its body (without the pad byte of an odd size). Nil when the bytes are not a
/// RIFF/WAVE file whose chunks fill it exactly.
public func wavChunks(_ bytes: [UInt8]) -> [(id: String, body: ArraySlice<UInt8>)]? {
  func u32(_ at: Int) -> Int {
    (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
  }
  guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
    String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE", u32(4) == bytes.count - 8
  else { return nil }
  var chunks: [(String, ArraySlice<UInt8>)] = []
  var position = 12
  while position + 8 <= bytes.count {
    let size = u32(position + 4)
    guard position + 8 + size <= bytes.count else { return nil }
    chunks.append(
      (
        String(decoding: bytes[position..<(position + 4)], as: UTF8.self),
        bytes[(position + 8)..<(position + 8 + size)]
      ))
    position += 8 + size + size % 2
  }
  return position == bytes.count ? chunks : nil
}

/// The body of a WAV file's `data` chunk.
public func wavData(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
  wavChunks(bytes)?.first { $0.id == "data" }?.body
}

/// Runs a check of `Scripts/player-checks.py` (the files as other players and readers take them)
/// with the tests' virtual environment: its exit status and what it printed.
public func runPlayerCheck(_ arguments: [String]) throws -> (status: Int32, output: String) {
  let script = """
    import runpy, sys
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
    """
  return try runPython(
    script, [projectRoot.appendingPathComponent("Scripts/player-checks.py").path] + arguments)
}

/// Runs a Python script with the tests' virtual environment (`make test` makes it, with mido,
/// pyloudnorm and scipy): its exit status and standard output.
public func runPython(_ script: String, _ arguments: [String]) throws -> (
  status: Int32, output: String
) {
  let process = Process()
  process.executableURL = projectRoot.appendingPathComponent(".venv/bin/python")
  process.arguments = ["-c", script] + arguments
  // The scripts' shared helpers (such as `headless_chromium`) are found beside them.
  var environment = ProcessInfo.processInfo.environment
  environment["PYTHONPATH"] = projectRoot.appendingPathComponent("Scripts").path
  process.environment = environment
  let out = Pipe()
  process.standardOutput = out
  try process.run()
  let data = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
