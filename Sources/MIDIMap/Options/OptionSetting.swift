import Descriptor

extension SonificationOptions {
  /// The options by their names in the descriptor's `sonification` object.
  public enum Key: String, Hashable, Sendable, CaseIterable {
    case totalDuration, secondsPerUnit, noteRange, scale, durationRange, noteDuration, velocity
    case velocityRange, arrangement, gap, series, programs, pan, gridlines, markers, continuous
    case bendRange, durationAxis, loudnessAxis, instrumentAxis, grouping, maximumNotesPerSecond
    case key, tempo, timeSignature, start, frameRate, padStart, thresholds, gaps
    case exactLayout, grid, fitBars
    case narrate, voice, speechRate, narrationPause, graphLevel
    // How audio is rendered and written.
    case sampleRate, bitDepth, tailCap, reverb, loudness, soundfont, stemsBy, audioFormat

    /// Whether the setting is the narration's or the audio's, which the `Export` module's
    /// `ExportSettings` checks; the mapping leaves them to it.
    public var isExportSetting: Bool {
      [
        .narrate, .voice, .speechRate, .narrationPause, .graphLevel, .sampleRate, .bitDepth,
        .tailCap, .reverb, .loudness, .soundfont, .stemsBy, .audioFormat,
      ].contains(self)
    }
  }
}

/// One option set to a value, from the descriptor's `sonification` object or from a command-line
/// flag, before it is checked. Both sources make settings, and `SonificationOptions.applying(_:)`
/// checks them all the same way, so one mistake gets one sentence, at the flag or path it came from.
public struct OptionSetting: Hashable, Sendable {
  /// The option.
  public var key: SonificationOptions.Key
  /// The value, in JSON's terms.
  public var value: JSONValue
  /// Where it was set: `.path("sonification.noteRange")` or `.flag("--note-range")`.
  public var location: ErrorLocation
  /// The value as it was written, when it was text (a flag's argument), for messages.
  public var spelling: String?

  /// A setting.
  public init(
    _ key: SonificationOptions.Key, _ value: JSONValue, at location: ErrorLocation,
    spelling: String? = nil
  ) {
    self.key = key
    self.value = value
    self.location = location
    self.spelling = spelling
  }

  /// The settings of a descriptor's `sonification` object, in the order written.
  ///
  /// - Throws: `MIDIMapError` for a name that is not an option, or a value that is not an object.
  public static func settings(fromJSON json: JSONValue?) throws -> [OptionSetting] {
    guard let json, json != .null else { return [] }
    let root = ErrorLocation.path("sonification")
    guard case .object(let members) = json else {
      throw MIDIMapError("expected an object of options, found \(json.summary)", at: root)
    }
    return try members.map { member in
      guard let key = SonificationOptions.Key(rawValue: member.key) else {
        let names = SonificationOptions.Key.allCases.map(\.rawValue).joined(separator: ", ")
        throw MIDIMapError(
          "unknown option; expected one of \(names)", at: root.appending(member.key))
      }
      return OptionSetting(key, member.value, at: root.appending(member.key))
    }
  }

  /// A setting from command-line text: `texts` are the arguments a flag was given (several for a
  /// repeatable flag). Numbers become numbers, `low:high` a pair, `name=value` entries a table;
  /// text that is none of what the option takes is kept as text, for the check to name.
  public static func commandLine(
    _ key: SonificationOptions.Key, _ texts: [String], flag: String
  ) -> OptionSetting {
    let spelling = texts.joined(separator: " ")
    func scalar(_ text: String) -> JSONValue {
      Double(text).map(JSONValue.number) ?? .string(text)
    }
    let value: JSONValue
    switch key {
    case .noteRange, .durationRange, .velocityRange:
      let parts = spelling.split(separator: ":", omittingEmptySubsequences: false)
      let numbers = parts.compactMap { Double($0) }
      value =
        parts.count == 2 && numbers.count == 2
        ? .array(numbers.map(JSONValue.number)) : .string(spelling)
    case .series:
      value = .array(texts.map(JSONValue.string))
    case .thresholds:
      value = .array(texts.map(scalar))
    case .programs, .pan:
      var members: [(key: String, value: JSONValue)] = []
      for text in texts {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
          return OptionSetting(key, .string(text), at: .flag(flag), spelling: text)
        }
        members.append(
          (String(text[..<equals]), scalar(String(text[text.index(after: equals)...]))))
      }
      value = .object(members)
    case .soundfont, .voice:
      value = .string(spelling)
    case .gridlines, .padStart:
      value =
        ["true", "yes", "on"].contains(spelling)
        ? .bool(true)
        : ["false", "no", "off"].contains(spelling) ? .bool(false) : .string(spelling)
    default:
      value = scalar(spelling)
    }
    return OptionSetting(key, value, at: .flag(flag), spelling: spelling)
  }
}

extension SonificationOptions {
  /// These options with `settings` applied in order: the one check of every option, for flags and
  /// JSON alike.
  ///
  /// - Throws: `MIDIMapError` at the first setting's flag or path whose value does not fit, saying
  ///   what the option takes.
  public func applying(_ settings: [OptionSetting]) throws -> SonificationOptions {
    var options = self
    for setting in settings {
      try options.apply(setting)
      options.origins[setting.key] = setting.location
    }
    return options
  }

  private mutating func apply(_ setting: OptionSetting) throws {
    let read = OptionReader(setting)
    switch setting.key {
    case .narrate, .voice, .speechRate, .narrationPause, .graphLevel, .sampleRate, .bitDepth,
      .tailCap, .reverb, .loudness, .soundfont, .stemsBy, .audioFormat:
      return
    case .totalDuration: totalDuration = try read.positive()
    case .secondsPerUnit: secondsPerUnit = try read.positive()
    case .noteRange:
      let (low, high) = try read.pair()
      // Compared as numbers before they become whole numbers: 1e19 is no MIDI note.
      guard (0...127).contains(low), (0...127).contains(high), Int(low) < Int(high) else {
        throw read.failure(
          "expected two MIDI notes from 0 to 127, the lower first, such as 48 and 84", found: false)
      }
      noteRange = Int(low)...Int(high)
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
    case .markers: markers = try read.choice()
    case .continuous: continuous = try read.choice()
    case .exactLayout: exactLayout = try read.choice()
    case .grid: grid = try read.choice()
    case .fitBars: fitBars = try read.flag()
    case .bendRange:
      let range = try read.wholeNumber(from: 1)
      guard range <= 24 else { throw read.failure("expected 1 to 24 semitones") }
      bendRange = range
    case .key:
      guard case .string(let name) = setting.value, KeySignature.pitchClass(of: name) != nil else {
        throw read.failure("expected a note name such as \"D\", \"F#\" or \"Bb\"")
      }
      key = name
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
