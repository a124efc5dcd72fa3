import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore

/// Every choice the mapping makes, and where the file lies in time, with defaults that make a chart
/// sound right with none set. Each setting is declared here: its field and default, its name
/// (`Key`), and its check (`apply`); its kinds of value are in `SonificationChoices.swift`. The descriptor's `sonification` object sets them by the names of
/// `Key`; command-line flags override them. Both go through one check, `applying(_:)`. The same
/// object names the narration's and the audio's settings too, which the `Export` module's
/// `ExportSettings` checks.
public struct SonificationOptions: Hashable, Sendable {
  /// Seconds that the x range spans (each series' span when sequential).
  public var totalDuration: Double = 10
  /// Seconds per unit of x, when set; it replaces `totalDuration` for numeric linear x axes.
  public var secondsPerUnit: Double?
  /// The lowest and highest MIDI note that y reaches.
  public var noteRange: ClosedRange<Int> = 48...84
  /// The lowest and highest MIDI note of a series, by series name, instead of `noteRange` (and
  /// of the range ensemble parts choose).
  public var seriesNoteRanges: [String: ClosedRange<Int>] = [:]
  /// The scale notes are chosen from.
  public var scale: Scale = .chromatic
  /// Note durations, in seconds, that the duration axis spans.
  public var durationRange: ClosedRange<Double> = 0.1...0.8
  /// The duration of a discrete note when no axis sets it, in seconds.
  public var noteDuration: Double = 0.25
  /// The velocity of notes when no axis sets loudness.
  public var velocity: Int = 100
  /// The velocities that the loudness axis spans.
  public var velocityRange: ClosedRange<Int> = 50...120
  /// Series together or one after another.
  public var arrangement: Arrangement = .simultaneous
  /// Silence between series when sequential, in seconds.
  public var gap: Double = 1
  /// Only these series, by name; all when nil.
  public var seriesNames: [String]?
  /// The program for a category or a series, by its name, overriding the palette.
  public var programs: [String: Int] = [:]
  /// The pan of a series (0 left, 64 centre, 127 right), by series name; others are spread.
  public var pans: [String: Int] = [:]
  /// Soft ticks at the x gridlines.
  public var gridlines: Bool = true
  /// The gridline ticks' level in decibels from the loudest tick, -40 to 0: a velocity of
  /// 127 × 10^(level / 40), General MIDI's velocity curve. At 0, the default, they sound about 20
  /// LU under the music.
  public var tickLevel: Double = 0
  /// Which points get marker events.
  public var markers: Markers = .labelled
  /// The key that major, minor and pentatonic scales are rooted on, as a note name ("D", "F#",
  /// "Bb"); nil roots them on the lowest note of the range.
  public var key: String?
  /// The file's tempo in beats a minute; times in seconds stay the same at any tempo.
  public var tempo: Double = 120
  /// The file's time signature.
  public var timeSignature: TimeSignature = .common
  /// Where the file's time 0 lies on a programme's timeline: seconds, or a timecode `HH:MM:SS:FF`
  /// at `frameRate`; nil for none. It is metadata: the MIDI file's SMPTE offset, and the WAV
  /// files' broadcast-wave time reference and iXML timecode; the audio is not padded unless
  /// `padStart` says so.
  public var start: String?
  /// The frame rate of `start`'s timecode.
  public var frameRate: FrameRate = .fps25
  /// Whether audio rendered from the score begins with `start` seconds of silence, for players
  /// that read neither the SMPTE offset nor a broadcast-wave time reference; the captions then
  /// count from the same first sample.
  public var padStart = false
  /// y values whose crossings play an earcon on a track of their own ("Thresholds"): a rise above one
  /// and a fall below it sound different.
  public var thresholds: [Threshold] = []
  /// How a run of `null` points sounds: silence, or a soft noise, so that a gap is not taken for
  /// the end.
  public var gaps: GapSound = .silent
  /// How the points of a too dense discrete series play.
  public var grouping: Grouping = .minmax
  /// The most notes a second one track of a discrete series plays before its points are grouped:
  /// 16, in the 10-20 a second that listeners follow as separate notes.
  public var maximumNotesPerSecond: Double = 16
  /// How a continuous series sounds: one gliding tone, or a note per point.
  public var continuous: ContinuousStyle = .glide
  /// The pitch-bend range in semitones, set with RPN 0 on every channel that bends; nil (the
  /// default) chooses it for each gliding series, wide enough that one held note spans the
  /// series (at most 24), and General MIDI's 2 semitones for exact-pitch notes. A fixed range
  /// (2 for a player that ignores RPN 0) makes a glide strike new notes where its line leaves it.
  public var bendRange: Int?
  /// The bend range of exact-pitch notes: the range set, or General MIDI's 2 semitones.
  package var exactBendRange: Int { bendRange ?? 2 }
  /// Where exact-pitch notes take their channels: shared on one port, or a port a track.
  public var exactLayout: ExactLayout = .shared
  /// The grid that onsets and durations snap to, at the file's tempo; nil for none.
  public var grid: Grid?
  /// What the parts are made for; nil (the default) makes playable parts with a `grid`, and
  /// parts for sound without one. Ensemble parts without a grid snap to sixteenths.
  public var parts: PartStyle?
  /// Whether the parts are made for players (see `PartStyle.ensemble`).
  package var playsEnsemble: Bool { (parts ?? (grid == nil ? .free : .ensemble)) == .ensemble }
  /// Whether the tempo is chosen so that the graph fills whole bars of the time signature.
  public var fitBars = false
  /// Which additional axis sets note duration.
  public var durationAxis: AxisChoice = .automatic
  /// Which additional axis sets loudness.
  public var loudnessAxis: AxisChoice = .automatic
  /// Which additional axis sets the instrument.
  public var instrumentAxis: AxisChoice = .automatic

