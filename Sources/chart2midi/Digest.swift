import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation
import Hashing

/// SHA-256 digests as lowercase hex.
enum Digest {
  /// Of some bytes.
  static func sha256(_ data: Data) -> String { SHA256.hex(SHA256.hash(data: data)) }

  /// Of a file, read a megabyte at a time.
  static func sha256(file url: URL) throws -> String {
    var hasher = SHA256()
    try update(&hasher, file: url)
    return SHA256.hex(hasher.finalize())
  }

  /// Of a file open for reading, from where it stands, read a megabyte at a time; nil on a read
  /// error.
  static func sha256(descriptor: Int32) -> String? {
    var hasher = SHA256()
    guard update(&hasher, descriptor: descriptor) else { return nil }
    return SHA256.hex(hasher.finalize())
  }

  private static func update(_ hasher: inout SHA256, file url: URL) throws {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    guard update(&hasher, descriptor: handle.fileDescriptor) else {
      throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
  }

  /// Adds what remains of an open file, a megabyte at a time; whether it was read to its end.
  private static func update(_ hasher: inout SHA256, descriptor: Int32) -> Bool {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { return false }
      if got == 0 { return true }
      buffer.withUnsafeBytes { hasher.update(bytes: UnsafeRawBufferPointer(rebasing: $0[0..<got])) }
    }
  }

  /// Of a chart as a batch reads it: its file's bytes, then the chart as read (which holds what
  /// its data files gave). The chart goes in as descriptor JSON without its points (titles, axes,
  /// series' names and settings, sonification) and then each point's values as bytes: writing a
  /// million points as JSON text took seconds, this takes a fraction of a conversion.
  static func sha256(input url: URL, chart: ChartDescriptor) throws -> String {
    var hasher = SHA256()
    try update(&hasher, file: url)
    var outline = chart
    for index in outline.series.indices { outline.series[index].dataPoints = [] }
    hasher.update(data: Data(outline.descriptorJSON().utf8))
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1 << 16)
    func add(_ number: Double) {
      withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes += $0 }
    }
    func add(_ text: String) {
      withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { bytes += $0 }
      bytes += text.utf8
    }
    func add(_ value: DataValue) {
      switch value {
      case .number(let number):
        bytes.append(0)
        add(number)
      case .category(let name):
        bytes.append(1)
        add(name)
      }
    }
    for series in chart.series {
      for point in series.dataPoints {
        add(point.x)
        if let y = point.y {
          bytes.append(1)
          add(y)
        } else {
          bytes.append(0)
        }
        bytes.append(UInt8(clamping: point.additionalValueCount))
        for index in 0..<point.additionalValueCount { add(point.additionalValue(at: index)) }
        if let label = point.label {
          bytes.append(1)
          add(label)
        } else {
          bytes.append(0)
        }
        if bytes.count >= 1 << 16 {
          hasher.update(data: bytes)
          bytes.removeAll(keepingCapacity: true)
        }
      }
      // A series' points end where the next series' begin.
      bytes.append(0xFF)
    }
    hasher.update(data: bytes)
    return SHA256.hex(hasher.finalize())
  }
}
