extension DescriptionLanguage.Code {
  /// German.
  public static let german = Self(rawValue: "de")
}

extension LanguageTable {
  /// German.
  package static let german = LanguageTable(
    code: .german, decimalSeparator: ",", groupingSeparator: ".",
    xAxis: { "Die x-Achse ist \($0)." },
    yAxis: { "Die y-Achse ist \($0)." },
    additionalAxis: { "Eine weitere Achse ist \($0)." },
    numericRange: { "\($0), von \($1) bis \($2)" },
    onScale: { ", auf einer \($0)-Skala" },
    categoricalAxis: { "\($0), mit \($1) Kategorie\($1 == 1 ? "" : "n"): \($2)" },
    trendSentence: Trend(
      rises: "Insgesamt steigt es.", falls: "Insgesamt fällt es.",
      neither: "Es zeigt insgesamt weder Anstieg noch Abfall."),
    trendPhrase: Trend(
      rises: "steigt insgesamt", falls: "fällt insgesamt",
      neither: "zeigt insgesamt weder Anstieg noch Abfall"),
    twoCompared: { "\($0) liegt im Mittel um \($2) höher als \($1)." },
    ranking: { "Vom höchsten zum niedrigsten Mittelwert: \($0)." },
    summary: { "\($0) \($1), mit einem Höchstwert von \($2) und einem Tiefstwert von \($3)." },
    datePreposition: { $0.hasDay ? "am" : $0.hasTime ? "um" : $0.hasMonth ? "im" : "im Jahr" },
    measurePreposition: "bei", valuePreposition: "in",
    months: [
      "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
      "Oktober", "November", "Dezember",
    ],
    weekdays: ["Donnerstag", "Freitag", "Samstag", "Sonntag", "Montag", "Dienstag", "Mittwoch"],
    dayPattern: "%e. %B %Y",
    highest: "höchster Wert", lowest: "niedrigster Wert", outlier: "Ausreißer", and: "und",
    plays: { "spielt \($0)" },
    inSeries: { "In \($0): " },
    instrumentNames: [
      0: "den Flügel", 11: "das Vibraphon", 12: "das Marimbaphon", 14: "die Röhrenglocken",
      19: "die Kirchenorgel", 24: "die Gitarre", 40: "die Geige", 56: "die Trompete",
      68: "die Oboe", 71: "die Klarinette", 73: "die Flöte", 79: "die Okarina",
      80: "den Synthesizer",
    ],
    timbreNames: [
      "Struck string": "eine angeschlagene Saite", "Sine": "einen reinen Ton",
      "Mallet": "einen Schlegelton", "Wood mallet": "einen Holzschlegelton",
      "Bowed": "eine gestrichene Saite", "Reed": "ein Rohrblatt",
      "Plucked string": "eine gezupfte Saite", "Bell": "eine Glocke", "Organ": "eine Orgel",
      "Brass": "einen Blechbläserton", "Soft square": "eine weiche Rechteckwelle",
      "Triangle": "eine Dreieckwelle", "Noise": "Rauschen", "Ticks": "Ticks",
    ],
    otherInstrument: { $0 },
    standalone: { object in
      // "spielt einen reinen Ton": the masculine accusative as a nominative.
      var words = object.split(separator: " ").map(String.init)
      switch words.first {
      case "den": words[0] = "der"
      case "einen":
        words[0] = "ein"
        // An adjective after "ein" ends in -er: "ein reiner Ton".
        if words.count > 2, words[1].hasSuffix("en") { words[1] = words[1].dropLast(2) + "er" }
      default: break
      }
      return words.joined(separator: " ")
    },
    reading: [
      "die Zeit läuft entlang ", "höhere Töne bedeuten mehr ", "längere Noten bedeuten mehr ",
      "lautere Noten bedeuten mehr ",
    ],
    gridlineTicks: "leise Klicks markieren die Gitterlinien",
    thresholdChirps: {
      "ein steigender Ton markiert ein Überschreiten von \($0), ein fallender ein Unterschreiten"
    },
    gapNoise: "Ein leises Rauschen spielt, wo Daten fehlen.",
    extremes: { "\($0) ist am höchsten mit \($1) und am niedrigsten mit \($2)." },
    outliers: { "\($0 == 1 ? "Ein Ausreißer" : "Ausreißer"): \($1)." },
    repeated: { "\($0), \($1)-mal, zuerst \($2)" })
}

