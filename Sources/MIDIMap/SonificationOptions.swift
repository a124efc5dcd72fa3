import Descriptor

/// Every choice the mapping makes, with defaults that make a chart sound right with none set.
/// The descriptor's `sonification` object sets them by the same names; command-line flags override.
public struct SonificationOptions: Hashable, Sendable {
  /// The notes a scale may use; `exact` reaches the fractional semitone with pitch bend, so that
  /// pitch is proportional to y.
  public enum Scale: String, Hashable, Sendable, CaseIterable {
    case chromatic, major, minor, pentatonic, exact

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
    case labelled, all, none
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
  /// The program for a category, by category name, overriding the palette.
  public var programs: [String: Int] = [:]
  /// The pan of a series (0 left, 64 centre, 127 right), by series name; others are spread.
  public var pans: [String: Int] = [:]
  /// Soft ticks at the x gridlines.
  public var gridlines: Bool = true
  /// Which points get marker events.
  public var markers: Markers = .labelled
  /// How a continuous series sounds: one gliding tone, or a note per point.
  public var continuous: ContinuousStyle = .glide
  /// The pitch-bend range in semitones, set with RPN 0 on every channel that bends.
  public var bendRange: Int = 12

  /// How a continuous series sounds.
  public enum ContinuousStyle: String, Hashable, Sendable, CaseIterable {
    /// One held tone whose pitch bend follows y between points; a new note when y moves past the
    /// bend range, and a new tone after a gap.
    case glide
    /// A note per point, each lasting until the next point.
    case notes
  }
  /// Which additional axis sets duration, loudness and instrument: an index into
  /// `additionalAxes`, -1 for none, nil for the default (first numeric, second numeric, first
  /// categorical).
  public var durationAxis: Int?
  public var loudnessAxis: Int?
  public var instrumentAxis: Int?

  /// The defaults.
  public init() {}

  /// The options a descriptor's `sonification` object sets, on top of these.
  ///
  /// - Throws: `MIDIMapError` naming the option (`sonification.noteRange`) and what it takes.
  public func applying(_ json: JSONValue?) throws -> SonificationOptions {
    guard case .object(let members)? = json else { return self }
    var options = self
    for (key, value) in members {
      let path = "sonification.\(key)"
      switch key {
      case "totalDuration": options.totalDuration = try positive(value, at: path)
      case "secondsPerUnit": options.secondsPerUnit = try positive(value, at: path)
      case "noteRange":
        let (low, high) = try pair(value, at: path)
        options.noteRange = try Self.noteRange(Int(low), Int(high), at: path)
      case "scale": options.scale = try choice(value, at: path)
      case "durationRange":
        let (low, high) = try pair(value, at: path)
        options.durationRange = try Self.durationRange(low, high, at: path)
      case "noteDuration": options.noteDuration = try positive(value, at: path)
      case "velocity": options.velocity = try midiValue(value, at: path, lowest: 1)
      case "velocityRange":
        let (low, high) = try pair(value, at: path)
        guard (1...127).contains(Int(low)), (1...127).contains(Int(high)), low <= high else {
          throw MIDIMapError(at: path, "expected [low, high] velocities from 1 to 127, low first")
        }
        options.velocityRange = Int(low)...Int(high)
      case "arrangement": options.arrangement = try choice(value, at: path)
      case "gap":
        guard case .number(let seconds) = value, seconds >= 0, seconds.isFinite else {
          throw MIDIMapError(at: path, "expected seconds, 0 or more, found \(value.summary)")
        }
        options.gap = seconds
      case "series":
        guard case .array(let names) = value else {
          throw MIDIMapError(at: path, "expected an array of series names, found \(value.summary)")
        }
        options.seriesNames = try names.enumerated().map { index, name in
          guard case .string(let text) = name else {
            throw MIDIMapError(
              at: "\(path)[\(index)]", "expected a series name, found \(name.summary)")
          }
          return text
        }
      case "programs": options.programs = try table(value, at: path, lowest: 0)
      case "pan": options.pans = try table(value, at: path, lowest: 0)
      case "gridlines":
        guard case .bool(let flag) = value else {
          throw MIDIMapError(at: path, "expected true or false, found \(value.summary)")
        }
        options.gridlines = flag
      case "markers": options.markers = try choice(value, at: path)
      case "continuous": options.continuous = try choice(value, at: path)
      case "bendRange":
        let range = try midiValue(value, at: path, lowest: 1)
        guard range <= 24 else {
          throw MIDIMapError(at: path, "expected 1 to 24 semitones, found \(range)")
        }
        options.bendRange = range
      case "durationAxis": options.durationAxis = try axisIndex(value, at: path)
      case "loudnessAxis": options.loudnessAxis = try axisIndex(value, at: path)
      case "instrumentAxis": options.instrumentAxis = try axisIndex(value, at: path)
      default:
        throw MIDIMapError(
          at: path, "unknown option; expected one of \(Self.optionNames.joined(separator: ", "))")
      }
    }
    return options
  }

