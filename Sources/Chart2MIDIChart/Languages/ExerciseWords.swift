/// Every word an exercise writes, in its language: the questions, their choices and explanations,
/// the pages, the quizzes' feedback. A template's `{1}`, `{2}`, ... are filled in order (see
/// `fill`). Each language's are in its file.
package struct ExerciseWords: Sendable {
  // Trend.
  package var trendPrompt: String
  package var trendChoices: [String]
  package var trendHeads: [String]
  package var levelLine: String
  package var slopeLine: String
  package var trendExplanation: String
  package var about: String
  // Where and when a series is highest.
  package var peakPlacePrompt: String
  package var thirds: [String]
  package var peakPlaceExplanation: String
  package var peakWhenPrompt: String
  package var peakWherePrompt: String
  package var peakValueExplanation: String
  // Where and when a series is lowest.
  package var lowWhenPrompt: String
  package var lowWherePrompt: String
  package var lowValueExplanation: String
  // A yearly season: in which month a series is usually highest, then lowest.
  package var seasonPrompts: [String]
  package var seasonExplanations: [String]
  /// One year's extreme in a season's explanation: "2019: July (75 degrees)".
  package var seasonYear: String
  // About how high a series reaches.
  package var estimatePrompt: String
  package var estimateExplanation: String
  /// What a number field is labelled with.
  package var yourAnswer: String
  /// What a practice sheet says when Check is pressed before a number is typed.
  package var typeNumber: String
  // Outliers.
  package var outlierPrompt: String
  package var noOutlier: String
  package var yesOutlier: String
  package var below: String
  package var above: String
  package var or: String
  package var fences: String
  package var noExplanation: String
  package var yesExplanation: String
  package var atInAudio: String
  // Comparisons.
  package var higherSeriesPrompt: String
  package var meanOf: String
  package var highestInstrumentPrompt: String
  package var meanByAxis: String
  package var durationPrompt: String
  package var durationChoices: [String]
  package var durationHows: [String]
  package var durationExplanation: String
  package var comparePrompt: String
  package var compareExplanation: String
  package var togetherPrompt: String
  package var togetherChoices: [String]
  package var togetherHows: [String]
  package var togetherExplanation: String
  // Pages.
  package var instructions: String
  package var practiceInstructions: String
  package var questions: String
  package var questionsOnItem: String
  package var whatYouWillHear: String
  package var exploreByEar: String
  package var audioFile: String
  package var answers: String
  package var keyIntroduction: String
  package var from: String
  package var rightAnswer: String
  package var why: String
  package var listenAt: String
  package var listenAtInAudio: String
  package var checkAnswer: String
  package var right: String
  /// A right answer's feedback, read aloud: "Right: no note stands out."
  package var rightIs: String
  /// Whether a choice is lowered after "Right:" ("Right: it mostly rises."); not in German,
  /// whose nouns keep their capital.
  package var lowersChoice = true
  package var notThisOne: String
  package var notThisOneAnswer: String
  package var chooseFirst: String
  package var itemQuestion: String
  package var listenToFile: String
  /// Before each series' own audio in a quiz: "Each series alone:".
  package var eachSeriesAlone: String
  /// Where a quiz that cannot carry files (GIFT) finds the audio: the student sheet's item.
  package var onTheSheet: String
  package var defaultTitle: String

  /// `template` with `{1}`, `{2}`, ... replaced by `values` in order.
  package static func fill(_ template: String, _ values: String...) -> String {
    var text = template
    for (index, value) in values.enumerated() {
      text = text.replacingOccurrences(of: "{\(index + 1)}", with: value)
    }
    return text
  }

  /// The words of `language`.
  package static func of(_ language: DescriptionLanguage) -> ExerciseWords {
    switch language.code {
    case .german: german
    case .french: french
    case .spanish: spanish
    default: english
    }
  }
}
