import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation

/// A narration as a JSON file to edit and to voice: each sentence with its part (`intro`, before
/// the graph, or `details`, after it), its text and, as written, its planned time; a sentence may
/// name a recording of itself (`"audio": "PATH"`, relative to the file: WAV, FLAC or any audio
/// libsndfile reads, at any rate) that is played instead of eSpeak NG's speech.
///
/// ```json
/// {
///   "chart2midiNarration": 1,
///   "sentences": [
///     {"part": "intro", "text": "Twentieth-century birth rates.", "start": 0, "end": 1.661},
///     {"part": "details", "text": "The values are illustrative.", "audio": "take-3.wav"}
///   ]
/// }
/// ```
///
/// Reading one takes the sentences in order, with their parts and recordings; the times are
/// worked out again.
package struct ScriptFile: Sendable {
  /// A sentence of the script.
  package struct Sentence: Sendable {
    /// Before the graph or after it.
    package var part: NarrationSettings.Parts
    /// What is said, and written in captions and markers.
    package var text: String
    /// A recording of it, as the file names it (relative to the file).
    package var audio: String?
    /// When it is said, in seconds from the start of the audio, when known.
    package var start: Double?
    /// When it ends.
    package var end: Double?
  }

  /// The sentences, in order.
  package var sentences: [Sentence]

  /// The format's version, under the key `chart2midiNarration`.
  static let version = 1

  /// A script of sentences.
  init(sentences: [Sentence]) { self.sentences = sentences }

  /// The script in the file at `url`.
  ///
  /// - Throws: `ExportError` naming the file and, where there is one, the place of the mistake
  ///   (`sentences[2].part`): a file that cannot be read or does not parse as JSON, a part other
  ///   than `intro` or `details`, a sentence without text.
  package init(contentsOf url: URL) throws {
    let path = url.relativePath
    func failure(_ message: String) -> ExportError {
      ExportError("\(path): \(message)", file: path, code: .invalidFile)
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ExportError(
        "cannot read the narration script \(path): no such file", file: path, code: .missingFile)
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw failure("not a narration script: it does not parse as JSON")
    }
    guard let root = object as? [String: Any], let list = root["sentences"] as? [Any] else {
      throw failure(
        "not a narration script: expected an object with \"sentences\", a list of sentences")
    }
    sentences = try list.enumerated().map { index, item in
      let place = "sentences[\(index)]"
      guard let fields = item as? [String: Any] else {
        throw failure("\(place): expected an object with \"part\" and \"text\"")
      }
      guard let partName = fields["part"] as? String,
        let part = NarrationSettings.Parts(rawValue: partName), part == .intro || part == .details
      else {
        let found = fields["part"].map { "\($0)" } ?? "nothing"
        throw failure("\(place).part: expected \"intro\" or \"details\", found \(found)")
      }
      guard let text = fields["text"] as? String,
        !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      else {
        throw failure("\(place).text: expected the sentence's words")
      }
      var audio: String?
      if let value = fields["audio"] {
        guard let name = value as? String, !name.isEmpty else {
          throw failure("\(place).audio: expected the path of a recording of the sentence")
        }
        audio = name
      }
      return Sentence(part: part, text: text, audio: audio)
    }
    guard !sentences.isEmpty else { throw failure("sentences: the script says nothing") }
  }

  /// The recordings the script names, read at `sampleRate`, by sentence index.
  ///
  /// - Throws: `ExportError` at the sentence of a recording that is missing or not audio.
  func recordings(relativeTo url: URL, sampleRate: Int) throws -> [Int: [Float]] {
    var recordings: [Int: [Float]] = [:]
    let folder = url.deletingLastPathComponent()
    for (index, sentence) in sentences.enumerated() {
      guard let audio = sentence.audio else { continue }
      // A recording lies beside the script: one sentence whatever the reason it cannot be used
      // there (no such file, a file elsewhere, a link out, a FIFO), so that nothing tells
      // whether another path exists.
      guard let file = ConfinedFile.resolve(audio, in: [folder]) else {
        throw ExportError(
          "\(url.relativePath): sentences[\(index)].audio: \(quoted(audio)) is not a recording beside the script; a script names its recordings only there",
          file: url.relativePath, code: .invalidFile)
      }
      do {
        recordings[index] = try RecordedSpeech.samples(
          of: URL(fileURLWithPath: file), named: audio, sampleRate: sampleRate)
      } catch let error as SynthError {
        throw ExportError(
          "\(url.relativePath): sentences[\(index)].audio: \(error.message)",
          file: url.relativePath,
          code: error.code == .recordingMissing ? .missingFile : .invalidFile
        )
      }
    }
    return recordings
  }

  /// The script as JSON text: the sentences in order, with their parts, texts, recordings and
  /// times (rounded to the millisecond).
  func json() -> String {
    let list: [[String: Any]] = sentences.map { sentence in
      var fields: [String: Any] = ["part": sentence.part.rawValue, "text": sentence.text]
      if let audio = sentence.audio { fields["audio"] = audio }
      if let start = sentence.start { fields["start"] = (start * 1000).rounded() / 1000 }
      if let end = sentence.end { fields["end"] = (end * 1000).rounded() / 1000 }
      return fields
    }
    let root: [String: Any] = ["chart2midiNarration": Self.version, "sentences": list]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
