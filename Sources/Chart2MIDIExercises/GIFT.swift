import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation
import TextEncoders

/// An exercise's questions in Moodle's GIFT format, for import into a course's question bank:
/// one multiple-choice question per question, named by its item and number, every choice's
/// feedback the facts behind the answer. GIFT cannot carry files: each question names its item's
/// audio, to upload beside it (`MoodleXML` carries the audio inside).
package enum GIFT {
  /// The quiz as GIFT text.
  package static func quiz(_ exercise: Exercise) -> String {
    var lines = [
      "// \(GIFTText.comment(exercise.title)): made by chart2midi (seed \(exercise.seed))", "",
    ]
    lines.append("$CATEGORY: $course$/top/\(GIFTText.category(exercise.title))")
    lines.append("")
    for item in exercise.items {
      for (index, question) in item.questions.enumerated() {
        let name = ExerciseWords.fill(
          exercise.words.itemQuestion, "\(item.number)", "\(index + 1)")
        let audio =
          item.audio.map { " " + ExerciseWords.fill(exercise.words.listenToFile, $0) } ?? ""
        lines.append(
          "::\(GIFTText.text(name))::\(html("\(item.title).\(audio) \(question.prompt)")) {")
        for (choice, text) in question.choices.enumerated() {
          let mark = choice == question.answer ? "=" : "~"
          lines.append("\(mark)\(html(text))#\(html(question.feedback(for: choice, in: exercise)))")
        }
        lines.append("}")
        lines.append("")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A question's or an answer's text as Moodle shows it, as HTML: `&`, `<` and `>` written as
  /// entities (so that a title like "R&D <2024>" shows as written), then GIFT's escapes.
  package static func html(_ text: String) -> String {
    GIFTText.text(HTMLText.text(text))
  }
}
