import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

/// Timed text to a broadcaster's delivery rules, read by webvtt-py: every example narrated at 25
/// and 29.97 drop-frame, its captions and its captions at the notes checked rule by rule.
@Suite("Timed text to delivery spec", .serialized)
struct TimedTextTests {
  /// Checks the rules on the spoken captions (`sys.argv[1]`) and on the captions at the notes
  /// (`sys.argv[2]`) at `sys.argv[3]` frames a second; the mix's cue times (`sys.argv[4]`, a JSON
  /// list) and the graph's end (`sys.argv[5]`) place the points. Prints one line a broken rule.
  static let check = """
    import json, sys, webvtt
    spoken_path, points_path, fps = sys.argv[1], sys.argv[2], float(sys.argv[3])
    cue_times, graph_end = json.loads(sys.argv[4]), float(sys.argv[5])
    frame = 1 / fps
    not_units = {"to", "or", "and", "in", "at", "from", "then", "by", "on", "with", "until", "than"}
    def seconds(stamp):
        h, m, s = stamp.split(":")
        return int(h) * 3600 + int(m) * 60 + float(s)
    def on_frame(t):
        # WebVTT holds milliseconds: a frame's time within half of one.
        return abs(t * fps - round(t * fps)) <= fps * 0.0005 + 1e-6
    spoken = []
    def rules(path, points):
        cues = [(seconds(c.start), seconds(c.end), c.lines) for c in webvtt.read(path)]
        if not cues:
            print(path, "no cues")
        for index, (start, end, lines) in enumerate(cues):
            text = " ".join(lines)
            where = f"{path.split('/')[-1]} cue {index + 1} {text[:30]!r}"
            if len(lines) > 2:
                print(where, "has", len(lines), "lines")
            for line in lines:
                if len(line) > 42:
                    print(where, "line of", len(line), "characters")
            for first, second in zip(lines, lines[1:]):
                last, next_word = first.split()[-1], second.split()[0]
                if (last[-1].isdigit() or last.lower() in ("thousand", "million", "billion")) and next_word[0].isalpha() and not next_word.endswith(":") and next_word.lower() not in not_units:
                    print(where, "breaks", last, "from", next_word)
            duration = end - start
            if not (on_frame(start) and on_frame(end)):
                print(where, "off the frames:", start, end)
            if duration > 7 + 0.001:
                print(where, "shows", duration, "s")
            if not points and duration < 5 / 6 - 0.001:
                print(where, "shows only", duration, "s")
            if not points and len("".join(lines)) / duration > 20.05:
                print(where, "reads at", len("".join(lines)) / duration, "characters a second")
            if points and duration < 2 * frame - 0.001:
                print(where, "shows only", duration, "s")
            # A point is cut only where the next point starts.
            cut = index + 1 < len(cues) and abs(cues[index + 1][0] - (end + 2 * frame)) < 0.002
            if points and not cut:
                if duration < 5 / 6 - 0.001:
                    print(where, "shows only", duration, "s, and nothing cuts it")
                if len("".join(lines)) / duration > 20.05:
                    print(where, "reads at", len("".join(lines)) / duration, "characters a second")
            if index > 0 and start - cues[index - 1][1] < 2 * frame - 0.001:
                print(where, "follows the one before by", start - cues[index - 1][1], "s")
            if points:
                if not any(abs(start - t) <= frame + 0.001 for t in cue_times):
                    print(where, "starts at", start, "far from every note")
                # Past the graph's last note only by its reading time, in the pause and beyond.
                reading = max(5 / 6, len(" ".join(lines)) / 20)
                if end > max(graph_end, start + reading + frame) + 0.001:
                    print(where, "ends at", end, "after the graph's end", graph_end)
        return cues
    spoken = rules(spoken_path, False)
    rules(points_path, True)
    print("checked")
    """

