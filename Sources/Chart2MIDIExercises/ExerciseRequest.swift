import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation

/// The files an exercise is written as.
public enum ExerciseFormat: String, Hashable, Sendable, CaseIterable, Codable {
  /// `exercise.html` (the student sheet) and `answers.html` (the teacher's key).
  case html
  /// `quiz.gift`, Moodle's GIFT format (the audio named, to upload beside it).
  case gift
  /// `quiz.xml`, Moodle XML, with each item's audio inside its questions.
  case moodle
  /// `quiz-qti.zip`, an IMS QTI 2.1 content package with the audio, for Canvas, Blackboard and
  /// other systems.
  case qti
  /// `exercise.json`, the same content as data.
  case json
  /// `exercise.brf`, the student sheet in braille (see `ExercisePages.braille`), for an embosser
  /// or a braille display; not written unless asked for.
  case braille
}

/// The domain of exercise failures.
public enum ExerciseErrors: ErrorDomain {
  /// What is wrong with an exercise.
  public enum Code: String, ErrorCode, CaseIterable {
    /// A request that cannot be met: no charts, no questions per chart.
    case invalidRequest
    /// A file of a teacher's own questions that cannot be read or holds a mistake.
    case invalidQuestions
    /// Charts none of which has a question with a clear answer.
    case noQuestions
    /// A folder that is a file, or holds files that are not an exercise's.
    case outputConflict
    /// A folder or file that cannot be made or written.
    case cannotWrite
    /// A file the exercise wrote that cannot be read back (its audio).
    case cannotRead
    /// A step that should not fail: a chart that made no score, a package that could not be
    /// made.
    case internalFailure

    /// Whose mistake an error of this code is.
    public var kind: ErrorKind {
      switch self {
      case .invalidRequest, .outputConflict: .usage
      case .noQuestions, .invalidQuestions: .invalidInput
      case .cannotWrite: .cannotCreate
      case .cannotRead: .storageFailed
      case .internalFailure: .fault
      }
    }
  }

  /// An exercise's most common failure is a folder or file that cannot be written.
  public static var commonCode: Code { .cannotWrite }

  /// An exercise's failures name what they are about in their sentence.
  public static func isAboutInput(code: Code, location: ErrorLocation?) -> Bool { false }
}

/// A failure to make an exercise, in one sentence.
public typealias ExerciseError = ModuleError<ExerciseErrors>

/// How an exercise is made.
public struct ExerciseRequest: Sendable {
  /// The exercise's title; nil for "Listening exercise" in its language.
  public var title: String?
  /// The language of the questions and pages: English, German, French or Spanish; nil for the
  /// first chart's narration voice's.
  public var language: DescriptionLanguage?
  /// Questions per chart, at most.
  public var questionsPerChart = 3
  /// The seed that chooses the questions: the same charts and seed give the same exercise.
  public var seed: UInt64 = 1
  /// The files written: by default all but braille.
  public var formats = Set(ExerciseFormat.allCases).subtracting([.braille])
  /// Whether the student sheet checks answers itself (see `ExercisePages.studentSheet`);
  /// without it, the sheet holds no key at all.
  public var practice = false
  /// How the braille is written: its grade, cells per line and lines per page.
  package var brailleFormat = BrailleFormat()
  /// A JSON file of the teacher's own questions, added to the items of the charts they name
  /// (see `OwnQuestions` for its form): checked before anything is rendered.
  public var ownQuestions: URL?

  /// A request with the defaults.
  public init() {}
}

/// A chart to make an item of: where it came from, the chart, and how it plays.
public struct ExerciseChart: Sendable {
  /// The file it was read from, for messages and the item's source.
  public var source: String
  /// The chart.
  public var chart: ChartDescriptor
  /// How it plays and how its audio is rendered (the files it names are not used: the item's
  /// audio goes into the exercise). A narration speaks its introduction only: the details would
  /// give answers away.
  public var settings: ExportSettings

  /// A chart to make an item of.
  public init(source: String, chart: ChartDescriptor, settings: ExportSettings) {
    self.source = source
    self.chart = chart
    self.settings = settings
  }
}
