import Chart2MIDIBase

/// Stereo audio made of layers: each a stretch of samples placed at a frame and scaled, the layers
/// added and their sum scaled by one gain. A render's mix and stems are kept this way, so that a
/// long file (a narrated graph, music after a long lead-in) is written, measured and summed piece
/// by piece, without an array of its full length for each.
package struct LayeredAudio: Sendable {
  /// Samples placed on the timeline.
  struct Layer: Sendable {
    /// The samples: arrays (the same array on both sides for a mono layer) or a scratch file.
    var audio: StoredAudio
    /// The frame its first sample falls on.
    var offset: Int
    /// What its samples are multiplied by before they are added.
    var gain: Float = 1

    init(_ audio: StoredAudio, offset: Int, gain: Float = 1) {
      self.audio = audio
      self.offset = offset
      self.gain = gain
    }

    /// The frames it covers.
    var range: Range<Int> { offset..<(offset + audio.frames) }
  }

  /// The layers, in the order they are added.
  var layers: [Layer]
  /// The length in frames; silence wherever no layer lies.
  package var frames: Int
  /// What the sum is multiplied by.
  package var gain: Float = 1
  /// What the sum is then multiplied by, frame by frame: a limiter's cuts.
  package var envelope = GainEnvelope.unity

  /// Stereo audio as one layer.
  init(_ audio: StereoAudio) {
    layers = [Layer(.memory(audio), offset: 0)]
    frames = audio.frames
  }

  /// Layers over `frames` frames.
  init(layers: [Layer], frames: Int) {
    self.layers = layers
    self.frames = frames
  }

  /// The frames this many at a time.
  static let pieceFrames = 16384

  /// Hands the audio to `body` in pieces of at most `size` frames, in order: the first frame of
  /// each and its two sides. A piece that one unscaled layer covers is handed over as it is (from
  /// its arrays, or read from its scratch file); any other is summed into a buffer that is used
  /// again for the next.
  ///
  /// - Throws: what `body` throws; `SynthError` when a scratch file cannot be read.
  func forEachPiece(
    size: Int = pieceFrames,
    _ body: (Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) throws -> Void
  ) throws {
    // Two sides, then interleaved frames read from a scratch file.
    let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4 * size)
    defer { scratch.deallocate() }
    let left = UnsafeMutableBufferPointer(rebasing: scratch[0..<size])
    let right = UnsafeMutableBufferPointer(rebasing: scratch[size..<(2 * size)])
    let reading = UnsafeMutableBufferPointer(rebasing: scratch[(2 * size)...])
    for first in stride(from: 0, to: frames, by: size) {
      // Read for a task (measured, limited): stopped at its cancellation.
      try WorkControl.checkCancellation()
      let piece = first..<min(frames, first + size)
      if gain == 1, layers.count == 1, layers[0].gain == 1, !envelope.touches(piece),
        layers[0].range.lowerBound <= piece.lowerBound,
        piece.upperBound <= layers[0].range.upperBound
      {
        let part = (piece.lowerBound - layers[0].offset)..<(piece.upperBound - layers[0].offset)
        switch layers[0].audio {
        case .memory(let audio):
          try audio.left.withUnsafeBufferPointer { whole in
            try audio.right.withUnsafeBufferPointer { other in
              try body(first, .init(rebasing: whole[part]), .init(rebasing: other[part]))
            }
          }
        case .file(let file):
          try file.add(
            part, times: nil, to: left.baseAddress!, right.baseAddress!,
            buffer: reading.baseAddress!, capacity: reading.count / 2)
          try body(
            first, .init(rebasing: left[0..<piece.count]),
            .init(rebasing: right[0..<piece.count]))
        }
        continue
      }
      try sum(piece, into: left, right, reading: reading)
      try body(
        first, .init(rebasing: left[0..<piece.count]), .init(rebasing: right[0..<piece.count]))
    }
  }

  /// The frames of `piece`, summed and scaled, from the start of `left` and `right`.
  private func sum(
    _ piece: Range<Int>, into left: UnsafeMutableBufferPointer<Float>,
    _ right: UnsafeMutableBufferPointer<Float>, reading: UnsafeMutableBufferPointer<Float>
  ) throws {
    UnsafeMutableBufferPointer(rebasing: left[0..<piece.count]).update(repeating: 0)
    UnsafeMutableBufferPointer(rebasing: right[0..<piece.count]).update(repeating: 0)
    for (index, layer) in layers.enumerated() {
      let overlap = piece.clamped(to: layer.range)
      guard !overlap.isEmpty else { continue }
      let into = overlap.lowerBound - piece.lowerBound
      let from = overlap.lowerBound - layer.offset
      switch layer.audio {
      case .memory(let audio):
        func add(_ samples: [Float], to out: UnsafeMutableBufferPointer<Float>) {
          samples.withUnsafeBufferPointer { source in
            SampleMath.add(
              source.baseAddress! + from, times: layer.gain, to: out.baseAddress! + into,
              count: overlap.count)
          }
        }
        add(audio.left, to: left)
        add(audio.right, to: right)
      case .file(let file):
        // Silence added to the zeros the first layer starts from leaves them as they are.
        if index == 0, file.isSilent(from..<(from + overlap.count)) { continue }
        try file.add(
          from..<(from + overlap.count), times: layer.gain, to: left.baseAddress! + into,
          right.baseAddress! + into, buffer: reading.baseAddress!, capacity: reading.count / 2)
      }
    }
    if gain != 1 {
      SampleMath.scale(left.baseAddress!, by: gain, count: piece.count)
      SampleMath.scale(right.baseAddress!, by: gain, count: piece.count)
    }
    envelope.apply(to: piece, left.baseAddress!, right.baseAddress!)
  }

  /// The audio as two arrays of its full length. When one layer in memory of gain 1 covers it
  /// all, its arrays are moved out and scaled in place, and the layers are left empty.
  mutating func takeDense() throws -> StereoAudio {
    if layers.count == 1, layers[0].offset == 0, layers[0].audio.frames == frames,
      layers[0].gain == 1, case .memory(var audio) = layers[0].audio
    {
      layers = []
      SampleMath.scale(&audio.left, by: gain)
      SampleMath.scale(&audio.right, by: gain)
      audio.left.withUnsafeMutableBufferPointer { left in
        audio.right.withUnsafeMutableBufferPointer { right in
          if let first = left.baseAddress, let other = right.baseAddress {
            envelope.apply(to: 0..<frames, first, other)
          }
        }
      }
      return audio
    }
    return try dense()
  }

  /// The audio as two arrays of its full length, summed a piece at a time.
  func dense() throws -> StereoAudio {
    var audio = StereoAudio(frames: 0)
    audio.left.reserveCapacity(frames)
    audio.right.reserveCapacity(frames)
    try forEachPiece { _, left, right in
      audio.left.append(contentsOf: left)
      audio.right.append(contentsOf: right)
    }
    return audio
  }

  /// The largest absolute sample value.
  func peak() throws -> Float {
    // One layer of gain 1 in a scratch file knows its peak.
    if layers.count == 1, layers[0].gain == 1, envelope.isUnity,
      case .file(let file) = layers[0].audio
    {
      return file.peak * abs(gain)
    }
    var largest: Float = 0
    try forEachPiece { _, left, right in
      largest = max(largest, StereoAudio.peak(of: left), StereoAudio.peak(of: right))
    }
    return largest
  }
}