  /// Where each option was last set, when it was set by a setting: the flag or the path that the
  /// mapping names when the option does not fit the chart (an unknown series, a missing axis).
  package internal(set) var origins: [Key: ErrorLocation] = [:]

  /// The defaults.
  public init() {}

  /// Where an option was set, for a message: its flag or path, or its place in the descriptor's
  /// `sonification` object when it was set in code.
  package func origin(of key: Key) -> ErrorLocation {
    origins[key] ?? .path("sonification.\(key.rawValue)")
  }

  /// The options a descriptor's `sonification` object sets, on top of these. Names the mapping
  /// does not read are left to the outputs' settings, which read the narration's and the audio's
  /// and refuse a name that no settings type reads.
  ///
  /// - Throws: `MIDIMapError` at the option's path (`sonification.noteRange`) saying what it takes.
  public func applying(_ json: JSONValue?) throws -> SonificationOptions {
    try applying(OptionSetting.settings(fromJSON: json))
  }

  /// The options for a chart: the defaults, then its `sonification` object, then `overrides`
  /// (such as command-line flags), all checked alike.
  ///
  /// - Throws: `MIDIMapError` at the flag or path of the first setting that does not fit.
  package static func forChart(_ chart: ChartDescriptor, overrides: [OptionSetting] = []) throws
    -> SonificationOptions
  {
    try SonificationOptions().applying(chart.sonification).applying(overrides)
  }
}

extension SonificationOptions {
  /// The mapping's options by their names in the descriptor's `sonification` object.
  package enum Key: String, SettingKey {
    case totalDuration, secondsPerUnit, noteRange, scale, durationRange, noteDuration, velocity
    case velocityRange, arrangement, gap, series, programs, pan, gridlines, markers, continuous
    case bendRange, durationAxis, loudnessAxis, instrumentAxis, grouping, maximumNotesPerSecond
    case key, tempo, timeSignature, start, frameRate, padStart, thresholds, gaps
    case exactLayout, grid, fitBars, tickLevel, parts, seriesNoteRanges

    /// How the option's command-line text becomes a value.
    package var shape: SettingShape {
      switch self {
      case .noteRange, .durationRange, .velocityRange: .range
      case .series: .names
      case .thresholds: .values
      case .programs, .pan, .seriesNoteRanges: .table
      case .gridlines, .padStart: .onOff
      default: .scalar
      }
    }
  }
}

extension SonificationOptions {
  /// These options with `settings` applied in order: the one check of every mapping option, for
  /// flags and JSON alike. Settings of options the mapping does not read (the narration's and the
  /// audio's) are left to the settings type that reads them.
  ///
  /// - Throws: `MIDIMapError` at the first setting's flag or path whose value does not fit, saying
  ///   what the option takes.
  package func applying(_ settings: [OptionSetting]) throws -> SonificationOptions {
    var options = self
    for setting in settings {
      guard let key = setting.key(Key.self) else { continue }
      try options.apply(key, setting)
      options.origins[key] = setting.location
    }
    return options
  }

