import Chart2MIDIChart
import Foundation
import TestSupport
import Testing

/// What the tests measure of a WAV file, without libebur128 or chart2midi's own meters.
struct MeasuredLoudness {
  /// Integrated loudness (pyloudnorm), in LUFS.
  var lufs: Double
  /// The true peak: the peak of the audio upsampled 4x by scipy's polyphase resampler, in dBTP.
  var truePeak: Double
  /// The largest short-term loudness: 3 s windows every 100 ms, K-weighted by pyloudnorm's
  /// filters, computed here from 100 ms blocks' mean squares.
  var maximumShortTerm: Double
}

/// Measures stereo audio files (read by soundfile, at any depth), each alone, or with `sum` every
/// file after the first added together as one (a graph made of stems).
func measureLoudness(_ paths: [String], sum: Bool = false) throws -> [MeasuredLoudness] {
  let script = """
    import sys, numpy, pyloudnorm, soundfile
    from scipy.signal import resample_poly, lfilter
    def load(path):
        audio, rate = soundfile.read(path, always_2d=True)
        return rate, audio
    def measure(rate, audio):
        meter = pyloudnorm.Meter(rate)
        lufs = meter.integrated_loudness(audio)
        peak = numpy.abs(resample_poly(audio, 4, 1, axis=0)).max()
        weighted = audio.copy()
        for stage in meter._filters.values():
            weighted = lfilter(stage.b, stage.a, weighted, axis=0)
        block = rate // 10
        count = len(weighted) // block
        energy = (weighted[:count * block] ** 2).reshape(count, block, 2).mean(axis=1).sum(axis=1)
        padded = numpy.concatenate([numpy.zeros(29), energy])
        windows = numpy.convolve(padded, numpy.ones(30) / 30, mode='valid')
        short = -0.691 + 10 * numpy.log10(windows.max())
        print(lufs, 20 * numpy.log10(peak), short)
    paths = sys.argv[2:]
    if sys.argv[1] == 'sum':
        rate, first = load(paths[0])
        measure(rate, first)
        measure(rate, sum(load(path)[1] for path in paths[1:]))
    else:
        for path in paths:
            measure(*load(path))
    """
  let result = try runPython(script, [sum ? "sum" : "each"] + paths)
  try #require(result.status == 0, "pyloudnorm is missing: run `make test`")
  return result.output.split(separator: "\n").map { line in
    let numbers = line.split(separator: " ").compactMap { Double($0) }
    return MeasuredLoudness(lufs: numbers[0], truePeak: numbers[1], maximumShortTerm: numbers[2])
  }
}

/// The loudness presets: name, integrated target, true-peak ceiling.
let loudnessPresets: [(name: String, target: Double, ceiling: Double)] = [
  ("broadcast", -23, -1), ("atsc", -24, -2), ("web", -16, -1), ("streaming", -27, -2),
]

@Suite("Loudness for broadcast and the web", .serialized)
struct LoudnessTests {
  /// A render that measures loudness over and over: the release build when `make test` made it.
  let program = testedProgram