  static let optionNames = [
    "totalDuration", "secondsPerUnit", "noteRange", "scale", "durationRange", "noteDuration",
    "velocity", "velocityRange", "arrangement", "gap", "series", "programs", "pan", "gridlines",
    "markers", "continuous", "bendRange", "durationAxis", "loudnessAxis", "instrumentAxis",
  ]

  /// A checked note range.
  public static func noteRange(_ low: Int, _ high: Int, at path: String) throws -> ClosedRange<Int>
  {
    guard (0...127).contains(low), (0...127).contains(high), low < high else {
      throw MIDIMapError(
        at: path, "expected two MIDI notes from 0 to 127, the lower first, such as 48 and 84")
    }
    return low...high
  }

  /// A checked duration range.
  public static func durationRange(_ low: Double, _ high: Double, at path: String) throws
    -> ClosedRange<Double>
  {
    guard low > 0, high >= low, high.isFinite else {
      throw MIDIMapError(at: path, "expected two durations in seconds above 0, the shorter first")
    }
    return low...high
  }
}

private func positive(_ value: JSONValue, at path: String) throws -> Double {
  guard case .number(let number) = value, number > 0, number.isFinite else {
    throw MIDIMapError(at: path, "expected a number above 0, found \(value.summary)")
  }
  return number
}

private func pair(_ value: JSONValue, at path: String) throws -> (Double, Double) {
  guard case .array(let items) = value, items.count == 2, case .number(let low) = items[0],
    case .number(let high) = items[1]
  else {
    throw MIDIMapError(at: path, "expected [low, high], two numbers, found \(value.summary)")
  }
  return (low, high)
}

private func midiValue(_ value: JSONValue, at path: String, lowest: Int) throws -> Int {
  guard case .number(let number) = value, number == number.rounded(),
    (Double(lowest)...127).contains(number)
  else {
    throw MIDIMapError(
      at: path, "expected a whole number from \(lowest) to 127, found \(value.summary)")
  }
  return Int(number)
}

private func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: String) throws
  -> T where T.RawValue == String
{
  guard case .string(let name) = value, let parsed = T(rawValue: name) else {
    let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    throw MIDIMapError(at: path, "expected one of \(names), found \(value.summary)")
  }
  return parsed
}

private func table(_ value: JSONValue, at path: String, lowest: Int) throws -> [String: Int] {
  guard case .object(let members) = value else {
    throw MIDIMapError(at: path, "expected an object of names and numbers, found \(value.summary)")
  }
  var result: [String: Int] = [:]
  for (key, number) in members {
    if case .string(let name) = number, let program = Instruments.program(named: name) {
      result[key] = Int(program.value)
    } else {
      result[key] = try midiValue(number, at: "\(path).\(key)", lowest: lowest)
    }
  }
  return result
}

private func axisIndex(_ value: JSONValue, at path: String) throws -> Int {
  guard case .number(let number) = value, number == number.rounded(), number >= -1 else {
    throw MIDIMapError(
      at: path, "expected an index into additionalAxes, or -1 for none, found \(value.summary)")
  }
  return Int(number)
}
