import Foundation
import TestSupport
import Testing

/// The public API as a program outside the package meets it: the journeys of its users type-check
/// with it alone, the plumbing is out of reach, and it stays at most 490 declarations (450 until
/// the library took on servers: async exports, their executor and limits, outputs in memory and
/// the chart-descriptor API's other forms).
///
/// A test target of the package sees its `package` declarations too, so these tests compile from
/// outside: `swiftc` against the built modules, without the package's name.
@Suite("The public API, from outside the package", .serialized)
struct PublicAPITests {
  /// The library's modules.
  static let modules = [
    "Chart2MIDIBase", "Chart2MIDIChart", "Chart2MIDIInput", "Chart2MIDIFacts", "Chart2MIDICore",
    "Chart2MIDISonification", "Chart2MIDISMFReader", "Chart2MIDIAudio", "Chart2MIDIOutputs",
    "Chart2MIDIExercises",
  ]

  /// Where the tests' build keeps the modules: beside the built command.
  static var builtModules: URL {
    executable.deletingLastPathComponent().appendingPathComponent("Modules")
  }

  /// The search paths a client's compiler gets from SwiftPM: the built modules, and the C modules
  /// their types hold (with the folders of the C headers, from pkg-config).
  static func searchPaths() throws -> [String] {
    let cModules = [
      "CSMF", "CFluidSynth", "CEBUR128", "CEspeakNG", "CSndFile", "CSoxr", "CCrypto", "CLouis",
    ]
    let headers = try run(
      [
        "--cflags-only-I", "smf", "fluidsynth", "libebur128", "espeak-ng", "sndfile", "soxr",
        "libcrypto", "liblouis",
      ],
      program: tool("pkg-config"))
    #expect(headers.status == 0, "\(headers.error)")
    let zlib = projectRoot.appendingPathComponent(".build/checkouts/ZIPFoundation/Sources/CZLib")
    var paths = ["-I", builtModules.path, "-I", zlib.path]
    for module in cModules {
      paths += ["-I", projectRoot.appendingPathComponent("Sources/\(module)").path]
    }
    for folder in headers.output.split(whereSeparator: \.isWhitespace) {
      paths += ["-Xcc", String(folder)]
    }
    return paths
  }

  /// `swiftc -typecheck` of a fixture, as a client outside the package (or, with `packageName`,
  /// as the package's own code).
  static func typeCheck(_ name: String, packageName: String? = nil) throws -> Run {
    let file = projectRoot.appendingPathComponent("Tests/Fixtures/PublicAPI/\(name)")
    return try run(
      ["swiftc", "-typecheck"] + (packageName.map { ["-package-name", $0] } ?? [])
        + searchPaths() + [file.path],
      program: URL(fileURLWithPath: "/usr/bin/env"))
  }

  @Test func theJourneysOfItsUsersNeedOnlyThePublicAPI() throws {
    let checked = try Self.typeCheck("Journeys.swift")
    #expect(checked.status == 0, "\(checked.error)")
  }

  @Test func thePlumbingIsOutOfReach() throws {
    let checked = try Self.typeCheck("Plumbing.swift")
    #expect(checked.status != 0)
    for name in [
      "'UInt7'", "'tracks'", "'LanguageTable'", "'OptionSetting'", "'NarrationScript'",
      "'QuestionMaker'", "'MIDIMessage'", "'SeededGenerator'",
    ] {
      #expect(
        checked.error.contains("error: cannot find \(name) in scope")
          || checked.error.contains(
            "error: \(name) is inaccessible due to 'package' protection level"),
        "\(name) is reachable from outside the package")
    }
    // The same file as the package's own code: only access kept it out.
    let identity = projectRoot.lastPathComponent.lowercased().map {
      $0.isLetter || $0.isNumber ? String($0) : "_"
    }.joined()
    let inside = try Self.typeCheck("Plumbing.swift", packageName: identity)
    #expect(inside.status == 0, "\(inside.error)")
  }

  @Test func atMost490PublicDeclarations() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var declarations: [String] = []
    for module in Self.modules {
      let extracted = try run(
        [
          "swift", "symbolgraph-extract", "-module-name", module, "-target", hostTriple,
          "-minimum-access-level", "public", "-output-dir", folder.path,
        ] + Self.searchPaths(),
        program: URL(fileURLWithPath: "/usr/bin/env"))
      #expect(extracted.status == 0, "\(module): \(extracted.error)")
    }
    // Each declaration the sources write: not an enum's cases, nor what the compiler makes
    // (`init(rawValue:)`, `Codable`'s, a protocol's default implementations).
    struct Graph: Decodable {
      struct Symbol: Decodable {
        struct Kind: Decodable { var identifier: String }
        struct Identifier: Decodable { var precise: String }
        var kind: Kind
        var identifier: Identifier
        var pathComponents: [String]
        var location: [String: AnyCodable]?
      }
      var symbols: [Symbol]
    }
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".symbols.json") {
      let graph = try JSONDecoder().decode(
        Graph.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
      declarations += graph.symbols.filter {
        $0.kind.identifier != "swift.enum.case" && $0.location != nil
          && !$0.identifier.precise.contains("::SYNTHESIZED::")
      }.map { $0.pathComponents.joined(separator: ".") }
    }
    // The count is a real one: the model's types are among them.
    #expect(declarations.contains("ChartDescriptor") && declarations.contains("ChartExport"))
    print("\(declarations.count) public declarations")
    #expect(declarations.count <= 490, "\(declarations.count) public declarations")
  }
}

/// Any JSON value, kept only to tell that a key is there.
struct AnyCodable: Decodable {
  init(from decoder: Decoder) throws {}
}

/// The triple the modules were built for.
let hostTriple: String = {
  #if arch(x86_64)
    "x86_64-unknown-linux-gnu"
  #else
    "aarch64-unknown-linux-gnu"
  #endif
}()
