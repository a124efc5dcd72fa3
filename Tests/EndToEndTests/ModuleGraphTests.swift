import Foundation
import TestSupport
import Testing

/// The package's targets as SwiftPM describes them: the path from a chart to SMF bytes has no C
/// module in its closure (so it builds on any Swift platform), and each C module is imported by the
/// one module that wraps it.
@Suite("The module graph", .serialized)
struct ModuleGraphTests {
  /// One target: its kind (`library`, `system-target`, `test`, …) and the targets it depends on.
  struct Target: Decodable {
    var name: String
    var type: String
    var targetDependencies: [String]?
  }

  /// `swift package describe --type json`, in a scratch folder of its own (the tests' build holds
  /// the package's `.build`).
  static func described() throws -> [String: Target] {
    let scratch = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let said = try run(
      ["swift", "package", "--scratch-path", scratch.path, "describe", "--type", "json"],
      program: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(said.status == 0, "\(said.error)")
    struct Package: Decodable { var targets: [Target] }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let package = try decoder.decode(Package.self, from: Data(said.output.utf8))
    return Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
  }

  /// `name` and every target it depends on, directly or not.
  static func closure(of name: String, in targets: [String: Target]) -> Set<String> {
    var seen: Set<String> = []
    var next = [name]
    while let current = next.popLast() {
      guard seen.insert(current).inserted else { continue }
      next += targets[current]?.targetDependencies ?? []
    }
    return seen
  }

  @Test func theMIDIPathHasNoCModule() throws {
    let targets = try Self.described()
    let systemTargets = Set(targets.values.filter { $0.type == "system-target" }.map(\.name))
    #expect(systemTargets.contains("CSMF") && systemTargets.contains("CFluidSynth"))
    let portable = [
      "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "Chart2MIDICore",
      "Chart2MIDISonification", "TextEncoders",
    ]
    for name in portable {
      let closure = Self.closure(of: name, in: targets)
      #expect(closure.isDisjoint(with: systemTargets), "\(name) depends on \(closure)")
    }
    #expect(
      Self.closure(of: "Chart2MIDISonification", in: targets)
        == [
          "Chart2MIDISonification", "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIFacts",
          "Chart2MIDICore", "TextEncoders",
        ])
    #expect(
      Self.closure(of: "Chart2MIDIInput", in: targets)
        == ["Chart2MIDIInput", "Chart2MIDIBase", "Chart2MIDIChart"])
    // The reader is where libsmf is.
    #expect(Self.closure(of: "Chart2MIDISMFReader", in: targets).contains("CSMF"))
  }

  @Test func theCoreAndTheAudioKnowNoChart() throws {
    let targets = try Self.described()
    let chartModules: Set = [
      "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "Chart2MIDISonification",
    ]
    for name in ["Chart2MIDICore", "Chart2MIDISMFReader", "Chart2MIDIAudio"] {
      let closure = Self.closure(of: name, in: targets)
      #expect(closure.isDisjoint(with: chartModules), "\(name) depends on \(closure)")
    }
  }

  @Test func eachCModuleIsImportedByTheModuleThatWrapsIt() throws {
    let targets = try Self.described()
    let wrappers = [
      "CSMF": "Chart2MIDISMFReader", "CFluidSynth": "Chart2MIDIAudio",
      "CEBUR128": "Chart2MIDIAudio", "CEspeakNG": "Chart2MIDIAudio", "CSoxr": "Chart2MIDIAudio",
      "CSndFile": "Chart2MIDIAudio", "CCrypto": "Hashing", "CMalloc": "chart2midi",
      "CLouis": "Chart2MIDIOutputs",
    ]
    let systemTargets = Set(targets.values.filter { $0.type == "system-target" }.map(\.name))
    #expect(systemTargets == Set(wrappers.keys), "a C module without its wrapper named here")
    // In the package: only the wrapper (and tests) depend on a C module.
    for target in targets.values where target.type != "test" {
      for dependency in target.targetDependencies ?? [] where systemTargets.contains(dependency) {
        #expect(wrappers[dependency] == target.name, "\(target.name) depends on \(dependency)")
      }
    }
    // In the sources: only the wrapper imports it.
    let sources = projectRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    var imports = 0
    for file in files?.allObjects as? [URL] ?? [] where file.pathExtension == "swift" {
      let module = file.path.dropFirst(sources.path.count + 1).split(separator: "/")[0]
      let text = try String(contentsOf: file, encoding: .utf8)
      for match in text.matches(of: #/(?m)^(?:@\w+\s+)?(?:\w+\s+)?import\s+(C[A-Z]\w*)\s*$/#) {
        let imported = String(match.output.1)
        imports += 1
        #expect(
          wrappers[imported] == String(module), "\(file.lastPathComponent) imports \(imported)")
      }
    }
    #expect(imports >= wrappers.count)
  }
}
