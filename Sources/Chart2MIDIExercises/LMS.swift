import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation
import TextEncoders

extension Question {
  /// Whether the answer was right, in `words`, read aloud after the choice: "Right: it mostly
  /// rises." or "Not this one: the answer is “It mostly rises”."; a number's "Right: 77." is the
  /// number given.
  func verdict(right: Bool, given: String? = nil, words: ExerciseWords) -> String {
    guard right else { return ExerciseWords.fill(words.notThisOneAnswer, rightChoice) }
    return ExerciseWords.fill(words.rightIs, Self.spoken(given ?? rightChoice, words: words))
  }

  /// A choice as it follows "Right:": its first letter lowered where the language does so and
  /// the first word is not a name in capitals ("USA"): "a pure tone", "it mostly rises".
  static func spoken(_ choice: String, words: ExerciseWords) -> String {
    let first = choice.prefix { !$0.isWhitespace }
    guard words.lowersChoice, let letter = first.first, letter.isUppercase,
      first.count == 1 || first.dropFirst().first!.isLowercase
    else { return choice }
    return choice.prefix(1).lowercased() + choice.dropFirst()
  }

  /// What a student who chose `choice` is told, in `exercise`'s words: whether it is right,
  /// the facts, and where to listen.
  func feedback(for choice: Int, in exercise: Exercise) -> String {
    "\(verdict(right: choice == answer, words: exercise.words)) \(facts(in: exercise))"
  }

  /// The facts behind the answer and where to listen: what every student is told, whatever
  /// they answered.
  func facts(in exercise: Exercise) -> String { explanation + listening(in: exercise) }

  /// " Listen at 0:07.6 in the audio.", in `exercise`'s words, or nothing.
  func listening(in exercise: Exercise) -> String {
    listenAt.map {
      ExerciseWords.fill(exercise.words.listenAtInAudio, exercise.clock($0))
    } ?? ""
  }
}

extension Exercise {
  /// An item's text before its question, as HTML: its title, what to know before listening (the
  /// legend among it), its audio played from `audioSource`, and each series alone, its stem
  /// played from `stemSource(path)`, so that a student can hear one series at a time in any
  /// learning system.
  func questionHTML(
    _ item: Item, _ question: Question, audioSource: String?, stemSource: (String) -> String
  ) -> String {
    var html = ["<p><strong>\(HTMLText.text("\(item.number). \(item.title)"))</strong></p>"]
    html.append(
      "<ul>" + item.introduction.map { "<li>\(HTMLText.text($0))</li>" }.joined() + "</ul>")
    if let audioSource {
      let name = HTMLText.text(item.audio ?? "")
      html.append(
        "<p><audio controls=\"controls\" src=\"\(HTMLText.attribute(audioSource))\">\(name)</audio></p>"
      )
      html += item.stemList(words: words, text: HTMLText.text) { path, name in
        "<audio controls=\"controls\" src=\"\(HTMLText.attribute(stemSource(path)))\">\(HTMLText.text(name))</audio>"
      }
    }
    html.append("<p>\(HTMLText.text(question.prompt))</p>")
    return html.joined()
  }
}

extension Exercise.Item {
  /// "Each series alone:" and the list of the series' stems, each after what it plays, as
  /// markup: `text` escapes text for the format, `player(path, name)` is the element that plays
  /// a stem (an HTML audio element, a QTI object). Nothing for an item without stems.
  func stemList(
    words: ExerciseWords, text: (String) -> String, player: (String, String) -> String
  ) -> [String] {
    guard !stems.isEmpty else { return [] }
    return [
      "<p>\(text(words.eachSeriesAlone))</p>",
      "<ul>" + stems.map { "<li>\(text($0.plays)): \(player($0.path, $0.name))</li>" }.joined()
        + "</ul>",
    ]
  }

  /// The bytes of the item's audio files in `folder`, the mix's then each stem's.
  ///
  /// - Throws: `ExerciseError` naming the file that cannot be read.
  func audioFiles(in folder: URL) throws -> (mix: Data?, stems: [Data]) {
    func read(_ path: String) throws -> Data {
      do {
        return try Data(contentsOf: folder.appendingPathComponent(path))
      } catch {
        throw ExerciseError("cannot read the audio \(path) of item \(number)", code: .cannotRead)
      }
    }
    guard let audio else { return (nil, []) }
    return (try read(audio), try stems.map { try read($0.path) })
  }
}

/// A file's path as a URI's path: "A B.mp3" is "A%20B.mp3".
func uriPath(_ path: String) -> String {
  path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
}

