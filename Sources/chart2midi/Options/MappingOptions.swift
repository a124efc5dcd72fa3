import ArgumentParser
import Chart2MIDICore
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification

/// The mapping flags. Each becomes an `OptionSetting` that overrides the descriptor's
/// `sonification` object; the library checks flags and JSON alike, so a flag's value is taken as
/// text here and judged there.
struct MappingOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp("Seconds that the x range spans (default 10).", valueName: "seconds"))
  var duration: String?

  @Option(
    name: .long,
    help: ArgumentHelp("Seconds per unit of x, instead of --duration.", valueName: "seconds"))
  var secondsPerUnit: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Lowest and highest MIDI note (default 48:84); NAME=low:high sets one series' (repeatable).",
      valueName: "[name=]low:high"))
  var noteRange: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The scale notes are chosen from; exact bends each note to the fractional semitone, so that pitch is proportional to y.",
      valueName: "scale"))
  var scale: Choice<SonificationOptions.Scale>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Shortest and longest note, in seconds, for the duration axis (default 0.1:0.8).",
      valueName: "short:long"))
  var durationRange: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds per note when no axis sets duration (default 0.25).", valueName: "seconds"))
  var noteDuration: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Series together or one after another.",
      valueName: "arrangement"))
  var arrangement: Choice<SonificationOptions.Arrangement>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds of silence between sequential series (default 1).", valueName: "seconds"))
  var gap: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Velocity of notes when no axis sets loudness, 1-127 (default 100).", valueName: "velocity"))
  var velocity: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Velocities the loudness axis spans (default 50:120).", valueName: "low:high"))
  var velocityRange: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "Which additional axis sets note duration: its index, or none (-1).", valueName: "index"))
  var durationAxis: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "Which additional axis sets loudness: its index, or none (-1).", valueName: "index"))
  var loudnessAxis: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "Which additional axis sets the instrument: its index, or none (-1).", valueName: "index"))
  var instrumentAxis: String?

  @Option(
    name: .customLong("series"),
    help: ArgumentHelp("Play only this series (repeat for several).", valueName: "name"))
  var seriesNames: [String] = []

  @Option(
    name: .customLong("program"),
    help: ArgumentHelp(
      "A General MIDI program for a category or series, by number or name (repeatable).",
      valueName: "name=program"))
  var programs: [String] = []

  @Option(
    name: .customLong("pan"),
    help: ArgumentHelp(
      "Pan of a series, 0 (left) to 127 (right) (repeatable).", valueName: "series=pan"))
  var pans: [String] = []

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "The gridline ticks' level in dB from the loudest, -40 to 0 (default 0: about 20 LU under the music).",
      valueName: "dB"))
  var tickLevel: String?

  @Flag(name: .long, help: "No ticks at the x gridlines.")
  var noGridlines = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Which points get marker events with their values.",
      valueName: "which"))
  var markers: Choice<SonificationOptions.Markers>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A continuous series as one gliding tone (glide) or a note per point (notes).",
      valueName: "style"))
  var continuous: Choice<SonificationOptions.ContinuousStyle>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where exact-pitch notes take their channels: shared among the series on one port (shared, the default, which every player follows), or a port for each series (ports).",
      valueName: "layout"))
  var exactLayout: Choice<SonificationOptions.ExactLayout>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Snap onsets and durations to a grid at the file's tempo, for a score; its parts are made for players unless --parts free.",
      valueName: "note"))
  var grid: Choice<SonificationOptions.Grid>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "ensemble: parts for players (each in its instrument's range, no chord for an instrument that plays one note at a time, the title on the score; the default with --grid); free: for sound, chords where points meet.",
      valueName: "parts"))
  var parts: Choice<SonificationOptions.PartStyle>?

  @Flag(
    name: .long,
    help: "Choose the tempo so that the graph fills whole bars of the time signature.")
  var fitBars = false

  @Flag(
    name: .long,
    help:
      "Speak a narration around the audio graph: the title, axes, instruments and how to read them before it; the summary, extremes, trends and outliers after it."
  )
  var narrate = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Which parts to speak (implies --narrate; default both).",
      valueName: "parts"))
  var narration: Choice<NarrationSettings.Parts>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The eSpeak NG voice of the narration (default en); `chart2midi voices` lists them.",
      valueName: "voice"))
  var voice: String?

  @Flag(
    name: .long,
    help:
      "Short spoken cues during the graph: a series' name before it plays in sequence, a threshold's name and value where it is first crossed (implies --narrate)."
  )
  var cues = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How captions are timed: broadcast (at most 42 characters a line, 2 lines, 20 characters a second, 5/6 s to 7 s on screen, 2 frames between cues, times on frames of --frame-rate, the captions at the notes at their notes; the default with --narrate) or plain (at least 0.8 s, one after another; the default without).",
      valueName: "broadcast|plain"))
  var captionStyle: Choice<ExportSettings.CaptionStyle>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "What caption times count from: the audio file's first sample (file, the default) or the programme's timeline (programme: plus --start).",
      valueName: "file|programme"))
  var captionTime: Choice<ExportSettings.CaptionTime>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How an OpenTimelineIO session names its media: absolute file:// URLs that any program reads from anywhere (absolute, the default), or paths relative to the session (relative).",
      valueName: "absolute|relative"))
  var sessionPaths: Choice<ExportSettings.SessionPaths>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "What a WebVTT file of a narration is for: captions (cut to the subtitle rules, the default) or descriptions (one cue a spoken sentence, whole, for a player's <track kind=\"descriptions\">).",
      valueName: "captions|descriptions"))
  var vttKind: Choice<ExportSettings.VTTKind>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The narration's speaking rate, 80 to 450 words a minute (default 175).", valueName: "wpm"))
  var speechRate: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds of silence between the narration and the graph, on either side (default 0.75).",
      valueName: "seconds"))
  var narrationPause: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "How loud the graph sits relative to the narration's voice, -20 to 6 LU (default 0: as loud as the voice); with --loudness, the voice meets the target.",
      valueName: "lu"))
  var graphLevel: String?

  @Option(
    name: .customLong("threshold"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "A y value (or mean: each series' own) whose crossings play an earcon on the Gridlines track, high rising and low falling, with an optional name for its markers (repeatable).",
      valueName: "value[:name]"))
  var thresholds: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How a run of null points sounds (default silent; noise: a soft noise on the series' own gaps track).",
      valueName: "sound"))
  var gaps: Choice<SonificationOptions.GapSound>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The key that major, minor and pentatonic scales are rooted on, such as D, F# or Bb (default: the lowest note of the range).",
      valueName: "note"))
  var key: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The file's tempo, 20 to 300 beats a minute (default 120); every note keeps its time in seconds.",
      valueName: "bpm"))
  var tempo: String?

  @Option(
    name: .long,
    help: ArgumentHelp("The file's time signature (default 4/4).", valueName: "beats/value"))
  var timeSignature: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Where the files begin on a programme's timeline: seconds or HH:MM:SS:FF, up to 23:59:59:FF. The MIDI file gets an SMPTE offset, the WAV files a broadcast-wave time reference and an iXML timecode; the audio is not padded.",
      valueName: "time"))
  var start: String?

  @Flag(
    name: .long,
    help:
      "Begin the audio with --start of silence instead, for players that read no timeline metadata; captions count from the same first sample."
  )
  var padStart = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The frame rate of --start (default 25). 29.97df counts drop-frame; the MIDI file's SMPTE offset writes 23.976, 29.97, 50, 59.94 and 60 at the nearest rate it can hold, with the time exact.",
      valueName: "fps"))
  var frameRate: Choice<FrameRate>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "How the points of a too dense discrete series play (default minmax: each window's lowest and highest).",
      valueName: "rule"))
  var grouping: Choice<SonificationOptions.Grouping>?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The most notes a second a discrete track plays before its points are grouped (default 16).",
      valueName: "n"))
  var maxNotesPerSecond: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The pitch-bend range: auto (default: each glide's range spans its series, up to 24) or 1 to 24 semitones (2 for a player that ignores RPN 0).",
      valueName: "auto|semitones"))
  var bendRange: String?

  /// The flags as settings, in a fixed order.
  var settings: [OptionSetting] {
    var settings: [OptionSetting] = []
    func add(_ key: SonificationOptions.Key, _ text: String?, _ flag: String) {
      if let text { settings.append(.commandLine(key, [text], flag: flag)) }
    }
    func add(_ key: SonificationOptions.Key, _ texts: [String], _ flag: String) {
      if !texts.isEmpty { settings.append(.commandLine(key, texts, flag: flag)) }
    }
    func addNarration(_ key: ExportSettings.Key, _ text: String?, _ flag: String) {
      if let text { settings.append(.commandLine(key, [text], flag: flag)) }
    }
    add(.totalDuration, duration, "--duration")
    add(.secondsPerUnit, secondsPerUnit, "--seconds-per-unit")
    add(.noteRange, noteRange.last { !$0.contains("=") }, "--note-range")
    add(.seriesNoteRanges, noteRange.filter { $0.contains("=") }, "--note-range")
    add(.scale, scale?.text, "--scale")
    add(.durationRange, durationRange, "--duration-range")
    add(.noteDuration, noteDuration, "--note-duration")
    add(.arrangement, arrangement?.text, "--arrangement")
    add(.gap, gap, "--gap")
    add(.velocity, velocity, "--velocity")
    add(.velocityRange, velocityRange, "--velocity-range")
    add(.durationAxis, durationAxis, "--duration-axis")
    add(.loudnessAxis, loudnessAxis, "--loudness-axis")
    add(.instrumentAxis, instrumentAxis, "--instrument-axis")
    add(.series, seriesNames, "--series")
    add(.programs, programs, "--program")
    add(.pan, pans, "--pan")
    if noGridlines {
      settings.append(OptionSetting(.gridlines, .bool(false), at: .flag("--no-gridlines")))
    }
    add(.markers, markers?.text, "--markers")
    add(.continuous, continuous?.text, "--continuous")
    add(.exactLayout, exactLayout?.text, "--exact-layout")
    add(.grid, grid?.text, "--grid")
    add(.parts, parts?.text, "--parts")
    if fitBars { settings.append(OptionSetting(.fitBars, .bool(true), at: .flag("--fit-bars"))) }
    if narrate { settings.append(OptionSetting(.narrate, .bool(true), at: .flag("--narrate"))) }
    addNarration(.narrate, narration?.text, "--narration")
    addNarration(.voice, voice, "--voice")
    addNarration(.speechRate, speechRate, "--speech-rate")
    addNarration(.narrationPause, narrationPause, "--narration-pause")
    addNarration(.graphLevel, graphLevel, "--graph-level")
    if cues { settings.append(OptionSetting(.cues, .bool(true), at: .flag("--cues"))) }
    addNarration(.captionStyle, captionStyle?.text, "--caption-style")
    addNarration(.captionTime, captionTime?.text, "--caption-time")
    addNarration(.sessionPaths, sessionPaths?.text, "--session-paths")
    addNarration(.vttKind, vttKind?.text, "--vtt-kind")
    add(.thresholds, thresholds, "--threshold")
    add(.gaps, gaps?.text, "--gaps")
    add(.key, key, "--key")
    add(.tempo, tempo, "--tempo")
    add(.timeSignature, timeSignature, "--time-signature")
    add(.frameRate, frameRate?.text, "--frame-rate")
    add(.start, start, "--start")
    if padStart {
      settings.append(OptionSetting(.padStart, .bool(true), at: .flag("--pad-start")))
    }
    add(.grouping, grouping?.text, "--grouping")
    add(.maximumNotesPerSecond, maxNotesPerSecond, "--max-notes-per-second")
    add(.bendRange, bendRange, "--bend-range")
    add(.tickLevel, tickLevel, "--tick-level")
    return settings
  }

}
