import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation

/// Writes a file from pieces of any size, leaving out long runs of zeros: the file system keeps
/// such a run as a hole, which reads as zeros but takes no disk space, no page of the cache and
/// nothing to free when the file is replaced. A stem is silent wherever its series does not play,
/// and a narrated render's music stems for most of their length. The file's bytes are the pieces'
/// bytes, whatever the file system.
package struct SparseWriter {
  /// The size of a block the writer looks at: a page, and the block size of common file systems.
  static let blockSize = 4096
  /// The fewest bytes of zeros left as a hole: shorter runs (a pause between two sentences) are
  /// written, as many small holes would cut the file into many small extents, slower to allocate
  /// and to free than the zeros are to write.
  package static let minimumHole = 262_144

  private let descriptor: Int32
  private let path: String
  /// The bytes given so far: the file's size.
  private(set) var size = 0
  /// Where the file's written bytes end; the file is extended with zeros to `size` at the end.
  private var written = 0
  /// The start of the block being filled, when a piece ended inside it.
  private var partial: [UInt8] = []
  /// Blocks of zeros not written yet, as file offsets: a hole if the run grows long enough.
  private var zeros: Range<Int>?

  /// A writer to an open file, empty and positioned at its start.
  package init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    partial.reserveCapacity(Self.blockSize)
  }

  /// Adds `piece` to the file.
  ///
  /// - Throws: `WriteFailure` with the system's reason when a write fails.
  package mutating func append(_ piece: UnsafeRawBufferPointer) throws {
    guard let base = piece.baseAddress, !piece.isEmpty else { return }
    var next = 0
    // First the rest of a block a piece before began.
    if !partial.isEmpty {
      let taken = min(Self.blockSize - partial.count, piece.count)
      partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[0..<taken]))
      next = taken
      if partial.count == Self.blockSize {
        try partial.withUnsafeBytes { try emit($0, at: size - (Self.blockSize - taken)) }
        partial.removeAll(keepingCapacity: true)
      }
    }
    let start = size
    size += piece.count
    // Then whole blocks, each run of them with data written at once.
    var run: Range<Int>?
    while piece.count - next >= Self.blockSize {
      let block = next..<(next + Self.blockSize)
      if Self.isZero(base + block.lowerBound, count: Self.blockSize) {
        if let pending = run {
          try write(
            UnsafeRawBufferPointer(rebasing: piece[pending]), at: start + pending.lowerBound)
        }
        run = nil
        skip(start + block.lowerBound)
      } else {
        run = (run?.lowerBound ?? block.lowerBound)..<block.upperBound
      }
      next = block.upperBound
    }
    if let pending = run {
      try write(UnsafeRawBufferPointer(rebasing: piece[pending]), at: start + pending.lowerBound)
    }
    // The start of the next block waits for the piece after.
    if next < piece.count {
      partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[next...]))
    }
  }

  /// Writes the last, partial block and gives the file its full size.
  ///
  /// - Throws: `WriteFailure` with the system's reason when a write fails.
  package mutating func finish() throws {
    if !partial.isEmpty {
      try partial.withUnsafeBytes { try emit($0, at: size - partial.count) }
      partial.removeAll()
    }
    if written < size, ftruncate(descriptor, off_t(size)) != 0 {
      throw WriteFailure()
    }
  }

  /// A block or the file's last bytes: written unless they are all zeros.
  private mutating func emit(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
    guard let base = bytes.baseAddress, !Self.isZero(base, count: bytes.count) else {
      if bytes.count == Self.blockSize { skip(offset) }
      return
    }
    try write(bytes, at: offset)
  }

  /// Notes the block of zeros at `offset` as not written.
  private mutating func skip(_ offset: Int) {
    zeros = (zeros?.lowerBound ?? offset)..<(offset + Self.blockSize)
  }

  /// Writes all of `bytes` at `offset`, after the zeros before it unless they make a hole.
  private mutating func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
    if let run = zeros {
      zeros = nil
      if run.count < Self.minimumHole { try writeZeros(run) }
    }
    guard writeFully(descriptor, bytes, at: offset) else { throw WriteFailure() }
    written = max(written, offset + bytes.count)
  }

  /// Zeros to write from.
  private static let zeroBlock = [UInt8](repeating: 0, count: 65536)

  /// Writes zeros over `range`.
  private mutating func writeZeros(_ range: Range<Int>) throws {
    try Self.zeroBlock.withUnsafeBytes { block in
      var offset = range.lowerBound
      while offset < range.upperBound {
        let count = min(block.count, range.upperBound - offset)
        try write(UnsafeRawBufferPointer(rebasing: block[0..<count]), at: offset)
        offset += count
      }
    }
  }

  /// Whether `count` bytes from `start` are all zero: 64 at a time, stopping at the first that is
  /// not.
  package static func isZero(_ start: UnsafeRawPointer, count: Int) -> Bool {
    var index = 0
    while index + 64 <= count {
      var bits: UInt64 = 0
      for word in 0..<8 {
        bits |= start.loadUnaligned(fromByteOffset: index + word * 8, as: UInt64.self)
      }
      if bits != 0 { return false }
      index += 64
    }
    while index < count {
      if start.load(fromByteOffset: index, as: UInt8.self) != 0 { return false }
      index += 1
    }
    return true
  }
}

/// A write that failed, with the system's reason ("no space left on device").
package struct WriteFailure: Error {
  /// The reason, from `errno` where the write failed.
  package var reason = String(cString: strerror(errno)).lowercased()

  /// The failure of the call that just set `errno`.
  package init() {}

  /// A failure for `reason`.
  package init(reason: String) { self.reason = reason }
}
