extension DescriptionLanguage.Code {
  /// French.
  public static let french = Self(rawValue: "fr")
}

extension LanguageTable {
  /// French: a space before colons and semicolons, a space between thousands, "1er" for the first
  /// of a month.
  package static let french = LanguageTable(
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
    measurePreposition: "à", valuePreposition: "en", categoryPreposition: "pour",
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
    standalone: { object in
      // "joue d'un son pur": the article after "de" as it stands alone.
      for (partitive, article) in [
        ("d'une ", "une "), ("d'un ", "un "), ("de la ", "la "), ("de l'", "l'"), ("du ", "le "),
        ("des ", "les "), ("de ", ""),
      ] where object.hasPrefix(partitive) {
        return article + object.dropFirst(partitive.count)
      }
      return object
    },
    reading: [
      "le temps avance selon ", "un son plus aigu signifie plus de ",
      "des notes plus longues signifient plus de ", "des notes plus fortes signifient plus de ",
    ],
    gridlineTicks: "de légers clics marquent les lignes de la grille",
    thresholdChirps: {
      "un son montant marque le passage au-dessus de \($0), un son descendant le passage en dessous"
    },
    gapNoise: "Un léger bruit joue là où des données manquent.",
    extremes: { "\($0) atteint son maximum à \($1) et son minimum à \($2)." },
    outliers: { "\($0 == 1 ? "Une valeur aberrante" : "Des valeurs aberrantes") : \($1)." },
    repeated: { "\($0), \($1) fois, d'abord \($2)" })
}

extension PageWords {
  /// French.
  static let french = PageWords(
    explore: "Explorer à l'oreille", audioGraph: "graphique sonore",
    keysHeading: "Touches, le graphique ayant le focus",
    keys: [
      "point suivant / précédent de la série : sa note joue, ses valeurs sont dites",
      "série suivante / précédente, au point le plus proche dans le temps",
      "premier / dernier point", "le point le plus haut / le plus bas de la série",
      "jouer ou mettre en pause tout le graphique depuis le point courant", "arrêter",
      "n'écouter que la série courante, et revenir",
      "plus vite / plus lent, de 0,5x à 2x, à hauteur égale", "afficher ou masquer cette liste",
    ],
    keyNames: ["→ / ←", "↑ / ↓", "Début / Fin", "] / [", "Espace", "Échap", "S", "+ / −", "? / H"],
    about: "À propos de ce graphique", axesAndSounds: "Axes et sons", mean: "Moyenne",
    median: "Médiane", dataTable: "Les données en tableau", series: "Série",
    label: "Étiquette", of: "sur", highest: "Maximum : ", lowest: "Minimum : ",
    noPoints: "aucun point", playingGraph: "Le graphique joue", playing: "Seule la série ",
    alone: " joue", pausedAt: "En pause à ", theStart: "le début", stopped: "Arrêté",
    solo: "Solo : ", allSeries: "Toutes les séries", speed: "Vitesse ",
    keysHidden: "Liste des touches masquée",
    keysShown: "Liste des touches affichée, après le graphique",
    quizStep: "point suivant / précédent de la série : sa note joue, sa position est dite")
}

