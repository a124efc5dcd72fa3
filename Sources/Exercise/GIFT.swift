import Descriptor
import Foundation

/// An exercise's questions in Moodle's GIFT format, for import into a course's question bank:
/// one multiple-choice question per question, named by its item and number, the right answer's
/// feedback the facts behind it.
public enum GIFT {
  /// The quiz as GIFT text.
  public static func quiz(_ exercise: Exercise) -> String {
    var lines = ["// \(exercise.title): made by chart2midi (seed \(exercise.seed))", ""]
    lines.append("$CATEGORY: \(escape(exercise.title))")
    lines.append("")
    for item in exercise.items {
      for (index, question) in item.questions.enumerated() {
        let name = "Item \(item.number), question \(index + 1)"
        let audio = item.audio.map { " Listen to \($0)." } ?? ""
        lines.append("::\(escape(name))::\(html("\(item.title).\(audio) \(question.prompt)")) {")
        for (choice, text) in question.choices.enumerated() {
          if choice == question.answer {
            lines.append("=\(html(text))#\(html(feedback(question)))")
          } else {
            lines.append("~\(html(text))")
          }
        }
        lines.append("}")
        lines.append("")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The right answer's feedback: the facts, and where to listen.
  static func feedback(_ question: Question) -> String {
    question.explanation
      + (question.listenAt.map { " Listen at \(Question.clock($0)) in the audio." } ?? "")
  }

  /// A question's or an answer's text as Moodle shows it, as HTML: `&`, `<` and `>` written as
  /// entities (so that a title like "R&D <2024>" shows as written), then GIFT's escapes.
  package static func html(_ text: String) -> String {
    escape(markupEscaped(text))
  }

  /// Text with GIFT's special characters escaped, on one line.
  public static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "~", "=", "#", "{", "}", ":", "\\": escaped += "\\\(character)"
      case "\n", "\r": escaped += " "
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
