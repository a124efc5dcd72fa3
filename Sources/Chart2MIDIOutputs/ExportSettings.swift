import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation

/// Every setting of an export in one value: how the chart maps to music, where it lies in time,
/// its narration (`sonification`), how the audio is rendered and written, and the files asked for.
///
/// Settings come from a chart's `sonification` object and from overrides such as command-line
/// flags, as `OptionSetting`s, and are checked once, here and in `SonificationOptions`: a mistake
/// gets the same sentence wherever it was made, at its place (`sonification.loudness` in a chart,
/// or the flag the command line names).
public struct ExportSettings: Sendable {
  /// Mapping and timeline.
  public var sonification: SonificationOptions
  /// The spoken narration around the graph, if any.
  public var narration = NarrationSettings()
  /// How audio is rendered: sample rate, tail, loudness, reverb (whether stems are kept follows
  /// from `stems`).
  public var render = RenderOptions()
  /// The WAV sample format (and FLAC's bits: 16, or 24 for 24-bit and float).
  public var sampleFormat: SampleFormat = .int16
  /// The audio file format asked for; nil lets the mix's file name say it (`.flac`, `.ogg`,
  /// `.opus`, `.mp3`), else WAV.
  public var audioFormat: AudioFormat?
  /// How MP3, Ogg Vorbis and Opus trade size for quality: a variable bitrate at 0.5 unless set.
  public var lossyQuality = LossyQuality.standard

  /// The format the mix and stems are written in.
  package var effectiveAudioFormat: AudioFormat {
    audioFormat ?? mix.flatMap { AudioFormat(fileExtension: $0.pathExtension) } ?? .wav
  }
  /// The soundfont: a file's path, or `gm` for the system's General MIDI soundfont; nil for the
  /// project's own (see `SoundFontLocator`).
  public var soundFont: String?
  /// Whether a chart's `sonification` object may name the soundfont (a file beside the chart, or
  /// `gm`): off unless the caller turns it on, so that a chart from anyone names no file of the
  /// machine that renders it (such a chart is refused, in the same words whether the file exists
  /// or not). The command line turns it on for the charts its user gives it.
  public var chartMayNameSoundFont = false
  /// The limits a page's text is held to (`ReadingLimits.pageTextBytes`).
  public var limits = ReadingLimits()
  /// The most this export may take: points, seconds of audio and narration, bytes written, CPU
  /// time. None by default; a server sets them for each request.
  public var exportLimits = ExportLimits()
  /// One stem per series, or one per track.
  public var stemsBy: Performance.StemGrouping = .series
  /// Whether the captions name every labelled point too.
  public var captionLabels = false
  /// Whether each stem carries the markers as WAV cues too; the mix always does.
  public var stemCues = false

  /// The Standard MIDI File to write.
  public var midi: URL?
  /// The mix, as a WAV file.
  public var mix: URL?
  /// A folder for one WAV per stem (created when missing).
  public var stems: URL?
  /// Captions: WebVTT (`.vtt`), SubRip (`.srt`) or IMSC 1.1 Text (`.ttml`), by the extension.
  /// With a narration they hold the spoken sentences, and the facts at the notes go to
  /// `pointCaptions`.
  public var captions: URL?

  /// More caption files, each in the format its extension names, each with the same cues.
  package var moreCaptions: [URL] = []
  /// Every caption file: `captions`, then `moreCaptions`.
  package var captionFiles: [URL] { (captions.map { [$0] } ?? []) + moreCaptions }
  /// How cues are timed: broadcast (`SubtitleRules.Timing.broadcast`) or plain; nil for the
  /// default, broadcast with a narration and plain without.
  package var captionStyle: CaptionStyle?
  /// Whether caption times count from the audio file's first sample or on the programme's
  /// timeline (from `sonification.start`).
  package var captionTime = CaptionTime.file

  /// What a WebVTT file of a narration is for: captions (cut to the subtitle rules), or
  /// descriptions (a player's `<track kind="descriptions">`: one cue a spoken sentence, whole).
  package var vttKind = VTTKind.captions

  /// How an OpenTimelineIO session names its media: absolute `file://` URLs, which any program
  /// reads from anywhere (the default), or paths relative to the session's folder, which move
  /// with it. (A REAPER project's paths are relative, as REAPER writes them.)
  package var sessionPaths = SessionPaths.absolute

