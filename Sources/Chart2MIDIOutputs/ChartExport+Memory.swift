import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Foundation
import Synchronization
import ZIPFoundation

/// An output made in memory rather than in a file: the MIDI file, the mix in one of the audio
/// formats, or the page as a zip archive.
public enum ExportOutput: String, Hashable, Sendable, CaseIterable {
  case midi, wav, flac, ogg, opus, mp3
  /// The page (see `ChartPage`): its folder as a zip archive.
  case page

  /// The media type of its bytes: `audio/midi`, `audio/mpeg`, `application/zip`.
  public var mimeType: String {
    switch self {
    case .midi: "audio/midi"
    case .page: "application/zip"
    default: audioFormat!.mimeType.split(separator: ";")[0].description
    }
  }

  /// The extension of a file of it: `mid`, `mp3`, `zip`.
  package var fileExtension: String {
    switch self {
    case .midi: "mid"
    case .page: "zip"
    default: rawValue
    }
  }

  /// The audio format of a mix.
  var audioFormat: AudioFormat? { AudioFormat(rawValue: rawValue) }
}

extension ChartExport {
  /// Makes one output of a chart and hands its bytes to `writer`, a piece at a time (at most a few
  /// megabytes each), on `executor`'s threads: the audio is encoded as it is written, with the
  /// same bounded memory as a file. The files `settings` name are not written.
  ///
  /// The bytes go to `writer` only once the whole export has been made: a refusal, a failure or a
  /// cancellation before then hands it nothing. Audio passes through a scratch file of the system's
  /// temporary folder where its encoder needs one (to seek back to its headers), unlinked as soon
  /// as it is made; a page is made in a scratch folder there, removed after.
  ///
  /// - Throws: what `export(_:settings:on:progress:)` throws; `ExportError` (`exceedsLimits`) when
  ///   the bytes pass `settings.exportLimits.outputBytes`; what `writer` throws.
  public static func export(
    _ chart: ChartDescriptor, settings: ExportSettings, as output: ExportOutput,
    to writer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void,
    on executor: any BlockingExecutor = WorkThreads.shared,
    progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> ExportReport {
    try await run(settings, on: executor) {
      try export(chart, settings: settings, as: output, to: writer, progress: progress)
    }
  }

  /// Makes one output of a chart in memory, as `export(_:settings:as:to:on:progress:)` does.
  ///
  /// - Returns: its bytes, and what the export made.
  public static func data(
    of chart: ChartDescriptor, settings: ExportSettings, as output: ExportOutput,
    on executor: any BlockingExecutor = WorkThreads.shared,
    progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> (data: Data, report: ExportReport) {
    let collected = Collected()
    let report = try await export(
      chart, settings: settings, as: output, to: { collected.append($0) }, on: executor,
      progress: progress)
    return (collected.take(), report)
  }

  /// The bytes handed to a writer, gathered.
  private final class Collected: Sendable {
    private let data = Mutex(Data())
    func append(_ piece: UnsafeRawBufferPointer) { data.withLock { $0.append(contentsOf: piece) } }
    func take() -> Data { data.withLock { $0 } }
  }

  /// One output handed to `writer`, on the calling thread.
  static func export(
    _ chart: ChartDescriptor, settings: ExportSettings, as output: ExportOutput,
    to writer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void,
    progress: (@Sendable (Double) -> Void)?
  ) throws -> ExportReport {
    let language = settings.page?.language
    var settings = settings.withoutFiles
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      ".chart2midi-memory-\(UUID().uuidString)")
    let sink = CountingSink(writer, limits: settings.exportLimits)
    switch output {
    case .midi:
      settings.midi = scratch.appendingPathComponent("chart.mid")
      settings.sinks[settings.midi!.path] = sink.write
      return try export(chart, settings: settings, progress: progress)
    case .page:
      TemporaryFiles.register(scratch)
      defer {
        try? FileManager.default.removeItem(at: scratch)
        TemporaryFiles.unregister(scratch)
      }
      do {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
      } catch {
        throw ExportError(
          "cannot make a scratch folder for the page in \(scratch.deletingLastPathComponent().path)",
          code: .cannotWrite)
      }
      let folder = scratch.appendingPathComponent("page")
      settings.page = ExportSettings.PageRequest(folder: folder, language: language)
      let report = try export(chart, settings: settings, progress: progress)
      try Self.zip(folder, to: scratch.appendingPathComponent("page.zip"), sink: sink.write)
      return report
    default:
      settings.audioFormat = output.audioFormat
      settings.mix = scratch.appendingPathComponent("chart.\(output.fileExtension)")
      settings.sinks[settings.mix!.path] = sink.write
      return try export(chart, settings: settings, progress: progress)
    }
  }

  /// Zips `folder` into `archive` (each file stored, as its audio is compressed already, with
  /// one date, so that the same page gives the same bytes), then hands the archive to `sink`.
  private static func zip(_ folder: URL, to archive: URL, sink: AtomicFileBatch.Sink) throws {
    do {
      let zip = try Archive(url: archive, accessMode: .create)
      let names =
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
        .sorted()
      for name in names {
        let file = folder.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder),
          !isFolder.boolValue
        else { continue }
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try zip.addEntry(
          with: name, type: .file, uncompressedSize: Int64(size),
          modificationDate: Date(timeIntervalSince1970: 315_532_800), permissions: 0o644,
          compressionMethod: name.hasSuffix(".html") || name.hasSuffix(".js") ? .deflate : .none
        ) { position, count in
          try handle.seek(toOffset: UInt64(position))
          return try handle.read(upToCount: count) ?? Data()
        }
      }
    } catch {
      throw ExportError("cannot zip the page: \(error)", code: .writeFailed)
    }
    let handle = try FileHandle(forReadingFrom: archive)
    defer { try? handle.close() }
    while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
      try piece.withUnsafeBytes { try sink($0) }
    }
  }
}

/// Hands pieces on to a writer, and refuses the piece that takes the bytes past the limit.
private final class CountingSink: Sendable {
  let writer: @Sendable (UnsafeRawBufferPointer) throws -> Void
  let limit: Int?
  let written = Mutex(0)

  init(_ writer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void, limits: ExportLimits)
  {
    self.writer = writer
    limit = limits.outputBytes
  }

  func write(_ piece: UnsafeRawBufferPointer) throws {
    let total = written.withLock { total in
      total += piece.count
      return total
    }
    if let limit, total > limit {
      throw ExportLimits.refusal(
        "the output holds more than the \(NumberText.grouped(limit)) bytes this export allows")
    }
    try writer(piece)
  }
}

extension ExportSettings {
  /// These settings, naming no file to write.
  var withoutFiles: ExportSettings {
    var settings = self
    (settings.midi, settings.mix, settings.stems, settings.captions) = (nil, nil, nil, nil)
    settings.moreCaptions = []
    settings.sessions = []
    (settings.scriptOut, settings.braille, settings.page) = (nil, nil, nil)
    settings.sinks = [:]
    return settings
  }
}
