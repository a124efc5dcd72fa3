import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIChart
@testable import Chart2MIDIInput

@Suite("Malformed descriptors")
struct MalformedDescriptorTests {
  /// The scanner reads a document where it lies, with nothing after it: a document cut short
  /// anywhere (in a key, a string, an escape, a number, a literal) is one located sentence, and
  /// nothing past its end is read (a debug build checks every read of its buffer).
  @Test func aDocumentCutShortAnywhereIsOneLocatedMistake() throws {
    // An example with every kind of token in one more member before its closing brace.
    var text = try String(contentsOf: example("coffee-code"), encoding: .utf8)
    text = String(text[..<text.lastIndex(of: "}")!])
    text += #", "more": {"e": "caf\u00e9 \"x\"", "n": -1.5e-7, "big": 12345678901234567890123, "#
    text += #""t": true, "f": false, "z": null, "a": [1, 2.5]}}"#
    let whole = Array(text.utf8)
    for length in 0..<whole.count {
      let cut = Array(whole.prefix(length))
      #expect(throws: DescriptorError.self, "cut at \(length)") {
        try cut.withUnsafeBufferPointer { try ChartDescriptor(json: $0) }
      }
      #expect(throws: DescriptorError.self, "cut at \(length)") {
        try cut.withUnsafeBufferPointer { pointer in
          var scanner = JSONScanner(document: pointer)
          _ = try scanner.readValue()
        }
      }
    }
    // The whole document is read to its end.
    try whole.withUnsafeBufferPointer { pointer in
      var scanner = JSONScanner(document: pointer)
      _ = try scanner.readValue()
      #expect(scanner.peek() == 0 && scanner.isAtEnd)
    }
  }

  /// Mutated examples decode or fail with one located sentence; none crashes.
  @Test func mutatedDescriptorsNeverCrash() throws {
    let originals = try exampleFiles.filter { !$0.path.contains("temperatures") }.map {
      [UInt8](try Data(contentsOf: $0))
    }
    let alphabet = Array(#"{}[]",:0123456789-.eE nulltrufas\"#.utf8) + [0x00, 0xFF, 0xC3]
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var failures = 0
    for round in 0..<1500 {
      var bytes = originals[round % originals.count]
      for _ in 0..<(1 + next(5)) { bytes[next(bytes.count)] = alphabet[next(alphabet.count)] }
      if next(10) == 0 { bytes = Array(bytes.prefix(next(bytes.count))) }
      do {
        _ = try ChartDescriptor(json: Data(bytes))
      } catch let error as DescriptorError {
        failures += 1
        #expect(!error.description.contains("\n"))
        #expect(!error.message.isEmpty)
      }
    }
    #expect(failures > 750)
  }
}
