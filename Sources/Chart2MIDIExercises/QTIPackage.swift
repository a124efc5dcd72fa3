import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation
import TextEncoders
import ZIPFoundation

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
