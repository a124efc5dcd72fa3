import Foundation
import TestSupport
import Testing

/// Long renders run under a limit of address space, and their peak memory is read from the kernel.
@Suite("Bounded memory: an hour of sixteen stems under a limit")
struct BoundedMemoryTests {
  /// The address space the runs get: 1 GiB, where keeping every stem whole took about 20 GB.
  static let addressSpace = 1 << 30
  /// The most resident memory a run may reach: 300 MB.
  static let residentLimit = 300_000_000

  static func fixture(_ name: String) -> String {
    projectRoot.appendingPathComponent("Tests/Fixtures/Memory/\(name)").path
  }

  /// Checks the mix and the stems with scipy (the files are mapped, not read whole): each stem
  /// lasts `seconds` (plus at most the 5 s tail) and sounds in each of `notes`' spans of its
  /// own, and is exactly silent in `quiet`; the mix sounds in all of them. Prints "ok" or what is
  /// wrong.
  static let check = """
    import json, sys, warnings
    import numpy as np
    from scipy.io import wavfile
    warnings.simplefilter("ignore")
    folder, seconds, spans = sys.argv[1], float(sys.argv[2]), json.loads(sys.argv[3])
    wrong = []
    def read(name):
        rate, data = wavfile.read(f"{folder}/{name}", mmap=True)
        length = len(data) / rate
        if not seconds <= length <= seconds + 5.05:
            wrong.append(f"{name}: {length:.2f} s")
        return rate, data
    def loud(rate, data, start, end):
        part = np.asarray(data[int(start * rate):int(end * rate)], dtype=np.float64)
        return float(np.sqrt(np.mean(part ** 2))) if len(part) else 0.0
    rate, mix = read("mix.wav")
    for stem, (notes, quiet) in spans.items():
        rate, data = read(f"stems/{stem}.wav")
        for start, end in notes:
            if loud(rate, data, start, end) < 30:
                wrong.append(f"{stem}: silent from {start} s")
            if loud(rate, mix, start, end) < 30:
                wrong.append(f"mix: silent from {start} s")
        for start, end in quiet:
            part = np.asarray(data[int(start * rate):int(end * rate)])
            if np.any(part != 0):
                wrong.append(f"{stem}: sound from {start} to {end} s")
    print("ok" if not wrong else "; ".join(wrong[:10]))
    """

