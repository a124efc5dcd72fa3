import Chart2MIDIOutputs
import Foundation
import TestSupport
import Testing

import struct Chart2MIDIBase.SeededGenerator

@Suite("Files written with holes")
struct SparseWriterTests {
  /// Writes `pieces` to a file through a `SparseWriter`: the file's bytes, and the bytes the file
  /// system gave it.
  func write(_ pieces: [[UInt8]]) throws -> (bytes: [UInt8], allocated: Int) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("file.bin")
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(descriptor >= 0)
    var writer = SparseWriter(descriptor: descriptor, path: url.path)
    for piece in pieces { try piece.withUnsafeBytes { try writer.append($0) } }
    try writer.finish()
    close(descriptor)
    var info = stat()
    try #require(stat(url.path, &info) == 0)
    return ([UInt8](try Data(contentsOf: url)), Int(info.st_blocks) * 512)
  }

  @Test func theFileHoldsThePiecesBytesWhereverTheyAreCut() throws {
    var generator = SeededGenerator(seed: 5)
    let lengths = [0, 1, 4095, 4096, 8209, 300_000, 1 << 20]
    for trial in 0..<16 {
      // Runs of zeros, short and long, between data, at the start and at the end.
      var whole: [UInt8] = []
      for _ in 0..<10 {
        whole += [UInt8](repeating: 0, count: lengths.randomElement(using: &generator)!)
        whole += (0..<Int.random(in: 1...20_000, using: &generator)).map { _ in
          UInt8.random(in: 1...255, using: &generator)
        }
      }
      if trial.isMultiple(of: 2) { whole += [UInt8](repeating: 0, count: 500_000) }
      // Cut into pieces of any size, as a WAV encoder hands them over.
      var pieces: [[UInt8]] = []
      var start = 0
      while start < whole.count {
        let count = min(whole.count - start, Int.random(in: 1...70_000, using: &generator))
        pieces.append(Array(whole[start..<(start + count)]))
        start += count
      }
      let written = try write(pieces).bytes
      // Compared first, so that a failure does not print the bytes.
      let same = written == whole
      #expect(same, "trial \(trial): \(written.count) bytes written of \(whole.count)")
    }
  }

  @Test func longRunsOfZerosAreHolesAndShortOnesAreWritten() throws {
    let data = [UInt8](repeating: 7, count: 100_000)
    // Four megabytes of zeros between data: a hole.
    let long = try write([data, [UInt8](repeating: 0, count: 4 << 20), data])
    #expect(long.bytes.count == 200_000 + 4 << 20)
    #expect(long.allocated < 1 << 20)
    // Zeros at the end, and a file of zeros alone.
    let tail = try write([data, [UInt8](repeating: 0, count: 3 << 20)])
    #expect(tail.bytes.count == 100_000 + 3 << 20)
    #expect(tail.allocated < 1 << 20)
    let silent = try write([[UInt8](repeating: 0, count: 3 << 20)])
    #expect(silent.bytes.count == 3 << 20)
    #expect(silent.allocated == 0)
    // Runs shorter than a hole's least size are written: no small holes cut the file up.
    var pieces: [[UInt8]] = []
    for _ in 0..<20 {
      pieces += [data, [UInt8](repeating: 0, count: SparseWriter.minimumHole - 4096)]
    }
    pieces.append(data)
    let short = try write(pieces)
    #expect(short.allocated >= short.bytes.count)
  }
}

/// Temporary files are new files under names nobody can guess, never written through a link.
@Suite("Temporary files")
struct TemporaryFileTests {
  @Test func aTemporaryIsNeverWrittenThroughALink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("target.txt")
    try Data("keep".utf8).write(to: target)
    let destination = folder.appendingPathComponent("out.wav")
    let first = TemporaryFiles.path(for: destination, tag: "0")
    let second = TemporaryFiles.path(for: destination, tag: "0")
    #expect(first != second)
    #expect(first.lastPathComponent.hasPrefix(".out.wav.\(TemporaryFiles.host).\(getpid()).0-"))
    // A link planted at the very name chosen: the write fails and the target is untouched.
    try FileManager.default.createSymbolicLink(at: first, withDestinationURL: target)
    #expect(throws: (any Error).self) {
      try TemporaryFiles.write(Data("overwritten".utf8), to: first)
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
  }
}
