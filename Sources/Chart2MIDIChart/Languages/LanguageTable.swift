/// The words and rules of one language, in one table: what the description, the captions and a
/// narration say around a chart's own texts, how its numbers are separated and how its dates are
/// written. Each language is one file that makes its table (`LanguageTable.german` in
/// `German.swift`); `all` lists them.
///
/// A chart's own texts (title, summary, axis titles, series, categories, labels) are never
/// translated: the tables give the words around them.
package struct LanguageTable: Sendable {
  /// The words of a trend, as a sentence of its own or as a phrase within a summary.
  package struct Trend: Sendable {
    /// The series rises ("It rises overall.", "rises overall").
    package var rises: String
    /// The series falls.
    package var falls: String
    /// Neither.
    package var neither: String

    /// A trend's words.
    package init(rises: String, falls: String, neither: String) {
      (self.rises, self.falls, self.neither) = (rises, falls, neither)
    }
  }

  /// The language's code, as eSpeak NG names its voices' languages ("de").
  package var code: DescriptionLanguage.Code

  // MARK: Punctuation and numbers

  /// Whether a colon or semicolon takes a space before it too, as in French (" : ").
  package var spacesBeforeColons = false
  /// The mark before decimals (between two digits).
  package var decimalSeparator: Character = "."
  /// The mark between groups of thousands (between two digits).
  package var groupingSeparator: Character = ","

  // MARK: Axes

  /// "The x axis is Year, from 1917 to 1975."
  package var xAxis: @Sendable (_ text: String) -> String
  /// "The y axis is …."
  package var yAxis: @Sendable (_ text: String) -> String
  /// "An additional axis is …."
  package var additionalAxis: @Sendable (_ text: String) -> String
  /// "Year, from 1917 to 1975".
  package var numericRange: @Sendable (_ title: String, _ low: String, _ high: String) -> String
  /// ", on a log10 scale", after a range on a scale that is not linear.
  package var onScale: @Sendable (_ scale: String) -> String
  /// "Month, with 12 categories: Jan, Feb, …".
  package var categoricalAxis: @Sendable (_ title: String, _ count: Int, _ list: String) -> String

  // MARK: Facts

  /// A trend as a sentence of its own: "It rises overall."
  package var trendSentence: Trend
  /// A trend within a summary: "rises overall".
  package var trendPhrase: Trend
  /// "High is higher on average than Low, by 10."
  package var twoCompared: @Sendable (_ higher: String, _ lower: String, _ by: String) -> String
  /// "From highest to lowest on average: A, B, C."
  package var ranking: @Sendable (_ list: String) -> String
  /// "Births rises overall, with a high of … and a low of …."
  package var summary:
    @Sendable (_ name: String, _ trend: String, _ high: String, _ low: String) -> String
  /// The word before a date written in a format ("on", "im", "le"), given the format as the
  /// language writes it.
  package var datePreposition: @Sendable (_ written: DateFormat) -> String
  /// The word before a measure with a unit ("at 1.38 tons").
  package var measurePreposition: String
  /// The word before a number or a category ("in 1960").
  package var valuePreposition: String
  /// The word before a category, where it is not `valuePreposition` (French "pour Waseca", not
  /// "en Waseca": "en" goes with years and some countries only).
  package var categoryPreposition: String? = nil

  // MARK: Dates

  /// The months, January first.
  package var months: [String]
  /// The weekdays, Thursday first (1 January 1970 was a Thursday).
  package var weekdays: [String]
  /// How a day is written in the language's order ("%e. %B %Y"); nil keeps a chart's own format.
  package var dayPattern: String?
  /// How a month is written ("%B %Y").
  package var monthPattern = "%B %Y"
  /// How the first day of a month is written, when not as 1 ("1er").
  package var firstOfMonth: String?

  // MARK: Captions

  /// "highest", the role of a series' highest point.
  package var highest: String
  /// "lowest".
  package var lowest: String
  /// "outlier".
  package var outlier: String
  /// "and", between two roles.
  package var and: String

  // MARK: Narration

  /// "plays the flute", after a series or category name.
  package var plays: @Sendable (_ instrument: String) -> String
  /// "In Cars, " before the categories of one series among several.
  package var inSeries: @Sendable (_ name: String) -> String
  /// The palette's instruments as the object of "plays", by General MIDI program number.
  package var instrumentNames: [Int: String] = [:]
  /// The timbres of chart2midi's own soundfont as the object of "plays", by its presets' names
  /// ("Sine": "a pure tone"): what a series sounds like there, where a General MIDI name would
  /// promise an instrument it does not play.
  package var timbreNames: [String: String] = [:]
  /// Another instrument as the object of "plays", from its General MIDI name.
  package var otherInstrument: @Sendable (_ generalMIDIName: String) -> String
  /// An instrument as the object of "plays" made a phrase of its own, as a choice of answer
  /// names it: German "einen reinen Ton" is "ein reiner Ton", French "d'un son pur" "un son
  /// pur".
  package var standalone: @Sendable (_ object: String) -> String = { $0 }
  /// What comes before each axis's title in how to read the sound: time, pitch, duration,
  /// loudness ("time runs along ", "higher pitch means more ", …).
  package var reading: [String]
  /// "soft ticks mark the gridlines".
  package var gridlineTicks: String
  /// What the threshold earcons mean, given the thresholds' names and values ("target (50 %)").
  package var thresholdChirps: @Sendable (_ names: String) -> String
  /// "A soft noise plays where data is missing."
  package var gapNoise: String
  /// "Birth rate is highest at 268 in 1960, and lowest at 146 in 1975."
  package var extremes: @Sendable (_ name: String, _ highest: String, _ lowest: String) -> String
  /// "An outlier: …." or "Outliers: …; …." for `count` outliers listed.
  package var outliers: @Sendable (_ count: Int, _ list: String) -> String
  /// An extreme that several points share: "3 degrees, 6 times, first on day 21" (the value, how
  /// many points have it, the first one's place).
  package var repeated: @Sendable (_ value: String, _ count: Int, _ place: String) -> String

  /// The languages with words of their own, English first. A new language is a file that makes
  /// its table and names its code, and its entry here.
  package static let all: [LanguageTable] = [.english, .german, .french, .spanish]
}