  /// Runs the release binary with `arguments` in a new folder under the limit, and checks that
  /// it wrote `outputs` (and nothing else), stayed under 300 MB, and that the audio lasts
  /// `seconds` and sounds only in the stems' `spans` (see `check`).
  func renderAnHour(
    _ arguments: [String], outputs: [String], seconds: Int, spans: [String: [[[Double]]]]
  ) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let measured = try runMeasured(
      arguments, program: releaseExecutable!, in: folder, addressSpace: Self.addressSpace)
    #expect(measured.run.status == 0, "exit \(measured.run.status): \(measured.run.error)")
    #expect(
      measured.peakMemory < Self.residentLimit, "peak memory \(measured.peakMemory >> 20) MB")
    // Nothing but the outputs: no scratch file is left.
    #expect(files(in: folder) == outputs)
    #expect(
      shownFiles(in: folder.appendingPathComponent("stems"))
        == spans.keys.map { "\($0).wav" }.sorted())
    let result = try runPython(
      Self.check,
      [folder.path, "\(seconds)", String(decoding: try JSONEncoder().encode(spans), as: UTF8.self)])
    #expect(result.output == "ok\n")
  }

  @Test(
    "an hour-long MIDI file renders its mix and 16 stems in under 300 MB",
    .enabled(if: releaseExecutable != nil, "make test builds the release binary this needs"))
  func anHourOfSixteenTracks() throws {
    // Track i plays a second-long note at i s into every 5 minutes (120 beats a minute, 480
    // ticks a beat); between them its stem is silent.
    var spans: [String: [[[Double]]]] = [:]
    for index in 0..<16 {
      let starts = (0..<12).map { Double($0 * 300 + index) }
      spans["T\(index)"] = [
        starts.map { [$0 + 0.05, $0 + 0.95] }, starts.map { [$0 + 30, $0 + 270] },
      ]
    }
    try renderAnHour(
      ["render", Self.fixture("hour-16-tracks.mid"), "--wav", "mix.wav", "--stems", "stems"],
      outputs: ["mix.wav", "stems"], seconds: 3590, spans: spans)
  }

  @Test(
    "a chart of 16 series over an hour writes its mix and stems in under 300 MB",
    .enabled(if: releaseExecutable != nil, "make test builds the release binary this needs"))
  func anHourOfSixteenSeries() throws {
    // Four points over 3,500 s: a note at 0, 1,166.7, 2,333.3 and 3,500 s in every series.
    var spans: [String: [[[Double]]]] = [:]
    for index in 0..<16 {
      let starts = (0..<4).map { Double($0) * 3500 / 3 }
      spans["S\(index)"] = [
        starts.map { [$0 + 0.02, $0 + 0.1] }, starts.dropLast().map { [$0 + 60, $0 + 1000] },
      ]
    }
    try renderAnHour(
      [
        "convert", Self.fixture("hour-16-series.json"), "-o", "chart.mid", "--wav", "mix.wav",
        "--stems", "stems",
      ], outputs: ["chart.mid", "mix.wav", "stems"], seconds: 3500, spans: spans)
  }

  /// Opus is written at 48 kHz: fifteen minutes at 44.1 kHz are resampled on the way to the
  /// encoder, a piece at a time (the whole mix, at both rates, would take about 660 MB).
  @Test(
    "fifteen minutes of Opus are resampled and encoded in under 300 MB",
    .enabled(if: releaseExecutable != nil, "make test builds the release binary this needs"))
  func aLongOpusMix() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = projectRoot.appendingPathComponent("Examples/birth-rate.json").path
    let measured = try runMeasured(
      ["convert", chart, "-o", "chart.mid", "--duration", "900", "--wav", "mix.opus"],
      program: releaseExecutable!, in: folder, addressSpace: Self.addressSpace)
    #expect(measured.run.status == 0, "exit \(measured.run.status): \(measured.run.error)")
    #expect(
      measured.peakMemory < Self.residentLimit, "peak memory \(measured.peakMemory >> 20) MB")
    #expect(files(in: folder) == ["chart.mid", "mix.opus"])
    // Read back by libsndfile through soundfile: 48 kHz, and as long as the chart and its tail.
    let read = try runPython(
      "import soundfile, sys; i = soundfile.info(sys.argv[1]); print(i.samplerate, i.frames / i.samplerate)",
      [folder.appendingPathComponent("mix.opus").path])
    let fields = read.output.split(separator: " ")
    #expect(fields.first == "48000", "\(read.output)")
    let seconds = Double(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    #expect(seconds > 900 && seconds < 906, "\(seconds) s")
  }

  /// The bombs of `Tests/Fixtures/Hostile`: Vega-Lite data that would grow without end, texts
  /// that would take hours to speak. Each is refused under the limit, in a few MB.
  @Test(
    "data that would grow past its limits, and speech too long, are refused in little memory",
    arguments: [
      "calculate-doubling-one-row.vl.json", "calculate-doubling-1000-rows.vl.json",
      "string-in-one-expression.vl.json", "fold-5000-over-sequence.vl.json",
      "sequence-2-million.vl.json", "filter-400-over-sequence.vl.json",
      "expression-4096-terms-over-sequence.vl.json", "joinaggregate-9-over-sequence.vl.json",
      "narrated-title-100k.json",
      "narrated-numbers-past-10-minutes.json",
    ])
  func bombs(_ name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = projectRoot.appendingPathComponent("Tests/Fixtures/Hostile/\(name)").path
    let narrated = name.hasPrefix("narrated")
    let measured = try runMeasured(
      ["convert", path, "-o", "out.mid"] + (narrated ? ["--narrate", "--wav", "out.wav"] : []),
      in: folder, addressSpace: Self.addressSpace)
    #expect(measured.run.status == 65, "exit \(measured.run.status): \(measured.run.error)")
    #expect(measured.run.error.hasPrefix("Error: \(path): "))
    #expect(
      measured.run.error.contains(
        narrated ? "a narration speaks for at most 10 minutes" : "raise the limit with --limit"))
    #expect(
      measured.peakMemory < Self.residentLimit, "peak memory \(measured.peakMemory >> 20) MB")
    #expect(files(in: folder) == [])
  }

  /// A specification of 262 bytes that aggregates a million rows into a million groups (it took
  /// 833 MB): read, and played, in under 300 MB.
  @Test(
    "an aggregate into a million groups is read in under 300 MB",
    .enabled(if: releaseExecutable != nil, "make test builds the release binary this needs"))
  func anAggregateIntoAMillionGroups() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = projectRoot.appendingPathComponent(
      "Tests/Fixtures/Hostile/aggregate-million-groups.vl.json"
    ).path
    let measured = try runMeasured(
      ["validate", path], program: releaseExecutable!, in: folder,
      addressSpace: Self.addressSpace)
    #expect(measured.run.status == 0, "\(measured.run.error)")
    #expect(measured.run.output.contains("1 series, 1000000 points"), "\(measured.run.output)")
    #expect(measured.peakMemory < Self.residentLimit, "peak memory \(measured.peakMemory >> 20) MB")
  }

  /// The shapes of a million rows that held the most at once: the data files (CSV and JSON, five
  /// fields, played with a size and an instrument), the rows of a sequence widened by
  /// `calculate`, then grouped on four fields, joined, or aggregated by the encoding, and a
  /// descriptor of a million points with two additional values. Each is read, converted and
  /// written in under 300 MB (they took 300-655 MB). The data is made by the test.
  @Test(
    "a million rows, as data files and through each kind of grouping, convert in under 300 MB",
    .enabled(if: releaseExecutable != nil, "make test builds the release binary this needs"),
    arguments: ["csv", "json", "groups-of-four-fields", "join", "encoding-aggregate", "descriptor"])
  func aMillionRowsConvertInUnder300MB(_ shape: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let made = try runPython(
      """
      import json, sys
      folder, shape = sys.argv[1], sys.argv[2]
      n = 1000000
      sequence = {"sequence": {"start": 0, "stop": n, "as": "v"}}
      def spec(data, transform, encoding):
          return {"data": data, "transform": transform, "mark": "point", "encoding": encoding}
      x = {"field": "v", "type": "quantitative"}
      wide = [{"calculate": f"datum.v * {k}", "as": f"w{k}"} for k in (2, 3, 4)]
      if shape in ("csv", "json"):
          rows = [(i, (i * 7919) % 1000 / 10, "abc"[i % 3], i * 2, i % 7) for i in range(n)]
          with open(f"{folder}/data.{shape}", "w") as out:
              if shape == "csv":
                  out.write("a,b,c,d,e\\n")
                  out.writelines(f"{a},{b},{c},{d},{e}\\n" for a, b, c, d, e in rows)
              else:
                  json.dump([dict(zip("abcde", row)) for row in rows], out)
          chart = spec({"url": f"data.{shape}"}, [], {
              "x": {"field": "a", "type": "quantitative"},
              "y": {"field": "b", "type": "quantitative"},
              "color": {"field": "c", "type": "nominal"},
              "size": {"field": "d", "type": "quantitative"}})
      elif shape == "groups-of-four-fields":
          chart = spec(sequence, wide + [{"aggregate": [{"op": "count", "as": "c"}],
              "groupby": ["v", "w2", "w3", "w4"]}], {"x": x, "y": {"field": "w2", "type": "quantitative"}})
      elif shape == "join":
          chart = spec(sequence, wide + [{"joinaggregate": [{"op": "count", "as": "c"}],
              "groupby": ["v"]}], {"x": x, "y": {"field": "c", "type": "quantitative"}})
      elif shape == "encoding-aggregate":
          chart = spec(sequence, [], {"x": x, "y": {"aggregate": "count", "type": "quantitative"}})
      else:
          points = [{"x": i, "y": (i * 7919) % 1000 / 10, "additionalValues": [i % 50, "abc"[i % 3]]}
              for i in range(n)]
          chart = {"title": "A million points", "xAxis": {"title": "x", "range": [0, n]},
              "yAxis": {"title": "y", "range": [0, 100]},
              "additionalAxes": [{"title": "size", "range": [0, 50]},
                  {"title": "kind", "categoryOrder": ["a", "b", "c"]}],
              "series": [{"name": "points", "dataPoints": points}]}
      json.dump(chart, open(f"{folder}/chart.json", "w"))
      print("made")
      """, [folder.path, shape])
    #expect(made.output == "made\n", "\(made.output)")
    let measured = try runMeasured(
      ["convert", "chart.json", "-o", "out.mid"], program: releaseExecutable!, in: folder,
      addressSpace: Self.addressSpace)
    #expect(measured.run.status == 0, "\(measured.run.error)")
    #expect(
      measured.peakMemory < Self.residentLimit, "peak memory \(measured.peakMemory >> 20) MB")
    // Every row became a point: grouped into fewer notes where they are dense, of all of them.
    let said = measured.run.output + measured.run.error
    if said.contains("grouped:") { #expect(said.contains("points of 1000000"), "\(said)") }
    // The notes the file holds, as a MIDI reader counts them, are the notes reported.
    let counted = try runPython(
      "import mido, sys; print(sum(1 for t in mido.MidiFile(sys.argv[1]).tracks for m in t if m.type == 'note_on' and m.velocity > 0))",
      [folder.appendingPathComponent("out.mid").path])
    let notes = counted.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(said.contains(" \(notes) note"), "\(notes) notes read; \(said)")
  }

  /// A teacher's questions file of 8 MB, which JSON would make some 1.3 GB of: refused unread.
  @Test func anOwnQuestionsFileOfEightMegabytesIsRefusedUnread() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let question =
      #"{"chart": "dice.json", "prompt": "p", "number": 1, "tolerance": 1, "explanation": "e"}"#
    let text =
      #"{"questions": ["# + Array(repeating: question, count: 95_000).joined(separator: ",") + "]}"
    try Data(text.utf8).write(to: folder.appendingPathComponent("mine.json"))
    let measured = try runMeasured(
      [
        "exercise", example("dice").path, "--out", "exercise", "--own-questions", "mine.json",
      ], in: folder, addressSpace: Self.addressSpace)
    #expect(measured.run.status != 0)
    #expect(
      measured.run.error.contains(
        "mine.json: cannot be read: it holds 8.3 MB; at most 1 MB is read"),
      "\(measured.run.error)")
    #expect(measured.peakMemory < Self.residentLimit, "peak memory \(measured.peakMemory >> 20) MB")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("exercise").path))
  }

  /// A manifest planted in a batch's folder, a gigabyte with no line break (sparse: no disk
  /// taken), is read as it goes, never held: the batch runs in little memory.
  @Test func aManifestOfAGigabyteWithNoLineBreakIsReadInLittleMemory() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let planted = out.appendingPathComponent("manifest.jsonl")
    #expect(FileManager.default.createFile(atPath: planted.path, contents: Data("{".utf8)))
    #expect(truncate(planted.path, 1_000_000_000) == 0)
    let measured = try runMeasured(
      ["batch", example("dice").path, "--out", "out"], program: testedProgram, in: folder,
      addressSpace: Self.addressSpace)
    #expect(measured.run.status == 0, "\(measured.run.error)")
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("dice.mid").path))
    #expect(measured.peakMemory < Self.residentLimit, "peak memory \(measured.peakMemory >> 20) MB")
  }

  @Test func aDataFileOfThreeGigabytesIsRefusedUnread() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A sparse file: 3 GB long, no disk taken.
    let data = folder.appendingPathComponent("huge.csv")
    #expect(FileManager.default.createFile(atPath: data.path, contents: Data("a,b\n".utf8)))
    #expect(truncate(data.path, 3_000_000_000) == 0)
    let spec = folder.appendingPathComponent("spec.vl.json")
    try Data(
      #"{"data": {"url": "huge.csv"}, "mark": "point", "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}}"#
        .utf8
    ).write(to: spec)
    let measured = try runMeasured(
      ["convert", "spec.vl.json", "-o", "out.mid"], in: folder, addressSpace: Self.addressSpace)
    #expect(measured.run.status == 65)
    #expect(
      measured.run.error
        == "Error: spec.vl.json: data.url: cannot read \"huge.csv\": it holds 3 GB; at most 256 MB is read; raise the limit with --limit file-size=N for a chart you trust\n"
    )
    #expect(measured.peakMemory < Self.residentLimit)
    // The chart itself, as large: refused the same way.
    #expect(truncate(spec.path, 3_000_000_000) == 0)
    let chart = try runMeasured(
      ["validate", "spec.vl.json"], in: folder, addressSpace: Self.addressSpace)
    #expect(
      chart.run.error
        == "Error: spec.vl.json: cannot read the file (it holds 3 GB; at most 256 MB is read); raise the limit with --limit file-size=N for a chart you trust\n"
    )
  }

  @Test func aChartOfAHundredThousandSeriesIsRefusedInLittleAddressSpace() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 100,000 series of one point each: 5 MB, where each series once reserved room for the rest
    // of the document (753 GB of address space in all).
    var text = #"{"title": "Many", "xAxis": {"title": "x", "range": [0, 1]}, "#
    text += #""yAxis": {"title": "y", "range": [0, 1]}, "series": ["#
    text += (0..<100_000).map { #"{"name": "s\#($0)", "dataPoints": [{"x": 0, "y": 1}]}"# }
      .joined(separator: ", ")
    text += "]}"
    try Data(text.utf8).write(to: folder.appendingPathComponent("many.json"))
    for command in ["validate", "convert"] {
      let arguments =
        command == "convert" ? ["convert", "many.json", "-o", "m.mid"] : [command, "many.json"]
      let measured = try runMeasured(arguments, in: folder, addressSpace: Self.addressSpace)
      #expect(measured.run.status == 65, "\(command): exit \(measured.run.status)")
      #expect(
        measured.run.error
          == "Error: many.json: the chart has 100000 series to play, each on a track of its own, but MIDI has room for 240 (16 ports of 15 channels); choose fewer series to play\n"
      )
      #expect(measured.peakMemory < Self.residentLimit)
    }
  }
}
