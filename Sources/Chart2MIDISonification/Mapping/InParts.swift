import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// A long array made on every core: the indices are cut into parts, and each part is computed on
/// its own into its own range of one array, which is closed up afterwards where elements were
/// left out. Short arrays are made in one part, on the calling thread.
enum InParts {
  /// The fewest indices a part has.
  static let minimumPart = 1 << 16

  /// How many parts `count` indices are cut into: four a core (so that a core that starts late
  /// still finds work), each of at least `minimumPart` indices.
  static func parts(for count: Int) -> Int {
    max(1, min(ProcessInfo.processInfo.activeProcessorCount * 4, count / minimumPart))
  }

  /// The results of `transform` for the indices `0..<count`, in order, leaving out nil.
  ///
  /// - Parameter parts: how many parts; by default `parts(for: count)`.
  static func compactMap<Element>(
    count: Int, parts: Int? = nil, _ transform: @Sendable (Int) -> Element?
  ) -> [Element] {
    let parts = max(1, min(parts ?? Self.parts(for: count), max(count, 1)))
    let range: @Sendable (Int) -> Range<Int> = { part in
      (count * part / parts)..<(count * (part + 1) / parts)
    }
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
      // Each part writes only its own range of the elements, and its own count.
      nonisolated(unsafe) let elements = buffer.baseAddress
      nonisolated(unsafe) let made = UnsafeMutableBufferPointer<Int>.allocate(capacity: parts)
      defer { made.deallocate() }
      @Sendable func fill(_ part: Int) {
        var next = range(part).lowerBound
        for index in range(part) {
          guard let element = transform(index) else { continue }
          (elements! + next).initialize(to: element)
          next += 1
        }
        made[part] = next - range(part).lowerBound
      }
      if parts == 1 {
        fill(0)
      } else {
        DispatchQueue.concurrentPerform(iterations: parts) { fill($0) }
      }
      // The parts close up where elements were left out.
      initialized = made[0]
      for part in 1..<parts {
        let start = range(part).lowerBound
        if start != initialized {
          (elements! + initialized).moveInitialize(from: elements! + start, count: made[part])
        }
        initialized += made[part]
      }
    }
  }
}