extension PageWords {
  /// German.
  static let german = PageWords(
    explore: "Mit dem Ohr erkunden", audioGraph: "Audiografik",
    keysHeading: "Tasten, wenn die Grafik den Fokus hat",
    keys: [
      "nächster / vorheriger Punkt der Reihe: sein Ton erklingt, seine Werte werden gesagt",
      "nächste / vorherige Reihe, am zeitlich nächsten Punkt", "erster / letzter Punkt",
      "höchster / niedrigster Punkt der Reihe",
      "die ganze Grafik ab dem aktuellen Punkt abspielen oder anhalten", "stoppen",
      "nur die aktuelle Reihe hören, und zurück",
      "schneller / langsamer, 0,5- bis 2-fach, bei gleicher Tonhöhe",
      "diese Liste zeigen oder verbergen",
    ],
    keyNames: [
      "→ / ←", "↑ / ↓", "Pos1 / Ende", "] / [", "Leertaste", "Esc", "S", "+ / −", "? / H",
    ], about: "Über diese Grafik", axesAndSounds: "Achsen und Klänge", mean: "Mittelwert",
    median: "Median", dataTable: "Die Daten als Tabelle", series: "Reihe",
    label: "Beschriftung",
    of: "von", highest: "Höchster Wert: ", lowest: "Niedrigster Wert: ",
    noPoints: "keine Punkte", playingGraph: "Die Grafik spielt", playing: "Nur ",
    alone: " spielt", pausedAt: "Angehalten bei ", theStart: "dem Anfang",
    stopped: "Gestoppt", solo: "Solo: ", allSeries: "Alle Reihen", speed: "Tempo ",
    keysHidden: "Tastenliste verborgen", keysShown: "Tastenliste gezeigt, nach der Grafik",
    quizStep:
      "nächster / vorheriger Punkt der Reihe: sein Ton erklingt, seine Stelle wird gesagt")
}