extension ExerciseWords {
  /// French.
  static let french = ExerciseWords(
    trendPrompt: "{1} monte-t-il surtout, baisse-t-il ou reste-t-il stable ?",
    trendChoices: ["Surtout en hausse", "Surtout en baisse", "À peu près stable"],
    trendHeads: ["Monte", "Baisse", "Reste stable"],
    levelLine:
      "une droite passant par les valeurs varie de {1} du début à la fin, et les valeurs restent entre {2} et {3}",
    slopeLine:
      "une droite passant par les valeurs va de {1} à {2} et explique {3} % de la variation",
    trendExplanation: "{1} : {2}. Plus bas {3} ; plus haut {4}.", about: "environ {1}",
    peakPlacePrompt: "La note la plus haute de {1} est-elle au début, au milieu ou à la fin ?",
    thirds: ["au début", "au milieu", "à la fin"],
    peakPlaceExplanation:
      "Plus haut : {1}. Elle sonne à {2}, à {3} % du chemin entre la première note ({4}) et la dernière ({5}).",
    peakWhenPrompt: "Quand {1} est-il le plus haut ?",
    peakWherePrompt: "Pour quelle valeur de {1} {2} est-il le plus haut ?",
    peakValueExplanation: "Plus haut : {1} ; le plus haut des autres choix : {2}.",
    lowWhenPrompt: "Quand {1} est-il au plus bas ?",
    lowWherePrompt: "Pour quelle valeur de {1} {2} est-il au plus bas ?",
    lowValueExplanation: "Plus bas : {1} ; le plus bas des autres choix : {2}.",
    seasonPrompts: [
      "En quel mois {1} est-il d'habitude au plus haut ?",
      "En quel mois {1} est-il d'habitude au plus bas ?",
    ],
    seasonExplanations: [
      "La valeur la plus haute de chaque année : {1}.",
      "La valeur la plus basse de chaque année : {1}.",
    ],
    seasonYear: "{1} : {2} ({3})",
    estimatePrompt:
      "Environ quelle valeur {1} atteint-il au plus haut ? Une réponse à {2} près compte.",
    estimateExplanation: "Plus haut : {1} ; les réponses de {2} à {3} comptent.",
    yourAnswer: "Votre réponse", typeNumber: "Saisissez d'abord un nombre.",
    outlierPrompt: "Une note de {1} se détache-t-elle des autres ? Si oui, vers quand ?",
    noOutlier: "Aucune note ne se détache", yesOutlier: "Oui, {1}", below: "sous {1}",
    above: "au-dessus de {1}", or: " ou ",
    fences:
      "Les quartiles sont {1} et {2}, donc une valeur aberrante se trouve {3} (à plus de 1,5 fois l'écart interquartile au-delà d'un quartile)",
    noExplanation: "{1} ; toutes les valeurs sont entre {2} et {3}.",
    yesExplanation: "{1} : {2}.", atInAudio: "{1}, à {2} dans l'audio",
    higherSeriesPrompt: "Quel instrument sonne le plus haut en moyenne ?",
    meanOf: "Moyenne de {1} : {2}.",
    highestInstrumentPrompt: "Quel instrument joue les notes les plus hautes en moyenne ?",
    meanByAxis: "Moyenne de {1} par {2} : {3}.",
    durationPrompt:
      "Des notes plus longues signifient plus de {1}. Les notes plus longues sont-elles plus hautes ou plus basses ?",
    durationChoices: [
      "Les notes longues sont surtout plus hautes", "Les notes longues sont surtout plus basses",
      "Aucun lien clair",
    ],
    durationHows: [
      "les notes longues sont surtout plus hautes : plus de {1} va avec plus de {2}",
      "les notes longues sont surtout plus basses : plus de {1} va avec moins de {2}",
      "les durées et les hauteurs ne sont pas liées",
    ],
    durationExplanation:
      "Sur les {1} notes jouées, la corrélation de la durée et de la hauteur est de {2} : {3}.",
    comparePrompt: "Pour {1}, quelle série sonne plus haut ?",
    compareExplanation: "Pour {1} : {2}.",
    togetherPrompt: "{1} et {2} montent-ils et descendent-ils ensemble ?",
    togetherChoices: [
      "Oui, ils montent et descendent ensemble", "Non, quand l'un monte, l'autre descend",
      "Il n'y a pas de lien net",
    ],
    togetherHows: [
      "ils montent et descendent ensemble", "quand l'un monte, l'autre descend le plus souvent",
      "ils ne sont pas liés",
    ],
    togetherExplanation:
      "Sur les {1} valeurs de {2} où les deux jouent, la corrélation de {3} et {4} est de {5} : {6}.",
    instructions:
      "Écoutez chaque graphique sonore autant de fois que vous voulez, puis choisissez une réponse par question. Le temps va de gauche à droite ; les notes plus hautes signifient des valeurs plus élevées.",
    practiceInstructions:
      "Vérifiez chaque réponse avec son bouton : les faits qui la justifient suivent.",
    questions: "Questions", questionsOnItem: "Questions sur l'exercice {1}",
    whatYouWillHear: "Ce que vous allez entendre", exploreByEar: "Explorer à l'oreille",
    audioFile: "Fichier audio", answers: "{1} : corrigé",
    keyIntroduction:
      "Le corrigé de la fiche {1}. Chaque bonne réponse est marquée « bonne réponse » et en gras ; les temps comptent depuis le début de l'audio de l'exercice.",
    from: "D'après {1}.", rightAnswer: "bonne réponse", why: "Pourquoi :",
    listenAt: "Écouter à {1}", listenAtInAudio: " Écouter à {1} dans l'audio.",
    checkAnswer: "Vérifier la réponse {1}", right: "Exact.", rightIs: "Exact : {1}.",
    notThisOne: "Pas celle-ci.",
    notThisOneAnswer: "Pas celle-ci : la réponse est « {1} ».",
    chooseFirst: "Choisissez d'abord une réponse.", itemQuestion: "Exercice {1}, question {2}",
    listenToFile: "Écoutez le fichier audio {1}.",
    eachSeriesAlone: "Chaque série seule :",
    onTheSheet:
      "Le fichier audio, chaque série seule et un lecteur qui passe d'une note à l'autre au clavier sont sur la feuille de l'élève exercise.html, exercice {1}.",
    defaultTitle: "Exercice d'écoute")
}
