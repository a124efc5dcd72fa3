import Foundation

/// Order statistics in linear time: the k-th smallest of some values found by selection, and the
/// median and quantiles made from it. The values must hold no NaN.
///
/// Small inputs go to quickselect with Hoare's partition, which keeps ties cheap; it falls back to
/// sorting after more rounds than a fair pivot needs, so that no input makes it quadratic. Large
/// inputs are first narrowed by a sample (after Floyd and Rivest): two values from a sorted random
/// sample bracket the rank wanted, one pass without branches counts the values below the bracket
/// and copies those within it, and quickselect finishes in that small band. The pass never
/// mispredicts a branch, which on noisy data is what partitioning a million values costs most;
/// when the bracket misses (rarely, or on some inputs with many ties), the whole is selected.
package enum Selection {
  /// The `k`-th smallest (from 0) of `values`, which are reordered: afterwards every value before
  /// index `k` is at most it, and every value after it at least it.
  package static func select(_ values: inout [Double], _ k: Int) -> Double {
    precondition(values.indices.contains(k), "k must index the values")
    return values.withUnsafeMutableBufferPointer { select($0, k) }
  }

  /// Quickselect in `buffer`, which is reordered as `select(_:_:)` says.
  static func select(_ buffer: UnsafeMutableBufferPointer<Double>, _ k: Int) -> Double {
    var buffer = buffer
    var low = 0
    var high = buffer.count - 1
    // A fair pivot halves the range in about two rounds: past this, sort what is left.
    var rounds = 2 * (Int.bitWidth - buffer.count.leadingZeroBitCount) + 8
    var state = UInt64(truncatingIfNeeded: buffer.count) &* 0x9E37_79B9_7F4A_7C15 | 1
    while low < high {
      rounds -= 1
      if rounds < 0 {
        buffer[low...high].sort()
        break
      }
      // A pivot drawn at random from the range (a fixed sequence: the same input, the same work).
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let pivot = buffer[low + Int((state >> 33) % UInt64(high - low + 1))]
      // Hoare's partition: values equal to the pivot may go either way, which keeps ties cheap.
      var left = low
      var right = high
      while left <= right {
        while buffer[left] < pivot { left += 1 }
        while buffer[right] > pivot { right -= 1 }
        if left <= right {
          buffer.swapAt(left, right)
          left += 1
          right -= 1
        }
      }
      // Now low...right hold values at most the pivot, left...high at least it, and any value
      // between them equals it.
      if k <= right {
        high = right
      } else if k >= left {
        low = left
      } else {
        return buffer[k]
      }
    }
    return buffer[k]
  }

  /// From this many values on, a sample narrows the selection first.
  static let sampledFrom = 4096

  /// The `k`-th and the `k + 1`-th smallest (from 0) of `count` values, each `value(i)`; the second
  /// is the first when `k` is the last rank. Nothing is reordered.
  ///
  /// - Parameter sampleSize: the sample's size; by default about `count`^(2/3), as Floyd and
  ///   Rivest advise. Tests make it small to exercise a bracket that misses.
  static func pair(
    count: Int, rank k: Int, sampleSize: Int? = nil, _ value: (Int) -> Double
  ) -> (Double, Double) {
    precondition((0..<count).contains(k), "k must index the values")
    let next = Swift.min(k + 1, count - 1)
    func whole() -> (Double, Double) {
      var copy = (0..<count).map(value)
      return copy.withUnsafeMutableBufferPointer { buffer in
        let found = select(buffer, k)
        return (found, next == k ? found : buffer[(k + 1)...].min()!)
      }
    }
    guard count >= sampledFrom || sampleSize != nil else { return whole() }
    // A sorted sample at positions from a fixed sequence (the same input, the same work).
    let size = Swift.max(2, Swift.min(count, sampleSize ?? Int(pow(Double(count), 2.0 / 3))))
    var state = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15 | 1
    var sample = (0..<size).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return value(Int((state >> 33) % UInt64(count)))
    }
    sample.sort()
    // Where the ranks fall in the sample, widened by about five standard deviations of where
    // they could fall (at most half the square root of the sample's size each).
    let scale = Double(size) / Double(count)
    let margin = Int((2.5 * Double(size).squareRoot()).rounded(.up)) + 1
    let lowBound = sample[Swift.max(0, Int(Double(k) * scale) - margin)]
    let highBound = sample[Swift.min(size - 1, Int(Double(next) * scale) + margin)]
    // One pass, no branch: count what lies below, copy what lies within (each value is written
    // at the band's end, which moves on only when the value belongs there).
    var below = 0
    var band = [Double](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
      var kept = 0
      for at in 0..<count {
        let v = value(at)
        below &+= v < lowBound ? 1 : 0
        buffer[kept] = v
        kept &+= (v >= lowBound ? 1 : 0) & (v <= highBound ? 1 : 0)
      }
      initialized = kept
    }
    let kept = band.count
    guard below <= k, next < below + kept else { return whole() }
    return band.withUnsafeMutableBufferPointer { buffer in
      let found = select(buffer, k - below)
      guard next != k else { return (found, found) }
      return (found, buffer[(k - below + 1)...].min()!)
    }
  }

  /// The median: the middle value, or the mean of the two middle values; nil for no values.
  package static func median(_ values: [Double]) -> Double? {
    values.withUnsafeBufferPointer { buffer in median(count: buffer.count) { buffer[$0] } }
  }

  /// The median of `count` values, each `value(i)`; nil for none.
  package static func median(count: Int, _ value: (Int) -> Double) -> Double? {
    guard count > 0 else { return nil }
    if count % 2 == 1 { return pair(count: count, rank: count / 2, value).0 }
    let (lower, upper) = pair(count: count, rank: count / 2 - 1, value)
    return (lower + upper) / 2
  }

  /// The median of `values`, which may be reordered; nil for no values.
  package static func median(reordering values: inout [Double]) -> Double? {
    guard values.count >= sampledFrom else {
      guard !values.isEmpty else { return nil }
      let middle = values.count / 2
      let upper = select(&values, middle)
      guard values.count % 2 == 0 else { return upper }
      // The lower middle is the largest of the values before the upper one.
      return (values[0..<middle].max()! + upper) / 2
    }
    return values.withUnsafeBufferPointer { buffer in median(count: buffer.count) { buffer[$0] } }
  }

  /// The quantile `q` (0 to 1) by linear interpolation between the closest ranks, as
  /// spreadsheets' QUARTILE.INC and PERCENTILE.INC give it; nil for no values.
  package static func quantile(_ values: [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let position = Swift.min(1, Swift.max(0, q)) * Double(values.count - 1)
    let rank = Int(position.rounded(.down))
    let (below, above) = values.withUnsafeBufferPointer { buffer in
      pair(count: buffer.count, rank: rank) { buffer[$0] }
    }
    let fraction = position - Double(rank)
    guard fraction > 0 else { return below }
    return below + (above - below) * fraction
  }
}