  /// The narration as spoken, as a script to edit and voice (see `ScriptFile`); needs a
  /// narration.
  public var scriptOut: URL?
  /// The chart in braille, as a BRF file (its title, description, what is heard and its data, a
  /// line per point led by its time in the audio), with a tactile graphic beside it (the same
  /// name ending `.svg`); in the narration voice's language.
  public var braille: URL?
  /// How the braille is written: its grade, cells per line and lines per page.
  package var brailleFormat = BrailleFormat()
  /// Sessions that lay out the stems for a DAW or an editor: REAPER projects (`.rpp`) and
  /// OpenTimelineIO timelines (`.otio`), by the extension; they need `stems`.
  public var sessions: [URL] = []
  /// The files the export reads (the chart, a MIDI file): no output may be one of them.
  public var inputs: [URL] = []
  /// Outputs handed to a writer instead of written to a file, by the path they stand at: their
  /// bytes go to it at commit, a piece at a time, once every output is made (see
  /// `ChartExport.export(_:settings:as:to:on:progress:)`).
  package var sinks: [String: AtomicFileBatch.Sink] = [:]
  /// Where each narration or audio option was last set, when a setting set it.
  package internal(set) var origins: [Key: ErrorLocation] = [:]
  /// Whether the sample rate or the bit depth is the broadcast delivery's (48 kHz, 24-bit), which
  /// a broadcast loudness preset implies where neither was set (see `broadcastPresets`).
  package private(set) var deliveryImplied = false
  /// When the audio files say they were made (a WAV's `bext`, the tags of the others), where
  /// `SOURCE_DATE_EPOCH` does not say; nil for the time of the render. Set it for the same bytes
  /// from the same chart at any time.
  public var originationDate: Date?

  /// The loudness presets of delivery to broadcasters and streaming services, which take 48 kHz,
  /// 24-bit audio: EBU R128, ATSC A/85, streaming.
  package static let broadcastPresets: Set<String> = ["broadcast", "atsc", "streaming"]
  /// A page that explores the chart by ear (see `ChartPage`), written from the same render as
  /// the other outputs.
  public var page: PageRequest?

  /// Where a page goes and how it speaks.
  public struct PageRequest: Sendable {
    /// The page's folder, replaced whole.
    public var folder: URL
    /// The page's language; nil for the narration voice's.
    public var language: DescriptionLanguage?
    /// Whether the page's documents are written; without them, the folder holds the series'
    /// stems, and the player is handed back (`ExportReport.pageData`) for another document.
    package var writesDocuments = true
    /// An output of the export to play as the page's mix, instead of a mix of its own.
    package var mix: URL?
    /// The folder the player's paths are relative to: the folder of the document that holds it.
    package var base: URL?
    /// An exercise's player: points say where they are, never their values.
    package var quiz = false

    /// A page at `folder`, in `language`.
    public init(folder: URL, language: DescriptionLanguage? = nil) {
      self.folder = folder
      self.language = language
    }
  }

  /// The format a page's audio is written in: the one asked for, else MP3, which every current
  /// browser plays.
  package var pageAudioFormat: AudioFormat { audioFormat ?? .mp3 }

  /// The defaults, with `sonification`'s mapping and timeline and `narration`, writing the files
  /// named (none by default).
  public init(
    sonification: SonificationOptions = SonificationOptions(),
    narration: NarrationSettings = NarrationSettings(), midi: URL? = nil, mix: URL? = nil,
    stems: URL? = nil, captions: URL? = nil
  ) {
    self.sonification = sonification
    self.narration = narration
    self.midi = midi
    self.mix = mix
    self.stems = stems
    self.captions = captions
  }

  /// The settings a chart's own `sonification` object makes, on top of the defaults: its mapping,
  /// narration and audio options, every name and value checked; no file is named.
  ///
  /// - Throws: `MIDIMapError` or `ExportError` at the path of the first option that does not fit,
  ///   saying what it takes.
  public init(chart: ChartDescriptor) throws {
    self = try Self.forChart(chart)
  }

  /// Whether any audio is asked for.
  package var wantsAudio: Bool { mix != nil || stems != nil || page != nil }

