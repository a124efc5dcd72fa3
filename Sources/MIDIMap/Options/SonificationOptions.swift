import Descriptor

/// Every choice the mapping makes, and where the file lies in time, with defaults that make a chart
/// sound right with none set. The descriptor's `sonification` object sets them by the names of
/// `Key`; command-line flags override them. Both go through one check, `applying(_:)`. The same
/// object names the narration's and the audio's settings too, which the `Export` module's
/// `ExportSettings` checks.
public struct SonificationOptions: Hashable, Sendable {
  /// The notes a scale may use; `exact` reaches the fractional semitone with pitch bend, so that
  /// pitch is proportional to y.
  public enum Scale: String, Hashable, Sendable, CaseIterable {
    /// All twelve semitones.
    case chromatic
    /// The major scale from the lowest note of the range.
    case major
    /// The natural minor scale from the lowest note of the range.
    case minor
    /// The major pentatonic scale from the lowest note of the range.
    case pentatonic
    /// Any pitch: the nearest note, bent to the fractional semitone.
    case exact

    /// Semitones above the root that belong to the scale.
    var degrees: [Int] {
      switch self {
      case .chromatic, .exact: Array(0..<12)
      case .major: [0, 2, 4, 5, 7, 9, 11]
      case .minor: [0, 2, 3, 5, 7, 8, 10]
      case .pentatonic: [0, 2, 4, 7, 9]
      }
    }
  }

  /// How several series share time.
  public enum Arrangement: String, Hashable, Sendable, CaseIterable {
    /// All series play together over the same span.
    case simultaneous
    /// One series after another, each over the full x span, with a gap between.
    case sequential
  }

  /// Which points get a marker event with their text.
  public enum Markers: String, Hashable, Sendable, CaseIterable {
    /// Points that have a label.
    case labelled
    /// Every point.
    case all
    /// No point.
    case none
  }

  /// How a continuous series sounds.
  public enum ContinuousStyle: String, Hashable, Sendable, CaseIterable {
    /// One held tone whose pitch bend follows y between points; a new note when y moves past the
    /// bend range, and a new tone after a gap.
    case glide
    /// A note per point, each lasting until the next point.
    case notes
  }

  /// How the points of a window play when a discrete series is too dense to follow.
  public enum Grouping: String, Hashable, Sendable, CaseIterable {
    /// The lowest and the highest point of each window (and any outlier), so that extremes stay
    /// audible.
    case minmax
    /// The first point of each window.
    case first
    /// The last point of each window.
    case last
    /// One note at the window's first onset, at the mean of its points' y, duration and loudness.
    case mean
    /// Every point, however dense.
    case none
  }

  /// A y value whose crossings are heard: a zero line, a target, an average.
  public struct Threshold: Hashable, Sendable {
    /// Where the line lies.
    public enum Level: Hashable, Sendable {
      /// A y value.
      case value(Double)
      /// Each series' own mean y.
      case mean
    }
    /// Where the line lies.
    public var level: Level
    /// What to call it in markers ("target"); nil names it by its value.
    public var name: String?

    /// A threshold.
    public init(_ level: Level, name: String? = nil) {
      self.level = level
      self.name = name
    }
  }

  /// How a run of `null` points sounds.
  public enum GapSound: String, Hashable, Sendable, CaseIterable {
    /// Nothing plays.
    case silent
    /// A soft noise on the series' own "gaps" track, from the first missing point to the next
    /// value.
    case noise
  }

  /// Where exact-pitch notes take their channels.
  public enum ExactLayout: String, Hashable, Sendable, CaseIterable {
    /// One port: the melodic channels are shared among the series by how many notes each has
    /// sounding at once, so that players that ignore ports play every note on its own program.
    case shared
    /// A port (MIDI meta event 0x21) for each exact-pitch track, as an MPE Lower Zone of up to
    /// 8 members; only players and DAWs that read ports keep the series apart.
    case ports
  }

  /// The note values a grid may have.
  public enum Grid: String, Hashable, Sendable, CaseIterable {
    /// A quarter note: a beat in 4/4.
    case quarter = "1/4"
    /// An eighth note.
    case eighth = "1/8"
    /// A sixteenth note.
    case sixteenth = "1/16"
    /// A thirty-second note.
    case thirtySecond = "1/32"

    /// The steps in a quarter note (a beat at the file's tempo).
    public var stepsPerQuarter: Int {
      switch self {
      case .quarter: 1
      case .eighth: 2
      case .sixteenth: 4
      case .thirtySecond: 8
      }
    }
  }

  /// Which additional axis plays a role: the default choice, none, or one by its index.
  public enum AxisChoice: Hashable, Sendable {
    /// The default: the first numeric axis for duration, the second for loudness, the first
    /// categorical one for the instrument.
    case automatic
    /// No axis plays the role (written -1 or "none" in JSON and on the command line).
    case none
    /// The axis at this index of `additionalAxes`.
    case axis(Int)
  }

  /// Seconds that the x range spans (each series' span when sequential).
  public var totalDuration: Double = 10
  /// Seconds per unit of x, when set; it replaces `totalDuration` for numeric linear x axes.
  public var secondsPerUnit: Double?
  /// The lowest and highest MIDI note that y reaches.
  public var noteRange: ClosedRange<Int> = 48...84
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
  /// The pitch-bend range in semitones, set with RPN 0 on every channel that bends. The default is
  /// General MIDI's 2 semitones, which players that ignore RPN 0 assume.
  public var bendRange: Int = 2
  /// Where exact-pitch notes take their channels: shared on one port, or a port a track.
  public var exactLayout: ExactLayout = .shared
  /// The grid that onsets and durations snap to, at the file's tempo; nil for none.
  public var grid: Grid?
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
  public internal(set) var origins: [Key: ErrorLocation] = [:]

  /// The defaults.
  public init() {}

  /// Where an option was set, for a message: its flag or path, or its place in the descriptor's
  /// `sonification` object when it was set in code.
  public func origin(of key: Key) -> ErrorLocation {
    origins[key] ?? .path("sonification.\(key.rawValue)")
  }

  /// The options a descriptor's `sonification` object sets, on top of these.
  ///
  /// - Throws: `MIDIMapError` at the option's path (`sonification.noteRange`) saying what it takes.
  public func applying(_ json: JSONValue?) throws -> SonificationOptions {
    try applying(OptionSetting.settings(fromJSON: json))
  }

  /// The options for a chart: the defaults, then its `sonification` object, then `overrides`
  /// (such as command-line flags), all checked alike.
  ///
  /// - Throws: `MIDIMapError` at the flag or path of the first setting that does not fit.
  public static func forChart(_ chart: ChartDescriptor, overrides: [OptionSetting] = []) throws
    -> SonificationOptions
  {
    try SonificationOptions().applying(chart.sonification).applying(overrides)
  }
}
