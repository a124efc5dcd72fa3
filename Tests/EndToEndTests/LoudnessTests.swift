import Descriptor
import Foundation
import TestSupport
import Testing

/// Integrated loudness (ITU-R BS.1770, with pyloudnorm) and true peak (4x oversampling with
/// scipy) of 16-bit WAV files, measured without libebur128.
func measureLoudness(_ paths: [String]) throws -> [(lufs: Double, truePeak: Double)] {
  let script = """
    import sys, wave, numpy, pyloudnorm
    from scipy.signal import resample_poly
    for path in sys.argv[1:]:
        with wave.open(path) as w:
            rate, frames = w.getframerate(), w.readframes(w.getnframes())
        audio = numpy.frombuffer(frames, dtype='<i2').reshape(-1, 2) / 32768.0
        lufs = pyloudnorm.Meter(rate).integrated_loudness(audio)
        peak = numpy.abs(resample_poly(audio, 4, 1, axis=0)).max()
        print(lufs, 20 * numpy.log10(peak))
    """
  let result = try runPython(script, paths)
  try #require(result.status == 0, "pyloudnorm is missing: run `make test`")
  return result.output.split(separator: "\n").map { line in
    let numbers = line.split(separator: " ").compactMap { Double($0) }
    return (numbers[0], numbers[1])
  }
}

@Suite("Loudness for broadcast and the web", .serialized)
struct LoudnessTests {
  @Test(
    "the mix reaches the target within 0.5 LU, its true peak under -1 dBTP",
    arguments: [("cars", "broadcast", -23.0), ("birth-rate", "web", -16.0), ("dice", "-20", -20.0)]
      as [(String, String, Double)])
  func theMixReachesTheTarget(name: String, loudness: String, target: Double) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("\(name).wav").path
    let result = try run([
      "convert", "Examples/\(name).json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", wav, "--loudness", loudness,
    ])
    #expect(result.status == 0, "\(result.error)")
    let measured = try #require(try measureLoudness([wav]).first)
    #expect(abs(measured.lufs - target) < 0.5, "\(measured.lufs) LUFS")
    #expect(measured.truePeak <= -1 + 0.05, "\(measured.truePeak) dBTP")
    // The command says what it reached.
    #expect(
      result.error.contains(String(format: "loudness: %.1f LUFS integrated, true peak", target)))
  }

  @Test func aTargetThePeakForbidsStopsAtTheCeilingAndSaysSo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("cars.wav").path
    let result = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", wav, "--loudness", "0",
    ])
    #expect(result.status == 0, "\(result.error)")
    let line = try #require(result.error.split(separator: "\n").first { $0.hasPrefix("loudness:") })
    #expect(line.contains("LU short of 0.0 LUFS: more gain would take the true peak over -1 dBTP"))
    let measured = try #require(try measureLoudness([wav]).first)
    #expect(measured.truePeak <= -1 + 0.05 && measured.truePeak > -1.5, "\(measured.truePeak)")
    // The loudness reported is the loudness measured.
    let reported = try #require(
      line.split(separator: " ").dropFirst().first.flatMap { Double($0) })
    #expect(abs(reported - measured.lufs) < 0.5)
  }

  /// Narrated at broadcast loudness: the voice (the narration stem) meets the target, and the graph
  /// (every other stem together) sits at the graph level from it, both measured by pyloudnorm.
  @Test(
    "the voice is the anchor and the graph sits at its level",
    arguments: [("birth-rate", 0.0), ("cars", 0), ("temperatures", 0), ("birth-rate", -6)]
      as [(String, Double)])
  func theVoiceIsTheAnchor(name: String, graphLevel: Double) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("\(name).wav").path
    let stems = folder.appendingPathComponent("stems")
    let result = try run([
      "convert", "Examples/\(name).json", "-o", folder.appendingPathComponent("a.mid").path,
      "--narrate", "--wav", wav, "--stems", stems.path, "--loudness", "broadcast",
      "--graph-level", ValueFormat.plain(graphLevel),
    ])
    #expect(result.status == 0, "\(result.error)")
    let script = """
      import sys, glob, wave, numpy, pyloudnorm
      def load(path):
          with wave.open(path) as w:
              rate, frames = w.getframerate(), w.readframes(w.getnframes())
          return rate, numpy.frombuffer(frames, dtype='<i2').reshape(-1, 2) / 32768.0
      rate, mix = load(sys.argv[1])
      meter = pyloudnorm.Meter(rate)
      voice, graph = None, None
      for path in sorted(glob.glob(sys.argv[2] + '/*.wav')):
          audio = load(path)[1]
          if path.endswith('/Narration.wav'):
              voice = audio
          else:
              graph = audio if graph is None else graph + audio
      print(meter.integrated_loudness(voice), meter.integrated_loudness(graph))
      """
    let measured = try runPython(script, [wav, stems.path]).output.split(separator: " ").compactMap
    {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(measured.count == 2)
    #expect(abs(measured[0] - -23) < 1, "voice \(measured[0]) LUFS")
    #expect(
      abs(measured[1] - measured[0] - graphLevel) < 1, "graph \(measured[1]), voice \(measured[0])")
    #expect(result.error.contains("speech -23.0 LUFS"))
  }

  @Test func eachStemsBextHoldsItsOwnLoudness() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("dice.wav").path
    let stems = folder.appendingPathComponent("stems")
    let result = try run([
      "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", wav, "--stems", stems.path, "--loudness", "broadcast",
    ])
    #expect(result.status == 0, "\(result.error)")
    /// The bext loudness value (v2: a signed 16-bit count of hundredths at byte 412 of the body).
    func bextLoudness(_ path: String) throws -> Double {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let bext = try #require(wavChunks(bytes)?.first { $0.id == "bext" }?.body)
      let at = bext.startIndex + 412
      return Double(Int16(bitPattern: UInt16(bext[at]) | UInt16(bext[at + 1]) << 8)) / 100
    }
    let paths = files(in: stems).map { stems.appendingPathComponent($0).path }
    #expect(paths.count == 3)  // three players, one after another
    // libebur128 (in the file) and pyloudnorm (here) agree within about 0.1 LU.
    let measured = try measureLoudness([wav] + paths)
    #expect(abs(try bextLoudness(wav) - measured[0].lufs) < 0.2)
    var written: [Double] = []
    for (path, own) in zip(paths, measured.dropFirst()) {
      written.append(try bextLoudness(path))
      #expect(abs(written.last! - own.lufs) < 0.2, "\(path): bext \(written), measured \(own.lufs)")
    }
    // Its own figure, not the mix's: the stems measure apart from the mix and from each other.
    #expect(written.contains { abs($0 - (try! bextLoudness(wav))) > 0.5 })
    #expect(Set(written).count == 3)
  }

  @Test(arguments: ["-80", "loud", "1"])
  func aTargetOutsideTheRangeIsRefused(loudness: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", folder.appendingPathComponent("a.wav").path, "--loudness", loudness,
    ])
    #expect(result.status == 1)
    #expect(
      result.error
        == "Error: --loudness: expected -70 to 0 LUFS, broadcast (-23) or web (-16), found \(Double(loudness) == nil ? "\"\(loudness)\"" : loudness)\n"
    )
    #expect(files(in: folder).isEmpty)
  }
}
