import ArgumentParser
import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

/// Where the audio goes, for `convert` and `render`.
struct AudioOutputs: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write the mix as an audio file: WAV, or the format its name or --audio-format says.",
      valueName: "mix.wav"))
  var wav: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write one WAV per series into this folder (created if missing), the same length as the mix.",
      valueName: "dir"))
  var stems: String?

  @Flag(
    name: .long,
    help: "Put the markers in each stem's WAV file too (the mix always carries them).")
  var stemCues = false
}

/// How a chart's stems are cut, for `convert` and `batch`: a setting the library checks.
struct StemOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "One stem per series (default), or per track: a category's instrument on its own.",
      valueName: "series|track"))
  var stemsBy: Choice<Performance.StemGrouping>?

  /// The flag as a setting.
  var settings: [OptionSetting] {
    stemsBy.map { [.commandLine(.stemsBy, [$0.text], flag: "--stems-by")] } ?? []
  }
}

/// What speaks a narration, for `convert` and `batch`: the operator's choice, never a chart's
/// (a chart cannot name a command to run).
struct SpeechOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Narrate with this Piper voice model instead of eSpeak NG (implies --narrate): an .onnx file with its .onnx.json beside it, spoken by the `piper` command on the PATH; the model's language is the narration's.",
      valueName: "model.onnx"),
    completion: .file(extensions: ["onnx"]))
  var piperVoice: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Narrate with this text-to-speech command instead of eSpeak NG (implies --narrate): run by /bin/sh for each sentence, the sentence on its standard input, a WAV file written where {wav} stands or else to its standard output; {rate} stands for --speech-rate. --voice names the language of the words.",
      valueName: "command"))
  var speechCommand: String?

  /// The engine the flags name.
  var engine: SpeechEngine {
    if let piperVoice { return .piper(model: URL(fileURLWithPath: piperVoice)) }
    return speechCommand.map { .command($0) } ?? .espeak
  }

  /// Refuses two engines at once, and a Piper voice with an eSpeak NG voice (`voice`).
  func validate(voice: String?) throws {
    if piperVoice != nil, speechCommand != nil {
      throw ValidationError("--piper-voice and --speech-command are two voices: give one.")
    }
    if piperVoice != nil, voice != nil {
      throw ValidationError(
        "--piper-voice sets the narration's language from its model: leave out --voice.")
    }
  }
}

/// How audio is rendered, shared by `convert`, `render`, `batch` and `exercise`. Each flag becomes
/// an `OptionSetting` that overrides the chart's `sonification` object; the library checks flags
/// and JSON alike, so values are taken as text here and judged there.
struct SoundOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The soundfont: a .sf2/.sf3 path, or 'gm' for the system's General MIDI soundfont. Default: the project's own, installed with chart2midi or built beside it (never looked for in the working folder), else the system's.",
      valueName: "path"),
    completion: .file(extensions: ["sf2", "sf3"]))
  var soundfont: String?

  @Option(
    name: .long,
    help: ArgumentHelp("The sample rate: 44100 (default) or 48000.", valueName: "hz"),
    completion: .list(["44100", "48000"]))
  var sampleRate: String?

  @Option(
    name: .long,
    help: ArgumentHelp("The WAV sample format: 16 (default), 24 or float.", valueName: "bits"),
    completion: .list(["16", "24", "float"]))
  var bitDepth: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The most seconds of release after the last note, 0 to 60 (default 5).", valueName: "seconds")
  )
  var tailCap: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Reverb on the mix, 0 (none, the default) to 1; stems stay dry.", valueName: "level"))
  var reverb: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "The integrated loudness (ITU-R BS.1770) of the narration's voice, or of the mix without one: -70 to 0 LUFS with the true peak at -1 dBTP, or a preset: broadcast (EBU R128, -23 LUFS, -1 dBTP), atsc (A/85, -24, -2), web (-16, -1, the default), streaming (-27, -2); or peak: the mix's peak at -1 dBFS, no loudness target. A true-peak limiter holds the ceiling; stems take the same gain.",
      valueName: "lufs|preset"),
    completion: .list(["broadcast", "atsc", "web", "streaming", "peak"]))
  var loudness: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The audio files' format: wav (the default), flac, ogg (Vorbis), opus (48 kHz) or mp3, through libsndfile; stems take it too.",
      valueName: "format"))
  var audioFormat: Choice<AudioFormat>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "MP3, Ogg Vorbis and Opus at a variable bitrate of this quality: 0 (the best, the largest file) to 1 (the smallest); default 0.5.",
      valueName: "level"))
  var quality: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "MP3 at this constant bitrate (32 to 320 kb/s), or Opus at this target bitrate (12 to 510), instead of a quality.",
      valueName: "kbps"))
  var bitrate: String?

  /// The flags as settings, in a fixed order.
  var settings: [OptionSetting] {
    [
      (ExportSettings.Key.soundfont, soundfont, "--soundfont"),
      (.audioFormat, audioFormat?.text, "--audio-format"),
      (.sampleRate, sampleRate, "--sample-rate"), (.bitDepth, bitDepth, "--bit-depth"),
      (.tailCap, tailCap, "--tail-cap"), (.reverb, reverb, "--reverb"),
      (.loudness, loudness, "--loudness"), (.quality, quality, "--quality"),
      (.bitrate, bitrate, "--bitrate"),
    ].compactMap { key, text, flag in text.map { .commandLine(key, [$0], flag: flag) } }
  }
}

