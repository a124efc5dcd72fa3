import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

/// A listening exercise: a numbered item per chart, each with its audio graph, what the student
/// needs to know to listen (the axes and what each instrument means, never the answers), and
/// questions with their answers and explanations.
public struct Exercise: Hashable, Sendable, Codable {
  /// One chart of the exercise.
  public struct Item: Hashable, Sendable, Codable {
    /// Its number, from 1.
    public var number: Int
    /// The chart's title.
    public var title: String
    /// The file it was made from.
    public var source: String
    /// What to know before listening: the axes, the instruments and how to read the sound.
    public var introduction: [String]
    /// The audio file, relative to the exercise's folder.
    public var audio: String?
    /// The audio's length in seconds.
    public var audioSeconds: Double?
    /// The questions.
    public var questions: [Question]
    /// What the player that explores its audio by keys reads.
    var player: ChartPage.PlayerData?
    /// Each series' points in the order they sound, each led by its time in the audio and
    /// without its value, for a braille reader to follow along (see `BrailleOutput.pointLines`).
    var readAlong: [String] = []
    /// Each series' stem beside the mix, in the order the player takes them: its name, what it
    /// plays ("High plays a bowed string", the legend) and its file, relative to the exercise's
    /// folder.
    var stems: [(name: String, plays: String, path: String)] {
      player?.stems ?? []
    }

    enum CodingKeys: String, CodingKey {
      case number, title, source, introduction, audio, audioSeconds, questions
    }
  }

  /// The exercise's title.
  public var title: String
  /// The seed the questions were chosen with.
  public var seed: UInt64
  /// The items, in the order of the charts.
  public var items: [Item]
  /// The language of its questions and pages, by its code ("en", "de", "fr", "es").
  public var language = "en"
  /// What was worth telling while it was made: the charts left out, each with why.
  public var warnings: [String] = []

  enum CodingKeys: String, CodingKey { case title, seed, language, items }

  /// Its words.
  var words: ExerciseWords { ExerciseWords.of(descriptionLanguage) }
  /// Its language.
  var descriptionLanguage: DescriptionLanguage { DescriptionLanguage(.init(rawValue: language)) }

  /// A time in the audio, in the exercise's number format.
  func clock(_ seconds: Double) -> String { Question.clock(seconds, in: descriptionLanguage) }
}

extension Exercise {
  /// Makes the exercise of `charts`, renders each chart's audio and writes the files `request`
  /// names into `folder`: everything goes into a temporary folder beside it first, renamed into
  /// place when all is written. A folder that holds an earlier exercise is replaced; any other
  /// existing folder is refused.
  ///
  /// A chart with nothing clear to ask is left out, with a warning in the exercise's `warnings`.
  ///
  /// - Throws: `ExerciseError` when no chart has anything clear to ask, or for a folder that
  ///   cannot be written; `MIDIMapError` and `SynthError` from mapping and rendering, named by the chart's
  ///   file.
  @discardableResult
  public static func write(
    _ charts: [ExerciseChart], to folder: URL, request: ExerciseRequest
  ) throws -> Exercise {
    guard request.questionsPerChart >= 1 else {
      throw ExerciseError(
        "questions per chart must be 1 or more, found \(request.questionsPerChart)",
        code: .invalidRequest)
    }
    guard !charts.isEmpty else {
      throw ExerciseError("there are no charts to make an exercise of", code: .invalidRequest)
    }
    // The teacher's questions are checked before anything is made.
    let own = try request.ownQuestions.map { try OwnQuestions.read($0, charts: charts) } ?? [:]
    try checkReplaceable(
      folder, inputs: charts.flatMap { [URL(fileURLWithPath: $0.source)] + $0.settings.inputs })
    // The folder is written in a new folder beside it, reached through its descriptor.
    let stagedFolder: StagedFolder
    do {
      stagedFolder = try StagedFolder(for: folder, tag: "exercise")
    } catch {
      throw ExerciseError(
        "cannot create a folder beside \(folder.path): \(error.reason)", code: .cannotWrite)
    }
    let staging = stagedFolder.url
    let language =
      request.language ?? DescriptionLanguage(voice: charts[0].settings.narration.voice)
    do {
      // Each chart's audio, then the questions of all, chosen together so that answers are
      // balanced across the exercise.
      var made: [(item: Item, candidates: [Question])] = []
      for (offset, entry) in charts.enumerated() {
        made.append(
          try attributingErrors(to: entry.source) {
            try item(
              entry, number: offset + 1, into: staging, language: language,
              practice: request.practice)
          })
      }
      var generator = SeededGenerator(seed: request.seed)
      let chosen = QuestionMaker.choose(
        made.map(\.candidates), count: request.questionsPerChart, using: &generator)
      let (items, skipped, warnings) = try kept(
        made, questions: chosen, own: own, in: staging, request: request)
      guard !items.isEmpty else {
        throw ExerciseError(
          "no chart has a question with a clear answer (a clear trend, peak, outlier or difference between instruments): \(skipped.joined(separator: ", ")); choose other charts",
          code: .noQuestions
        )
      }
      var exercise = Exercise(
        title: request.title ?? ExerciseWords.of(language).defaultTitle, seed: request.seed,
        items: items)
      exercise.language = language.code.rawValue
      exercise.warnings = warnings
      try exercise.writeDocuments(
        into: staging, formats: request.formats, practice: request.practice,
        braille: request.brailleFormat)
      if let reason = stagedFolder.replace() {
        throw ExerciseError("cannot write \(folder.path): \(reason)", code: .cannotWrite)
      }
      return exercise
    } catch {
      stagedFolder.discard()
      throw error
    }
  }