  @Test(
    arguments: ["cars", "birth-rate", "temperatures", "precipitation", "coffee-code", "dice"],
    ["25", "29.97df"])
  func everyRuleHoldsOnEveryExample(name: String, rate: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let vtt = folder.appendingPathComponent("c.vtt")
    let wav = folder.appendingPathComponent("c.wav")
    let midi = folder.appendingPathComponent("c.mid")
    let result = try run([
      "convert", "Examples/\(name).json", "-o", midi.path, "--narrate", "--captions", vtt.path,
      "--frame-rate", rate, "--wav", wav.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    // The facts' notes: the mix's cues, read by the test's RIFF reader.
    let cues = try WAVMarkers([UInt8](try Data(contentsOf: wav))).cues.map {
      Double($0.frame) / 44100
    }
    // The graph ends with its last note off, as libsmf reads the MIDI file.
    let file = try MIDIFile(contentsOf: midi)
    let graphEnd =
      file.tracks.flatMap(\.events).filter {
        guard let status = $0.bytes.first else { return false }
        return status & 0xF0 == 0x80
          || (status & 0xF0 == 0x90 && $0.bytes.count > 2 && $0.bytes[2] == 0)
      }.map(\.seconds).max() ?? 0
    let fps = rate == "25" ? "25" : String(30000.0 / 1001)
    let checked = try runPython(
      Self.check,
      [
        vtt.path, folder.appendingPathComponent("c.points.vtt").path, fps,
        String(decoding: try JSONSerialization.data(withJSONObject: cues), as: UTF8.self),
        String(graphEnd),
      ])
    try #require(checked.status == 0, "webvtt-py is missing: run `make test`")
    let broken = checked.output.split(separator: "\n").filter { $0 != "checked" }
    #expect(checked.output.hasSuffix("checked\n"), "\(checked.output)")
    #expect(broken.isEmpty, "\(name) at \(rate): \(broken.prefix(8).joined(separator: "; "))")
  }

  /// On the programme's timeline, each cue is the file's time plus the start; several caption
  /// files in one run hold the same cues.
  @Test func programmeTimeAndSeveralFiles() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func convert(_ more: [String]) throws {
      let result = try run(
        [
          "convert", "Examples/birth-rate.json", "-o", folder.appendingPathComponent("b.mid").path,
          "--narrate", "--start", "10:00:00:00", "--frame-rate", "25",
        ] + more)
      #expect(result.status == 0, "\(result.error)")
    }
    try convert([
      "--captions", folder.appendingPathComponent("file.vtt").path, "--captions",
      folder.appendingPathComponent("file.srt").path, "--captions",
      folder.appendingPathComponent("file.ttml").path,
    ])
    try convert([
      "--captions", folder.appendingPathComponent("programme.vtt").path, "--caption-time",
      "programme",
    ])
    let read = try runPython(
      """
      import sys, webvtt, srt
      import xml.etree.ElementTree as tree
      def seconds(stamp):
          h, m, s = stamp.replace(",", ".").split(":")
          return int(h) * 3600 + int(m) * 60 + float(s)
      vtt = [(seconds(c.start), seconds(c.end)) for c in webvtt.read(sys.argv[1])]
      subrip = [(c.start.total_seconds(), c.end.total_seconds())
                for c in srt.parse(open(sys.argv[2]).read())]
      ttml = [(seconds(p.get("begin")), seconds(p.get("end")))
              for p in tree.parse(sys.argv[3]).iter("{http://www.w3.org/ns/ttml}p")]
      programme = [(seconds(c.start), seconds(c.end)) for c in webvtt.read(sys.argv[4])]
      print(len(vtt), len(subrip), len(ttml), len(programme))
      close = lambda a, b: all(abs(x[0] - y[0]) < 0.002 and abs(x[1] - y[1]) < 0.002
                               for x, y in zip(a, b))
      print(close(vtt, subrip), close(vtt, ttml),
            close([(s + 36000, e + 36000) for s, e in vtt], programme))
      """,
      ["file.vtt", "file.srt", "file.ttml", "programme.vtt"].map {
        folder.appendingPathComponent($0).path
      })
    try #require(read.status == 0, "webvtt-py or srt is missing: run `make test`")
    let lines = read.output.split(separator: "\n")
    try #require(lines.count == 2, "\(read.output)")
    let counts = lines[0].split(separator: " ")
    #expect(Set(counts).count == 1 && counts[0] != "0", "\(lines[0])")
    #expect(lines[1] == "True True True")
  }

  /// At 29.97 drop-frame, programme time is the clock time of the start's frame: 10:00:00;00 is
  /// frame 1,078,920, 35,999.964 s; every cue stays on a frame.
  @Test func programmeTimeAtDropFrameIsTheFramesClockTime() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for time in ["file", "programme"] {
      let result = try run([
        "convert", "Examples/birth-rate.json", "-o", folder.appendingPathComponent("b.mid").path,
        "--narrate", "--start", "10:00:00;00", "--frame-rate", "29.97df", "--captions",
        folder.appendingPathComponent("\(time).vtt").path, "--caption-time", time,
      ])
      #expect(result.status == 0, "\(result.error)")
    }
    let read = try runPython(
      """
      import sys, webvtt
      from fractions import Fraction
      def seconds(stamp):
          h, m, s = stamp.split(":")
          return Fraction(int(h) * 3600 + int(m) * 60) + Fraction(s)
      file = [(seconds(c.start), seconds(c.end)) for c in webvtt.read(sys.argv[1])]
      programme = [(seconds(c.start), seconds(c.end)) for c in webvtt.read(sys.argv[2])]
      # Drop-frame: 17,982 frames every ten minutes, so ten hours are 1,078,920 frames.
      start = Fraction(1078920 * 1001, 30000)
      print(len(file) == len(programme) > 0, float(start), webvtt.read(sys.argv[2])[0].start)
      shifted = all(abs(p - (f + start)) <= Fraction(1, 1000)
                    for x, y in zip(file, programme) for f, p in zip(x, y))
      frame = Fraction(1001, 30000)
      on_frames = all(abs(t / frame - round(t / frame)) * frame <= Fraction(1, 2000)
                      for cue in programme for t in cue)
      print(shifted, on_frames)
      """,
      ["file.vtt", "programme.vtt"].map { folder.appendingPathComponent($0).path })
    try #require(read.status == 0, "webvtt-py is missing: run `make test`")
    let lines = read.output.split(separator: "\n")
    try #require(lines.count == 2, "\(read.output)")
    #expect(lines[0].hasPrefix("True 35999.964 09:59:59.964"), "\(lines[0])")
    #expect(lines[1] == "True True", "\(read.output)")
  }