/// Progress on stderr while audio renders, for people watching: only when stderr is a terminal.
struct ProgressLine {
  /// The closure to hand to the renderer, or nil when nobody watches.
  let report: (@Sendable (Double) -> Void)?

  init(quiet: Bool) {
    guard !quiet, isatty(STDERR_FILENO) == 1 else {
      report = nil
      return
    }
    report = { fraction in
      FileHandle.standardError.write(
        Data(String(format: "\rrendering %3.0f%%", fraction * 100).utf8))
    }
  }

  /// Clears the line.
  func finish() {
    if report != nil { FileHandle.standardError.write(Data("\r               \r".utf8)) }
  }
}

/// The lines that tell what an export wrote, warnings first.
func summaryLines(
  of report: ExportReport, input: String,
  paths: (midi: String?, wav: String?, stems: String?, captions: String?),
  settings: ExportSettings
) -> [String] {
  var lines = report.warnings.map { "warning: \(input): \($0)" }
  if let midi = paths.midi, let score = report.score {
    let notes = score.tracks.reduce(0) { $0 + $1.noteCount }
    lines.append(
      "midi: \(midi) (\(counted(score.tracks.count + 1, "track")), \(counted(notes, "note")), \(String(format: "%.2f", score.duration)) s)"
    )
  }
  if let last = report.narration.last {
    lines.append(
      String(
        format: "narration: %@, the graph from %.2f s%@, spoken until %.2f s",
        counted(report.narration.count, "sentence"), report.graphStart,
        report.graphTimecode.map { " (\($0))" } ?? "", last.end))
  }
  if let start = report.score?.timeline.start {
    let written = start.smpteOffset
    let note =
      written.frameRate == start.frameRate
      ? ""
      : start.smpteOffsetIsExact
        ? "; the MIDI file's SMPTE offset says \(written) at \(written.frameRate.rawValue) fps, the nearest rate it can hold, the same time to 1/100 frame"
        : "; the MIDI file's SMPTE offset says \(written) at \(written.frameRate.rawValue) fps, the nearest rate it can hold: this time lies past its 24 hours, so it wraps"
    lines.append(
      "start: \(start) at \(start.frameRate.rawValue) fps\(report.score?.timeline.padsStart == true ? ", the audio padded with silence before it" : "")\(note)"
    )
  }
  if paths.captions != nil {
    // Each file as it was named.
    for file in report.captionFiles {
      let captions = file.file.relativePath
      let unit = CaptionFormat.isDAPT(file.file) ? "script event" : "cue"
      var line = "captions: \(captions) (\(counted(file.count, unit)))"
      if let points = file.points {
        let path = (captions as NSString).deletingLastPathComponent
        let shown =
          path.isEmpty
          ? points.file.lastPathComponent : "\(path)/\(points.file.lastPathComponent)"
        line += ", the facts at the notes in \(shown) (\(counted(points.count, "cue")))"
      }
      lines.append(line)
    }
  }
  if let wav = paths.wav, let seconds = report.audioSeconds {
    lines.append("mix: \(wav) (\(String(format: "%.2f", seconds)) s)")
  }
  if let soundFont = report.soundFont {
    lines.append("soundfont: \(soundFont.path)")
  }
  if let loudness = report.loudness {
    lines.append(loudness.summary)
  }
  // A broadcast preset's 48 kHz and 24-bit, said where the flags did not ask for them.
  if settings.deliveryImplied, report.audioSeconds != nil || !report.stemFiles.isEmpty,
    let preset = settings.render.loudness?.name
  {
    let bits =
      switch settings.sampleFormat {
      case .int16: "16-bit"
      case .int24: "24-bit"
      case .float32: "32-bit float"
      }
    lines.append(
      "audio: \(String(format: "%g", Double(settings.render.sampleRate) / 1000)) kHz, \(bits), as \(preset) delivery takes it (--sample-rate and --bit-depth choose otherwise)"
    )
  }
  if let stems = paths.stems {
    let names = report.stemFiles.map(\.lastPathComponent)
    lines.append(
      "stems: \(counted(names.count, "stem")) in \(stems)/ (\(names.joined(separator: ", ")))")
  }
  return lines
}

/// Checks the settings the flags make before any chart is read: each is judged by the library's
/// one check, alone, as a chart's `sonification` object would be. A value no chart could take is a
/// usage error (exit 64, see `ExitStatus`), and nothing is read or written.
func checkFlagSettings(_ settings: [OptionSetting]) throws {
  _ = try ExportSettings().applying(settings)
}
