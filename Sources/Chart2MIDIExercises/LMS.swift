import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation
import TextEncoders
import ZIPFoundation

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
private func uriPath(_ path: String) -> String {
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

/// An exercise as an IMS QTI 2.1 content package (`quiz-qti.zip`), for Canvas, Blackboard,
/// OpenOLAT, ILIAS and others: `imsmanifest.xml`, one `assessmentItem` per question (a single
/// choice interaction, not shuffled, with feedback for every choice), an `assessmentTest` that
/// holds them in order, and the items' audio as resources: each item's mix and each series'
/// stem, at the paths the student sheet plays them from.
package enum QTIPackage {
  /// The QTI 2.1 namespace and its schema.
  static let namespace = "http://www.imsglobal.org/xsd/imsqti_v2p1"
  static let schema = "http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"

  /// The package as the bytes of a zip file, with each item's audio read from `folder`; its
  /// entries are dated `date`, so that the same exercise makes the same bytes.
  ///
  /// - Throws: `ExerciseError` when an item's audio cannot be read or the zip cannot be made.
  package static func zip(_ exercise: Exercise, audioIn folder: URL, date: Date) throws -> Data {
    var files: [(String, Data)] = []
    var resources: [String] = []
    var references: [String] = []
    for item in exercise.items {
      let (mix, stems) = try item.audioFiles(in: folder)
      if let audio = item.audio, let mix {
        files.append((audio, mix))
        files += Swift.zip(item.stems, stems).map { ($0.path, $1) }
        let hrefs = ([audio] + item.stems.map(\.path)).map {
          "<file href=\"\(XMLText.attribute(uriPath($0)))\"/>"
        }
        resources.append(
          "    <resource identifier=\"audio-\(item.number)\" type=\"webcontent\" href=\"\(XMLText.attribute(uriPath(audio)))\">\(hrefs.joined())</resource>"
        )
      }
      for (index, question) in item.questions.enumerated() {
        let identifier = "item-\(item.number)-\(index + 1)"
        let name = "\(identifier).xml"
        files.append((name, Data(assessmentItem(exercise, item, question, identifier).utf8)))
        let dependency =
          item.audio == nil ? "" : "<dependency identifierref=\"audio-\(item.number)\"/>"
        resources.append(
          "    <resource identifier=\"\(identifier)\" type=\"imsqti_item_xmlv2p1\" href=\"\(name)\"><file href=\"\(name)\"/>\(dependency)</resource>"
        )
        references.append(
          "      <assessmentItemRef identifier=\"\(identifier)\" href=\"\(name)\"/>")
      }
    }
    let test = """
      <?xml version="1.0" encoding="UTF-8"?>
      <assessmentTest xmlns="\(namespace)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="\(namespace) \(schema)" identifier="test" title="\(XMLText.attribute(exercise.title))">
        <testPart identifier="part" navigationMode="nonlinear" submissionMode="individual">
          <assessmentSection identifier="section" title="\(XMLText.attribute(exercise.title))" visible="true">
      \(references.joined(separator: "\n"))
          </assessmentSection>
        </testPart>
      </assessmentTest>

      """
    files.append(("test.xml", Data(test.utf8)))
    let itemFiles = files.filter { $0.0.hasPrefix("item-") && $0.0.hasSuffix(".xml") }.map(\.0)
    resources.insert(
      "    <resource identifier=\"test\" type=\"imsqti_test_xmlv2p1\" href=\"test.xml\"><file href=\"test.xml\"/>"
        + itemFiles.map { "<dependency identifierref=\"\($0.dropLast(4))\"/>" }.joined()
        + "</resource>", at: 0)
    let manifest = """
      <?xml version="1.0" encoding="UTF-8"?>
      <manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" identifier="chart2midi-exercise-\(exercise.seed)" xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/qtiv2p1_imscpv1p2_v1p0.xsd">
        <metadata>
          <schema>QTIv2.1 Package</schema>
          <schemaversion>1.0.0</schemaversion>
        </metadata>
        <organizations/>
        <resources>
      \(resources.joined(separator: "\n"))
        </resources>
      </manifest>

      """
    files.insert(("imsmanifest.xml", Data(manifest.utf8)), at: 0)
    do {
      let archive = try Archive(data: Data(), accessMode: .create)
      for (name, bytes) in files {
        try archive.addEntry(
          with: name, type: .file, uncompressedSize: Int64(bytes.count), modificationDate: date,
          permissions: 0o644, compressionMethod: name.hasSuffix(".xml") ? .deflate : .none
        ) { position, size in
          bytes.subdata(in: Int(position)..<Int(position) + size)
        }
      }
      guard let data = archive.data else {
        throw ExerciseError("the QTI package is empty", code: .internalFailure)
      }
      return data
    } catch let error as ExerciseError {
      throw error
    } catch {
      throw ExerciseError("cannot make the QTI package: \(error)", code: .internalFailure)
    }
  }

  /// One question as an `assessmentItem`: the item's text and audio (an `object`), a single
  /// choice interaction, response processing that scores the right choice 1 and shows every
  /// choice's feedback; for a number, a text entry of a float, scored 1 within the tolerance,
  /// with feedback for a right and a wrong number.
  static func assessmentItem(
    _ exercise: Exercise, _ item: Exercise.Item, _ question: Question, _ identifier: String
  ) -> String {
    let x = XMLText.text
    var body = [
      "    <p><strong>\(x("\(item.number). \(item.title)"))</strong></p>",
      "    <ul>" + item.introduction.map { "<li>\(x($0))</li>" }.joined() + "</ul>",
    ]
    if let audio = item.audio {
      let type =
        AudioFormat(fileExtension: URL(fileURLWithPath: audio).pathExtension)?.mimeType
        ?? "audio/wav"
      body.append(
        "    <p><object type=\"\(type)\" data=\"\(XMLText.attribute(uriPath(audio)))\">\(x(audio))</object></p>"
      )
      // Each series alone, with what it plays: the legend, and a stem to listen to.
      body += item.stemList(words: exercise.words, text: x) { path, name in
        "<object type=\"\(type)\" data=\"\(XMLText.attribute(uriPath(path)))\">\(x(name))</object>"
      }.map { "    " + $0 }
    }
    let header = """
      <?xml version="1.0" encoding="UTF-8"?>
      <assessmentItem xmlns="\(namespace)" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="\(namespace) \(schema)" identifier="\(identifier)" title="\(XMLText.attribute(ExerciseWords.fill(exercise.words.itemQuestion, "\(item.number)", String(identifier.split(separator: "-").last!))))" adaptive="false" timeDependent="false">
      """
    let outcomes = """
        <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float">
          <defaultValue><value>0</value></defaultValue>
        </outcomeDeclaration>
        <outcomeDeclaration identifier="FEEDBACK" cardinality="single" baseType="identifier"/>
      """
    let score = """
      <setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue>
      """
    if let numeric = question.numeric {
      // A number: right from value - tolerance to value + tolerance; no answer is wrong.
      let bounds = [numeric.value - numeric.tolerance, numeric.value + numeric.tolerance].map {
        "<baseValue baseType=\"float\">\(Question.number($0))</baseValue>"
      }
      let feedback = [("RIGHT", true), ("WRONG", false)].map { identifier, right in
        "  <modalFeedback outcomeIdentifier=\"FEEDBACK\" identifier=\"\(identifier)\" showHide=\"show\">\(x(question.verdict(right: right, words: exercise.words) + " " + question.facts(in: exercise)))</modalFeedback>"
      }
      return """
        \(header)
          <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float">
            <correctResponse><value>\(Question.number(numeric.value))</value></correctResponse>
          </responseDeclaration>
        \(outcomes)
          <itemBody>
        \(body.joined(separator: "\n"))
            <p>\(x(question.prompt))</p>
            <p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="10"/></p>
          </itemBody>
          <responseProcessing>
            <responseCondition>
              <responseIf>
                <and>
                  <gte><variable identifier="RESPONSE"/>\(bounds[0])</gte>
                  <lte><variable identifier="RESPONSE"/>\(bounds[1])</lte>
                </and>
                \(score)
                <setOutcomeValue identifier="FEEDBACK"><baseValue baseType="identifier">RIGHT</baseValue></setOutcomeValue>
              </responseIf>
              <responseElse>
                <setOutcomeValue identifier="FEEDBACK"><baseValue baseType="identifier">WRONG</baseValue></setOutcomeValue>
              </responseElse>
            </responseCondition>
          </responseProcessing>
        \(feedback.joined(separator: "\n"))
        </assessmentItem>

        """
    }
    let choices = question.choices.enumerated().map { index, text in
      "      <simpleChoice identifier=\"C\(index + 1)\">\(x(text))</simpleChoice>"
    }
    let feedback = question.choices.indices.map { index in
      "  <modalFeedback outcomeIdentifier=\"FEEDBACK\" identifier=\"C\(index + 1)\" showHide=\"show\">\(x(question.feedback(for: index, in: exercise)))</modalFeedback>"
    }
    return """
      \(header)
        <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
          <correctResponse><value>C\(question.answer + 1)</value></correctResponse>
        </responseDeclaration>
      \(outcomes)
        <itemBody>
      \(body.joined(separator: "\n"))
          <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
            <prompt>\(x(question.prompt))</prompt>
      \(choices.joined(separator: "\n"))
          </choiceInteraction>
        </itemBody>
        <responseProcessing>
          <responseCondition>
            <responseIf>
              <match><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></match>
              \(score)
            </responseIf>
          </responseCondition>
          <setOutcomeValue identifier="FEEDBACK"><variable identifier="RESPONSE"/></setOutcomeValue>
        </responseProcessing>
      \(feedback.joined(separator: "\n"))
      </assessmentItem>

      """
  }
}
