import Foundation

/// What speaks a narration: eSpeak NG's library, a Piper voice, or a text-to-speech command of
/// the operator's. Each gives the same samples for the same text, every time (a command as far as
/// the command itself does).
public enum SpeechEngine: Hashable, Sendable {
  /// eSpeak NG's library, with the narration's voice.
  case espeak
  /// Piper's `piper` command (found on `PATH`) with a voice model: an `.onnx` file with its
  /// `.onnx.json` beside it. Its generator noise is off, so that the same text gives the same
  /// samples.
  case piper(model: URL)
  /// A command run by `/bin/sh` for each sentence: the sentence on its standard input (UTF-8,
  /// one line), a WAV file written where `{wav}` stands in the command, or else to its standard
  /// output; `{rate}` stands for the speaking rate in words a minute. The chart's text never
  /// reaches the command line.
  case command(String)
}

extension SpeechEngine {
  /// The language a Piper voice speaks ("en_US" as "en-us"), from its model's configuration;
  /// nil for the other engines, whose language is the narration's voice.
  ///
  /// - Throws: `SynthError` when the model or its configuration is missing or unreadable.
  package func modelLanguage() throws -> String? {
    guard case .piper(let model) = self else { return nil }
    return try PiperVoice(model: model).language
  }
}

/// A Piper voice model and what its configuration says.
struct PiperVoice {
  /// The `.onnx` file.
  let model: URL
  /// The language code of its configuration, as a voice name ("en-us").
  let language: String

  /// Reads the configuration beside `model`.
  ///
  /// - Throws: `SynthError` when the model or its configuration is missing or unreadable.
  init(model: URL) throws {
    self.model = model
    let path = model.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
    else {
      throw SynthError(
        "no Piper voice model at \(path)", file: path, code: .unknownVoice)
    }
    let configuration = URL(fileURLWithPath: path + ".json")
    guard let data = try? Data(contentsOf: configuration),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      throw SynthError(
        "the Piper voice model \(path) has no readable configuration beside it (\(configuration.lastPathComponent))",
        file: configuration.path, code: .unknownVoice)
    }
    let language = (root["language"] as? [String: Any])?["code"] as? String
    let espeak = (root["espeak"] as? [String: Any])?["voice"] as? String
    guard let code = language ?? espeak else {
      throw SynthError(
        "the Piper voice model's configuration \(configuration.lastPathComponent) names no language",
        file: configuration.path, code: .unknownVoice)
    }
    self.language = code.replacingOccurrences(of: "_", with: "-").lowercased()
  }
}