  private mutating func apply(_ key: Key, _ setting: OptionSetting) throws {
    let read = OptionReader(setting)
    switch key {
    case .totalDuration: totalDuration = try read.positive()
    case .secondsPerUnit: secondsPerUnit = try read.positive()
    case .noteRange: noteRange = try read.noteRange()
    case .seriesNoteRanges: seriesNoteRanges.merge(try read.noteRanges()) { $1 }
    case .parts: parts = try read.choice()
    case .scale: scale = try read.choice()
    case .durationRange:
      let (low, high) = try read.pair()
      guard low > 0, high >= low, high.isFinite else {
        throw read.failure(
          "expected two durations in seconds above 0, the shorter first", found: false)
      }
      durationRange = low...high
    case .noteDuration: noteDuration = try read.positive()
    case .velocity: velocity = try read.wholeNumber(from: 1)
    case .velocityRange:
      let (low, high) = try read.pair()
      guard (1...127).contains(low), (1...127).contains(high), Int(low) <= Int(high) else {
        throw read.failure("expected two velocities from 1 to 127, the lower first", found: false)
      }
      velocityRange = Int(low)...Int(high)
    case .arrangement: arrangement = try read.choice()
    case .gap: gap = try read.seconds()
    case .series: seriesNames = try read.names()
    case .programs: programs.merge(try read.table(programs: true)) { $1 }
    case .pan: pans.merge(try read.table(programs: false)) { $1 }
    case .gridlines: gridlines = try read.flag()
    case .tickLevel:
      guard case .number(let level) = setting.value, (-40...0).contains(level) else {
        throw read.failure("expected -40 to 0 dB")
      }
      tickLevel = level
    case .markers: markers = try read.choice()
    case .continuous: continuous = try read.choice()
    case .exactLayout: exactLayout = try read.choice()
    case .grid: grid = try read.choice()
    case .fitBars: fitBars = try read.flag()
    case .bendRange:
      if case .string("auto") = setting.value {
        bendRange = nil
        return
      }
      guard case .number(let number) = setting.value, number == number.rounded(),
        (1...24).contains(number)
      else { throw read.failure("expected \"auto\" or 1 to 24 semitones") }
      bendRange = Int(number)
    case .key:
      guard case .string(let name) = setting.value, KeySignature.pitchClass(of: name) != nil else {
        throw read.failure("expected a note name such as \"D\", \"F#\" or \"Bb\"")
      }
      self.key = name
    case .tempo:
      let bpm = try read.positive()
      guard (20...300).contains(bpm) else {
        throw read.failure("expected 20 to 300 beats a minute")
      }
      tempo = bpm
    case .timeSignature:
      guard case .string(let text) = setting.value, case let parts = text.split(separator: "/"),
        parts.count == 2, let beats = Int(parts[0]), let value = Int(parts[1]),
        let signature = TimeSignature(beats: beats, noteValue: value)
      else {
        throw read.failure(
          "expected beats/note value such as \"3/4\" or \"6/8\" (1 to 32 beats of 1, 2, 4, 8, 16 or 32)"
        )
      }
      timeSignature = signature
    case .start:
      switch setting.value {
      case .number(let seconds) where seconds >= 0 && seconds < 86_400:
        start = ValueFormat.plain(seconds)
      case .number(let seconds) where seconds >= 86_400 && seconds.isFinite:
        throw read.failure(
          "\(ValueFormat.plain(seconds)) s is past 23:59:59:FF, the last timecode of a day (86,400 s)",
          found: false)
      case .string(let text):
        // The frame number is checked against the frame rate where the start is used.
        if let problem = Timecode.problem(with: text, frameRate: .fps60) {
          throw read.failure("\(text) \(problem)", found: false)
        }
        start = text
      default:
        throw read.failure("expected seconds (0 or more) or a timecode HH:MM:SS:FF")
      }
    case .padStart: padStart = try read.flag()
    case .frameRate:
      if case .number(let rate) = setting.value,
        let named = FrameRate(rawValue: ValueFormat.plain(rate))
      {
        frameRate = named
      } else {
        frameRate = try read.choice()
      }
    case .thresholds: thresholds = try read.thresholds()
    case .gaps: gaps = try read.choice()
    case .grouping: grouping = try read.choice()
    case .maximumNotesPerSecond:
      // More notes a second than the mapping's grid has ticks is no limit at all.
      let rate = try read.positive()
      guard rate <= Double(Timebase.ticksPerSecond) else {
        throw read.failure("expected a number above 0, at most \(Timebase.ticksPerSecond)")
      }
      maximumNotesPerSecond = rate
    case .durationAxis: durationAxis = try read.axisChoice()
    case .loudnessAxis: loudnessAxis = try read.axisChoice()
    case .instrumentAxis: instrumentAxis = try read.axisChoice()
    }
  }
}