/// An exercise as Moodle XML (`quiz.xml`), for Moodle's question bank: a category named after the
/// exercise, then one multiple-choice question per question with its item's audio inside it (the
/// mix and each series' stem, base64 files in the question text, played by HTML5 audio elements
/// through `@@PLUGINFILE@@`, the stems from its `stems/` folder), its choices in the order written
/// (never shuffled again: those without an order of their own were shuffled when chosen), each
/// choice's feedback saying whether it is right and the general feedback the facts; a question
/// answered with a number is a numerical question, right within its tolerance.
package enum MoodleXML {
  /// The quiz, with each item's audio read from `folder`.
  ///
  /// - Throws: `ExerciseError` when an item's audio cannot be read.
  package static func quiz(_ exercise: Exercise, audioIn folder: URL) throws -> String {
    // Moodle's category path separates levels with "/"; a "/" in a name is written "//", as in
    // GIFT, and the path is on one line.
    let category = GIFTText.category(exercise.title)
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<!-- \(XMLText.comment(exercise.title)): made by chart2midi (seed \(exercise.seed)) -->",
      "<quiz>",
      "  <question type=\"category\">",
      "    <category><text>$course$/top/\(XMLText.text(category))</text></category>",
      "  </question>",
    ]
    for item in exercise.items {
      let (mix, stems) = try item.audioFiles(in: folder)
      let file = mix?.base64EncodedString()
      let stemFiles = zip(item.stems, stems).map {
        (name: URL(fileURLWithPath: $0.path).lastPathComponent, bytes: $1.base64EncodedString())
      }
      for (index, question) in item.questions.enumerated() {
        let text = exercise.questionHTML(
          item, question, audioSource: item.audio.map { "@@PLUGINFILE@@/\($0)" },
          stemSource: {
            "@@PLUGINFILE@@/stems/" + uriPath(URL(fileURLWithPath: $0).lastPathComponent)
          })
        let name = ExerciseWords.fill(
          exercise.words.itemQuestion, "\(item.number)", "\(index + 1)")
        lines += [
          "  <question type=\"\(question.numeric == nil ? "multichoice" : "numerical")\">",
          "    <name><text>\(XMLText.text(name))</text></name>",
          "    <questiontext format=\"html\">",
          "      <text>\(XMLText.text(text))</text>",
        ]
        if let audio = item.audio, let file {
          lines.append(
            "      <file name=\"\(XMLText.attribute(audio))\" path=\"/\" encoding=\"base64\">\(file)</file>"
          )
          for stem in stemFiles {
            lines.append(
              "      <file name=\"\(XMLText.attribute(stem.name))\" path=\"/stems/\" encoding=\"base64\">\(stem.bytes)</file>"
            )
          }
        }
        // The facts in the general feedback, which every student sees; each answer's own
        // feedback says only whether it is right.
        lines += [
          "    </questiontext>",
          "    <generalfeedback format=\"html\"><text>\(html(question.facts(in: exercise)))</text></generalfeedback>",
          "    <defaultgrade>1</defaultgrade>",
          "    <penalty>0</penalty>",
          "    <hidden>0</hidden>",
        ]
        if let numeric = question.numeric {
          // Any other number ("*") is wrong, with its feedback.
          lines += [
            "    <answer fraction=\"100\" format=\"moodle_auto_format\">",
            "      <text>\(Question.number(numeric.value))</text>",
            "      <tolerance>\(Question.number(numeric.tolerance))</tolerance>",
            "      <feedback format=\"html\"><text>\(html(question.verdict(right: true, words: exercise.words)))</text></feedback>",
            "    </answer>",
            "    <answer fraction=\"0\" format=\"moodle_auto_format\">",
            "      <text>*</text>",
            "      <tolerance>0</tolerance>",
            "      <feedback format=\"html\"><text>\(html(question.verdict(right: false, words: exercise.words)))</text></feedback>",
            "    </answer>",
            "    <unitgradingtype>0</unitgradingtype>",
            "    <unitpenalty>0</unitpenalty>",
            "    <showunits>3</showunits>",
            "    <unitsleft>0</unitsleft>",
          ]
        } else {
          lines += [
            "    <single>true</single>",
            "    <shuffleanswers>false</shuffleanswers>",
            "    <answernumbering>abc</answernumbering>",
          ]
          for (choice, answer) in question.choices.enumerated() {
            let verdict = question.verdict(right: choice == question.answer, words: exercise.words)
            lines += [
              "    <answer fraction=\"\(choice == question.answer ? 100 : 0)\" format=\"html\">",
              "      <text>\(html(answer))</text>",
              "      <feedback format=\"html\"><text>\(html(verdict))</text></feedback>",
              "    </answer>",
            ]
          }
        }
        lines.append("  </question>")
      }
    }
    lines.append("</quiz>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text as HTML inside an XML element.
  static func html(_ text: String) -> String { XMLText.text(HTMLText.text(text)) }
}