  /// Checks the files asked for before any work: none is a folder where a file goes, one of the
  /// inputs or another output, or in a folder that is missing or cannot be written.
  ///
  /// - Throws: `ExportError` naming the first output that cannot be written as asked.
  func checkOutputs() throws {
    if wantsAudio { _ = try Self.originationDate() }
    // A mix named for another format than the one asked for would hold what its name denies.
    if let format = audioFormat, let mix,
      let named = AudioFormat(fileExtension: mix.pathExtension), named != format
    {
      throw ExportError(
        "cannot write the mix \(mix.relativePath) as \(format.rawValue): its name says \(named.rawValue); name a .\(format.fileExtension) file",
        file: mix.relativePath, code: .outputConflict)
    }
    // A bitrate is MP3's or Opus's, within their rates.
    if case .bitrate(let rate) = lossyQuality, wantsAudio {
      let format = page != nil && mix == nil ? pageAudioFormat : effectiveAudioFormat
      if format != .wav && format != .flac {
        guard let rates = LossyQuality.bitrates(of: format), rates.contains(rate) else {
          throw ExportError(
            LossyQuality.bitrates(of: format).map {
              "\(format.rawValue) takes a bitrate of \($0.lowerBound) to \($0.upperBound) kb/s, not \(rate)"
            } ?? "\(format.rawValue) takes a quality from 0 to 1, not a bitrate",
            at: origins[.bitrate], code: .invalidSetting)
        }
      }
    }
    for session in sessions {
      guard SessionFormat(fileExtension: session.pathExtension) != nil else {
        throw ExportError(
          "cannot write the session \(session.relativePath): name a .rpp (REAPER) or .otio (OpenTimelineIO) file",
          file: session.relativePath, code: .outputConflict)
      }
      guard stems != nil else {
        throw ExportError(
          "cannot write the session \(session.relativePath): a session lays out the stems, so name a stems folder too",
          file: session.relativePath, code: .outputConflict)
      }
    }
    if let script = captionFiles.first(where: CaptionFormat.isDAPT), narration.parts == nil {
      throw ExportError(
        "cannot write the DAPT script \(script.relativePath): it holds a narration's sentences; ask for a narration",
        file: script.relativePath, code: .outputConflict)
    }
    if let scriptOut, narration.parts == nil {
      throw ExportError(
        "cannot write the narration script \(scriptOut.relativePath): there is no narration to write; ask for one",
        file: scriptOut.relativePath, code: .outputConflict)
    }
    let captionOutputs = captionFiles.flatMap {
      [$0] + (CaptionFormat.isDAPT($0) ? [] : pointCaptions(for: $0).map { [$0] } ?? [])
    }
    let brailleFiles = braille.map { [$0, TactileGraphic.url(besideBraille: $0)] } ?? []
    let files = ([midi, mix, scriptOut] + (captionOutputs + sessions + brailleFiles).map { $0 })
      .compactMap {
        $0.map { ($0, OutputCheck.Kind.file) }
      }
    if let page {
      try ChartPage.checkReplaceable(page.folder, inputs: inputs)
      // A page plays one stem per series: stems written beside it are the same stems.
      if stems != nil, stemsBy != .series {
        throw ExportError(
          "cannot write a page with stems by \(stemsBy.rawValue): a page plays one stem per series, and both come from one render; write the page on its own",
          file: page.folder.relativePath, code: .outputConflict)
      }
    }
    let folders: [(URL, OutputCheck.Kind)] =
      (stems.map { [($0, .folder)] } ?? []) + (page.map { [($0.folder, .otherFolder)] } ?? [])
    try OutputCheck.check(files.filter { sinks[$0.0.path] == nil } + folders, inputs: inputs)
  }

  /// The settings for a chart: the defaults, then its `sonification` object, then `overrides`
  /// (such as command-line flags), all checked alike.
  ///
  /// - Throws: `MIDIMapError` or `ExportError` at the place of the first setting that does not
  ///   fit, saying what it takes.
  package static func forChart(_ chart: ChartDescriptor, overrides: [OptionSetting] = []) throws
    -> ExportSettings
  {
    try ExportSettings().applying(OptionSetting.settings(fromJSON: chart.sonification))
      .applying(overrides)
  }

  /// These settings with `settings` applied in order: the mapping's by `SonificationOptions`, the
  /// narration's and the audio's here.
  ///
  /// - Throws: `MIDIMapError` for a mapping setting, `ExportError` for a narration or audio
  ///   setting, at the setting's place, saying what it takes.
  package func applying(_ settings: [OptionSetting]) throws -> ExportSettings {
    let known = SonificationOptions.Key.allCases.map(\.rawValue) + Key.allCases.map(\.rawValue)
    if let unknown = OptionSetting.unknown(settings, known: known) { throw unknown }
    var copy = self
    copy.sonification = try sonification.applying(settings)
    for setting in settings {
      guard let key = setting.key(Key.self) else { continue }
      do {
        try copy.apply(key, setting)
      } catch let error as MIDIMapError {
        throw ExportError(error.message, at: error.location, code: .invalidSetting)
      }
      copy.origins[key] = setting.location
    }
    copy.implyDelivery()
    return copy
  }

  /// A broadcast loudness preset implies 48 kHz and 24-bit, each where it was not set; another
  /// loudness takes back what an earlier preset implied.
  private mutating func implyDelivery() {
    let broadcast = render.loudness?.name.map(Self.broadcastPresets.contains) ?? false
    guard broadcast || deliveryImplied else { return }
    if origins[.sampleRate] == nil { render.sampleRate = broadcast ? 48000 : 44100 }
    if origins[.bitDepth] == nil { sampleFormat = broadcast ? .int24 : .int16 }
    deliveryImplied = broadcast && (origins[.sampleRate] == nil || origins[.bitDepth] == nil)
  }

