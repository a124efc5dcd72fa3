/// Order statistics in linear time: the k-th smallest of some values found by selection
/// (quickselect with Hoare's partition, which keeps ties cheap; it falls back to sorting
/// after more rounds than a fair pivot needs, so that no input makes it quadratic), and the
/// median and quantiles made from it. The values must hold no NaN.
public enum Selection {
  /// The `k`-th smallest (from 0) of `values`, which are reordered: afterwards every value before
  /// index `k` is at most it, and every value after it at least it.
  public static func select(_ values: inout [Double], _ k: Int) -> Double {
    precondition(values.indices.contains(k), "k must index the values")
    var low = 0
    var high = values.count - 1
    // A fair pivot halves the range in about two rounds: past this, sort what is left.
    var rounds = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 8
    var state = UInt64(truncatingIfNeeded: values.count) &* 0x9E37_79B9_7F4A_7C15 | 1
    return values.withUnsafeMutableBufferPointer { buffer in
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
  }

  /// The median: the middle value, or the mean of the two middle values; nil for no values.
  public static func median(_ values: [Double]) -> Double? {
    var values = values
    return median(reordering: &values)
  }

  /// The median of `values`, which are reordered (no copy is made); nil for no values.
  public static func median(reordering values: inout [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let middle = values.count / 2
    let upper = select(&values, middle)
    guard values.count % 2 == 0 else { return upper }
    // The lower middle is the largest of the values before the upper one.
    let lower = values[0..<middle].max()!
    return (lower + upper) / 2
  }

  /// The quantile `q` (0 to 1) by linear interpolation between the closest ranks, as
  /// spreadsheets' QUARTILE.INC and PERCENTILE.INC give it; nil for no values.
  public static func quantile(_ values: [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    var values = values
    let position = Swift.min(1, Swift.max(0, q)) * Double(values.count - 1)
    let rank = Int(position.rounded(.down))
    let below = select(&values, rank)
    let fraction = position - Double(rank)
    guard fraction > 0, rank + 1 < values.count else { return below }
    // The next rank is the smallest of the values after this one.
    let above = values[(rank + 1)...].min()!
    return below + (above - below) * fraction
  }
}
