import Foundation

extension ChartDescriptor {
  /// Reads and decodes a descriptor file, or a Vega-Lite specification (see `VegaLite`).
  ///
  /// - Parameters:
  ///   - url: the file.
  ///   - dataFolder: where a Vega-Lite `data.url` is looked for when it is not beside the file.
  ///   - allowsDataAnywhere: whether a `data.url` may lead out of those folders, to any file the
  ///     process can read; off for charts from anyone.
  ///   - limits: how large a file, and how much Vega-Lite data, is read.
  /// - Throws: `DescriptorError` naming the file, for a file that cannot be read or a descriptor
  ///   with mistakes.
  public init(
    contentsOf url: URL, dataFolder: URL? = nil, allowsDataAnywhere: Bool = false,
    limits: ReadingLimits = ReadingLimits()
  ) throws {
    let bytes = try readDocument(url, limits: limits)
    self = try attributingErrors(to: url.relativePath) {
      try bytes.withUnsafeBufferPointer {
        try ChartDescriptor(
          document: $0, folder: url.deletingLastPathComponent(), dataFolder: dataFolder,
          allowsDataAnywhere: allowsDataAnywhere, limits: limits)
      }
    }
  }

  /// Decodes a descriptor or a Vega-Lite specification held in memory.
  ///
  /// - Parameters:
  ///   - data: the JSON document.
  ///   - folder: where a Vega-Lite `data.url` is looked for first; nil for nowhere.
  ///   - dataFolder: where it is looked for next.
  ///   - allowsDataAnywhere: whether a `data.url` may lead out of those folders.
  ///   - limits: how large a data file, and how much Vega-Lite data, is read.
  /// - Throws: `DescriptorError` for a document with mistakes.
  public init(
    document data: Data, folder: URL? = nil, dataFolder: URL? = nil,
    allowsDataAnywhere: Bool = false, limits: ReadingLimits = ReadingLimits()
  ) throws {
    self = try data.withUnsafeBytes {
      try ChartDescriptor(
        document: $0.assumingMemoryBound(to: UInt8.self), folder: folder, dataFolder: dataFolder,
        allowsDataAnywhere: allowsDataAnywhere, limits: limits)
    }
  }

  /// Decodes a descriptor or a Vega-Lite specification from its bytes, read where they lie.
  init(
    document bytes: UnsafeBufferPointer<UInt8>, folder: URL?, dataFolder: URL?,
    allowsDataAnywhere: Bool = false, limits: ReadingLimits = ReadingLimits()
  ) throws {
    do {
      try self.init(json: bytes)
    } catch let error as DescriptorError {
      // Not a descriptor: perhaps a Vega-Lite specification (the descriptor decoder stops at its
      // first field that a descriptor does not have, so a descriptor pays nothing for this).
      var scanner = JSONScanner(document: bytes)
      guard let json = try? scanner.readValue(), VegaLite.isSpecification(json) else {
        throw error
      }
      self = try VegaLite.chart(
        from: json, folder: folder, dataFolder: dataFolder, allowsDataAnywhere: allowsDataAnywhere,
        limits: limits)
    }
  }
}

/// A chart file's bytes.
///
/// - Throws: `DescriptorError` naming the file and why it cannot be read.
func readDocument(_ url: URL, limits: ReadingLimits = ReadingLimits()) throws -> [UInt8] {
  do {
    return try readRegularFile(url.path, maximumBytes: limits.fileBytes)
  } catch {
    var failure = DescriptorError(
      "cannot read the file (\(error.reason))", file: url.relativePath, code: error.code)
    failure.limit = error.limit
    throw failure
  }
}

/// Why a file cannot be read: "no such file or directory", "it is not a regular file", "it
/// holds 3.2 GB; at most 256 MB is read".
package struct FileReadFailure: Error {
  /// The reason, in lower case.
  package var reason: String
  /// `fileSize` when the file is larger than the limit.
  package var limit: ReadingLimits.Limit?
  /// Whether there is no file at the path.
  package var isMissing = false

  /// The chart error it makes: a missing file, a limit passed, or a file that cannot be read.
  package var code: ChartErrors.Code {
    isMissing ? .missingFile : limit != nil ? .limitExceeded : .unreadableFile
  }
}

/// The bytes of a regular file. It is opened without waiting (a FIFO or a device would block a
/// read, or never end) and refused unless it is a regular file.
///
/// - Throws: `FileReadFailure` saying why it cannot be read.
package func readRegularFile(_ path: String, maximumBytes: Int = ReadingLimits().fileBytes)
  throws(FileReadFailure) -> [UInt8]
{
  let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  guard descriptor >= 0 else {
    let number = errno
    throw FileReadFailure(
      reason: String(cString: strerror(number)).lowercased(), isMissing: number == ENOENT)
  }
  defer { close(descriptor) }
  var status = stat()
  guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
    throw FileReadFailure(reason: "it is not a regular file")
  }
  let size = Int(status.st_size)
  guard size <= maximumBytes else {
    throw FileReadFailure(
      reason:
        "it holds \(ReadingLimits.size(size)); at most \(ReadingLimits.size(maximumBytes)) is read",
      limit: .fileSize)
  }
  var failed = false
  let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
    count = 0
    HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
    while count < size {
      let got = read(descriptor, buffer.baseAddress! + count, size - count)
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    failed = count != size
  }
  if failed { throw FileReadFailure(reason: "a read error") }
  return bytes
}
