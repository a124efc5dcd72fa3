import Foundation
import TestSupport
import Testing

/// One replayed input: its file, the command that reads it, and the message it must get.
struct HostileCase: CustomTestStringConvertible, Sendable {
  var file: String
  var command: [String]
  var message: String
  var testDescription: String { file }

  /// Every case of `Tests/Fixtures/Hostile/expected.tsv`; a file of the folder without a line
  /// there stops the tests.
  static let all: [HostileCase] = {
    let folder = projectRoot.appendingPathComponent("Tests/Fixtures/Hostile")
    guard
      let text = try? String(
        contentsOf: folder.appendingPathComponent("expected.tsv"), encoding: .utf8)
    else { fatalError("Tests/Fixtures/Hostile/expected.tsv cannot be read") }
    let cases = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return HostileCase(
        file: fields[0], command: fields[1].split(separator: " ").map(String.init),
        message: fields[2])
    }
    let listed = Set(cases.map(\.file))
    let present = Set(files(in: folder)).subtracting(["expected.tsv"])
    guard listed == present else {
      fatalError(
        "Tests/Fixtures/Hostile: files without a line, or lines without a file: \(listed.symmetricDifference(present).sorted())"
      )
    }
    return cases
  }()
}

@Suite("Hostile inputs: one sentence, never a crash")
struct HostileInputTests {
  @Test(arguments: HostileCase.all)
  func replay(_ hostile: HostileCase) throws {
    let path = projectRoot.appendingPathComponent("Tests/Fixtures/Hostile/\(hostile.file)").path
    let result = try run(hostile.command + [path])
    if hostile.message.hasPrefix("note: ") {
      // Read, with a note on what was left out.
      #expect(result.status == 0, "exit \(result.status): \(result.error.prefix(300))")
      #expect(result.error == "note: \(path): \(hostile.message.dropFirst(6))\n")
      return
    }
    if hostile.message == "OK" {
      // Valid, however odd: it must simply work.
      #expect(result.status == 0, "exit \(result.status): \(result.error.prefix(300))")
      #expect(result.error.isEmpty)
      return
    }
    #expect(result.status == 65, "exit \(result.status): \(result.error.prefix(300))")
    if hostile.message.contains("{path}") {
      // One line, naming the file itself (no GLib line before it).
      #expect(
        result.error == "Error: \(hostile.message.replacingOccurrences(of: "{path}", with: path))\n"
      )
      return
    }
    #expect(result.error == "Error: \(path): \(hostile.message)\n")
  }

  @Test func inspectPrintsNoEscapeSequenceFromAFile() throws {
    let path = projectRoot.appendingPathComponent(
      "Tests/Fixtures/Hostile/escape-sequence-track-name.mid"
    ).path
    let result = try run(["inspect", path])
    #expect(result.status == 0)
    #expect(
      !result.output.unicodeScalars.contains {
        $0.properties.generalCategory == .control && $0 != "\n"
      })
    #expect(result.output.contains(#"track 0 "\u{1B}[31mRED\u{1B}]0;pwned\u{7}""#))
    #expect(result.output.contains(#"0.50 s  \u{1B}XY"#))
  }
}
