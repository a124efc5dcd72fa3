import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Foundation
import Synchronization
import TestSupport
import Testing
import ZIPFoundation

/// Every output made in memory holds the bytes the same export writes to a file, checked by
/// readers of their own (libsmf, ffprobe, the zip's entries); long audio reaches its writer a
/// piece at a time; lossy formats take the quality asked for.
@Suite("Outputs in memory", .serialized)
struct MemoryOutputTests {
  static let date = Date(timeIntervalSince1970: 1_700_000_000)

  /// The settings of the chart, with one date in the audio's metadata.
  static func settings(_ chart: ChartDescriptor) throws -> ExportSettings {
    var settings = try ExportSettings(chart: chart)
    settings.originationDate = date
    return settings
  }

  /// The file a blocking export writes for `output`, for the same settings.
  static func fileBytes(
    _ chart: ChartDescriptor, _ settings: ExportSettings, _ output: ExportOutput, in folder: URL
  ) throws -> Data {
    var settings = settings
    let file = folder.appendingPathComponent("chart.\(output.fileExtension)")
    switch output {
    case .midi: settings.midi = file
    default: settings.mix = file
    }
    _ = try ChartExport.export(chart, settings: settings)
    return try Data(contentsOf: file)
  }

  @Test(arguments: [ExportOutput.midi, .wav, .flac, .ogg, .opus, .mp3])
  func eachFormatInMemoryIsTheFileItsExportWrites(_ output: ExportOutput) async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = AsyncExportTests.chart(lasting: 5)
    let settings = try Self.settings(chart)
    let (data, report) = try await ChartExport.data(of: chart, settings: settings, as: output)
    #expect(data == (try Self.fileBytes(chart, settings, output, in: folder)))
    // Read back on their own: MIDI by libsmf, audio by ffprobe.
    let file = folder.appendingPathComponent("memory.\(output.fileExtension)")
    try data.write(to: file)
    if output == .midi {
      let midi = try MIDIFile(contentsOf: file)
      #expect(midi.tracks.count > 1)
    } else {
      let probe = try run(
        [
          "-v", "error", "-show_entries", "format=duration,format_name", "-of",
          "default=nw=1", file.path,
        ], program: tool("ffprobe"))
      #expect(probe.status == 0, "\(probe.error)")
      let duration = probe.output.split(separator: "\n").first { $0.hasPrefix("duration=") }
        .flatMap { Double($0.dropFirst("duration=".count)) }
      let seconds = try #require(report.audioSeconds)
      #expect(abs((duration ?? 0) - seconds) < 0.1, "\(probe.output) against \(seconds) s")
    }
    // Nothing is left in the temporary folder.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: FileManager.default.temporaryDirectory.path
    ).filter { $0.hasPrefix(".chart2midi-memory-") }
    #expect(left.isEmpty, "\(left)")
  }

  @Test func aPageIsAZipOfTheFolderItsExportWrites() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = NarrationTests.regions(2)
    var settings = try Self.settings(chart)
    let (data, _) = try await ChartExport.data(of: chart, settings: settings, as: .page)
    #expect(ExportOutput.page.mimeType == "application/zip")
    let archive = try Archive(data: data, accessMode: .read)
    var entries: [String: Data] = [:]
    for entry in archive {
      var bytes = Data()
      _ = try archive.extract(entry) { bytes.append($0) }
      entries[entry.path] = bytes
    }
    settings.page = ExportSettings.PageRequest(folder: folder.appendingPathComponent("page"))
    _ = try AsyncExportTests.blockingExport(chart, settings: settings)
    let written = FileManager.default.enumerator(atPath: settings.page!.folder.path)!
      .compactMap { $0 as? String }.filter {
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(
          atPath: settings.page!.folder.appendingPathComponent($0).path, isDirectory: &isFolder)
        return !isFolder.boolValue
      }
    #expect(Set(entries.keys) == Set(written))
    #expect(entries.keys.contains("index.html"))
    for name in written {
      let file = try Data(contentsOf: settings.page!.folder.appendingPathComponent(name))
      #expect(entries[name] == file, "\(name) differs")
    }
    // The same page zips to the same bytes.
    let again = try await ChartExport.data(of: chart, settings: try Self.settings(chart), as: .page)
    #expect(again.data == data)
  }

  @Test func longAudioReachesItsWriterAPieceAtATime() async throws {
    let chart = AsyncExportTests.chart(lasting: 240)
    let pieces = Mutex<[Int]>([])
    let report = try await ChartExport.export(
      chart, settings: try Self.settings(chart), as: .wav,
      to: { piece in pieces.withLock { $0.append(piece.count) } })
    let sizes = pieces.withLock { $0 }
    // Four minutes of 16-bit stereo at 44.1 kHz: 42 MB, in pieces of a few megabytes at most.
    let expected = Int((report.audioSeconds ?? 0) * 44100) * 4
    #expect(sizes.reduce(0, +) > expected)
    #expect(sizes.count > 4)
    #expect(sizes.max() ?? 0 <= 8 << 20, "the largest piece is \(sizes.max() ?? 0) bytes")
  }

  @Test func aRefusedOrCancelledExportHandsItsWriterNothing() async throws {
    let chart = AsyncExportTests.chart(lasting: 3000)
    let written = Mutex(0)
    var settings = try Self.settings(chart)
    settings.exportLimits.renderCPUSeconds = 0.2
    await #expect(throws: ExportError.self) {
      try await ChartExport.export(
        chart, settings: settings, as: .mp3, to: { piece in written.withLock { $0 += piece.count } }
      )
    }
    let work = Task {
      try await ChartExport.export(
        chart, settings: try Self.settings(chart), as: .opus,
        to: { piece in written.withLock { $0 += piece.count } })
    }
    try await Task.sleep(for: .milliseconds(300))
    work.cancel()
    await #expect(throws: CancellationError.self) { try await work.value }
    #expect(written.withLock { $0 } == 0)
  }

  @Test func bytesPastTheLimitAreRefusedAsTheyGo() async throws {
    let chart = AsyncExportTests.chart(lasting: 30)
    var settings = try Self.settings(chart)
    settings.exportLimits.outputBytes = 50_000
    let error = await #expect(throws: ExportError.self) {
      _ = try await ChartExport.data(of: chart, settings: settings, as: .flac)
    }
    #expect(error?.code == .exceedsLimits)
    #expect(error?.source == .input)
  }

  /// The bitrate ffprobe reads from a file of `output` at `quality`.
  static func bitrate(_ output: ExportOutput, _ quality: LossyQuality) async throws -> Double {
    let chart = try ChartDescriptor(contentsOf: example("cars"))
    var settings = try Self.settings(chart)
    settings.lossyQuality = quality
    let (data, report) = try await ChartExport.data(of: chart, settings: settings, as: output)
    return Double(data.count) * 8 / (report.audioSeconds ?? 1) / 1000
  }

  @Test func mp3AndOpusTakeTheBitrateAskedFor() async throws {
    for rate in [64, 128, 192] {
      let measured = try await Self.bitrate(.mp3, .bitrate(kilobitsPerSecond: rate))
      #expect(abs(measured - Double(rate)) < Double(rate) * 0.06, "MP3 at \(rate): \(measured)")
    }
    // Opus's bitrate is a target, which sparse music stays under.
    let opus = try await Self.bitrate(.opus, .bitrate(kilobitsPerSecond: 96))
    #expect(opus < 110, "Opus at 96: \(opus)")
    let best = try await Self.bitrate(.mp3, .variable(0))
    let smallest = try await Self.bitrate(.mp3, .variable(1))
    #expect(best > 2 * smallest, "MP3 at quality 0: \(best), at 1: \(smallest)")
  }

  @Test func aBitrateOutsideTheFormatsRatesIsASettingsError() async throws {
    let chart = AsyncExportTests.chart(lasting: 3)
    var settings = try Self.settings(chart)
    settings.lossyQuality = .bitrate(kilobitsPerSecond: 400)
    let mp3 = await #expect(throws: ExportError.self) {
      _ = try await ChartExport.data(of: chart, settings: settings, as: .mp3)
    }
    #expect(mp3?.message == "mp3 takes a bitrate of 32 to 320 kb/s, not 400")
    #expect(mp3?.source == .settings)
    settings.lossyQuality = .bitrate(kilobitsPerSecond: 128)
    let ogg = await #expect(throws: ExportError.self) {
      _ = try await ChartExport.data(of: chart, settings: settings, as: .ogg)
    }
    #expect(ogg?.message == "ogg takes a quality from 0 to 1, not a bitrate")
  }
}