  @Test(
    "the mix reaches the target within 0.5 LU, its true peak under the ceiling",
    arguments: [
      ("cars", "broadcast", -23.0, -1.0), ("birth-rate", "web", -16, -1), ("dice", "-20", -20, -1),
      ("temperatures", "atsc", -24, -2), ("cars", "streaming", -27, -2),
    ] as [(String, String, Double, Double)])
  func theMixReachesTheTarget(name: String, loudness: String, target: Double, ceiling: Double)
    throws
  {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("\(name).wav").path
    let result = try run(
      [
        "convert", "Examples/\(name).json", "-o", folder.appendingPathComponent("a.mid").path,
        "--wav", wav, "--loudness", loudness,
      ], program: program)
    #expect(result.status == 0, "\(result.error)")
    let measured = try #require(try measureLoudness([wav]).first)
    #expect(abs(measured.lufs - target) < 0.5, "\(measured.lufs) LUFS")
    #expect(measured.truePeak <= ceiling + 0.05, "\(measured.truePeak) dBTP")
    #expect(measured.maximumShortTerm <= target + 5, "short-term \(measured.maximumShortTerm)")
    // The command says what it reached.
    #expect(result.error.contains(String(format: "loudness: %.1f LUFS integrated, range", target)))
    // A broadcaster's or a streaming service's preset delivers 48 kHz, 24-bit, and says so; the
    // others keep 44.1 kHz, 16-bit.
    let delivered = ["broadcast", "atsc", "streaming"].contains(loudness)
    let format = try wavFormat(wav)
    #expect(format.rate == (delivered ? 48000 : 44100))
    #expect(format.bits == (delivered ? 24 : 16))
    #expect(
      result.error.contains("audio: 48 kHz, 24-bit, as \(loudness) delivery takes it") == delivered)
  }

  /// The sample rate and bits of a WAV file, from its `fmt ` chunk.
  func wavFormat(_ path: String) throws -> (rate: Int, bits: Int) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let format = try #require(wavChunks(bytes)?.first { $0.id == "fmt " }?.body)
    let start = format.startIndex
    let rate = (0..<4).reduce(0) { $0 | Int(format[start + 4 + $1]) << (8 * $1) }
    return (rate, Int(format[start + 14]) | Int(format[start + 15]) << 8)
  }

  /// What is said beats what a preset implies: a rate or a depth asked for is kept, the other
  /// still implied; a later loudness that is no broadcast preset takes the implication back.
  @Test func aBroadcastPresetImpliesOnlyWhatIsNotAsked() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("c.wav").path
    func convert(_ flags: [String]) throws -> (rate: Int, bits: Int, said: String) {
      let result = try run(
        [
          "convert", "Examples/coffee-code.json", "-o", folder.appendingPathComponent("c.mid").path,
          "--wav", wav,
        ]
          + flags, program: program)
      #expect(result.status == 0, "\(result.error)")
      let format = try wavFormat(wav)
      let said = result.error.split(separator: "\n").first { $0.hasPrefix("audio: ") }
      return (format.rate, format.bits, said.map(String.init) ?? "")
    }
    let rateAsked = try convert(["--loudness", "broadcast", "--sample-rate", "44100"])
    #expect(rateAsked.rate == 44100 && rateAsked.bits == 24)
    #expect(rateAsked.said.hasPrefix("audio: 44.1 kHz, 24-bit, as broadcast delivery takes it"))
    let bothAsked = try convert([
      "--loudness", "atsc", "--sample-rate", "44100", "--bit-depth", "16",
    ])
    #expect(bothAsked.rate == 44100 && bothAsked.bits == 16 && bothAsked.said.isEmpty)
    // The chart asks for broadcast; the flag for the web.
    let chart = try JSONSerialization.jsonObject(
      with: Data(contentsOf: projectRoot.appendingPathComponent("Examples/coffee-code.json")))
    var root = try #require(chart as? [String: Any])
    var options = root["sonification"] as? [String: Any] ?? [:]
    options["loudness"] = "broadcast"
    root["sonification"] = options
    let broadcastChart = folder.appendingPathComponent("broadcast.json")
    try JSONSerialization.data(withJSONObject: root).write(to: broadcastChart)
    let chartAsks = try run(
      [
        "convert", broadcastChart.path, "-o", folder.appendingPathComponent("c.mid").path, "--wav",
        wav,
      ],
      program: program)
    #expect(chartAsks.status == 0, "\(chartAsks.error)")
    #expect(try wavFormat(wav) == (48000, 24))
    let webWins = try run(
      [
        "convert", broadcastChart.path, "-o", folder.appendingPathComponent("c.mid").path, "--wav",
        wav,
        "--loudness", "web",
      ], program: program)
    #expect(webWins.status == 0, "\(webWins.error)")
    #expect(try wavFormat(wav) == (44100, 16))
  }

  /// A chart, written to `folder`: one gliding line, or clicks (a woodblock twice a second).
  func writeChart(_ kind: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("\(kind).json").path
    let points =
      kind == "glide"
      ? "[{\"x\": 0, \"y\": 2}, {\"x\": 10, \"y\": 8}]"
      : "[" + (0..<50).map { "{\"x\": \(Double($0) * 0.4), \"y\": 5}" }.joined(separator: ", ")
        + "]"
    let extra =
      kind == "glide"
      ? ""
      : ", \"secondsPerUnit\": 1, \"noteDuration\": 0.05, \"programs\": {\"S\": \"Woodblock\"}, \"soundfont\": \"gm\""
    try """
    {"title": "\(kind)", "xAxis": {"title": "x", "range": [0, \(kind == "glide" ? 10 : 20)]},
     "yAxis": {"title": "y", "range": [0, 10]},
     "series": [{"name": "S", "isContinuous": \(kind == "glide"), "dataPoints": \(points)}],
     "sonification": {"gridlines": false\(extra)}}
    """.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Without `--loudness`, a mix is at the web's -16 LUFS, its true peak at most -1 dBTP; a
  /// single glide, peak-normalised (`--loudness peak`), is far louder.
  @Test func byDefaultAMixIsAtTheWebsLoudness() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try writeChart("glide", in: folder)
    var measured: [String: MeasuredLoudness] = [:]
    for loudness in ["default", "peak"] {
      let wav = folder.appendingPathComponent("\(loudness).wav").path
      let result = try run(
        ["convert", chart, "-o", folder.appendingPathComponent("a.mid").path, "--wav", wav]
          + (loudness == "peak" ? ["--loudness", "peak"] : []), program: program)
      #expect(result.status == 0, "\(result.error)")
      measured[loudness] = try #require(try measureLoudness([wav]).first)
      #expect(result.error.contains("loudness: ") == (loudness == "default"), "\(result.error)")
    }
    let standard = try #require(measured["default"])
    #expect(abs(standard.lufs - -16) < 0.5, "\(standard.lufs) LUFS")
    #expect(standard.truePeak <= -1 + 0.05, "\(standard.truePeak) dBTP")
    // Peak-normalised, the glide is over 5 LU louder than any programme at -16 LUFS.
    let peak = try #require(measured["peak"])
    #expect(peak.lufs > -11, "\(peak.lufs) LUFS")
  }

  /// A mix whose peaks stand too far over its loudness for -16 LUFS (a woodblock clicking on the
  /// General MIDI soundfont): without `--loudness` it is written as loud as the limiter allows,
  /// with a warning; the same target chosen is refused.
  @Test func theDefaultLoudnessYieldsToPeaksAChosenOneIsRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try writeChart("clicks", in: folder)
    let wav = folder.appendingPathComponent("clicks.wav").path
    let standard = try run(
      ["convert", chart, "-o", folder.appendingPathComponent("a.mid").path, "--wav", wav],
      program: program)
    #expect(standard.status == 0, "\(standard.error)")
    #expect(
      standard.error.contains(
        "the mix's loudest peaks stand too far over its loudness for -16.0 LUFS"),
      "\(standard.error)")
    let measured = try #require(try measureLoudness([wav]).first)
    #expect(measured.lufs < -16.5, "\(measured.lufs) LUFS")
    #expect(measured.truePeak <= -1 + 0.05, "\(measured.truePeak) dBTP")
    let chosen = try run(
      [
        "convert", chart, "-o", folder.appendingPathComponent("b.mid").path, "--wav",
        folder.appendingPathComponent("b.wav").path, "--loudness", "web",
      ], program: program)
    #expect(chosen.status != 0)
    #expect(chosen.error.contains("needs the limiter to cut"), "\(chosen.error)")
  }

  /// A target the peaks forbid without a limiter: the limiter holds the true peak at the ceiling,
  /// and the target is reached.
  @Test func theLimiterReachesATargetThePeaksForbid() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("cars.wav").path
    let result = try run(
      [
        "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
        "--wav", wav, "--loudness", "-10",
      ], program: program)
    #expect(result.status == 0, "\(result.error)")
    let line = try #require(result.error.split(separator: "\n").first { $0.hasPrefix("loudness:") })
    #expect(line.contains("(limiter up to "), "\(line)")
    let measured = try #require(try measureLoudness([wav]).first)
    #expect(abs(measured.lufs - -10) < 0.5, "\(measured.lufs) LUFS")
    // At the ceiling, not under it by what a gain alone would have left.
    #expect(measured.truePeak <= -1 + 0.05 && measured.truePeak > -1.5, "\(measured.truePeak)")
  }

  /// A target the limiter would reach only by pumping: one sentence with the figures, nothing
  /// written.
  @Test func aTargetTheLimiterCannotReachIsRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run(
      [
        "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
        "--wav", folder.appendingPathComponent("a.wav").path, "--loudness", "0",
      ], program: program)
    #expect(result.status != 0)
    #expect(
      result.error.hasPrefix(
        "Error: the loudness target 0.0 LUFS with the true peak at -1.0 dBTP needs the limiter to cut "
      ), "\(result.error)")
    #expect(result.error.contains("more than the 10 dB it may before the sound pumps"))
    #expect(result.error.split(separator: "\n").count == 1)
    #expect(files(in: folder).isEmpty)
  }

  /// A narrated render of an example at a preset and a graph level, measured: the voice (the
  /// narration stem) meets the target, the graph (every other stem together) sits at the graph
  /// level from it, the mix's true peak is under the ceiling and its short-term loudness within
  /// R128 s1, and the stems add up to the mix.
  func checkNarrated(
    _ name: String, _ preset: (name: String, target: Double, ceiling: Double),
    graphLevel: Double = 0
  ) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("\(name).wav").path
    let stems = folder.appendingPathComponent("stems")
    let result = try run(
      [
        "convert", "Examples/\(name).json", "-o", folder.appendingPathComponent("a.mid").path,
        "--narrate", "--wav", wav, "--stems", stems.path, "--loudness", preset.name,
        "--graph-level", ValueFormat.plain(graphLevel),
      ], program: program)
    #expect(result.status == 0, "\(result.error)")
    let paths = shownFiles(in: stems).map { stems.appendingPathComponent($0).path }
    let voice = try #require(paths.first { $0.hasSuffix("/Narration.wav") })
    let graph = paths.filter { $0 != voice }
    let mix = try #require(try measureLoudness([wav]).first)
    let parts = try measureLoudness([voice] + graph, sum: true)
    try #require(parts.count == 2)
    let context = "\(name) \(preset.name) \(graphLevel) LU"
    #expect(abs(parts[0].lufs - preset.target) < 0.5, "\(context): voice \(parts[0].lufs)")
    #expect(
      abs(parts[1].lufs - parts[0].lufs - graphLevel) < 1, "\(context): graph \(parts[1].lufs)")
    #expect(mix.truePeak <= preset.ceiling + 0.05, "\(context): \(mix.truePeak) dBTP")
    #expect(mix.maximumShortTerm <= preset.target + 5, "\(context): \(mix.maximumShortTerm)")
    #expect(result.error.contains(String(format: "speech %.1f LUFS", preset.target)))
    // The stems, limited by the mix's envelope, still add up to it.
    let sum = try runPython(
      """
      import sys, numpy, soundfile
      def load(path):
          # In units of the file's own last bit: 16-bit or 24-bit.
          bits = {'PCM_16': 16, 'PCM_24': 24}[soundfile.info(path).subtype]
          return soundfile.read(path, dtype='int32')[0].astype(int) // (1 << (32 - bits))
      mix = load(sys.argv[1])
      print(numpy.abs(mix - sum(load(path) for path in sys.argv[2:])).max())
      """, [wav] + paths)
    let difference = try #require(Int(sum.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(difference <= 3, "\(context): stems differ from the mix by \(difference) LSB")
  }

  /// Every preset, narrated, on three charts.
  @Test(
    "every preset holds with a narration",
    arguments: ["birth-rate", "cars", "temperatures"])
  func everyPresetHoldsWithANarration(name: String) throws {
    for preset in loudnessPresets { try checkNarrated(name, preset) }
  }

  /// A graph set under the voice sits there.
  @Test func theGraphSitsAtItsLevel() throws {
    try checkNarrated("birth-rate", loudnessPresets[0], graphLevel: -6)
  }

  @Test func eachStemsBextHoldsItsOwnLoudness() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("dice.wav").path
    let stems = folder.appendingPathComponent("stems")
    let result = try run(
      [
        "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("a.mid").path,
        "--wav", wav, "--stems", stems.path, "--loudness", "broadcast",
      ], program: program)
    #expect(result.status == 0, "\(result.error)")
    /// The bext loudness fields (v2: signed 16-bit counts of hundredths from byte 412 of the
    /// body): loudness value, range, max true peak, max momentary, max short-term.
    func bextLoudness(_ path: String) throws -> [Double?] {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let bext = try #require(wavChunks(bytes)?.first { $0.id == "bext" }?.body)
      return (0..<5).map { field in
        let at = bext.startIndex + 412 + 2 * field
        let value = Int16(bitPattern: UInt16(bext[at]) | UInt16(bext[at + 1]) << 8)
        return value == 0x7FFF ? nil : Double(value) / 100
      }
    }
    let paths = shownFiles(in: stems).map { stems.appendingPathComponent($0).path }
    #expect(paths.count == 3)  // three players, one after another
    // libebur128 and chart2midi's meters (in the file) and pyloudnorm and scipy (here) agree
    // within about 0.1 LU.
    let measured = try measureLoudness([wav] + paths)
    var written: [Double] = []
    for (path, own) in zip([wav] + paths, measured) {
      let fields = try bextLoudness(path)
      let value = try #require(fields[0])
      written.append(value)
      #expect(abs(value - own.lufs) < 0.2, "\(path): bext \(value), measured \(own.lufs)")
      #expect(abs(try #require(fields[2]) - own.truePeak) < 0.2, "\(path): \(fields)")
      #expect(
        abs(try #require(fields[4]) - own.maximumShortTerm) < 0.3,
        "\(path): \(fields), short-term \(own.maximumShortTerm)")
      // A range and a momentary maximum are written, the momentary at least the short-term.
      let range = try #require(fields[1])
      #expect(range >= 0 && range < 40)
      #expect(try #require(fields[3]) >= fields[4]! - 0.01)
    }
    // Its own figure, not the mix's: the stems measure apart from the mix and from each other.
    #expect(written.dropFirst().contains { abs($0 - written[0]) > 0.5 })
    #expect(Set(written.dropFirst()).count == 3)
    // At the standard loudness no target was chosen for delivery: the mix says its loudness,
    // the stems leave theirs unset, as a measure of each would cost as much as its render.
    let plain = folder.appendingPathComponent("plain")
    let standard = try run(
      [
        "convert", "Examples/dice.json", "-o", folder.appendingPathComponent("b.mid").path,
        "--wav", folder.appendingPathComponent("plain.wav").path, "--stems", plain.path,
      ], program: program)
    #expect(standard.status == 0, "\(standard.error)")
    #expect(try bextLoudness(folder.appendingPathComponent("plain.wav").path)[0] != nil)
    for stem in shownFiles(in: plain) {
      #expect(try bextLoudness(plain.appendingPathComponent(stem).path)[0] == nil, "\(stem)")
    }
  }

  @Test(arguments: ["-80", "loud", "1"])
  func aTargetOutsideTheRangeIsRefused(loudness: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", folder.appendingPathComponent("a.wav").path, "--loudness", loudness,
    ])
    #expect(result.status == 64)
    #expect(
      result.error
        == "Error: --loudness: expected -70 to 0 LUFS, broadcast (-23), atsc (-24), web (-16), streaming (-27) or peak (the mix's peak at -1 dBFS), found \(Double(loudness) == nil ? "\"\(loudness)\"" : loudness)\n"
    )
    #expect(files(in: folder).isEmpty)
  }
}
