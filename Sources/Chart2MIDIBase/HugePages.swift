#if canImport(Glibc)
  import Glibc
#endif

/// Large buffers backed by 2 MB pages where Linux allows it on request (transparent huge pages in
/// `madvise` mode, Debian's default): a buffer of tens of MB then fills with a few dozen page
/// faults instead of thousands, each zeroing 4 KB. A million-point chart's file, points, notes and
/// events are such buffers; the advice must come before anything is written, and it changes no
/// byte, only how the memory is mapped. Elsewhere it does nothing.
package enum HugePages {
  /// The size of a huge page.
  static let size = 2 << 20

  /// Advises the whole 2 MB pages inside `buffer`, when it spans at least two of them.
  package static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
    #if canImport(Glibc)
      guard buffer.count >= 2 * size, let base = buffer.baseAddress else { return }
      let start = (Int(bitPattern: base) + size - 1) / size * size
      let end = (Int(bitPattern: base) + buffer.count) / size * size
      guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
      _ = madvise(first, end - start, MADV_HUGEPAGE)
    #endif
  }

  /// Advises the reserved capacity of `array`, before elements are appended to it.
  package static func advise<Element>(capacityOf array: inout [Element]) {
    let bytes = array.capacity * MemoryLayout<Element>.stride
    guard bytes >= 2 * size else { return }
    array.withUnsafeMutableBufferPointer { buffer in
      advise(
        UnsafeMutableRawBufferPointer(
          start: UnsafeMutableRawPointer(buffer.baseAddress), count: bytes))
    }
  }
}
