import Foundation

extension ChartDescriptor {
  /// Reads and decodes a descriptor file.
  ///
  /// - Throws: `DescriptorError` naming the file, for a file that cannot be read or a descriptor
  ///   with mistakes.
  public init(contentsOf url: URL) throws {
    let bytes = try readNulTerminated(url)
    self = try attributingErrors(to: url.relativePath) {
      if let spec = try vegaLiteSpecification(bytes) {
        return try VegaLite.chart(from: spec, folder: url.deletingLastPathComponent())
      }
      return try ChartDescriptor(nulTerminatedJSON: bytes)
    }
  }
}

/// The document as JSON when it is a Vega-Lite specification (it names `$schema`, or `mark` and
/// `encoding`, and `VegaLite.isSpecification` agrees); nil for a descriptor.
func vegaLiteSpecification(_ bytes: [UInt8]) throws -> JSONValue? {
  func mentions(_ key: String) -> Bool {
    let needle = Array("\"\(key)\"".utf8)
    return bytes.withUnsafeBufferPointer { haystack -> Bool in
      guard let base = haystack.baseAddress, haystack.count > needle.count else { return false }
      var start = 0
      let last = haystack.count - needle.count
      // Jump from quote to quote with memchr, then compare.
      while start <= last, let found = memchr(base + start, Int32(needle[0]), last - start + 1) {
        let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if memcmp(base + offset, needle, needle.count) == 0 { return true }
        start = offset + 1
      }
      return false
    }
  }
  // A descriptor has "series" and never "encoding"; look no further for the common case.
  guard mentions("encoding"), mentions("mark") || mentions("$schema") else { return nil }
  let json = try bytes.withUnsafeBufferPointer { buffer -> JSONValue in
    var scanner = JSONScanner(nulTerminated: buffer)
    return try scanner.readValue()
  }
  return VegaLite.isSpecification(json) ? json : nil
}

/// The bytes of a file with a NUL after them, read straight into the buffer the scanner uses.
///
/// - Throws: `DescriptorError` naming the file and the system's reason.
func readNulTerminated(_ url: URL) throws -> [UInt8] {
  func failure(_ reason: String) -> DescriptorError {
    DescriptorError("cannot read the file (\(reason))", file: url.relativePath)
  }
  guard let file = fopen(url.path, "rb") else {
    throw failure(String(cString: strerror(errno)).lowercased())
  }
  defer { fclose(file) }
  var status = stat()
  guard fstat(fileno(file), &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
    throw failure("it is not a regular file")
  }
  let size = Int(status.st_size)
  var failed = false
  let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
    let read = size == 0 ? 0 : fread(buffer.baseAddress!, 1, size, file)
    failed = read != size
    buffer[read] = 0
    count = read + 1
  }
  if failed { throw failure("a read error") }
  return bytes
}
