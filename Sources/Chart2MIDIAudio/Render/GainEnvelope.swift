import Foundation

/// A gain that changes over time: 1 everywhere except over stretches where a limiter takes it
/// down. The same envelope scales a mix and each of its stems, so that they still add up.
package struct GainEnvelope: Sendable, Equatable {
  /// A run of gains from a frame on.
  struct Stretch: Sendable, Equatable {
    /// The frame of the first gain.
    var offset: Int
    /// One gain a frame, each at most 1.
    var gains: [Float]

    /// The frames it covers.
    var range: Range<Int> { offset..<(offset + gains.count) }
  }

  /// The stretches in time order, none overlapping.
  var stretches: [Stretch]

  /// No change anywhere.
  static let unity = GainEnvelope(stretches: [])

  /// Whether the gain is 1 everywhere.
  var isUnity: Bool { stretches.isEmpty }

  /// Whether the envelope changes any frame of `frames`.
  func touches(_ frames: Range<Int>) -> Bool {
    // The first stretch that ends after the start.
    let index = firstStretch(endingAfter: frames.lowerBound)
    return index < stretches.count && stretches[index].offset < frames.upperBound
  }

  /// The deepest cut, in dB (0 when there is none).
  var deepestCut: Double {
    let least = stretches.reduce(Float(1)) { min($0, $1.gains.min() ?? 1) }
    return least < 1 ? -20 * log10(Double(least)) : 0
  }

  /// Multiplies the frames of `piece`, found at the start of `left` and `right`, by the gains.
  func apply(
    to piece: Range<Int>, _ left: UnsafeMutablePointer<Float>,
    _ right: UnsafeMutablePointer<Float>
  ) {
    var index = firstStretch(endingAfter: piece.lowerBound)
    while index < stretches.count, stretches[index].offset < piece.upperBound {
      let stretch = stretches[index]
      let overlap = piece.clamped(to: stretch.range)
      stretch.gains.withUnsafeBufferPointer { gains in
        for frame in overlap {
          let gain = gains[frame - stretch.offset]
          left[frame - piece.lowerBound] *= gain
          right[frame - piece.lowerBound] *= gain
        }
      }
      index += 1
    }
  }

  /// The index of the first stretch whose end lies after `frame`, by bisection.
  private func firstStretch(endingAfter frame: Int) -> Int {
    var low = 0
    var high = stretches.count
    while low < high {
      let middle = (low + high) / 2
      if stretches[middle].range.upperBound <= frame {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
