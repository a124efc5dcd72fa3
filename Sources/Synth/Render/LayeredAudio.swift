/// Stereo audio made of layers: each a stretch of samples placed at a frame and scaled, the layers
/// added and their sum scaled by one gain. A render's mix and stems are kept this way, so that a
/// long file (a narrated graph, music after a long lead-in) is written, measured and summed piece
/// by piece, without an array of its full length for each.
package struct LayeredAudio: Sendable {
  /// Samples placed on the timeline.
  struct Layer: Sendable {
    /// The left side.
    var left: [Float]
    /// The right side (the same array as `left` for a mono layer).
    var right: [Float]
    /// The frame its first sample falls on.
    var offset: Int
    /// What its samples are multiplied by before they are added.
    var gain: Float = 1

    /// The frames it covers.
    var range: Range<Int> { offset..<(offset + left.count) }
  }

  /// The layers, in the order they are added.
  var layers: [Layer]
  /// The length in frames; silence wherever no layer lies.
  package var frames: Int
  /// What the sum is multiplied by.
  package var gain: Float = 1

  /// Stereo audio as one layer.
  init(_ audio: StereoAudio) {
    layers = [Layer(left: audio.left, right: audio.right, offset: 0)]
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
  /// each and its two sides. A piece that one unscaled layer covers is handed over as it is;
  /// any other is summed into a buffer that is used again for the next.
  func forEachPiece(
    size: Int = pieceFrames,
    _ body: (Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) throws -> Void
  ) rethrows {
    let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: 2 * size)
    defer { scratch.deallocate() }
    let left = UnsafeMutableBufferPointer(rebasing: scratch[0..<size])
    let right = UnsafeMutableBufferPointer(rebasing: scratch[size...])
    for first in stride(from: 0, to: frames, by: size) {
      let piece = first..<min(frames, first + size)
      if gain == 1, layers.count == 1, layers[0].gain == 1,
        layers[0].range.lowerBound <= piece.lowerBound,
        piece.upperBound <= layers[0].range.upperBound
      {
        let layer = layers[0]
        try layer.left.withUnsafeBufferPointer { whole in
          try layer.right.withUnsafeBufferPointer { other in
            let part = (piece.lowerBound - layer.offset)..<(piece.upperBound - layer.offset)
            try body(first, .init(rebasing: whole[part]), .init(rebasing: other[part]))
          }
        }
        continue
      }
      sum(piece, into: left, right)
      try body(
        first, .init(rebasing: left[0..<piece.count]), .init(rebasing: right[0..<piece.count]))
    }
  }

  /// The frames of `piece`, summed and scaled, from the start of `left` and `right`.
  private func sum(
    _ piece: Range<Int>, into left: UnsafeMutableBufferPointer<Float>,
    _ right: UnsafeMutableBufferPointer<Float>
  ) {
    UnsafeMutableBufferPointer(rebasing: left[0..<piece.count]).update(repeating: 0)
    UnsafeMutableBufferPointer(rebasing: right[0..<piece.count]).update(repeating: 0)
    for layer in layers {
      let overlap = piece.clamped(to: layer.range)
      guard !overlap.isEmpty else { continue }
      let into = overlap.lowerBound - piece.lowerBound
      let from = overlap.lowerBound - layer.offset
      func add(_ samples: [Float], to out: UnsafeMutableBufferPointer<Float>) {
        samples.withUnsafeBufferPointer { source in
          SampleMath.add(
            source.baseAddress! + from, times: layer.gain, to: out.baseAddress! + into,
            count: overlap.count)
        }
      }
      add(layer.left, to: left)
      add(layer.right, to: right)
    }
    guard gain != 1 else { return }
    SampleMath.scale(left.baseAddress!, by: gain, count: piece.count)
    SampleMath.scale(right.baseAddress!, by: gain, count: piece.count)
  }

  /// The audio as two arrays of its full length. When one layer of gain 1 covers it all, its
  /// arrays are moved out and scaled in place, and the layers are left empty.
  mutating func takeDense() -> StereoAudio {
    if layers.count == 1, layers[0].offset == 0, layers[0].left.count == frames,
      layers[0].gain == 1
    {
      var left: [Float] = []
      var right: [Float] = []
      swap(&left, &layers[0].left)
      swap(&right, &layers[0].right)
      layers = []
      SampleMath.scale(&left, by: gain)
      SampleMath.scale(&right, by: gain)
      return StereoAudio(left: left, right: right)
    }
    return dense
  }

  /// The audio as two arrays of its full length, summed a piece at a time.
  var dense: StereoAudio {
    var audio = StereoAudio(frames: 0)
    audio.left.reserveCapacity(frames)
    audio.right.reserveCapacity(frames)
    forEachPiece { _, left, right in
      audio.left.append(contentsOf: left)
      audio.right.append(contentsOf: right)
    }
    return audio
  }

  /// The largest absolute sample value.
  var peak: Float {
    var largest: Float = 0
    forEachPiece { _, left, right in
      largest = max(largest, StereoAudio.peak(of: left), StereoAudio.peak(of: right))
    }
    return largest
  }
}
