import Foundation
import TestSupport
import Testing

/// `render --stems` of MIDI files chart2midi did not write: a stem per track even where tracks
/// share a channel, and files whose header counts their tracks wrong.
@Suite("Stems of any MIDI file", .serialized)
struct RenderStemsTests {
  /// Writes, with mido, a file of two tracks on one channel (the program set by the first): the
  /// first plays C5 for the first second, the second G4 for the next; `declared` overrides the
  /// header's track count.
  func twoTracksOnOneChannel(_ path: URL, declared: Int? = nil) throws {
    let result = try runPython(
      """
      import sys, mido
      song = mido.MidiFile(type=1, ticks_per_beat=480)
      tempo = mido.MetaMessage("set_tempo", tempo=500000)
      first = mido.MidiTrack([mido.MetaMessage("track_name", name="Upper"), tempo,
          mido.Message("program_change", program=73, channel=0),
          mido.Message("note_on", note=72, velocity=100, channel=0, time=0),
          mido.Message("note_off", note=72, channel=0, time=960)])
      second = mido.MidiTrack([mido.MetaMessage("track_name", name="Lower"),
          mido.Message("note_on", note=67, velocity=100, channel=0, time=960),
          mido.Message("note_off", note=67, channel=0, time=960)])
      song.tracks += [first, second]
      song.save(sys.argv[1])
      if sys.argv[2] != "-":
          data = bytearray(open(sys.argv[1], "rb").read())
          data[10:12] = int(sys.argv[2]).to_bytes(2, "big")
          open(sys.argv[1], "wb").write(bytes(data))
      """, [path.path, declared.map(String.init) ?? "-"])
    try #require(result.status == 0, "mido is missing: run `make test`: \(result.output)")
  }

  /// Each track's stem holds its own note alone (its pitch's energy where it plays, silence
  /// where the other plays), and the stems add up to the mix; by channel, one stem holds both.
  @Test func tracksThatShareAChannelGetAStemEach() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("shared.mid")
    try twoTracksOnOneChannel(midi)
    let stems = folder.appendingPathComponent("stems")
    let mix = folder.appendingPathComponent("mix.wav")
    let result = try run([
      "render", midi.path, "--wav", mix.path, "--stems", stems.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(shownFiles(in: stems).sorted() == ["Lower.wav", "Upper.wav"])
    let check = try runPython(
      """
      import sys, numpy, soundfile
      def level(samples, rate, start, end, hz):
          part = samples[int(start * rate):int(end * rate)].mean(axis=1)
          spectrum = numpy.abs(numpy.fft.rfft(part * numpy.hanning(len(part))))
          freqs = numpy.fft.rfftfreq(len(part), 1 / rate)
          band = spectrum[(freqs > hz * 0.97) & (freqs < hz * 1.03)]
          return 20 * numpy.log10(band.max() / len(part) + 1e-12)
      mix, rate = soundfile.read(sys.argv[1])
      upper, _ = soundfile.read(sys.argv[2])
      lower, _ = soundfile.read(sys.argv[3])
      c5, g4 = 523.25, 392.0
      print(round(level(upper, rate, 0.1, 0.9, c5)), round(level(upper, rate, 1.1, 1.9, g4)),
            round(level(lower, rate, 1.1, 1.9, g4)), round(level(lower, rate, 0.1, 0.9, c5)))
      n = min(len(mix), len(upper), len(lower))
      print(round(20 * numpy.log10(numpy.abs(mix[:n] - upper[:n] - lower[:n]).max() + 1e-12)))
      """,
      [
        mix.path, stems.appendingPathComponent("Upper.wav").path,
        stems.appendingPathComponent("Lower.wav").path,
      ])
    try #require(check.status == 0, "numpy or soundfile is missing: run `make test`")
    let lines = check.output.split(separator: "\n").map {
      $0.split(separator: " ").compactMap { Int($0) }
    }
    try #require(lines.count == 2 && lines[0].count == 4, "\(check.output)")
    // Each stem's own note well above the other's (which is silence there).
    #expect(lines[0][0] - lines[0][1] > 40, "Upper: \(lines[0])")
    #expect(lines[0][2] - lines[0][3] > 40, "Lower: \(lines[0])")
    // The stems add up to the mix within a few steps of 16 bits.
    #expect(lines[1][0] < -80, "the stems' sum differs from the mix by \(lines[1][0]) dBFS")

    let byChannel = folder.appendingPathComponent("by-channel")
    let shared = try run([
      "render", midi.path, "--stems", byChannel.path, "--stems-by", "channel",
    ])
    #expect(shared.status == 0, "\(shared.error)")
    #expect(shownFiles(in: byChannel) == ["Upper.wav"])
  }

  /// A header that declares fewer tracks than the file holds is read as the file is, with a
  /// note, as mido and fluidsynth read it.
  @Test func aWrongTrackCountIsReadWithANote() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("short.mid")
    try twoTracksOnOneChannel(midi, declared: 1)
    let stems = folder.appendingPathComponent("stems")
    let result = try run(["render", midi.path, "--stems", stems.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.error.contains(
        "note: \(midi.path): the header declares 1 track, but the file holds 2: all are read"),
      "\(result.error)")
    #expect(shownFiles(in: stems).sorted() == ["Lower.wav", "Upper.wav"])
    let inspect = try run(["inspect", midi.path])
    #expect(inspect.status == 0)
    #expect(inspect.output.contains("2 tracks"), "\(inspect.output)")
  }

  /// Stems by channel are a MIDI file's; a chart's are refused with a sentence, and nothing is
  /// written.
  @Test func aChartsStemsAreNotByChannel() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stems = folder.appendingPathComponent("stems")
    let result = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("d.mid").path,
      "--stems", stems.path, "--stems-by", "channel",
    ])
    #expect(result.status != 0)
    #expect(
      result.error.contains("stems by channel are cut from a MIDI file's tracks"), "\(result.error)"
    )
    #expect(!FileManager.default.fileExists(atPath: stems.path))
  }
}
