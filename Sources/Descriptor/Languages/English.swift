extension DescriptionLanguage.Code {
  /// English, the words of `describe`.
  public static let english = Self(rawValue: "en")
}

extension LanguageTable {
  /// English.
  public static let english = LanguageTable(
    code: .english,
    xAxis: { "The x axis is \($0)." },
    yAxis: { "The y axis is \($0)." },
    additionalAxis: { "An additional axis is \($0)." },
    numericRange: { "\($0), from \($1) to \($2)" },
    onScale: { ", on a \($0) scale" },
    categoricalAxis: { "\($0), with \($1) categor\($1 == 1 ? "y" : "ies"): \($2)" },
    trendSentence: Trend(
      rises: "It rises overall.", falls: "It falls overall.",
      neither: "It shows no overall rise or fall."),
    trendPhrase: Trend(
      rises: "rises overall", falls: "falls overall", neither: "shows no overall rise or fall"),
    twoCompared: { "\($0) is higher on average than \($1), by \($2)." },
    ranking: { "From highest to lowest on average: \($0)." },
    summary: { "\($0) \($1), with a high of \($2) and a low of \($3)." },
    datePreposition: { $0.preposition },
    measurePreposition: "at", valuePreposition: "in",
    months: DateFormat.months, weekdays: DateFormat.weekdays,
    highest: "highest", lowest: "lowest", outlier: "outlier", and: "and",
    plays: { "plays \($0)" },
    inSeries: { "In \($0), " },
    timbreNames: [
      "Struck string": "a struck string", "Sine": "a pure tone", "Mallet": "a mallet",
      "Wood mallet": "a wooden mallet", "Bowed": "a bowed string", "Reed": "a reed",
      "Plucked string": "a plucked string", "Bell": "a bell", "Organ": "an organ",
      "Brass": "a brass tone", "Soft square": "a soft square wave", "Triangle": "a triangle wave",
      "Noise": "noise", "Ticks": "ticks",
    ],
    otherInstrument: { "the \($0.lowercased())" },
    reading: [
      "time runs along ", "higher pitch means more ", "longer notes mean more ",
      "louder notes mean more ",
    ],
    gridlineTicks: "soft ticks mark the gridlines",
    thresholdChirps:
      "a rising chirp marks a rise above a threshold, a falling chirp a fall below it",
    gapNoise: "A soft noise plays where data is missing.",
    extremes: { "\($0) is highest at \($1), and lowest at \($2)." },
    outliers: { "\($0 == 1 ? "An outlier" : "Outliers"): \($1)." },
    repeated: { "\($0), \($1) times, first \($2)" })
}
