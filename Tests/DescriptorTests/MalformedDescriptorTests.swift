import Foundation
import TestSupport
import Testing

@testable import Descriptor

@Suite("Malformed descriptors")
struct MalformedDescriptorTests {
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
