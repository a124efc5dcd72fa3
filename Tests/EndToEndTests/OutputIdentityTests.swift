import Foundation
import Hashing
import TestSupport
import Testing

/// One case of `Tests/Fixtures/Outputs/cases.txt`: a name and the arguments of chart2midi.
struct OutputCase: CustomTestStringConvertible, Sendable {
  var name: String
  var arguments: String
  var testDescription: String { name }

  /// The file the case's digests are pinned in.
  var pinFile: URL { outputsFolder.appendingPathComponent("pins/\(name).sha256") }

  /// The arguments with `@OUT` as `folder`, split at spaces.
  func arguments(in folder: URL) -> [String] {
    arguments.replacingOccurrences(of: "@OUT", with: folder.path).split(separator: " ")
      .map(String.init)
  }
}

let outputsFolder = projectRoot.appendingPathComponent("Tests/Fixtures/Outputs")

let outputCases: [OutputCase] = {
  let text =
    (try? String(contentsOf: outputsFolder.appendingPathComponent("cases.txt"), encoding: .utf8))
    ?? ""
  return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
    let fields = line.split(separator: "\t", maxSplits: 1)
    guard fields.count == 2 else { return nil }
    return OutputCase(name: String(fields[0]), arguments: String(fields[1]))
  }
}()

/// The fields of a batch manifest's record that say when and how fast, not what: left out of its
/// digest.
private let manifestClockFields: Set<String> = ["finished", "seconds"]

/// The digest of one written file: its bytes, or for a batch manifest its records without the clock.
private func digest(of file: URL) throws -> String {
  var bytes = try Data(contentsOf: file)
  if file.lastPathComponent == "manifest.jsonl" {
    var kept = Data()
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      var record = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
      for field in manifestClockFields { record.removeValue(forKey: field) }
      kept += try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
      kept.append(UInt8(ascii: "\n"))
    }
    bytes = kept
  }
  return SHA256.hex(SHA256.hash(data: bytes))
}

/// Every file under `folder` (its path from `folder`) with its digest, as `sha256sum` lists them.
private func digestLines(under folder: URL) throws -> [String] {
  let enumerator = try #require(
    FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
  var lines: [String] = []
  for case let file as URL in enumerator
  where try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
    let path = String(
      file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
    lines.append("\(try digest(of: file))  \(path)")
  }
  return lines.sorted { $0.dropFirst(66) < $1.dropFirst(66) }
}

/// What every output is must not change by accident: each case of the examples and the fixtures
/// is run and the digests of all it writes are compared with those pinned. Each kind of output is
/// read by an independent reader in its own suite; this suite keeps a change that means to keep
/// the bytes from changing them. With `CHART2MIDI_PIN_OUTPUTS=1` (`make pins`), it writes the pins
/// instead, for a change meant to alter what is written.
@Suite("every output the same")
struct OutputIdentityTests {
  @Test func everyPinHasACaseAndEveryCaseAPin() throws {
    #expect(outputCases.count >= 20, "cases.txt is missing or short")
    let pins = try FileManager.default.contentsOfDirectory(
      atPath: outputsFolder.appendingPathComponent("pins").path
    ).sorted()
    #expect(pins == outputCases.map { "\($0.name).sha256" }.sorted())
  }

  @Test("the same files and bytes as pinned", arguments: outputCases)
  func sameOutputs(_ outputCase: OutputCase) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(outputCase.arguments(in: folder))
    #expect(result.status == 0, "\(result.error)")
    if !result.output.isEmpty {
      try result.output.replacingOccurrences(of: folder.path, with: "@OUT")
        .write(to: folder.appendingPathComponent("stdout.txt"), atomically: true, encoding: .utf8)
    }
    let written = try digestLines(under: folder)
    #expect(!written.isEmpty)
    if ProcessInfo.processInfo.environment["CHART2MIDI_PIN_OUTPUTS"] == "1" {
      try (written.joined(separator: "\n") + "\n").write(
        to: outputCase.pinFile, atomically: true, encoding: .utf8)
      return
    }
    let pinned = try String(contentsOf: outputCase.pinFile, encoding: .utf8)
      .split(separator: "\n").map(String.init)
    let changed = Set(written).symmetricDifference(pinned).map { String($0.dropFirst(66)) }
    #expect(changed.isEmpty, "differs from the pins: \(Set(changed).sorted())")
  }
}