extension ExerciseWords {
  /// German.
  static let german = ExerciseWords(
    trendPrompt: "Steigt {1} überwiegend, fällt es oder bleibt es gleich?",
    trendChoices: ["Überwiegend steigend", "Überwiegend fallend", "Etwa gleichbleibend"],
    trendHeads: ["Steigt", "Fällt", "Bleibt gleich"],
    levelLine:
      "eine Gerade durch die Werte ändert sich vom Anfang bis zum Ende um {1}, und die Werte bleiben zwischen {2} und {3}",
    slopeLine: "eine Gerade durch die Werte geht von {1} bis {2} und erklärt {3} % der Streuung",
    trendExplanation: "{1}: {2}. Tiefster Wert {3}; höchster Wert {4}.", about: "etwa {1}",
    peakPlacePrompt: "Liegt der höchste Ton von {1} am Anfang, in der Mitte oder am Ende?",
    thirds: ["am Anfang", "in der Mitte", "am Ende"],
    peakPlaceExplanation:
      "Höchster Wert: {1}. Er erklingt bei {2}, nach {3} % des Weges vom ersten Ton ({4}) bis zum letzten ({5}).",
    peakWhenPrompt: "Wann ist {1} am höchsten?",
    peakWherePrompt: "Bei welchem Wert von {1} ist {2} am höchsten?",
    peakValueExplanation: "Höchster Wert: {1}; der höchste der anderen Antworten: {2}.",
    lowWhenPrompt: "Wann ist {1} am tiefsten?",
    lowWherePrompt: "Bei welchem Wert von {1} ist {2} am tiefsten?",
    lowValueExplanation: "Tiefster Wert: {1}; der tiefste der anderen Antworten: {2}.",
    seasonPrompts: [
      "In welchem Monat ist {1} meist am höchsten?", "In welchem Monat ist {1} meist am tiefsten?",
    ],
    seasonExplanations: [
      "Der höchste Wert jedes Jahres: {1}.", "Der tiefste Wert jedes Jahres: {1}.",
    ],
    seasonYear: "{1}: {2} ({3})",
    estimatePrompt:
      "Welchen Wert erreicht {1} ungefähr an der höchsten Stelle? Eine Antwort bis {2} daneben zählt.",
    estimateExplanation: "Höchster Wert: {1}; Antworten von {2} bis {3} zählen.",
    yourAnswer: "Ihre Antwort", typeNumber: "Geben Sie zuerst eine Zahl ein.",
    outlierPrompt: "Sticht ein Ton von {1} heraus? Wenn ja, ungefähr wann?",
    noOutlier: "Kein Ton sticht heraus", yesOutlier: "Ja, {1}", below: "unter {1}",
    above: "über {1}", or: " oder ",
    fences:
      "Die Quartile sind {1} und {2}, also liegt ein Ausreißer {3} (mehr als das 1,5-Fache des Quartilsabstands jenseits eines Quartils)",
    noExplanation: "{1}; alle Werte liegen zwischen {2} und {3}.",
    yesExplanation: "{1}: {2}.", atInAudio: "{1}, bei {2} im Audio",
    higherSeriesPrompt: "Welches Instrument klingt im Mittel höher?",
    meanOf: "Mittelwert von {1}: {2}.",
    highestInstrumentPrompt: "Welches Instrument spielt im Mittel die höchsten Töne?",
    meanByAxis: "Mittelwert von {1} nach {2}: {3}.",
    durationPrompt:
      "Längere Töne bedeuten mehr {1}. Sind längere Töne eher höher oder eher tiefer?",
    durationChoices: [
      "Längere Töne sind meist höher", "Längere Töne sind meist tiefer",
      "Es gibt keinen klaren Zusammenhang",
    ],
    durationHows: [
      "längere Töne sind meist höher, also geht mehr {1} mit mehr {2} einher",
      "längere Töne sind meist tiefer, also geht mehr {1} mit weniger {2} einher",
      "Längen und Tonhöhen hängen nicht zusammen",
    ],
    durationExplanation:
      "Über die {1} gespielten Töne beträgt die Korrelation von Länge und Tonhöhe {2}: {3}.",
    comparePrompt: "Welche Reihe klingt bei {1} höher?", compareExplanation: "Bei {1}: {2}.",
    togetherPrompt: "Steigen und fallen {1} und {2} gemeinsam?",
    togetherChoices: [
      "Ja, sie steigen und fallen gemeinsam", "Nein, wenn eine steigt, fällt die andere",
      "Es gibt keinen klaren Zusammenhang",
    ],
    togetherHows: [
      "sie steigen und fallen gemeinsam", "wenn eine steigt, fällt die andere meist",
      "sie hängen nicht zusammen",
    ],
    togetherExplanation:
      "Über die {1} Werte von {2}, bei denen beide spielen, beträgt die Korrelation von {3} und {4} {5}: {6}.",
    instructions:
      "Hören Sie jede Audiografik so oft Sie möchten und wählen Sie dann eine Antwort je Frage. Die Zeit läuft von links nach rechts; höhere Töne bedeuten höhere Werte.",
    practiceInstructions:
      "Prüfen Sie jede Antwort mit ihrer Schaltfläche: danach folgen die Fakten dazu.",
    questions: "Fragen", questionsOnItem: "Fragen zu Aufgabe {1}",
    whatYouWillHear: "Was Sie hören werden", exploreByEar: "Mit dem Ohr erkunden",
    audioFile: "Audiodatei", answers: "{1}: Lösungen",
    keyIntroduction:
      "Die Lösungen zum Aufgabenblatt {1}. Jede richtige Antwort ist als „richtige Antwort“ und fett markiert; Zeiten zählen ab dem Beginn des Audios der Aufgabe.",
    from: "Aus {1}.", rightAnswer: "richtige Antwort", why: "Warum:",
    listenAt: "Anhören bei {1}", listenAtInAudio: " Anhören bei {1} im Audio.",
    checkAnswer: "Antwort {1} prüfen", right: "Richtig.", rightIs: "Richtig: {1}.",
    lowersChoice: false, notThisOne: "Nicht diese.",
    notThisOneAnswer: "Nicht diese: Die Antwort ist „{1}“.",
    chooseFirst: "Wählen Sie zuerst eine Antwort.", itemQuestion: "Aufgabe {1}, Frage {2}",
    listenToFile: "Hören Sie die Audiodatei {1}.",
    eachSeriesAlone: "Jede Reihe einzeln:",
    onTheSheet:
      "Die Audiodatei, jede Reihe einzeln und ein Player, der mit den Tasten von Ton zu Ton geht, stehen auf dem Arbeitsblatt exercise.html, Aufgabe {1}.",
    defaultTitle: "Hörübung")
}
