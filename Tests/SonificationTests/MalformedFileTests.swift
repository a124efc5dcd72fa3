import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

/// A small deterministic random source for mutations.
struct Mutator {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  /// The bytes with a few changed, sometimes cut short or with bytes inserted.
  mutating func mutate(_ original: [UInt8]) -> [UInt8] {
    var bytes = original
    for _ in 0..<(1 + next(6)) { bytes[next(bytes.count)] = UInt8(next(256)) }
    if next(5) == 0 { bytes = Array(bytes.prefix(next(bytes.count))) }
    if next(10) == 0, !bytes.isEmpty {
      bytes.insert(
        contentsOf: (0..<(1 + next(16))).map { _ in UInt8(next(256)) }, at: next(bytes.count))
    }
    return bytes
  }
}

@Suite("Malformed MIDI files")
struct MalformedFileTests {
  /// libsmf aborts on some malformed files; every one must be stopped before it, with a sentence
  /// that says where. A miss here crashes the test run.
  @Test func mutatedFilesAreReadOrRefusedNeverCrash() throws {
    let originals = try ["cars", "birth-rate", "dice"].map { name in
      SMFEncoder().encode(
        try ChartMapper().makeScore(
          for: ChartDescriptor(
            contentsOf: projectRoot.appendingPathComponent("Examples/\(name).json"))))
    }
    var mutator = Mutator(state: 2026)
    var refused = 0
    for round in 0..<2000 {
      let bytes = mutator.mutate(originals[round % originals.count])
      do {
        _ = try MIDIFile(bytes: bytes, name: "m.mid")
      } catch let error as SMFReaderError {
        refused += 1
        #expect(
          error.description.hasPrefix("m.mid: not a valid Standard MIDI File: ")
            || error.description.hasPrefix("m.mid: not a Standard MIDI File that can be read"))
        #expect(!error.description.contains("\n"))
      }
    }
    // Most mutations break the structure; some only change values and still read.
    #expect(refused > 500)
    #expect(refused < 2000)
  }

  @Test(
    "malformed structure is named with its place",
    arguments: [
      (
        [0x4D, 0x54, 0x68, 0x64],
        "not a valid Standard MIDI File: it does not start with an MThd header"
      ),
      (
        [0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 1, 0, 1, 1, 0xE0],
        "not a valid Standard MIDI File: the header declares 1 tracks, but the file holds 0"
      ),
      (
        [
          0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96, 0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 4,
          0, 0x90, 0x3C, 0x40,
        ],
        "not a valid Standard MIDI File: track 1 does not end with an End of Track event"
      ),
      (
        [
          0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96, 0x4D, 0x54, 0x72, 0x6B, 0, 0, 0, 8,
          0, 0x3C, 0x40, 0x00, 0, 0xFF, 0x2F, 0,
        ],
        "not a valid Standard MIDI File: track 1, byte 23: a data byte where an event should start (no running status)"
      ),
      (
        [
          0x4D, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96, 0x4D, 0x54, 0x72, 0x6B, 0, 0, 0,
          40, 0, 0xFF, 0x2F, 0,
        ],
        "not a valid Standard MIDI File: chunk at byte 14 says it holds 40 bytes, but the file ends after 4"
      ),
    ] as [([UInt8], String)])
  func placesAreNamed(bytes: [UInt8], message: String) {
    #expect(throws: SMFReaderError(message, file: "x.mid", code: .malformed)) {
      try MIDIFile(bytes: bytes, name: "x.mid")
    }
  }
}
