import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// A teacher's own questions, from a JSON file, added to the items of the charts they name and
/// carried into every package like the questions chart2midi makes:
///
/// ```json
/// {"questions": [
///   {"chart": "rain.csv", "prompt": "Which month has the fewest rainy days?",
///    "choices": [{"text": "March"}, {"text": "July", "right": true}, {"text": "November"}],
///    "explanation": "July has 11 rainy days; the next fewest, August, 22.", "listenAt": 12.5},
///   {"chart": "rain.csv", "prompt": "About how many rainy days has December?",
///    "number": 27, "tolerance": 3, "explanation": "December has 27 rainy days."}
/// ]}
/// ```
///
/// A question names its chart by its file as given, the file's name, or the chart's title; has
/// a prompt and an explanation; and either choices, exactly one of them right, or a number and
/// how far from it an answer still counts. `listenAt`, in seconds from the start of the item's
/// audio, is optional. Anything else is refused, named by its place in the file.
enum OwnQuestions {
  /// The largest file of questions read, in bytes: 1 MB, some thousands of questions. Its JSON
  /// is read whole, and takes many times its size while it is.
  static let maximumBytes = 1_000_000
  /// The most questions a file may hold.
  static let maximumCount = 1000

  /// The questions of `file`, by the index of their chart among `charts`.
  ///
  /// - Throws: `ExerciseError` naming the file and the place of the first mistake.
  static func read(_ file: URL, charts: [ExerciseChart]) throws -> [Int: [Question]] {
    var questions: [Int: [Question]] = [:]
    for (index, entry) in try entries(of: file).enumerated() {
      let (chart, question) = try self.question(
        entry, at: "questions[\(index)]", charts: charts, in: file)
      questions[chart, default: []].append(question)
    }
    return questions
  }

  /// A mistake in `file`, at `place` (empty for the whole file).
  static func failure(_ file: URL, _ place: String, _ problem: String) -> ExerciseError {
    ExerciseError(
      "\(file.path): \(place.isEmpty ? "" : "\(place): ")\(problem)", code: .invalidQuestions)
  }

