import Chart2MIDIBase
import Chart2MIDIChart

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