  /// Where a narration or audio setting was set, for a message: its flag or path, or its place in
  /// the descriptor's `sonification` object when it was set in code.
  package func origin(of key: Key) -> ErrorLocation {
    origins[key] ?? .path("sonification.\(key.rawValue)")
  }

  private mutating func apply(_ key: Key, _ setting: OptionSetting) throws {
    let read = OptionReader(setting)
    switch key {
    case .narrate:
      if case .bool(let on) = setting.value {
        narration.parts = on ? .both : nil
      } else {
        narration.parts = try read.choice()
      }
    case .voice:
      guard case .string(let name) = setting.value, !name.isEmpty else {
        throw read.failure("expected an eSpeak NG voice such as \"en\" or \"de\"")
      }
      narration.voice = name
    case .speechRate:
      let rate = try read.positive()
      guard rate == rate.rounded(), (80...450).contains(rate) else {
        throw read.failure("expected 80 to 450 words a minute")
      }
      narration.speechRate = Int(rate)
    case .narrationPause:
      let pause = try read.seconds()
      guard pause <= 10 else { throw read.failure("expected 0 to 10 seconds") }
      narration.pause = pause
    case .cues:
      narration.cues = try read.flag()
      // Cues are spoken: they imply a narration.
      if narration.cues, narration.parts == nil { narration.parts = .both }
    case .captionStyle: captionStyle = try read.choice()
    case .captionTime: captionTime = try read.choice()
    case .sessionPaths: sessionPaths = try read.choice()
    case .vttKind: vttKind = try read.choice()
    case .sampleRate:
      guard case .number(let rate) = setting.value, rate == 44100 || rate == 48000 else {
        throw read.failure("expected 44100 or 48000")
      }
      render.sampleRate = Int(rate)
    case .bitDepth:
      switch setting.value {
      case .number(16), .string("16"), .string("int16"): sampleFormat = .int16
      case .number(24), .string("24"), .string("int24"): sampleFormat = .int24
      case .number(32), .string("32"), .string("float"), .string("float32"):
        sampleFormat = .float32
      default: throw read.failure("expected 16, 24 or float")
      }
    case .tailCap:
      guard case .number(let seconds) = setting.value, (0...60).contains(seconds) else {
        throw read.failure("expected 0 to 60 seconds")
      }
      render.tailCap = seconds
    case .graphLevel:
      guard case .number(let level) = setting.value, RenderOptions.graphLevels.contains(level)
      else {
        throw read.failure("expected -20 to 6 LU, the graph's loudness relative to the voice")
      }
      render.graphLevel = level
    case .reverb:
      guard case .number(let level) = setting.value, (0...1).contains(level) else {
        throw read.failure("expected 0 (none) to 1")
      }
      render.reverb = level
    case .loudness:
      switch setting.value {
      case .number(let lufs) where Loudness.targets.contains(lufs):
        render.loudness = LoudnessTarget(lufs)
      case .string(let name) where LoudnessTarget.presets.contains(where: { $0.name == name }):
        render.loudness = LoudnessTarget.presets.first { $0.name == name }
      case .string("peak"):
        render.loudness = nil
      default:
        throw read.failure(
          "expected -70 to 0 LUFS, broadcast (-23), atsc (-24), web (-16), streaming (-27) or peak (the mix's peak at -1 dBFS)"
        )
      }
    case .soundfont:
      guard case .string(let path) = setting.value, !path.isEmpty else {
        throw read.failure("expected a soundfont file's path, or \"gm\"")
      }
      soundFont = path
    case .stemsBy: stemsBy = try read.choice()
    case .quality:
      guard case .number(let level) = setting.value, (0...1).contains(level) else {
        throw read.failure("expected 0 (the best quality) to 1 (the smallest file)")
      }
      lossyQuality = .variable(level)
    case .bitrate:
      guard case .number(let rate) = setting.value, rate == rate.rounded(),
        (12...510).contains(rate)
      else {
        throw read.failure("expected kilobits a second: 32 to 320 for mp3, 12 to 510 for opus")
      }
      lossyQuality = .bitrate(kilobitsPerSecond: Int(rate))
    case .audioFormat:
      guard case .string(let name) = setting.value, let format = AudioFormat(rawValue: name) else {
        throw read.failure("expected wav, flac, ogg, opus or mp3")
      }
      guard format.isWritable else {
        throw read.failure("the installed libsndfile cannot write \(name)")
      }
      audioFormat = format
    }
  }
}
