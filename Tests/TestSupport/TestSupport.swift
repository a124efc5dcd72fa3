import Foundation

/// The project folder, found from this file's path.
public let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The JSON examples in `Examples/`, sorted by path.
public let exampleFiles =
  (try? FileManager.default.contentsOfDirectory(
    at: projectRoot.appendingPathComponent("Examples"), includingPropertiesForKeys: nil))?
  .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path } ?? []
