import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore

/// Reads one setting's value as what its option takes; every mistake names the setting's flag or
/// path and what was found there.
package struct OptionReader {
  package let setting: OptionSetting

  package init(_ setting: OptionSetting) { self.setting = setting }

  package var value: JSONValue { setting.value }
  package var isFlag: Bool { !setting.location.isInInput }

  /// The error: what the option expects, then what was found.
  package func failure(_ expectation: String, found: Bool = true, at location: ErrorLocation? = nil)
    -> MIDIMapError
  {
    // A value made from several words of a flag is shown as they were written.
    var shown = value.summary
    if let spelling = setting.spelling {
      switch value {
      case .array, .object: shown = spelling
      default: break
      }
    }
    return MIDIMapError(
      found ? "\(expectation), found \(shown)" : expectation, at: location ?? setting.location)
  }

  package func positive() throws -> Double {
    guard case .number(let number) = value, number > 0, number.isFinite else {
      throw failure("expected a number above 0")
    }
    return number
  }

  package func seconds() throws -> Double {
    guard case .number(let number) = value, number >= 0, number.isFinite else {
      throw failure("expected seconds, 0 or more")
    }
    return number
  }

  package func pair() throws -> (Double, Double) {
    guard case .array(let items) = value, items.count == 2, case .number(let low) = items[0],
      case .number(let high) = items[1]
    else {
      throw failure(isFlag ? "expected low:high, two numbers" : "expected [low, high], two numbers")
    }
    return (low, high)
  }

  /// Two MIDI notes, the lower first: `[low, high]`, or `low:high` in a flag's table.
  package func noteRange(in item: JSONValue? = nil, at location: ErrorLocation? = nil) throws
    -> ClosedRange<Int>
  {
    var item = item ?? value
    if case .string(let text) = item, case let parts = text.split(separator: ":"),
      parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1])
    {
      item = .array([.number(low), .number(high)])
    }
    func fail(_ expectation: String, found: Bool) -> MIDIMapError {
      guard let location else { return failure(expectation, found: found) }
      return MIDIMapError(
        found ? "\(expectation), found \(item.summary)" : expectation, at: location)
    }
    guard case .array(let items) = item, items.count == 2, case .number(let low) = items[0],
      case .number(let high) = items[1]
    else {
      throw fail(
        isFlag ? "expected low:high, two numbers" : "expected [low, high], two numbers",
        found: true)
    }
    // Compared as numbers before they become whole numbers: 1e19 is no MIDI note.
    guard (0...127).contains(low), (0...127).contains(high), Int(low) < Int(high) else {
      throw fail(
        "expected two MIDI notes from 0 to 127, the lower first, such as 48 and 84", found: false)
    }
    return Int(low)...Int(high)
  }

  /// Series names with their note ranges: `{"GOOG": [55, 79]}`, or `GOOG=55:79` flags.
  package func noteRanges() throws -> [String: ClosedRange<Int>] {
    guard case .object(let members) = value else {
      throw failure(
        isFlag ? "expected NAME=low:high" : "expected an object of series names and [low, high]")
    }
    var ranges: [String: ClosedRange<Int>] = [:]
    for (name, item) in members {
      ranges[name] = try noteRange(in: item, at: setting.location.appending(name))
    }
    return ranges
  }

  package func wholeNumber(
    from lowest: Int, in item: JSONValue? = nil, at location: ErrorLocation? = nil
  )
    throws -> Int
  {
    let item = item ?? value
    guard case .number(let number) = item, number == number.rounded(),
      (Double(lowest)...127).contains(number)
    else {
      let expectation = "expected a whole number from \(lowest) to 127"
      if location != nil {
        throw MIDIMapError("\(expectation), found \(item.summary)", at: location)
      }
      throw failure(expectation)
    }
    return Int(number)
  }

  package func choice<T: RawRepresentable & CaseIterable>() throws -> T where T.RawValue == String {
    guard case .string(let name) = value, let parsed = T(rawValue: name) else {
      let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw failure("expected one of \(names)")
    }
    return parsed
  }

  package func flag() throws -> Bool {
    guard case .bool(let flag) = value else { throw failure("expected true or false") }
    return flag
  }

  package func names() throws -> [String] {
    guard case .array(let names) = value else {
      throw failure("expected an array of series names")
    }
    return try names.enumerated().map { index, name in
      guard case .string(let text) = name else {
        throw MIDIMapError(
          "expected a series name, found \(name.summary)",
          at: setting.location.appending(index: index))
      }
      return text
    }
  }

  /// Thresholds: a y value, "mean", "VALUE:NAME", or `{"value": ..., "name": ...}`; one or an
  /// array of them.
  package func thresholds() throws -> [SonificationOptions.Threshold] {
    let items: [JSONValue]
    if case .array(let array) = value { items = array } else { items = [value] }
    return try items.enumerated().map { index, item in
      let location =
        isFlag || items.count == 1 && !isArray
        ? setting.location
        : setting.location.appending(index: index)
      let expectation =
        "expected a y value or \"mean\", optionally followed by :NAME, found \(item.summary)"
      func level(_ value: JSONValue) -> SonificationOptions.Threshold.Level? {
        switch value {
        case .number(let number) where number.isFinite: .value(number)
        case .string("mean"): .mean
        case .string(let text): Double(text).flatMap { $0.isFinite ? .value($0) : nil }
        default: nil
        }
      }
      switch item {
      case .number:
        if let level = level(item) { return .init(level) }
      case .string(let text):
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.count == 2 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : nil
        if let level = level(.string(String(parts[0]).trimmingCharacters(in: .whitespaces))),
          name.map({ !$0.isEmpty }) ?? true
        {
          return .init(level, name: name)
        }
      case .object(let members):
        let value = members.first { $0.key == "value" }?.value
        let name = members.first { $0.key == "name" }?.value
        guard let value, let level = level(value) else {
          throw MIDIMapError(
            "expected \"value\": a y value or \"mean\"", at: location.appending("value"))
        }
        switch name {
        case nil: return .init(level)
        case .string(let text)?: return .init(level, name: text)
        case let other?:
          throw MIDIMapError(
            "expected a name as text, found \(other.summary)", at: location.appending("name"))
        }
      default: break
      }
      throw MIDIMapError(expectation, at: location)
    }
  }

  private var isArray: Bool {
    if case .array = value { true } else { false }
  }

  /// Names with a program (a number or a General MIDI name) or a pan (a number).
  package func table(programs: Bool) throws -> [String: Int] {
    guard case .object(let members) = value else {
      let what = programs ? "program" : "pan"
      throw failure(
        isFlag ? "expected name=\(what)" : "expected an object of names and \(what)s")
    }
    var result: [String: Int] = [:]
    for (name, item) in members {
      let location = setting.location.appending(name)
      if programs {
        if case .string(let text) = item, let program = Instruments.program(named: text) {
          result[name] = Int(program.value)
          continue
        }
        guard case .number(let number) = item, let whole = Int(exactly: number),
          let program = UInt7(exactly: whole)
        else {
          throw MIDIMapError(
            "expected a program number from 0 to 127 or a General MIDI name such as \"Flute\", found \(item.summary)",
            at: location)
        }
        result[name] = Int(program.value)
      } else {
        result[name] = try wholeNumber(from: 0, in: item, at: location)
      }
    }
    return result
  }

  package func axisChoice() throws -> SonificationOptions.AxisChoice {
    switch value {
    case .string("none"): return .none
    case .number(let number) where number == number.rounded() && number >= -1 && number < 1e6:
      return number == -1 ? .none : .axis(Int(number))
    default: throw failure("expected an index into additionalAxes, or -1 (or \"none\") for none")
    }
  }
}
