import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation

extension ExportSettings {
  /// The narration's and the audio's options by their names in the descriptor's `sonification`
  /// object (the mapping's are `SonificationOptions.Key`).
  package enum Key: String, SettingKey {
    case narrate, voice, speechRate, narrationPause, graphLevel, cues
    // How captions are timed.
    case captionStyle, captionTime, sessionPaths, vttKind
    // How audio is rendered and written.
    case sampleRate, bitDepth, tailCap, reverb, loudness, soundfont, stemsBy, audioFormat
    case quality, bitrate

    /// How the option's command-line text becomes a value.
    package var shape: SettingShape {
      switch self {
      case .voice, .soundfont, .captionStyle, .captionTime, .sessionPaths, .vttKind: .text
      case .cues: .onOff
      default: .scalar
      }
    }
  }
}

extension OptionSetting {
  /// A setting of a narration or audio option.
  package init(
    _ key: ExportSettings.Key, _ value: JSONValue, at location: ErrorLocation,
    spelling: String? = nil
  ) {
    self.init(named: key.rawValue, value, at: location, spelling: spelling)
  }

  /// A setting of a narration or audio option from command-line text.
  package static func commandLine(_ key: ExportSettings.Key, _ texts: [String], flag: String)
    -> OptionSetting
  {
    commandLine(key.rawValue, texts, flag: flag, shape: key.shape)
  }
}

/// When an export's files are made.
extension ExportSettings {
  /// When the files are made, as reproducible builds set it: `SOURCE_DATE_EPOCH` (whole seconds
  /// since 1970, UTC) when it is set; nil when it is not (a WAV file's `bext` then says when it
  /// was rendered, see `bextDate`).
  ///
  /// - Throws: `ExportError` when `SOURCE_DATE_EPOCH` is set to anything but whole seconds.
  package static func originationDate(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> Date? {
    guard let text = environment["SOURCE_DATE_EPOCH"] else { return nil }
    guard let seconds = Int64(text), seconds >= 0, seconds < 253_402_300_800 else {
      throw ExportError(
        "SOURCE_DATE_EPOCH is \"\(text)\", not a whole number of seconds since 1970-01-01 before the year 10000; set it to one, or unset it",
        code: .invalidSetting
      )
    }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// The date a WAV file's `bext` carries: `SOURCE_DATE_EPOCH` when it is set (the same input
  /// then gives the same bytes), else `originationDate`, else now, in whole seconds.
  ///
  /// - Throws: `ExportError` when `SOURCE_DATE_EPOCH` is set to anything but whole seconds.
  package func bextDate() throws -> Date {
    if let date = try Self.originationDate() { return date }
    return originationDate
      ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
  }
}
