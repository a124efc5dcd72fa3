extension DescriptionLanguage.Code {
  /// French.
  public static let french = Self(rawValue: "fr")
}

extension LanguageTable {
  /// French: a space before colons and semicolons, a space between thousands, "1er" for the first
  /// of a month.
  public static let french = LanguageTable(
    code: .french, spacesBeforeColons: true, decimalSeparator: ",", groupingSeparator: " ",
    xAxis: { "L'axe des x est \($0)." },
    yAxis: { "L'axe des y est \($0)." },
    additionalAxis: { "Un axe supplémentaire est \($0)." },
    numericRange: { "\($0), de \($1) à \($2)" },
    onScale: { ", sur une échelle \($0)" },
    categoricalAxis: { "\($0), avec \($1) catégorie\($1 == 1 ? "" : "s") : \($2)" },
    trendSentence: Trend(
      rises: "Dans l'ensemble, la série monte.", falls: "Dans l'ensemble, la série descend.",
      neither: "Dans l'ensemble, la série ne monte ni ne descend."),
    trendPhrase: Trend(
      rises: "monte dans l'ensemble", falls: "descend dans l'ensemble",
      neither: "ne monte ni ne descend dans l'ensemble"),
    twoCompared: { "\($0) est en moyenne plus élevé que \($1), de \($2)." },
    ranking: { "Du plus élevé au plus bas en moyenne : \($0)." },
    summary: { "\($0) \($1), avec un maximum de \($2) et un minimum de \($3)." },
    datePreposition: { $0.hasDay ? "le" : $0.hasTime ? "à" : "en" },
    measurePreposition: "à", valuePreposition: "en",
    months: [
      "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
      "octobre", "novembre", "décembre",
    ],
    weekdays: ["jeudi", "vendredi", "samedi", "dimanche", "lundi", "mardi", "mercredi"],
    dayPattern: "%e %B %Y", firstOfMonth: "1er",
    highest: "maximum", lowest: "minimum", outlier: "valeur aberrante", and: "et",
    plays: { "joue \($0)" },
    inSeries: { "Dans \($0) : " },
    instrumentNames: [
      0: "du piano", 11: "du vibraphone", 12: "du marimba", 14: "des cloches tubulaires",
      19: "de l'orgue", 24: "de la guitare", 40: "du violon", 56: "de la trompette",
      68: "du hautbois", 71: "de la clarinette", 73: "de la flûte", 79: "de l'ocarina",
      80: "du synthétiseur",
    ],
    timbreNames: [
      "Struck string": "d'une corde frappée", "Sine": "d'un son pur",
      "Mallet": "d'un son de maillet", "Wood mallet": "d'un son de maillet en bois",
      "Bowed": "d'une corde frottée", "Reed": "d'une anche", "Plucked string": "d'une corde pincée",
      "Bell": "d'une cloche", "Organ": "de l'orgue", "Brass": "d'un son cuivré",
      "Soft square": "d'une onde carrée douce", "Triangle": "d'une onde triangulaire",
      "Noise": "du bruit", "Ticks": "de tics",
    ],
    otherInstrument: { "de l'instrument \($0)" },
    reading: [
      "le temps avance selon ", "un son plus aigu signifie plus de ",
      "des notes plus longues signifient plus de ", "des notes plus fortes signifient plus de ",
    ],
    gridlineTicks: "de légers clics marquent les lignes de la grille",
    thresholdChirps:
      "un son montant marque le passage au-dessus d'un seuil, un son descendant le passage en dessous",
    gapNoise: "Un léger bruit joue là où des données manquent.",
    extremes: { "\($0) atteint son maximum à \($1) et son minimum à \($2)." },
    outliers: { "\($0 == 1 ? "Une valeur aberrante" : "Des valeurs aberrantes") : \($1)." },
    repeated: { "\($0), \($1) fois, d'abord \($2)" })
}
