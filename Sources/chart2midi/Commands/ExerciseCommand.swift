import ArgumentParser
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIExercises
import Chart2MIDIInput
import Chart2MIDIOutputs
import Foundation

struct ExerciseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "exercise",
    abstract:
      "Make a listening exercise from charts: audio, questions answerable by ear, and an answer key.",
    discussion: """
      Each chart becomes a numbered item: its audio graph (item-N.mp3, or the --audio-format asked \
      for), what the axes and instruments mean, and questions made from its statistics, asked only \
      when the data makes the answer clear and the ear is needed to find it; a chart with nothing \
      clear to ask is left out with a warning. \
      The folder gets exercise.html (the student sheet, without answers), answers.html (the key, with \
      the facts and where to listen), quiz.xml (Moodle XML, the audio inside), quiz-qti.zip (IMS QTI 2.1, \
      for Canvas, Blackboard and others), quiz.gift and exercise.json. With --narrate, each \
      audio starts with the spoken introduction of its axes, never the details. The same charts and \
      seed give the same exercise.

      Example:
        chart2midi exercise Examples/birth-rate.json Examples/cars.json --out exercise
      """)

  @Argument(
    help: ArgumentHelp(
      "Chart files (descriptors, CSV, Vega-Lite) and folders of them.",
      valueName: "chart-or-folder"))
  var inputs: [String]

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The exercise's folder (an earlier exercise there is replaced).", valueName: "dir"))
  var out: String

  @Option(
    name: .long, help: ArgumentHelp("Questions per chart, at most (default 3).", valueName: "n"))
  var questions = 3

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A JSON file of your own questions, added to the items of the charts they name: {\"questions\": [{\"chart\": \"rain.csv\", \"prompt\": \"...\", \"choices\": [{\"text\": \"...\", \"right\": true}, {\"text\": \"...\"}], \"explanation\": \"...\"}]}; a number to estimate takes \"number\" and \"tolerance\" instead of choices.",
      valueName: "file"))
  var ownQuestions: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The seed that chooses the questions (default 1); another seed, another exercise.",
      valueName: "n"))
  var seed: UInt64 = 1

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The exercise's title (default \"Listening exercise\", in the exercise's language).",
      valueName: "text"))
  var title: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "What to write: html, gift, moodle (quiz.xml), qti (quiz-qti.zip), json or braille (exercise.brf); repeat for several (default: all but braille).",
      valueName: "format"))
  var format: [ExerciseFormat] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The exercise's language: en, de, fr or es (default: the narration voice's, --voice, else en).",
      valueName: "code"))
  var language: String?

  func validate() throws { _ = try descriptionLanguage(language) }

  @Flag(
    name: .long,
    help:
      "The student sheet checks each answer and then shows the facts behind it (the answers are in the page as hashes, not in plain text); without it the sheet holds no key."
  )
  var practice = false

  @Flag(
    name: .long,
    help:
      "Also write the student sheet in braille, exercise.brf (for an embosser or a braille display): each item's guide, its points in the order they sound (times, never values) and its questions; the same as --format braille beside the others."
  )
  var braille = false

  @OptionGroup(title: "Braille")
  var brailleFormat: BrailleFormatOptions

  @OptionGroup(title: "CSV input")
  var csv: CSVColumnOptions

  @OptionGroup(title: "CSV charts' words")
  var words: ExerciseChartWords

  @OptionGroup(title: "Mapping")
  var mapping: MappingOptions

  @OptionGroup(title: "Audio")
  var sound: SoundOptions

  func run() throws {
    try checkFlagSettings(mapping.settings + sound.settings)
    // The library's own check, named by its flag, before any chart is read.
    guard questions >= 1 else {
      throw CommandFailure(
        "--questions: questions per chart must be 1 or more, found \(questions)", status: .usage)
    }
    let files = try csv.chartFiles(in: inputs)
    try words.check(files: files, isCSV: csv.readsAsCSV)
    let charts = try files.map { file in
      try attributingErrors(to: file) {
        var chart = try csv.loadChart(file)
        if csv.readsAsCSV(file) { try words.apply(to: &chart, file: file, among: files) }
        var settings = try ExportSettings.forChart(
          chart, overrides: mapping.settings + sound.settings)
        settings.inputs = [URL(fileURLWithPath: file)]
        // The user's own chart may name a soundfont beside it.
        settings.chartMayNameSoundFont = true
        settings.limits = csv.limits
        return ExerciseChart(source: file, chart: chart, settings: settings)
      }
    }
    var request = ExerciseRequest()
    if let title { request.title = title }
    request.questionsPerChart = questions
    request.seed = seed
    request.practice = practice
    request.brailleFormat = brailleFormat.chosen
    request.ownQuestions = ownQuestions.map { URL(fileURLWithPath: $0) }
    request.language = try descriptionLanguage(language)
    if !format.isEmpty { request.formats = Set(format) }
    if braille { request.formats.insert(.braille) }
    let exercise = try Exercise.write(charts, to: URL(fileURLWithPath: out), request: request)
    for warning in exercise.warnings { report("warning: \(warning)") }
    let count = exercise.items.reduce(0) { $0 + $1.questions.count }
    output(
      "exercise: \(out) (\(counted(exercise.items.count, "item")), \(counted(count, "question")))")
    for item in exercise.items {
      let kinds = item.questions.map(\.kind.rawValue).joined(separator: ", ")
      output("  \(item.number). \(visible(item.title)): \(kinds)")
    }
  }
}

extension ExerciseFormat: ExpressibleByArgument {}
