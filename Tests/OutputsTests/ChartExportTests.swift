import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

@Suite("Audio export as one library call", .serialized)
struct ChartExportTests {
  @Test func oneCallWritesMIDIMixStemsAndCaptions() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try ChartDescriptor(contentsOf: example("dice"))
    var settings = try ExportSettings.forChart(chart)
    settings.midi = folder.appendingPathComponent("dice.mid")
    settings.mix = folder.appendingPathComponent("dice.wav")
    settings.stems = folder.appendingPathComponent("stems")
    settings.captions = folder.appendingPathComponent("dice.srt")
    settings.sampleFormat = .int24
    let report = try ChartExport.export(chart, settings: settings)
    #expect(files(in: folder) == ["dice.mid", "dice.srt", "dice.wav", "stems"])
    #expect(
      shownFiles(in: folder.appendingPathComponent("stems")) == [
        "Blue.wav", "Green.wav", "Red.wav",
      ])
    #expect(report.stemFiles.map(\.lastPathComponent) == ["Red.wav", "Blue.wav", "Green.wav"])
    // The MIDI file holds the score the report gives, read back with libsmf.
    let file = try MIDIFile(contentsOf: folder.appendingPathComponent("dice.mid"))
    let notes = file.tracks.flatMap(\.events).filter {
      if case .noteOn? = $0.channelMessage?.message { true } else { false }
    }
    #expect(notes.count == report.score?.tracks.reduce(0) { $0 + $1.noteCount })
    #expect(notes.count == 18)
    // 24-bit stereo at 44.1 kHz, as long as the report says.
    let wav = try Data(contentsOf: folder.appendingPathComponent("dice.wav"))
    #expect(wav[34] == 24)
    let frames = try #require(wavData([UInt8](wav))).count / 6
    #expect(abs(Double(frames) / 44100 - (report.audioSeconds ?? 0)) < 0.001)
    let captions = try String(
      contentsOf: folder.appendingPathComponent("dice.srt"), encoding: .utf8)
    // The title from 0 until the first fact at a note (or 2.5 s).
    #expect(captions.hasPrefix("1\n00:00:00,000 --> 00:00:0"))
    #expect(captions.contains(",") && captions.contains("\nDice rolls by face and player\n"))
    #expect(report.captionCount == captions.components(separatedBy: " --> ").count - 1)
  }

  @Test func aFailureLeavesNoFileBehind() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try ChartDescriptor(contentsOf: example("coffee-code"))
    // The MIDI file and captions could be written; the mix cannot, so none is.
    let settings = ExportSettings(
      midi: folder.appendingPathComponent("c.mid"),
      mix: folder.appendingPathComponent("missing/c.wav"),
      captions: folder.appendingPathComponent("c.vtt"))
    #expect(
      throws: ExportError(
        "cannot write \(folder.path)/missing/c.wav: the folder \(folder.path)/missing does not exist",
        file: "\(folder.path)/missing/c.wav", code: .cannotWrite)
    ) {
      try ChartExport.export(chart, settings: settings)
    }
    #expect(files(in: folder) == [])
  }

  @Test func filesWrittenSideBySideAreAllPutInPlaceOrNoneIs() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = (0..<6).map { "f\($0).bin" }
    let urls = names.map { folder.appendingPathComponent($0) }
    for (name, url) in zip(names, urls) { try Data("old \(name)".utf8).write(to: url) }
    func files(failing: Int?) -> [(destination: URL, write: AtomicFileBatch.Writer)] {
      urls.enumerated().map { index, url in
        (
          url,
          { output in
            // A megabyte of the file's own byte, in pieces.
            let piece = Data(repeating: UInt8(index), count: 1 << 16)
            for _ in 0..<16 { try piece.withUnsafeBytes(output) }
            if index == failing { throw WriteFailure(reason: "no space left on device") }
          }
        )
      }
    }
    // One file cannot be written: no temporary is left, and the old files are as they were.
    var failed = AtomicFileBatch()
    #expect(
      throws: ExportError(
        "cannot write \(urls[3].path): no space left on device", file: urls[3].path,
        code: .writeFailed)
    ) { try failed.stage(files(failing: 3)) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    for (name, url) in zip(names, urls) {
      #expect(try Data(contentsOf: url) == Data("old \(name)".utf8))
    }
    // All are written: each is whole, in its place.
    var batch = AtomicFileBatch()
    try batch.stage(files(failing: nil))
    try batch.commit()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    for (index, url) in urls.enumerated() {
      #expect(try Data(contentsOf: url) == Data(repeating: UInt8(index), count: 1 << 20))
    }
  }
}

@Suite("Stems per track", .serialized)
struct StemsPerTrackTests {
  @Test func aCategoryGetsItsOwnStemAndTheStemsAddUpToTheMix() throws {
    let chart = try ChartDescriptor(contentsOf: example("cars"))
    let score = try ChartMapper().makeScore(for: chart)
    var options = RenderOptions()
    options.rendersStems = true
    let rendering = try FluidSynthRenderer(soundFont: try soundFont(), options: options)
      .render(Performance(score: score, stemsBy: .track))
    #expect(rendering.stems.map(\.name) == score.tracks.map(\.name))
    #expect(
      rendering.stems.map(\.name) == ["Cars: USA", "Cars: Japan", "Cars: Germany", "Gridlines"])
    var largest: Float = 0
    for frame in 0..<rendering.mix.frames {
      let sum = rendering.stems.reduce(Float(0)) { $0 + $1.audio.left[frame] }
      largest = max(largest, abs(sum - rendering.mix.left[frame]))
    }
    #expect(largest < 1e-5)
    for stem in rendering.stems { #expect(stem.audio.peak > 0.01, "\(stem.name)") }
  }
}

/// The soundfont a render without one uses.
func soundFont() throws -> URL { try SoundFontLocator.locate() }
