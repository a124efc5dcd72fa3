extension DescriptionLanguage.Code {
  /// German.
  public static let german = Self(rawValue: "de")
}

extension LanguageTable {
  /// German.
  public static let german = LanguageTable(
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
    reading: [
      "die Zeit läuft entlang ", "höhere Töne bedeuten mehr ", "längere Noten bedeuten mehr ",
      "lautere Noten bedeuten mehr ",
    ],
    gridlineTicks: "leise Klicks markieren die Gitterlinien",
    thresholdChirps:
      "ein steigender Ton markiert ein Überschreiten einer Schwelle, ein fallender ein Unterschreiten",
    gapNoise: "Ein leises Rauschen spielt, wo Daten fehlen.",
    extremes: { "\($0) ist am höchsten mit \($1) und am niedrigsten mit \($2)." },
    outliers: { "\($0 == 1 ? "Ein Ausreißer" : "Ausreißer"): \($1)." },
    repeated: { "\($0), \($1)-mal, zuerst \($2)" })
}