  /// The entries of the file's list of questions, each not yet read: the file held to its size
  /// and its count of questions.
  ///
  /// - Throws: `ExerciseError` when it cannot be read, is no list of questions or too long a one.
  static func entries(of file: URL) throws -> [Any] {
    func failure(_ place: String, _ problem: String) -> ExerciseError {
      Self.failure(file, place, problem)
    }
    let bytes: [UInt8]
    do {
      bytes = try readRegularFile(file.path, maximumBytes: maximumBytes)
    } catch {
      throw failure("", "cannot be read: \(error.reason)")
    }
    guard let document = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
      throw failure("", "is not JSON")
    }
    let entries: [Any]
    if let list = document as? [Any] {
      entries = list
    } else if let object = document as? [String: Any], let list = object["questions"] as? [Any],
      Set(object.keys) == ["questions"]
    {
      entries = list
    } else {
      throw failure("", "holds no list of questions: write {\"questions\": [...]}")
    }
    guard entries.count <= maximumCount else {
      throw failure(
        "",
        "holds \(entries.count) questions; at most \(maximumCount) are read: split them over exercises"
      )
    }
    return entries
  }

  /// The question of one entry, at `place` in `file`, and the index of its chart among `charts`.
  ///
  /// - Throws: `ExerciseError` naming the place of its first mistake.
  static func question(
    _ entry: Any, at place: String, charts: [ExerciseChart], in file: URL
  ) throws -> (chart: Int, question: Question) {
    func failure(_ place: String, _ problem: String) -> ExerciseError {
      Self.failure(file, place, problem)
    }
    guard let fields = entry as? [String: Any] else {
      throw failure(place, "is not an object with a chart, a prompt and an explanation")
    }
    let known: Set = [
      "chart", "prompt", "choices", "number", "tolerance", "explanation", "listenAt",
    ]
    if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
      throw failure(
        "\(place).\(unknown)",
        "is not a field of a question (\(known.sorted().joined(separator: ", ")))")
    }
    func text(_ key: String) throws -> String {
      guard let value = fields[key] as? String,
        !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      else { throw failure("\(place).\(key)", "must be a text that is not empty") }
      return value
    }
    func number(_ key: String) throws -> Double? {
      guard let value = fields[key] else { return nil }
      guard let number = value as? NSNumber, !isFlag(number), number.doubleValue.isFinite
      else { throw failure("\(place).\(key)", "must be a number") }
      return number.doubleValue
    }
    let chart = try text("chart")
    let matches = charts.indices.filter { at in
      let source = charts[at].source
      return source == chart || URL(fileURLWithPath: source).lastPathComponent == chart
        || charts[at].chart.title == chart
    }
    guard matches.count == 1 else {
      let names = charts.map { URL(fileURLWithPath: $0.source).lastPathComponent }
      throw failure(
        "\(place).chart",
        matches.isEmpty
          ? "names no chart of the exercise (\(names.joined(separator: ", ")))"
          : "names \(matches.count) charts of the exercise; name one by its file")
    }
    let prompt = try text("prompt")
    let explanation = try text("explanation")
    let listenAt = try number("listenAt")
    if let listenAt, listenAt < 0 {
      throw failure("\(place).listenAt", "must be 0 or more seconds, found \(listenAt)")
    }
    let question: Question
    switch (fields["choices"], try number("number")) {
    case (nil, nil), (.some, .some):
      throw failure(
        place, "needs either choices (one of them right) or a number with its tolerance")
    case (let list?, nil):
      let (texts, right) = try choices(list, at: place, in: file)
      question = Question(
        kind: .own, prompt: prompt, choices: texts, answer: right, explanation: explanation,
        listenAt: listenAt)
    case (nil, let value?):
      guard let tolerance = try number("tolerance") else {
        throw failure(
          "\(place).tolerance", "is missing: how far from the number an answer counts")
      }
      guard tolerance >= 0 else {
        throw failure("\(place).tolerance", "must be 0 or more, found \(tolerance)")
      }
      question = Question(
        kind: .own, prompt: prompt,
        numeric: Question.NumericAnswer(value: value, tolerance: tolerance),
        explanation: explanation, listenAt: listenAt)
    }
    if fields["tolerance"] != nil, question.numeric == nil {
      throw failure("\(place).tolerance", "belongs to a number; choices need none")
    }
    return (matches[0], question)
  }

  /// The texts of a question's choices and the place of the right one.
  ///
  /// - Throws: `ExerciseError` at the first choice that is wrong, or when not exactly one is right.
  static func choices(_ list: Any, at place: String, in file: URL) throws -> (
    texts: [String], right: Int
  ) {
    func failure(_ place: String, _ problem: String) -> ExerciseError {
      Self.failure(file, place, problem)
    }
    guard let choices = list as? [Any], choices.count >= 2 else {
      throw failure("\(place).choices", "must be a list of two or more choices")
    }
    var texts: [String] = []
    var right: [Int] = []
    for (at, choice) in choices.enumerated() {
      let choicePlace = "\(place).choices[\(at)]"
      guard let fields = choice as? [String: Any],
        Set(fields.keys).isSubset(of: ["text", "right"]),
        let text = fields["text"] as? String,
        !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      else {
        throw failure(choicePlace, "must be {\"text\": \"...\"}, with \"right\": true on one")
      }
      guard !texts.contains(text) else {
        throw failure(choicePlace, "repeats the choice \"\(text)\"")
      }
      if let mark = fields["right"] {
        guard let flag = mark as? NSNumber, isFlag(flag) else {
          throw failure("\(choicePlace).right", "must be true or false")
        }
        if flag.boolValue { right.append(at) }
      }
      texts.append(text)
    }
    guard right.count == 1 else {
      throw failure(
        "\(place).choices",
        right.isEmpty
          ? "has no choice marked right; mark one with \"right\": true"
          : "has \(right.count) choices marked right; mark exactly one")
    }
    return (texts, right[0])
  }

  /// Whether JSON read `number` from `true` or `false`: Foundation's readers give both kinds as
  /// `NSNumber`, a flag's of the C type `char`.
  static func isFlag(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }
}