  /// The items that have questions, numbered again in order, their audio and stems renamed to
  /// their new numbers in `staging`; a chart with nothing clear to ask is left out, its audio
  /// removed, and said in a warning. The teacher's own questions follow the ones chosen.
  ///
  /// - Throws: `ExerciseError` for a teacher's question that listens after its item's audio ends.
  private static func kept(
    _ made: [(item: Item, candidates: [Question])], questions chosen: [[Question]],
    own: [Int: [Question]], in staging: URL, request: ExerciseRequest
  ) throws -> (items: [Item], skipped: [String], warnings: [String]) {
    let fileManager = FileManager.default
    var items: [Item] = []
    var skipped: [String] = []
    var warnings: [String] = []
    for (offset, (entry, picked)) in zip(made, chosen).enumerated() {
      // The teacher's own questions follow the ones chosen, as written.
      let questions = picked + (own[offset] ?? [])
      let staged = staging.appendingPathComponent(entry.item.audio ?? "")
      for (at, question) in (own[offset] ?? []).enumerated() {
        if let time = question.listenAt, let length = entry.item.audioSeconds, time > length {
          throw ExerciseError(
            "\(request.ownQuestions!.path): the question \"\(question.prompt)\" (\(at + 1) of \(entry.item.source)) listens at \(time) s, after the item's audio ends (\(Question.number(length)) s)",
            code: .invalidQuestions)
        }
      }
      guard !questions.isEmpty else {
        skipped.append(entry.item.source)
        try? fileManager.removeItem(
          at: staging.appendingPathComponent("item-\(entry.item.number)"))
        warnings.append(
          entry.candidates.allSatisfy({ $0.kind == .estimate })
            ? "\(entry.item.source): left out, no question has a clear answer in this chart's data (a clear trend, peak, outlier or difference between instruments)"
            : "\(entry.item.source): left out, each of its questions (\(Set(entry.candidates.map(\.kind.rawValue)).sorted().joined(separator: ", "))) would make one answer right in more than half of the exercise's questions of its kind, and a guess would pay"
        )
        try? fileManager.removeItem(at: staged)
        continue
      }
      var item = entry.item
      item.questions = questions
      item.number = items.count + 1
      if let audio = item.audio {
        let renamed = "item-\(item.number).\(URL(fileURLWithPath: audio).pathExtension)"
        if renamed != audio {
          try fileManager.moveItem(at: staged, to: staging.appendingPathComponent(renamed))
          item.audio = renamed
          // The player's stems follow the item's new number.
          let old = "item-\(entry.item.number)"
          let new = "item-\(item.number)"
          try fileManager.moveItem(
            at: staging.appendingPathComponent(old), to: staging.appendingPathComponent(new))
          item.player = item.player?.moved(from: audio, to: renamed).moved(
            from: "\(old)/", to: "\(new)/")
        }
      }
      items.append(item)
    }
    return (items, skipped, warnings)
  }

