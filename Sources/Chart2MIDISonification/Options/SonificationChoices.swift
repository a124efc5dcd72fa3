/// The kinds of value the mapping's settings choose from.
extension SonificationOptions {
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
    package var stepsPerQuarter: Int {
      switch self {
      case .quarter: 1
      case .eighth: 2
      case .sixteenth: 4
      case .thirtySecond: 8
      }
    }
  }

  /// What the parts of a score are made for.
  public enum PartStyle: String, Hashable, Sendable, CaseIterable {
    /// Sound: every series over the note range, its points as they fall, chords where they meet.
    case free
    /// Players: each part within its instrument's range, no more notes in a second than the grid
    /// has steps, no chord on an instrument that plays one note at a time, and the chart's title
    /// as the score's title.
    case ensemble
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
}
