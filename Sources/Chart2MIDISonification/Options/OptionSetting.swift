import Chart2MIDIBase
import Chart2MIDIChart

/// How a setting's command-line text becomes a value in JSON's terms, the one form every setting is
/// checked in.
package enum SettingShape: Sendable {
  /// A number when it reads as one, else text: `5`, `minor`.
  case scalar
  /// Text as written, even when it reads as a number: a voice, a path.
  case text
  /// `low:high`, two numbers.
  case range
  /// The flag's arguments, one text each (a repeatable flag).
  case names
  /// The flag's arguments, each a number when it reads as one (a repeatable flag).
  case values
  /// `name=value` arguments, a table (a repeatable flag).
  case table
  /// `true`/`yes`/`on` or `false`/`no`/`off`.
  case onOff
}

/// The options one settings type reads, by their names in the descriptor's `sonification` object:
/// each declares the shape its command-line text takes, and its owner checks its value.
package protocol SettingKey: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String {
  /// How the setting's command-line text becomes a value.
  var shape: SettingShape { get }
}

/// One option set to a value, from the descriptor's `sonification` object or from a command-line
/// flag, before it is checked. Both sources make settings, and the settings type that reads the
/// option (`SonificationOptions` for the mapping, the outputs' settings for narration and audio)
/// checks them all the same way, so one mistake gets one sentence, at the flag or path it came
/// from.
package struct OptionSetting: Hashable, Sendable {
  /// The option's name in the `sonification` object.
  package var name: String
  /// The value, in JSON's terms.
  package var value: JSONValue
  /// Where it was set: `.path("sonification.noteRange")` or `.flag("--note-range")`.
  package var location: ErrorLocation
  /// The value as it was written, when it was text (a flag's argument), for messages.
  package var spelling: String?

  /// A setting of an option by its name.
  package init(
    named name: String, _ value: JSONValue, at location: ErrorLocation, spelling: String? = nil
  ) {
    self.name = name
    self.value = value
    self.location = location
    self.spelling = spelling
  }

  /// A setting of a mapping option.
  package init(
    _ key: SonificationOptions.Key, _ value: JSONValue, at location: ErrorLocation,
    spelling: String? = nil
  ) {
    self.init(named: key.rawValue, value, at: location, spelling: spelling)
  }

  /// The option as one of `Key`'s, when it is one.
  package func key<Key: SettingKey>(_: Key.Type) -> Key? { Key(rawValue: name) }

  /// The settings of a descriptor's `sonification` object, in the order written; whether each
  /// name is an option is for the settings types to judge (see `unknown(_:known:)`).
  ///
  /// - Throws: `MIDIMapError` for a value that is not an object.
  package static func settings(fromJSON json: JSONValue?) throws -> [OptionSetting] {
    guard let json, json != .null else { return [] }
    let root = ErrorLocation.path("sonification")
    guard case .object(let members) = json else {
      throw MIDIMapError("expected an object of options, found \(json.summary)", at: root)
    }
    return members.map { member in
      OptionSetting(named: member.key, member.value, at: root.appending(member.key))
    }
  }

  /// The first of `settings` whose name is none of `known`, as the mistake it is.
  package static func unknown(_ settings: [OptionSetting], known: [String]) -> MIDIMapError? {
    guard let setting = settings.first(where: { !known.contains($0.name) }) else { return nil }
    return MIDIMapError(
      "unknown option; expected one of \(known.joined(separator: ", "))", at: setting.location)
  }

  /// A setting of a mapping option from command-line text (see `commandLine(_:_:flag:shape:)`).
  package static func commandLine(
    _ key: SonificationOptions.Key, _ texts: [String], flag: String
  ) -> OptionSetting {
    commandLine(key.rawValue, texts, flag: flag, shape: key.shape)
  }

  /// A setting from command-line text: `texts` are the arguments a flag was given (several for a
  /// repeatable flag), made a value as `shape` says; text that is none of what the option takes
  /// is kept as text, for the check to name.
  package static func commandLine(
    _ name: String, _ texts: [String], flag: String, shape: SettingShape
  ) -> OptionSetting {
    let spelling = texts.joined(separator: " ")
    func scalar(_ text: String) -> JSONValue {
      Double(text).map(JSONValue.number) ?? .string(text)
    }
    let value: JSONValue
    switch shape {
    case .range:
      let parts = spelling.split(separator: ":", omittingEmptySubsequences: false)
      let numbers = parts.compactMap { Double($0) }
      value =
        parts.count == 2 && numbers.count == 2
        ? .array(numbers.map(JSONValue.number)) : .string(spelling)
    case .names:
      value = .array(texts.map(JSONValue.string))
    case .values:
      value = .array(texts.map(scalar))
    case .table:
      var members: [(key: String, value: JSONValue)] = []
      for text in texts {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
          return OptionSetting(named: name, .string(text), at: .flag(flag), spelling: text)
        }
        members.append(
          (String(text[..<equals]), scalar(String(text[text.index(after: equals)...]))))
      }
      value = .object(members)
    case .text:
      value = .string(spelling)
    case .onOff:
      value =
        ["true", "yes", "on"].contains(spelling)
        ? .bool(true)
        : ["false", "no", "off"].contains(spelling) ? .bool(false) : .string(spelling)
    case .scalar:
      value = scalar(spelling)
    }
    return OptionSetting(named: name, value, at: .flag(flag), spelling: spelling)
  }
}