  /// One item: its audio rendered into `folder` (in the format the settings ask for, else MP3,
  /// small enough for a page or an LMS), and every question its data makes clear.
  static func item(
    _ entry: ExerciseChart, number: Int, into folder: URL, language: DescriptionLanguage,
    practice: Bool = false
  ) throws -> (
    item: Item, candidates: [Question]
  ) {
    var settings = entry.settings
    if settings.narration.parts != nil { settings.narration.parts = .intro }
    let format = settings.audioFormat ?? .mp3
    settings.audioFormat = format
    let audio = "item-\(number).\(format.fileExtension)"
    settings.midi = nil
    settings.stems = nil
    settings.captions = nil
    settings.mix = folder.appendingPathComponent(audio)
    // The series' stems beside it, for the player that explores the item by keys.
    var page = ExportSettings.PageRequest(
      folder: folder.appendingPathComponent("item-\(number)"), language: language)
    page.writesDocuments = false
    page.mix = settings.mix
    page.base = folder
    page.quiz = true
    settings.page = page
    settings.stemsBy = .series
    let report = try ChartExport.export(entry.chart, settings: settings)
    guard let score = report.score else {
      throw ExerciseError("the chart made no score", code: .internalFailure)
    }
    let presets = report.soundFont.map(SoundFontPresets.names(in:)) ?? [:]
    // The facts the export counted, in the exercise's language.
    guard let facts = report.facts?.speaking(language) else {
      throw ExerciseError("the chart's facts were not counted", code: .internalFailure)
    }
    // Instruments as answers name them: a phrase of their own.
    var maker = QuestionMaker(facts: facts, score: score) {
      language.table.standalone(
        NarrationScript.instrument($0, presets: presets, language: language))
    }
    maker.oneScale =
      !settings.sonification.playsEnsemble && settings.sonification.seriesNoteRanges.isEmpty
    // What to know before listening, in the exercise's language.
    var spoken = settings
    spoken.narration.voice = language.code.rawValue
    let script = NarrationScript(facts: facts, score: score, settings: spoken)
    let item = Item(
      number: number, title: entry.chart.title,
      source: URL(fileURLWithPath: entry.source).lastPathComponent,
      introduction: script.guide, audio: audio,
      audioSeconds: report.audioSeconds, questions: [],
      // Without practice's feedback, a label would give an answer away.
      player: practice ? report.pageData : report.pageData?.withoutLabels())
    var made = item
    made.readAlong = BrailleOutput.pointLines(
      of: entry.chart, score: score, language: language, values: false)
    return (made, maker.candidates)
  }

  /// The names of the files an exercise writes besides its audio.
  static let documentNames = [
    "exercise.html", "answers.html", "quiz.gift", "quiz.xml", "quiz-qti.zip", "exercise.json",
    "exercise.brf",
  ]

  /// Refuses to replace a folder that holds anything chart2midi did not write there, or an input.
  static func checkReplaceable(_ folder: URL, inputs: [URL]) throws {
    if let input = OutputCheck.input(in: folder, among: inputs) {
      throw ExerciseError(
        "cannot write the exercise into \(folder.path): the chart \(input.relativePath) lies inside it; name another folder",
        code: .outputConflict)
    }
    switch OutputCheck.replacement(of: folder) {
    case .free: return
    case .isFile:
      throw ExerciseError(
        "\(folder.path) is a file; name a folder for the exercise", code: .outputConflict)
    case .holdsOthers(let others):
      throw ExerciseError(
        "\(folder.path) holds files chart2midi did not write (\(OutputCheck.listed(others))); choose a new folder, or move them out",
        code: .outputConflict)
    }
  }

  /// Writes the documents `formats` names into `folder`.
  func writeDocuments(
    into folder: URL, formats: Set<ExerciseFormat>, practice: Bool = false,
    braille: BrailleFormat = BrailleFormat()
  ) throws {
    var documents: [(String, Data)] = []
    if formats.contains(.braille) {
      documents.append(("exercise.brf", try ExercisePages.braille(self, braille)))
    }
    if formats.contains(.html) {
      documents.append(
        ("exercise.html", Data(ExercisePages.studentSheet(self, practice: practice).utf8)))
      documents.append(("answers.html", Data(ExercisePages.answerKey(self).utf8)))
    }
    if formats.contains(.gift) { documents.append(("quiz.gift", Data(GIFT.quiz(self).utf8))) }
    if formats.contains(.moodle) {
      documents.append(("quiz.xml", Data(try MoodleXML.quiz(self, audioIn: folder).utf8)))
    }
    if formats.contains(.qti) {
      // Dated SOURCE_DATE_EPOCH when set, else 1980-01-01 (zip's first date): the same exercise
      // makes the same bytes.
      let date =
        try ExportSettings.originationDate() ?? Date(timeIntervalSince1970: 315_532_800)
      documents.append(("quiz-qti.zip", try QTIPackage.zip(self, audioIn: folder, date: date)))
    }
    if formats.contains(.json) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      documents.append(("exercise.json", try encoder.encode(self) + Data("\n".utf8)))
    }
    for (name, data) in documents {
      do {
        try TemporaryFiles.write(data, to: folder.appendingPathComponent(name))
      } catch {
        throw ExerciseError("cannot write \(name) in \(folder.path)", code: .cannotWrite)
      }
    }
  }
}
