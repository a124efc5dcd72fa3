/// The words of a chart page in its language: headings, the key list, and what the live region
/// says (which the script reads from the page's data). Each language's are in its file.
package struct PageWords: Encodable, Hashable {
  package var explore: String
  package var audioGraph: String
  package var keysHeading: String
  package var keys: [String]
  /// The keys as the language's keyboards label them, in the order of `keys`: German "Pos1 /
  /// Ende", not "Home / End".
  package var keyNames: [String]
  package var about: String
  package var axesAndSounds: String
  package var mean: String
  package var median: String
  package var dataTable: String
  package var series: String
  package var label: String
  // What the live region says.
  package var of: String
  package var highest: String
  package var lowest: String
  package var noPoints: String
  package var playingGraph: String
  /// "Playing " and " alone" around a series' name.
  package var playing: String
  package var alone: String
  package var pausedAt: String
  package var theStart: String
  package var stopped: String
  package var solo: String
  package var allSeries: String
  package var speed: String
  package var keysHidden: String
  package var keysShown: String
  /// The arrows' key in an exercise, where a point says its place, not its values.
  package var quizStep: String
}

extension PageWords {
  /// The words of `language`; English for a language without its own.
  package init(_ language: DescriptionLanguage) {
    switch language.code {
    case .german: self = .german
    case .french: self = .french
    case .spanish: self = .spanish
    default: self = .english
    }
  }
}
