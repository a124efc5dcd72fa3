import Chart2MIDIBase
import Chart2MIDIChart
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

extension FileReadFailure {
  /// The chart error it makes: a missing file, a limit passed, or a file that cannot be read.
  package var code: ChartErrors.Code {
    isMissing ? .missingFile : limit != nil ? .limitExceeded : .unreadableFile
  }
}
