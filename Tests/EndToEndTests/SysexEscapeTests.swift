import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// A valid file that libsmf cannot read as it is: a system exclusive message in two packets (an F0
/// event without its closing F7, then an F7 continuation) and an F7 escape (a Song Select message),
/// before a note. Built byte by byte, as SMF 1.0 lays it out.
let fileWithSysexEscapes: [UInt8] = {
  var track: [UInt8] = []
  track += [0x00, 0xFF, 0x03, 0x04] + Array("Keys".utf8)  // track name
  track += [0x00, 0xC0, 0x00]  // program 0
  track += [0x10, 0xF0, 0x03, 0x43, 0x12, 0x00]  // F0, 3 bytes, no closing F7: the first packet
  track += [0x20, 0xF7, 0x02, 0x34, 0xF7]  // its continuation, ending with F7
  track += [0x30, 0xF7, 0x02, 0xF3, 0x01]  // an escape: Song Select 1
  track += [0x40, 0x90, 0x3C, 0x64]  // note on, C4, at tick 0x10 + 0x20 + 0x30 + 0x40 = 160
  track += [0x83, 0x60, 0x80, 0x3C, 0x40]  // note off 480 ticks later
  track += [0x00, 0xFF, 0x2F, 0x00]  // end of track
  let conductor: [UInt8] = [0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20, 0x00, 0xFF, 0x2F, 0x00]
  func chunk(_ body: [UInt8]) -> [UInt8] {
    let n = body.count
    return Array("MTrk".utf8) + [
      UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF),
    ] + body
  }
  return Array("MThd".utf8) + [0, 0, 0, 6, 0, 1, 0, 2, 0x01, 0xE0] + chunk(conductor) + chunk(track)
}()

@Suite("System exclusive escapes and packets", .serialized)
struct SysexEscapeTests {
  @Test func theEventsLibSMFCannotReadAreLeftOutAndTheNoteKeepsItsTime() throws {
    let file = try MIDIFile(bytes: fileWithSysexEscapes, name: "sysex.mid")
    #expect(file.skippedSysexEvents == 3)
    let notes = file.tracks[1].events.filter {
      if case .noteOn? = $0.channelMessage?.message { true } else { false }
    }
    #expect(notes.map(\.tick) == [160])
    #expect(abs((notes.first?.seconds ?? 0) - 160.0 / 960) < 1e-9)
    #expect(file.tracks[1].name == "Keys")
  }

  @Test func inspectAndRenderSaySoAndWork() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("sysex.mid")
    try Data(fileWithSysexEscapes).write(to: midi)
    let note =
      "note: \(midi.path): 3 system exclusive events (escapes or messages in several packets) left out: libsmf cannot read them\n"
    let inspected = try run(["inspect", midi.path])
    #expect(inspected.status == 0, "\(inspected.error)")
    #expect(inspected.error == note)
    #expect(
      inspected.output.contains(
        "track 1 \"Keys\": channel 1: program 0 Acoustic Grand Piano: 1 note, pitch 60-60, onsets 0.17 s to 0.17 s"
      ))
    let wav = folder.appendingPathComponent("sysex.wav")
    let rendered = try run(["render", midi.path, "--wav", wav.path])
    #expect(rendered.status == 0, "\(rendered.error)")
    #expect(rendered.error.hasPrefix(note))
    let bytes = Array(try #require(wavData([UInt8](try Data(contentsOf: wav)))))
    // Sound after the note's onset: some 16-bit sample past 0.17 s is far from zero.
    let samples = stride(from: 4 * 7500, to: bytes.count - 1, by: 2).map {
      Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
    }
    #expect(samples.contains { abs(Int($0)) > 1000 })
  }
}
