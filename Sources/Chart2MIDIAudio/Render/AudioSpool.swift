import Foundation

/// Where a render keeps audio that does not fit in memory: a folder for scratch files, and how
/// many bytes of samples all its outputs together hold in memory before they move there.
package struct AudioSpill: Sendable {
  /// The folder of the scratch files: one on the disk the outputs go to.
  package var folder: URL
  /// The bytes of samples the mix and the stems together keep in memory.
  package var memoryBytes: Int

  /// The default budget: 64 MB, about 3 minutes of a stereo mix with one stem, or 20 seconds
  /// each of a mix and 16 stems.
  package static let defaultMemoryBytes = 64 << 20

  /// A spill to `folder`.
  package init(folder: URL, memoryBytes: Int = defaultMemoryBytes) {
    self.folder = folder
    self.memoryBytes = memoryBytes
  }
}

/// A file with no name that holds stereo samples as interleaved 32-bit floats: created in a
/// folder under a name nobody can guess (`mkstemp`, which creates it new) and unlinked at once,
/// so that it takes disk space only while it is open and nothing is left behind by a killed run.
/// Runs of silence are never written: they stay holes, which read as zeros.
package final class ScratchAudioFile: @unchecked Sendable {
  // Written only by the one `AudioSpool` that made it; read with `pread` by any thread after.
  private let descriptor: Int32
  /// The frames it holds.
  package fileprivate(set) var frames = 0
  /// Its largest absolute sample.
  package fileprivate(set) var peak: Float = 0
  /// The frames written, in order, touching runs joined; all others are silence.
  private var written: [Range<Int>] = []

  /// A new scratch file in `folder`.
  ///
  /// - Throws: `SynthError` when it cannot be created.
  init(in folder: URL) throws {
    var template = Array(folder.appendingPathComponent(".chart2midi-audio-XXXXXX").path.utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw SynthError(
        "cannot keep the audio in a scratch file in \(folder.relativePath): \(String(cString: strerror(errno)).lowercased())",
        code: .scratchFile
      )
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Writes `count` interleaved frames at frame `start`.
  fileprivate func write(_ samples: UnsafePointer<Float>, count: Int, at start: Int) throws {
    guard
      writeFully(
        descriptor, UnsafeRawBufferPointer(start: samples, count: count * 8), at: start * 8)
    else { throw failure("written") }
    let range = start..<(start + count)
    if let last = written.last, last.upperBound == start {
      written[written.count - 1] = last.lowerBound..<range.upperBound
    } else {
      written.append(range)
    }
  }

  /// The written runs that overlap `range`, clamped to it.
  private func writtenParts(of range: Range<Int>) -> [Range<Int>] {
    // The first run that ends after the range starts.
    var low = 0
    var high = written.count
    while low < high {
      let middle = (low + high) / 2
      if written[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
    }
    var parts: [Range<Int>] = []
    for run in written[low...] {
      guard run.lowerBound < range.upperBound else { break }
      parts.append(run.clamped(to: range))
    }
    return parts
  }

  /// Whether `range` holds only silence, written or not.
  func isSilent(_ range: Range<Int>) -> Bool { writtenParts(of: range).isEmpty }

  /// Gives the file its full size, so that silence at its end reads as zeros.
  fileprivate func finish() throws {
    guard ftruncate(descriptor, off_t(frames * 8)) == 0 else { throw failure("written") }
  }

  /// Adds the frames of `range`, times `gain`, to `left` and `right`, reading through `buffer`
  /// (room for `capacity` interleaved frames); with no gain, copies them as they are.
  func add(
    _ range: Range<Int>, times gain: Float?, to left: UnsafeMutablePointer<Float>,
    _ right: UnsafeMutablePointer<Float>, buffer: UnsafeMutablePointer<Float>, capacity: Int
  ) throws {
    var first = range.lowerBound
    while first < range.upperBound {
      let count = min(capacity, range.upperBound - first)
      try read(first..<(first + count), into: buffer)
      let (left, right) = (left + (first - range.lowerBound), right + (first - range.lowerBound))
      if let gain {
        for frame in 0..<count {
          left[frame] += buffer[2 * frame] * gain
          right[frame] += buffer[2 * frame + 1] * gain
        }
      } else {
        for frame in 0..<count {
          left[frame] = buffer[2 * frame]
          right[frame] = buffer[2 * frame + 1]
        }
      }
      first += count
    }
  }

  /// Reads the interleaved frames of `range` into `buffer`: the written runs from the file,
  /// silence for the rest.
  private func read(_ range: Range<Int>, into buffer: UnsafeMutablePointer<Float>) throws {
    var next = range.lowerBound
    for part in writtenParts(of: range) {
      (buffer + 2 * (next - range.lowerBound)).update(
        repeating: 0, count: 2 * (part.lowerBound - next))
      try readWritten(part, into: buffer + 2 * (part.lowerBound - range.lowerBound))
      next = part.upperBound
    }
    (buffer + 2 * (next - range.lowerBound)).update(
      repeating: 0, count: 2 * (range.upperBound - next))
  }

  /// Reads frames that were written.
  private func readWritten(_ range: Range<Int>, into buffer: UnsafeMutablePointer<Float>) throws {
    let size = range.count * 8
    let bytes = UnsafeMutableRawPointer(buffer)
    var done = 0
    while done < size {
      let count = pread(descriptor, bytes + done, size - done, off_t(range.lowerBound * 8 + done))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw count == 0
          ? SynthError("the audio's scratch file ended early", code: .scratchFile) : failure("read")
      }
      done += count
    }
  }

  private func failure(_ verb: String) -> SynthError {
    SynthError(
      "the audio's scratch file could not be \(verb): \(String(cString: strerror(errno)).lowercased())",
      code: .scratchFile
    )
  }
}

/// Stereo audio as a render makes it: held whole in memory, or in a scratch file.
package enum StoredAudio: Sendable {
  /// Arrays in memory.
  case memory(StereoAudio)
  /// A scratch file.
  case file(ScratchAudioFile)

  /// The number of frames.
  package var frames: Int {
    switch self {
    case .memory(let audio): audio.frames
    case .file(let file): file.frames
    }
  }

  /// The largest absolute sample.
  package var peak: Float {
    switch self {
    case .memory(let audio): audio.peak
    case .file(let file): file.peak
    }
  }
}

/// Stereo audio appended a block at a time: kept in memory up to `memoryFrames` frames, then moved
/// to a scratch file and written a piece at a time, so that memory does not grow with the length
/// of a render.
struct AudioSpool {
  /// The frames kept in memory before the audio moves to a scratch file; nil for no limit.
  let memoryFrames: Int?
  /// The scratch files' folder.
  let folder: URL?
  /// All the frames while in memory; afterwards, those not yet written.
  private var left: [Float] = []
  private var right: [Float] = []
  private var file: ScratchAudioFile?
  /// The frames written to the file (or left as holes).
  private var flushed = 0
  /// Interleaved frames on their way to the file.
  private var interleaved: [Float] = []

  /// The frames written so far.
  private(set) var frames = 0

  init(memoryFrames: Int?, folder: URL?) {
    self.memoryFrames = memoryFrames
    self.folder = folder
  }

  /// Reserves room for `frames` frames in memory, within the limit.
  mutating func reserve(frames: Int) {
    let count = min(frames, memoryFrames ?? frames)
    left.reserveCapacity(count)
    right.reserveCapacity(count)
  }

  /// Appends the first `count` samples of `left` and `right`.
  mutating func append(
    _ left: UnsafePointer<Float>, _ right: UnsafePointer<Float>, count: Int
  ) throws {
    self.left.append(contentsOf: UnsafeBufferPointer(start: left, count: count))
    self.right.append(contentsOf: UnsafeBufferPointer(start: right, count: count))
    frames += count
    try flushIfFull()
  }

  /// Appends `count` frames of silence: in memory no more than the limit allows, then as a hole
  /// in the scratch file.
  mutating func appendSilence(_ count: Int) throws {
    var remaining = count
    while remaining > 0 {
      if let file, left.isEmpty {
        // Nothing waits to be written: the silence becomes a hole.
        frames += remaining
        flushed = frames
        file.frames = frames
        return
      }
      // As much as fills the memory past its limit, or the piece on its way to the file.
      let room =
        file != nil
        ? LayeredAudio.pieceFrames - left.count
        : memoryFrames.map { $0 + 1 - left.count } ?? remaining
      let taken = min(remaining, max(1, room))
      left.append(contentsOf: repeatElement(0, count: taken))
      right.append(contentsOf: repeatElement(0, count: taken))
      frames += taken
      remaining -= taken
      try flushIfFull()
    }
  }

  /// The audio: its arrays when it stayed in memory, else its finished scratch file.
  consuming func finished() throws -> StoredAudio {
    guard let file else { return .memory(StereoAudio(left: left, right: right)) }
    try flush()
    try file.finish()
    return .file(file)
  }

  /// Moves the frames in memory to the scratch file once there are more than the limit (or, once
  /// in the file, a piece's worth).
  private mutating func flushIfFull() throws {
    guard let limit = memoryFrames else { return }
    if file == nil {
      guard left.count > limit else { return }
      file = try ScratchAudioFile(in: folder ?? FileManager.default.temporaryDirectory)
    } else if left.count < LayeredAudio.pieceFrames {
      return
    }
    try flush()
  }

  /// Writes the frames in memory to the scratch file, a piece at a time; a piece of silence is
  /// left as a hole.
  private mutating func flush() throws {
    guard let file else { return }
    var first = 0
    while first < left.count {
      let count = min(LayeredAudio.pieceFrames, left.count - first)
      var silent = true
      var peak = file.peak
      interleaved.removeAll(keepingCapacity: true)
      for frame in first..<(first + count) {
        let (l, r) = (left[frame], right[frame])
        interleaved.append(l)
        interleaved.append(r)
        // Exactly +0.0: a hole reads as it, where -0.0 would not.
        silent = silent && l.bitPattern == 0 && r.bitPattern == 0
        peak = max(peak, abs(l), abs(r))
      }
      if !silent {
        try interleaved.withUnsafeBufferPointer {
          try file.write($0.baseAddress!, count: count, at: flushed)
        }
      }
      file.peak = peak
      flushed += count
      first += count
    }
    file.frames = flushed
    left.removeAll(keepingCapacity: left.capacity <= 4 * LayeredAudio.pieceFrames)
    right.removeAll(keepingCapacity: right.capacity <= 4 * LayeredAudio.pieceFrames)
  }
}
