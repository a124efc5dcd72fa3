import Foundation
import TestSupport
import Testing

@Suite("Audio formats the web plays", .serialized)
struct AudioFormatTests {
  /// Decodes with ffmpeg (an independent decoder) to 44.1 kHz stereo floats: the frames, the
  /// integrated loudness (pyloudnorm), and the title and comment tags ffprobe reads.
  func decoded(_ path: String) throws -> (frames: Int, lufs: Double, title: String, comment: String)
  {
    let script = """
      import sys, subprocess, json, numpy, pyloudnorm
      raw = subprocess.run(['ffmpeg', '-v', 'error', '-i', sys.argv[1], '-f', 'f32le', '-ac', '2',
                            '-ar', '44100', '-'], capture_output=True, check=True).stdout
      audio = numpy.frombuffer(raw, dtype='<f4').reshape(-1, 2).astype(float)
      probe = json.loads(subprocess.run(['ffprobe', '-v', 'error', '-show_entries',
                                         'format_tags:stream_tags', '-of', 'json', sys.argv[1]],
                                        capture_output=True, check=True).stdout)
      tags = {}
      for source in [probe.get('format', {})] + probe.get('streams', []):
          for key, value in source.get('tags', {}).items():
              tags[key.lower()] = value
      print(json.dumps({'frames': len(audio), 'lufs': pyloudnorm.Meter(44100).integrated_loudness(audio),
                        'title': tags.get('title', ''), 'comment': tags.get('comment', '')}))
      """
    let result = try runPython(script, [path])
    try #require(result.status == 0, "ffmpeg or pyloudnorm is missing: run `make test`")
    let fields = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    return (
      fields["frames"] as? Int ?? 0, fields["lufs"] as? Double ?? .nan,
      fields["title"] as? String ?? "", fields["comment"] as? String ?? ""
    )
  }

  /// Each format, read back by ffmpeg: the WAV's length within one block (1152 frames, an MP3
  /// frame), its loudness within 0.5 LU, the title and the markers as tags; the stems of the mix's
  /// length, in the same format.
  @Test(arguments: ["flac", "ogg", "opus", "mp3"])
  func eachFormatReadsBackAsTheWAV(format: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let wav = folder.appendingPathComponent("cars.wav").path
    let mix = folder.appendingPathComponent("cars.\(format)").path
    let stems = folder.appendingPathComponent("stems")
    #expect(
      try run([
        "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
        "--wav", wav,
      ]).status == 0)
    let result = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("b.mid").path,
      "--wav", mix, "--stems", stems.path, "--audio-format", format,
    ])
    #expect(result.status == 0, "\(result.error)")
    let reference = try decoded(wav)
    let encoded = try decoded(mix)
    #expect(abs(encoded.frames - reference.frames) <= 1152, "\(encoded.frames) frames")
    #expect(abs(encoded.lufs - reference.lufs) < 0.5, "\(encoded.lufs) LUFS")
    #expect(encoded.title == "Vehicle Weight vs Fuel Efficiency by Country and MSRP")
    #expect(encoded.comment.contains("4.600 Toyota Prius: 1.38 tons, 52 miles per gallon"))
    #expect(shownFiles(in: stems) == ["Cars.\(format)", "Gridlines.\(format)"])
    for stem in shownFiles(in: stems) {
      let frames = try decoded(stems.appendingPathComponent(stem).path).frames
      #expect(abs(frames - encoded.frames) <= 1152, "\(stem): \(frames) frames")
    }
    // Much smaller than the WAV.
    let sizes = try [wav, mix].map {
      try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
    }
    #expect(sizes[1] * 4 < sizes[0], "\(sizes)")
  }

  @Test func aFormatAndAMixNameThatDisagreeAreRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", folder.appendingPathComponent("a.wav").path, "--audio-format", "ogg",
    ])
    #expect(result.status != 0)
    #expect(result.error.hasSuffix("a.wav as ogg: its name says wav; name a .ogg file\n"))
    let unknown = try run([
      "convert", "Examples/cars.json", "-o", folder.appendingPathComponent("a.mid").path,
      "--wav", folder.appendingPathComponent("a.aac").path, "--audio-format", "aac",
    ])
    #expect(unknown.status == 64)
    #expect(
      unknown.error
        == "Error: --audio-format: expected wav, flac, ogg, opus or mp3, found \"aac\"\n")
    #expect(files(in: folder).isEmpty)
  }

  /// batch names its mixes and stems for the format; an exercise's items are in it, and its pages
  /// play them.
  @Test func batchAndExerciseWriteTheFormat() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("batch")
    let batch = try run([
      "batch", "Examples/dice.json", "--out", out.path, "--wav", "--stems", "--audio-format",
      "ogg",
    ])
    #expect(batch.status == 0, "\(batch.error)")
    #expect(files(in: out) == ["dice-stems", "dice.mid", "dice.ogg", "manifest.jsonl"])
    #expect(
      shownFiles(in: out.appendingPathComponent("dice-stems")) == [
        "Blue.ogg", "Green.ogg", "Red.ogg",
      ])
    #expect(try decoded(out.appendingPathComponent("dice.ogg").path).frames > 44100)
    let exercise = folder.appendingPathComponent("exercise")
    let made = try run([
      "exercise", "Examples/birth-rate.json", "--out", exercise.path, "--audio-format", "ogg",
    ])
    #expect(made.status == 0, "\(made.error)")
    #expect(files(in: exercise).contains("item-1.ogg"))
    let page = try String(
      contentsOf: exercise.appendingPathComponent("exercise.html"), encoding: .utf8)
    #expect(page.contains("src=\"item-1.ogg\""))
    // Made again in the default format (MP3), the folder is replaced: it holds only an
    // exercise's files.
    #expect(
      try run(["exercise", "Examples/birth-rate.json", "--out", exercise.path]).status == 0)
    #expect(
      files(in: exercise).contains("item-1.mp3") && !files(in: exercise).contains("item-1.ogg"))
  }
}
