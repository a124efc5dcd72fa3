import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation
import TextEncoders

/// The exercise's two web pages: the student sheet (no answer anywhere in it) and the teacher's
/// key. Both are single files that need no server: semantic headings, one `fieldset` with its
/// `legend` per question, labelled inputs, a `lang` attribute, answers marked in words (not by
/// colour alone), and a print style. Each item's audio graph is explored by keys with the player
/// of `chart2midi page` (its script inside the page): points say where they are, never their
/// values; in the key, "Listen at" plays the graph from that time.
package enum ExercisePages {
  /// The student sheet: per item its title, what to know before listening, the audio and the
  /// questions as a form.
  ///
  /// With `practice`, each question has a button that checks the answer chosen and then shows the
  /// facts behind it; the answers and facts are in the page only as hashes and encoded text (see
  /// `Practice`).
  package static func studentSheet(_ exercise: Exercise, practice: Bool = false) -> String {
    let words = exercise.words
    var body = header(
      exercise.title, words.instructions + (practice ? " " + words.practiceInstructions : ""))
    let checks = practice ? Practice.checks(exercise) : []
    for (itemIndex, item) in exercise.items.enumerated() {
      body += itemStart(item)
      body += introduction(item, exercise)
      body.append("<h3>\(HTMLText.text(words.questions))</h3>")
      body.append(
        "<form class=\"questions\" action=\"#\" aria-label=\"\(HTMLText.attribute(ExerciseWords.fill(words.questionsOnItem, "\(item.number)")))\">"
      )
      for (index, question) in item.questions.enumerated() {
        let name = "q\(item.number)-\(index + 1)"
        if practice {
          let check = checks[itemIndex][index]
          let number = check.number.map { " data-number=\"\($0)\"" } ?? ""
          body.append(
            "<fieldset data-salt=\"\(check.salt)\" data-answer=\"\(check.answer)\"\(number) data-feedback=\"\(check.feedback)\" data-right=\"\(HTMLText.attribute(words.rightIs))\" data-lower=\"\(words.lowersChoice)\" data-wrong=\"\(HTMLText.attribute(words.notThisOne))\" data-choose=\"\(HTMLText.attribute(question.numeric == nil ? words.chooseFirst : words.typeNumber))\">"
          )
        } else {
          body.append("<fieldset>")
        }
        body.append(
          "<legend><span class=\"number\">\(item.number).\(index + 1)</span> \(HTMLText.text(question.prompt))</legend>"
        )
        if question.numeric != nil {
          body.append(
            "<div class=\"number\"><label for=\"\(name)\">\(HTMLText.text(words.yourAnswer))</label> <input type=\"text\" inputmode=\"decimal\" id=\"\(name)\" name=\"\(name)\" size=\"10\" autocomplete=\"off\"></div>"
          )
        }
        for (choice, text) in question.choices.enumerated() {
          let input = "\(name)-\(choice + 1)"
          body.append(
            "<div class=\"choice\"><input type=\"radio\" id=\"\(input)\" name=\"\(name)\" value=\"\(choice + 1)\"><label for=\"\(input)\">\(HTMLText.text(text))</label></div>"
          )
        }
        if practice {
          body.append(
            "<p><button type=\"button\" class=\"check\" id=\"check-\(name)\">\(HTMLText.text(ExerciseWords.fill(words.checkAnswer, "\(item.number).\(index + 1)")))</button></p>"
          )
          body.append("<p class=\"feedback\" role=\"status\"></p>")
        }
        body.append("</fieldset>")
      }
      body.append("</form>")
      body.append("</section>")
    }
    body.append("</main>")
    return page(
      title: exercise.title, language: exercise.language, body: body,
      players: exercise.items.contains { $0.player != nil },
      scripts: practice ? [Practice.script] : [])
  }

  /// The teacher's key: per question the right answer, the facts behind it and where to listen.
  package static func answerKey(_ exercise: Exercise) -> String {
    let words = exercise.words
    let title = ExerciseWords.fill(words.answers, exercise.title)
    var body = header(
      title,
      ExerciseWords.fill(
        HTMLText.text(words.keyIntroduction), "<a href=\"exercise.html\">exercise.html</a>"),
      isHTML: true)
    for item in exercise.items {
      let id = "item-\(item.number)"
      body += itemStart(item)
      body.append(
        "<p class=\"source\">\(HTMLText.text(ExerciseWords.fill(words.from, item.source)))</p>")
      body += introduction(item, exercise)
      for (index, question) in item.questions.enumerated() {
        body.append("<section class=\"answer\" aria-labelledby=\"\(id)-q\(index + 1)\">")
        body.append(
          "<h3 id=\"\(id)-q\(index + 1)\"><span class=\"number\">\(item.number).\(index + 1)</span> \(HTMLText.text(question.prompt))</h3>"
        )
        if let numeric = question.numeric {
          body.append(
            "<p><strong>\(HTMLText.text(exercise.descriptionLanguage.number(Question.number(numeric.value)))) (\(HTMLText.text(words.rightAnswer)))</strong></p>"
          )
        }
        body.append("<ol class=\"choices\">")
        for (choice, text) in question.choices.enumerated() {
          if choice == question.answer {
            body.append(
              "<li><strong>\(HTMLText.text(text)) (\(HTMLText.text(words.rightAnswer)))</strong></li>"
            )
          } else {
            body.append("<li>\(HTMLText.text(text))</li>")
          }
        }
        body.append("</ol>")
        body.append(
          "<p><strong>\(HTMLText.text(words.why))</strong> \(HTMLText.text(question.explanation))</p>"
        )
        if let time = question.listenAt {
          let listen = HTMLText.text(ExerciseWords.fill(words.listenAt, exercise.clock(time)))
          if item.player != nil {
            body.append(
              "<p><button type=\"button\" data-player=\"player-item-\(item.number)\" data-listen=\"\(time)\">\(listen)</button></p>"
            )
          } else {
            body.append("<p><strong>\(listen)</strong></p>")
          }
        }
        body.append("</section>")
      }
      body.append("</section>")
    }
    body.append("</main>")
    return page(
      title: title, language: exercise.language, body: body,
      players: exercise.items.contains { $0.player != nil })
  }

  /// A page's header, with its heading and one paragraph (plain text, or HTML when `isHTML`), and
  /// the start of its main part.
  static func header(_ title: String, _ paragraph: String, isHTML: Bool = false) -> [String] {
    [
      "<header>", "<h1>\(HTMLText.text(title))</h1>",
      "<p>\(isHTML ? paragraph : HTMLText.text(paragraph))</p>",
      "</header>", "<main>",
    ]
  }

  /// The start of an item's section, with its heading.
  static func itemStart(_ item: Exercise.Item) -> [String] {
    let id = "item-\(item.number)"
    return [
      "<section aria-labelledby=\"\(id)-title\">",
      "<h2 id=\"\(id)-title\">\(item.number). \(HTMLText.text(item.title))</h2>",
    ]
  }

  /// What to know before listening, and the audio.
  static func introduction(_ item: Exercise.Item, _ exercise: Exercise) -> [String] {
    let words = exercise.words
    var lines = [
      "<h3>\(HTMLText.text(words.whatYouWillHear))</h3>", "<ul class=\"introduction\">",
    ]
    lines += item.introduction.map { "<li>\(HTMLText.text($0))</li>" }
    lines.append("</ul>")
    if let audio = item.audio {
      let length =
        item.audioSeconds.map {
          " (\(exercise.clock($0)))"
        } ?? ""
      if let player = item.player {
        lines.append("<h3>\(HTMLText.text(words.exploreByEar))</h3>")
        lines.append(
          ChartPage.player(
            player, title: item.title,
            format: AudioFormat(fileExtension: URL(fileURLWithPath: audio).pathExtension) ?? .mp3,
            suffix: "item-\(item.number)", headingLevel: 4))
      } else {
        lines.append(
          "<p class=\"audio\"><audio controls preload=\"metadata\" src=\"\(HTMLText.attribute(audio))\" aria-label=\"\(HTMLText.attribute(words.audioFile)) \(item.number)\"></audio></p>"
        )
      }
      lines.append(
        "<p class=\"file\">\(HTMLText.text(words.audioFile)): <a href=\"\(HTMLText.attribute(audio))\">\(HTMLText.text(audio))</a>\(length).</p>"
      )
    }
    return lines
  }

  /// The pages' style: a file of the package (`Resources/exercise.css`), compiled into the program.
  static let style = String(decoding: PackageResources.exercise_css, as: UTF8.self)

  /// A whole page around `body`, with the players' script when it holds players.
  static func page(
    title: String, language: String, body: [String], players: Bool = false,
    scripts: [String] = []
  ) -> String {
    """
    <!DOCTYPE html>
    <html lang="\(HTMLText.attribute(language))">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="generator" content="chart2midi">
    <title>\(HTMLText.text(title))</title>
    <style>
    \(style)</style>
    </head>
    <body>
    \(body.joined(separator: "\n"))
    \(((players ? [PageResources.script] : []) + scripts).map { "<script>\n\($0)</script>" }.joined(separator: "\n"))
    </body>
    </html>

    """
  }
}
