import Chart2MIDIChart
import Chart2MIDIOutputs
import Foundation
import TextEncoders

/// An exercise's questions in Moodle's GIFT format, for import into a course's question bank:
/// one multiple-choice question per question, named by its item and number, its text what to
/// know before listening (the legend of instruments among it), every choice's feedback whether it
/// is right, the general feedback the facts behind the answer; a number to estimate is a
/// numerical question (`{#=value:tolerance}`). GIFT cannot carry files: each question names its item's audio, to upload
/// beside it, and the student sheet's item, where each series plays alone and a player steps
/// through the notes (`MoodleXML` carries the audio inside). Nor can GIFT keep choices in order:
/// Moodle's import takes the site's default, which shuffles, and the file says so to the teacher.
package enum GIFT {
  /// The quiz as GIFT text.
  package static func quiz(_ exercise: Exercise) -> String {
    var lines = [
      "// \(GIFTText.comment(exercise.title)): made by chart2midi (seed \(exercise.seed))",
      "// The choices are written in order (beginning, middle, end; rises, falls, stays level).",
      "// GIFT has no way to keep them so: Moodle's import shuffles them unless the quiz's",
      "// \"Shuffle within questions\" is off. quiz.xml keeps the order, and carries the audio.",
      "",
    ]
    lines.append("$CATEGORY: $course$/top/\(GIFTText.category(exercise.title))")
    lines.append("")
    for item in exercise.items {
      for (index, question) in item.questions.enumerated() {
        let name = ExerciseWords.fill(
          exercise.words.itemQuestion, "\(item.number)", "\(index + 1)")
        let audio =
          item.audio.map {
            " " + ExerciseWords.fill(exercise.words.listenToFile, $0) + " "
              + ExerciseWords.fill(exercise.words.onTheSheet, "\(item.number)")
          } ?? ""
        let guide = item.introduction.map { " " + $0 }.joined()
        lines.append(
          "::\(GIFTText.text(name))::\(html("\(item.title).\(guide)\(audio) \(question.prompt)")) {"
        )
        if let numeric = question.numeric {
          let verdict = question.verdict(right: true, words: exercise.words)
          lines.append(
            "#=\(Question.number(numeric.value)):\(Question.number(numeric.tolerance))#\(html(verdict))"
          )
        }
        for (choice, text) in question.choices.enumerated() {
          let mark = choice == question.answer ? "=" : "~"
          let verdict = question.verdict(right: choice == question.answer, words: exercise.words)
          lines.append("\(mark)\(html(text))#\(html(verdict))")
        }
        // The facts, as the general feedback every student sees.
        lines.append("####\(html(question.facts(in: exercise)))")
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
