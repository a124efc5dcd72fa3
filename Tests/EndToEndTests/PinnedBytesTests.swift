import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// One pinned conversion: a name and the arguments of `chart2midi convert`.
struct PinnedCase: CustomTestStringConvertible, Sendable {
  var name: String
  var arguments: [String]
  var testDescription: String { name }

  /// The file the bytes are pinned in.
  var pinnedFile: URL { pinnedFolder.appendingPathComponent("\(name).mid") }
}

let pinnedFolder = projectRoot.appendingPathComponent("Tests/Fixtures/Pinned")

/// The cases of `Tests/Fixtures/Pinned/cases.txt`: a name, a tab, then arguments split at spaces.
let pinnedCases: [PinnedCase] = {
  let text =
    (try? String(
      contentsOf: pinnedFolder.appendingPathComponent("cases.txt"), encoding: .utf8)) ?? ""
  return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
    let fields = line.split(separator: "\t", maxSplits: 1)
    guard fields.count == 2 else { return nil }
    return PinnedCase(
      name: String(fields[0]), arguments: fields[1].split(separator: " ").map(String.init))
  }
}()

/// What chart2midi writes must not change by accident: each case's bytes were pinned (and read back
/// with mido and libsmf when they were), and every later build must write them exactly.
@Suite("pinned MIDI bytes", .serialized)
struct PinnedBytesTests {
  @Test func everyPinnedFileHasACaseAndEveryCaseAFile() throws {
    #expect(pinnedCases.count >= 20, "cases.txt is missing or short")
    let pinned = try FileManager.default.contentsOfDirectory(atPath: pinnedFolder.path)
      .filter { $0.hasSuffix(".mid") }.sorted()
    #expect(pinned == pinnedCases.map { "\($0.name).mid" }.sorted())
  }

  @Test("the same bytes as pinned", arguments: pinnedCases)
  func sameBytes(_ pinnedCase: PinnedCase) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.mid")
    let result = try run(["convert"] + pinnedCase.arguments + ["-o", output.path])
    #expect(result.status == 0, "\(result.error)")
    let written = [UInt8](try Data(contentsOf: output))
    let pinned = [UInt8](try Data(contentsOf: pinnedCase.pinnedFile))
    let firstDifference = zip(written, pinned).enumerated().first { $0.element.0 != $0.element.1 }
    let isSame = written == pinned
    #expect(
      isSame,
      "\(written.count) bytes written, \(pinned.count) pinned; first difference at byte \(firstDifference?.offset ?? min(written.count, pinned.count))"
    )
    // The pinned file itself is a file libsmf reads, with notes on every instrument track.
    let file = try MIDIFile(bytes: pinned)
    #expect(file.format == 1)
    for track in file.tracks.dropFirst() {
      #expect(track.events.contains { $0.bytes.count == 3 && $0.bytes[0] & 0xF0 == 0x90 })
    }
  }
}
