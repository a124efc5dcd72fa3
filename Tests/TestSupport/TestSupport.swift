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