  /// The narration as a W3C DAPT script, read against the structure the specification requires,
  /// and as WebVTT descriptions: one cue a sentence, whole.
  @Test func aDAPTScriptAndWebVTTDescriptions() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dapt = folder.appendingPathComponent("ad.dapt.ttml")
    let vtt = folder.appendingPathComponent("ad.vtt")
    let script = folder.appendingPathComponent("script.json")
    let result = try run([
      "convert", "Examples/temperatures.json", "-o", folder.appendingPathComponent("t.mid").path,
      "--arrangement", "sequential", "--cues", "--stems",
      folder.appendingPathComponent("stems").path,
      "--captions", dapt.path, "--captions", vtt.path, "--vtt-kind", "descriptions",
      "--script-out", script.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.contains("captions: \(dapt.path) (10 script events)"), "\(result.error)")
    let checked = try runPython(
      """
      import json, sys, numpy, soundfile, webvtt
      import xml.etree.ElementTree as tree
      TT, TTP, TTA = "{http://www.w3.org/ns/ttml}", "{http://www.w3.org/ns/ttml#parameter}", "{http://www.w3.org/ns/ttml#audio}"
      DAPTM, XML = "{http://www.w3.org/ns/ttml/profile/dapt#metadata}", "{http://www.w3.org/XML/1998/namespace}"
      path, vtt_path, script_path, folder = sys.argv[1:5]
      root = tree.parse(path).getroot()
      problems = []
      def need(ok, what):
          if not ok: problems.append(what)
      need(root.tag == TT + "tt", "root is not tt")
      need("http://www.w3.org/ns/ttml/profile/dapt1.0/content" in root.get(TTP + "contentProfiles", "").split(), "no DAPT content profile")
      need(root.get(TTP + "profile") is None, "a ttp:profile")
      need(root.get(XML + "lang"), "no default language")
      need(root.get(DAPTM + "scriptRepresents"), "no scriptRepresents")
      kind = root.get(DAPTM + "scriptType")
      need(kind in ("originalTranscript", "translatedTranscript", "preRecording", "asRecorded"), f"scriptType {kind}")
      bodies = root.findall(TT + "body")
      need(len(bodies) == 1, "not one body")
      need(all(e.get("timeContainer", "par") == "par" for e in root.iter()), "a seq time container")
      events = [d for d in root.iter(TT + "div") if d.find(TT + "div") is None]
      ids = [d.get(XML + "id") for d in events]
      need(all(ids) and len(set(ids)) == len(ids), "script event identifiers")
      said = [s["text"] for s in json.load(open(script_path))["sentences"]]
      texts = []
      ducked = 0
      for d in events:
          need(d.get("begin") and d.get("end"), f"{d.get(XML + 'id')} has no times")
          need(d.get(DAPTM + "represents") or root.get(DAPTM + "scriptRepresents"), "no represents")
          paragraphs = d.findall(TT + "p")
          need(len(paragraphs) == 1, f"{d.get(XML + 'id')}: not one text")
          p = paragraphs[0]
          texts.append("".join(p.itertext()).strip())
          for animate in p.findall(TT + "animate"):
              gains = animate.get(TTA + "gain", "").split(";")
              need(len(gains) == 2 and all(0 <= float(g) <= 1 for g in gains), "a gain")
              ducked += 1
          for audio in p.iter(TT + "audio"):
              stem, rate = soundfile.read(folder + "/" + audio.get("src"))
              begin, end = (float(audio.get(k).rstrip("s")) for k in ("clipBegin", "clipEnd"))
              clip = stem[int(begin * rate):int(end * rate)]
              need(len(clip) > 0 and numpy.sqrt(numpy.mean(clip ** 2)) > 0.01, f"silent audio for {texts[-1][:30]}")
      # The script holds the sentences before and after the graph; the DAPT script the cues
      # said during it too (each series' name).
      need([t for t in texts if t not in ("Low", "High")] == said, f"texts differ: {texts} {said}")
      need(len(texts) == len(said) + 2, "the cues are not script events")
      need(kind == "asRecorded", "recorded, but not asRecorded")
      need(ducked > 0, "no mixing instruction for the cues over the graph")
      cues = [c.text.replace("\\n", " ") for c in webvtt.read(vtt_path)]
      need(cues == texts, f"descriptions differ: {cues[:3]}")
      print(json.dumps(problems))
      """, [dapt.path, vtt.path, script.path, folder.path])
    try #require(checked.status == 0, "\(checked.output)")
    #expect(checked.output.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    // A DAPT script needs a narration.
    let none = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("c.mid").path,
      "--captions", folder.appendingPathComponent("c.dapt.ttml").path,
    ])
    #expect(none.status != 0)
    #expect(none.error.contains("it holds a narration's sentences; ask for a narration"))
  }
}
