import Foundation
import Testing

@testable import Chart2MIDIBase
@testable import Chart2MIDIChart
@testable import Chart2MIDIFacts
@testable import Chart2MIDIInput

/// Order statistics by selection, against references that sort.
@Suite("Median, quartiles and outlier scores in linear time")
struct SelectionTests {
  /// A generator with a seed, for repeatable random data.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
  }

  static func sortedMedian(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func sortedQuantile(_ values: [Double], _ q: Double) -> Double {
    let sorted = values.sorted()
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(sorted.count - 1, low + 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
  }

  /// Random values of many sizes: spread out, with many ties, all equal, in order, reversed,
  /// rising then falling.
  static func samples() -> [[Double]] {
    var generator = Generator(state: 7)
    var samples: [[Double]] = [[1], [2, 1], [3, 3], [5, 1, 4]]
    // From 4,096 values on, a sample narrows the selection first.
    for count in [5, 10, 17, 100, 999, 1000, 4096, 4097, 20_000, 100_001] {
      samples.append((0..<count).map { _ in Double.random(in: -1e6...1e6, using: &generator) })
      samples.append((0..<count).map { _ in Double(Int.random(in: 0...4, using: &generator)) })
      samples.append([Double](repeating: 42, count: count))
      samples.append((0..<count).map(Double.init))
      samples.append((0..<count).reversed().map(Double.init))
      samples.append((0..<count).map { Double(min($0, count - $0)) })
    }
    return samples
  }

  @Test func theMedianAndTheQuantilesAreTheSortedOnes() {
    for values in Self.samples() {
      #expect(Selection.median(values) == Self.sortedMedian(values), "\(values.count) values")
      for q in [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1] {
        let selected = Selection.quantile(values, q)!
        let sorted = Self.sortedQuantile(values, q)
        #expect(abs(selected - sorted) <= 1e-9 * max(1, abs(sorted)), "q \(q), \(values.count)")
      }
    }
    #expect(Selection.median([]) == nil && Selection.quantile([], 0.5) == nil)
  }

  @Test func everyRankIsTheSortedOneAndThePartitionHolds() {
    var generator = Generator(state: 11)
    for count in [1, 2, 3, 8, 33] {
      let values = (0..<count).map { _ in Double(Int.random(in: 0...9, using: &generator)) }
      let sorted = values.sorted()
      for k in 0..<count {
        var copy = values
        let selected = Selection.select(&copy, k)
        #expect(selected == sorted[k])
        #expect(
          copy[..<k].allSatisfy { $0 <= selected } && copy[k...].allSatisfy { $0 >= selected })
        #expect(copy.sorted() == sorted)
      }
    }
  }

  /// A sample too small to bracket the rank makes the selection fall back to the whole, and it
  /// still finds the sorted values; so does every rank of data with long runs of ties.
  @Test func aSampleThatMissesStillGivesTheSortedRanks() {
    var generator = Generator(state: 5)
    let spread = (0..<5000).map { _ in Double.random(in: 0...1, using: &generator) }
    let ties = (0..<5000).map { _ in Double(Int.random(in: 0...3, using: &generator)) }
    for values in [spread, ties] {
      let sorted = values.sorted()
      for k in stride(from: 0, to: values.count, by: 97) + [values.count - 1] {
        for size in [2, 8, 64, nil] {
          let (found, next) = values.withUnsafeBufferPointer { buffer in
            Selection.pair(count: buffer.count, rank: k, sampleSize: size) { buffer[$0] }
          }
          #expect(found == sorted[k], "rank \(k), sample \(size ?? 0)")
          #expect(next == sorted[min(k + 1, values.count - 1)], "rank \(k), sample \(size ?? 0)")
        }
      }
    }
  }

  /// The outlier scores: the modified z-scores of the residuals from a Theil-Sen line, every
  /// median taken by sorting here.
  @Test func outlierScoresAreTheSortBasedOnes() throws {
    var generator = Generator(state: 3)
    // Above 2,000 points the line's slope is the least-squares one.
    for count in [5, 12, 60, 300, 2001, 9000] {
      let xs = (0..<count).map { Double($0) }
      var ys = xs.map { 2 * $0 + Double.random(in: -3...3, using: &generator).rounded() }
      ys[count / 2] += 80
      var slope: Double
      if count <= 2000 {
        var slopes: [Double] = []
        for i in 0..<count {
          for j in (i + 1)..<count { slopes.append((ys[j] - ys[i]) / (xs[j] - xs[i])) }
        }
        slope = Self.sortedMedian(slopes)
      } else {
        let (meanX, meanY) = (xs.reduce(0, +) / Double(count), ys.reduce(0, +) / Double(count))
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        slope = sxy / xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
      }
      let intercept = Self.sortedMedian(zip(xs, ys).map { $1 - slope * $0 })
      let residuals = zip(xs, ys).map { $1 - (intercept + slope * $0) }
      let center = Self.sortedMedian(residuals)
      let spread = Self.sortedMedian(residuals.map { abs($0 - center) })
      let expected = residuals.map { 0.6745 * ($0 - center) / spread }
      let scores = try #require(SeriesStatistics.deviationScores(ys, xs))
      #expect(scores.count == expected.count)
      for (score, reference) in zip(scores, expected) {
        #expect(abs(score - reference) < 1e-9, "\(count) points")
      }
      // The planted point is the outlier.
      #expect(scores.indices.filter { abs(scores[$0]) > 3.5 }.contains(count / 2))
    }
  }
}
