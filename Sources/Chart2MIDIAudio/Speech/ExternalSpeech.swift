import Foundation

/// Speech made by a program: Piper, or the operator's own command. The texts go in through
/// files, never on a command line; the program's audio comes back as files libsndfile reads, in a
/// private folder removed after.
enum ExternalSpeech {
  /// The longest one run of a program may take, in seconds, before it is stopped.
  static let timeLimit: Double = 300

  /// Piper's speech of each text, at the voice's own sample rate: one run of `piper` for all of
  /// them, one WAV file a line.
  ///
  /// - Throws: `SynthError` when `piper` is not on the `PATH`, fails, or writes other than one
  ///   file a text.
  static func piper(_ texts: [String], voice: PiperVoice, rate: Int) throws -> [Spoken] {
    guard let program = program(named: "piper") else {
      throw SynthError(
        "Piper is not installed: no `piper` command on the PATH (it comes with the piper-tts package)",
        code: .speechUnavailable)
    }
    let folder = try PrivateFolder()
    let said = texts.indices.filter { !line(texts[$0]).isEmpty }
    let input = folder.url.appendingPathComponent("texts.txt")
    try Data(said.map { line(texts[$0]) + "\n" }.joined().utf8).write(to: input)
    let output = folder.url.appendingPathComponent("speech")
    // Generator noise off: the same text, the same samples. A slower rate is a longer phoneme.
    let arguments = [
      "-m", voice.model.path, "-d", output.path, "--noise-scale", "0", "--noise-w-scale", "0",
      "--length-scale", String(format: "%.4f", 175 / Double(max(1, rate))),
    ]
    try run(program, arguments, input: input, in: folder, name: "Piper")
    // One file a line, named by the time it was written: in the order of the lines.
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [])
      .filter { $0.hasSuffix(".wav") }
      .sorted { (UInt64($0.dropLast(4)) ?? 0, $0) < (UInt64($1.dropLast(4)) ?? 0, $1) }
    guard files.count == said.count else {
      throw SynthError(
        "Piper wrote \(files.count) audio files for \(said.count) sentences",
        call: "piper", code: .speechUnavailable)
    }
    var speech = Array(repeating: Spoken(samples: [], sampleRate: 22050), count: texts.count)
    for (index, file) in zip(said, files) {
      let (samples, sampleRate) = try RecordedSpeech.read(
        output.appendingPathComponent(file), named: "Piper's speech")
      speech[index] = Spoken(samples: samples, sampleRate: sampleRate)
    }
    return speech
  }

  /// The speech command's speech of `text`: the command run by `/bin/sh` with the text on its
  /// standard input, `{wav}` replaced by a file to write and `{rate}` by words a minute; the WAV
  /// read from that file, or from its standard output when it names none.
  ///
  /// - Throws: `SynthError` when the command fails, runs too long or writes no audio.
  static func command(_ command: String, text: String, rate: Int) throws -> Spoken {
    guard !line(text).isEmpty else { return Spoken(samples: [], sampleRate: 22050) }
    let folder = try PrivateFolder()
    let input = folder.url.appendingPathComponent("text.txt")
    try Data((line(text) + "\n").utf8).write(to: input)
    let wav = folder.url.appendingPathComponent("speech.wav")
    let stdout = folder.url.appendingPathComponent("stdout")
    let written = command.contains("{wav}") ? wav : stdout
    let expanded = command.replacingOccurrences(of: "{wav}", with: "'\(wav.path)'")
      .replacingOccurrences(of: "{rate}", with: "\(rate)")
    try run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", expanded], input: input, in: folder,
      name: "the speech command", stdout: stdout)
    let sentence = "\"\(line(text).prefix(40))\(line(text).count > 40 ? "…" : "")\""
    let size = (try? FileManager.default.attributesOfItem(atPath: written.path)[.size]) as? Int
    guard (size ?? 0) > 0 else {
      throw SynthError(
        "the speech command wrote no audio for \(sentence) (to \(command.contains("{wav}") ? "{wav}" : "its standard output"))",
        code: .speechUnavailable)
    }
    // Audio the command wrote wrong is the command's failure, not the chart's.
    do {
      let (samples, sampleRate) = try RecordedSpeech.read(
        written, named: "the speech command's audio for \(sentence)")
      return Spoken(samples: samples, sampleRate: sampleRate)
    } catch var error as SynthError {
      error.code = .speechUnavailable
      throw error
    }
  }

  /// A text as one line: its line breaks as spaces, its ends trimmed.
  static func line(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 }).trimmingCharacters(in: .whitespaces)
  }

  /// The first executable file named `name` in the folders of `PATH`.
  static func program(named name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Runs `program` with `arguments`, its standard input from `input`, its standard output to
  /// `stdout` (else discarded) and its errors to a file of `folder`; stopped after `timeLimit`.
  ///
  /// - Throws: `SynthError` naming `name` when it cannot start, is stopped, or exits other than 0
  ///   (with the last line it wrote to its errors).
  static func run(
    _ program: URL, _ arguments: [String], input: URL, in folder: PrivateFolder, name: String,
    stdout: URL? = nil
  ) throws {
    let errors = folder.url.appendingPathComponent("stderr")
    let output = stdout ?? folder.url.appendingPathComponent("discarded")
    for file in [errors, output] {
      _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    }
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    guard let reading = FileHandle(forReadingAtPath: input.path),
      let writing = FileHandle(forWritingAtPath: output.path),
      let complaining = FileHandle(forWritingAtPath: errors.path)
    else {
      throw SynthError("\(name) could not be given its text", code: .speechUnavailable)
    }
    defer {
      try? reading.close()
      try? writing.close()
      try? complaining.close()
    }
    process.standardInput = reading
    process.standardOutput = writing
    process.standardError = complaining
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    do {
      try process.run()
    } catch {
      throw SynthError(
        "\(name) could not start (\(program.path): \(error.localizedDescription))",
        code: .speechUnavailable)
    }
    if ended.wait(timeout: .now() + timeLimit) == .timedOut {
      process.terminate()
      ended.wait()
      throw SynthError(
        "\(name) ran for more than \(Int(timeLimit / 60)) minutes and was stopped",
        code: .speechUnavailable)
    }
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      let last = said.split(whereSeparator: \.isNewline).last.map { ": " + $0.prefix(300) } ?? ""
      let how =
        process.terminationReason == .exit
        ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
      throw SynthError("\(name) failed (\(how))\(last)", code: .speechUnavailable)
    }
  }
}

/// Speech of one text: mono samples at their sample rate, and where its words fall when the
/// engine tells.
package struct Spoken: Sendable {
  /// The samples, mono, from -1 to 1.
  package var samples: [Float]
  /// Their sample rate.
  package var sampleRate: Int
  /// Where its words are said (eSpeak NG's word events); empty for the other engines.
  package var words: [SpeechSynthesizer.Word] = []
}

/// A folder of the process's own in the temporary folder, removed with everything in it when
/// released.
final class PrivateFolder {
  /// Where it is.
  let url: URL

  /// Makes the folder (mode 0700).
  ///
  /// - Throws: `SynthError` when it cannot be made.
  init() throws {
    var template = Array(
      FileManager.default.temporaryDirectory.appendingPathComponent("chart2midi-speech-XXXXXX")
        .path.utf8CString)
    guard let made = mkdtemp(&template) else {
      throw SynthError(
        "no private folder for speech could be made in the temporary folder",
        code: .scratchFile)
    }
    url = URL(fileURLWithPath: String(cString: made))
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
