extension DescriptionLanguage.Code {
  /// English, the words of `describe`.
  public static let english = Self(rawValue: "en")
}

extension LanguageTable {
  /// English.
  package static let english = LanguageTable(
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
    thresholdChirps: { "a rising chirp marks a rise above \($0), a falling chirp a fall below it" },
    gapNoise: "A soft noise plays where data is missing.",
    extremes: { "\($0) is highest at \($1), and lowest at \($2)." },
    outliers: { "\($0 == 1 ? "An outlier" : "Outliers"): \($1)." },
    repeated: { "\($0), \($1) times, first \($2)" })
}

extension PageWords {
  /// English.
  static let english = PageWords(
    explore: "Explore by ear", audioGraph: "audio graph",
    keysHeading: "Keys, with the graph focused",
    keys: [
      "next / previous point of the series: its note plays, its values are said",
      "next / previous series, at the point nearest in time", "first / last point",
      "the highest / lowest point of the series",
      "play or pause the whole graph from the current point", "stop",
      "solo the current series, and back", "faster / slower, 0.5x to 2x, the pitch kept",
      "show or hide this list",
    ],
    keyNames: ["→ / ←", "↑ / ↓", "Home / End", "] / [", "Space", "Escape", "S", "+ / −", "? / H"],
    about: "About this chart", axesAndSounds: "Axes and sounds", mean: "Mean",
    median: "Median", dataTable: "The data as a table", series: "Series", label: "Label",
    of: "of", highest: "Highest: ", lowest: "Lowest: ", noPoints: "no points",
    playingGraph: "Playing the graph", playing: "Playing ", alone: " alone",
    pausedAt: "Paused at ", theStart: "the start", stopped: "Stopped", solo: "Solo: ",
    allSeries: "All series", speed: "Speed ", keysHidden: "Key list hidden",
    keysShown: "Key list shown, after the graph",
    quizStep: "next / previous point of the series: its note plays, its place is said")
}

extension ExerciseWords {
  /// English.
  static let english = ExerciseWords(
    trendPrompt: "Does {1} mostly rise, fall or stay level?",
    trendChoices: ["It mostly rises", "It mostly falls", "It stays about level"],
    trendHeads: ["Rises", "Falls", "Stays level"],
    levelLine:
      "a straight line through it changes by {1} from start to end, and its values stay between {2} and {3}",
    slopeLine: "a straight line through it goes from {1} to {2} and explains {3}% of the variation",
    trendExplanation: "{1}: {2}. Lowest {3}; highest {4}.", about: "about {1}",
    peakPlacePrompt:
      "Is the highest note of {1} near the beginning, in the middle or near the end?",
    thirds: ["near the beginning", "in the middle", "near the end"],
    peakPlaceExplanation:
      "Highest: {1}. It plays at {2}, {3}% of the way from the first note ({4}) to the last ({5}).",
    peakWhenPrompt: "When is {1} highest?", peakWherePrompt: "At which {1} is {2} highest?",
    peakValueExplanation: "Highest: {1}; the highest of the other choices: {2}.",
    lowWhenPrompt: "When is {1} lowest?", lowWherePrompt: "At which {1} is {2} lowest?",
    lowValueExplanation: "Lowest: {1}; the lowest of the other choices: {2}.",
    seasonPrompts: [
      "In which month is {1} usually highest?", "In which month is {1} usually lowest?",
    ],
    seasonExplanations: ["Each year's highest value: {1}.", "Each year's lowest value: {1}."],
    seasonYear: "{1}: {2} ({3})",
    estimatePrompt:
      "About what value does {1} reach at its highest? An answer within {2} of it counts.",
    estimateExplanation: "Highest: {1}; answers from {2} to {3} count.",
    yourAnswer: "Your answer", typeNumber: "Type a number first.",
    outlierPrompt: "Does a note of {1} stand out from the rest? If so, about when?",
    noOutlier: "No note stands out", yesOutlier: "Yes, {1}", below: "below {1}",
    above: "above {1}", or: " or ",
    fences:
      "The quartiles are {1} and {2}, so an outlier lies {3} (more than 1.5 times the interquartile range beyond a quartile)",
    noExplanation: "{1}; every value lies between {2} and {3}.",
    yesExplanation: "{1}: {2}.", atInAudio: "{1}, at {2} in the audio",
    higherSeriesPrompt: "Which instrument sounds higher on average?", meanOf: "Mean {1}: {2}.",
    highestInstrumentPrompt: "Which instrument plays the highest notes on average?",
    meanByAxis: "Mean {1} by {2}: {3}.",
    durationPrompt: "Longer notes mean more {1}. Do longer notes come with higher or lower pitch?",
    durationChoices: [
      "Longer notes are mostly higher", "Longer notes are mostly lower", "There is no clear link",
    ],
    durationHows: [
      "longer notes are mostly higher, so more {1} goes with more {2}",
      "longer notes are mostly lower, so more {1} goes with less {2}",
      "the lengths and the pitches are not linked",
    ],
    durationExplanation:
      "Over the {1} notes played, the correlation of length and pitch is {2}: {3}.",
    comparePrompt: "At {1}, which series sounds higher?", compareExplanation: "At {1}: {2}.",
    togetherPrompt: "Do {1} and {2} rise and fall together?",
    togetherChoices: [
      "Yes, they rise and fall together", "No, when one rises the other falls",
      "There is no clear link",
    ],
    togetherHows: [
      "they rise and fall together", "when one rises the other mostly falls",
      "they are not linked",
    ],
    togetherExplanation:
      "Over the {1} values of {2} where both play, the correlation of {3} and {4} is {5}: {6}.",
    instructions:
      "Listen to each audio graph, as often as you like, then choose one answer for each question. Time runs from left to right; higher notes mean higher values.",
    practiceInstructions: "Check each answer with its button: the facts behind it follow.",
    questions: "Questions", questionsOnItem: "Questions on item {1}",
    whatYouWillHear: "What you will hear", exploreByEar: "Explore by ear",
    audioFile: "Audio file", answers: "{1}: answers",
    keyIntroduction:
      "The key to the student sheet {1}. Each right answer is marked “right answer” and in bold; times are from the start of the item's audio.",
    from: "From {1}.", rightAnswer: "right answer", why: "Why:", listenAt: "Listen at {1}",
    listenAtInAudio: " Listen at {1} in the audio.", checkAnswer: "Check answer {1}",
    right: "Right.", rightIs: "Right: {1}.", notThisOne: "Not this one.",
    notThisOneAnswer: "Not this one: the answer is “{1}”.",
    chooseFirst: "Choose an answer first.", itemQuestion: "Item {1}, question {2}",
    listenToFile: "Listen to the audio file {1}.",
    eachSeriesAlone: "Each series alone:",
    onTheSheet:
      "The audio, each series alone and a player that steps through the notes by keys are on the student sheet exercise.html, item {1}.",
    defaultTitle: "Listening exercise")
}
