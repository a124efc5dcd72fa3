import Descriptor

/// Every word an exercise writes, in its language: the questions, their choices and explanations,
/// the pages, the quizzes' feedback. A template's `{1}`, `{2}`, ... are filled in order (see
/// `fill`).
struct ExerciseWords: Sendable {
  // Trend.
  var trendPrompt: String
  var trendChoices: [String]
  var trendHeads: [String]
  var levelLine: String
  var slopeLine: String
  var trendExplanation: String
  var about: String
  // Where and when a series is highest.
  var peakPlacePrompt: String
  var thirds: [String]
  var peakPlaceExplanation: String
  var peakWhenPrompt: String
  var peakWherePrompt: String
  var peakValueExplanation: String
  // Outliers.
  var outlierPrompt: String
  var noOutlier: String
  var yesOutlier: String
  var below: String
  var above: String
  var outsideAxis: String
  var or: String
  var fences: String
  var noExplanation: String
  var yesExplanation: String
  var atInAudio: String
  // Comparisons.
  var higherSeriesPrompt: String
  var meanOf: String
  var highestInstrumentPrompt: String
  var meanByAxis: String
  var durationPrompt: String
  var durationChoices: [String]
  var durationHows: [String]
  var durationExplanation: String
  // Pages.
  var instructions: String
  var practiceInstructions: String
  var questions: String
  var questionsOnItem: String
  var whatYouWillHear: String
  var exploreByEar: String
  var audioFile: String
  var answers: String
  var keyIntroduction: String
  var from: String
  var rightAnswer: String
  var why: String
  var listenAt: String
  var listenAtInAudio: String
  var checkAnswer: String
  var right: String
  var notThisOne: String
  var notThisOneAnswer: String
  var chooseFirst: String
  var itemQuestion: String
  var listenToFile: String
  var defaultTitle: String

  /// `template` with `{1}`, `{2}`, ... replaced by `values` in order.
  static func fill(_ template: String, _ values: String...) -> String {
    var text = template
    for (index, value) in values.enumerated() {
      text = text.replacingOccurrences(of: "{\(index + 1)}", with: value)
    }
    return text
  }

  /// The words of `language`.
  static func of(_ language: DescriptionLanguage) -> ExerciseWords {
    switch language.code {
    case .german: german
    case .french: french
    case .spanish: spanish
    default: english
    }
  }

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
    outlierPrompt: "Does a note of {1} stand out from the rest? If so, about when?",
    noOutlier: "No note stands out", yesOutlier: "Yes, {1}", below: "below {1}",
    above: "above {1}", outsideAxis: "outside the axis", or: " or ",
    fences:
      "The quartiles are {1} and {2}, so an outlier lies {3} (more than 1.5 times the interquartile range beyond a quartile)",
    noExplanation: "No. {1}; every value lies between {2} and {3}.",
    yesExplanation: "Yes. {1}: {2}.", atInAudio: "{1}, at {2} in the audio",
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
    right: "Right.", notThisOne: "Not this one.",
    notThisOneAnswer: "Not this one: the answer is “{1}”.",
    chooseFirst: "Choose an answer first.", itemQuestion: "Item {1}, question {2}",
    listenToFile: "Listen to the audio file {1}.", defaultTitle: "Listening exercise")

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
    outlierPrompt: "Sticht ein Ton von {1} heraus? Wenn ja, ungefähr wann?",
    noOutlier: "Kein Ton sticht heraus", yesOutlier: "Ja, {1}", below: "unter {1}",
    above: "über {1}", outsideAxis: "außerhalb der Achse", or: " oder ",
    fences:
      "Die Quartile sind {1} und {2}, also liegt ein Ausreißer {3} (mehr als das 1,5-Fache des Quartilsabstands jenseits eines Quartils)",
    noExplanation: "Nein. {1}; alle Werte liegen zwischen {2} und {3}.",
    yesExplanation: "Ja. {1}: {2}.", atInAudio: "{1}, bei {2} im Audio",
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
    checkAnswer: "Antwort {1} prüfen", right: "Richtig.", notThisOne: "Nicht diese.",
    notThisOneAnswer: "Nicht diese: Die Antwort ist „{1}“.",
    chooseFirst: "Wählen Sie zuerst eine Antwort.", itemQuestion: "Aufgabe {1}, Frage {2}",
    listenToFile: "Hören Sie die Audiodatei {1}.", defaultTitle: "Hörübung")

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
    outlierPrompt: "Une note de {1} se détache-t-elle des autres ? Si oui, vers quand ?",
    noOutlier: "Aucune note ne se détache", yesOutlier: "Oui, {1}", below: "sous {1}",
    above: "au-dessus de {1}", outsideAxis: "hors de l'axe", or: " ou ",
    fences:
      "Les quartiles sont {1} et {2}, donc une valeur aberrante se trouve {3} (à plus de 1,5 fois l'écart interquartile au-delà d'un quartile)",
    noExplanation: "Non. {1} ; toutes les valeurs sont entre {2} et {3}.",
    yesExplanation: "Oui. {1} : {2}.", atInAudio: "{1}, à {2} dans l'audio",
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
    checkAnswer: "Vérifier la réponse {1}", right: "Exact.", notThisOne: "Pas celle-ci.",
    notThisOneAnswer: "Pas celle-ci : la réponse est « {1} ».",
    chooseFirst: "Choisissez d'abord une réponse.", itemQuestion: "Exercice {1}, question {2}",
    listenToFile: "Écoutez le fichier audio {1}.", defaultTitle: "Exercice d'écoute")

  static let spanish = ExerciseWords(
    trendPrompt: "¿{1} sube sobre todo, baja o se mantiene estable?",
    trendChoices: ["Sube sobre todo", "Baja sobre todo", "Se mantiene más o menos estable"],
    trendHeads: ["Sube", "Baja", "Se mantiene estable"],
    levelLine:
      "una recta que pasa por los valores cambia {1} del principio al final, y los valores quedan entre {2} y {3}",
    slopeLine:
      "una recta que pasa por los valores va de {1} a {2} y explica el {3} % de la variación",
    trendExplanation: "{1}: {2}. Mínimo {3}; máximo {4}.", about: "aproximadamente {1}",
    peakPlacePrompt: "¿La nota más alta de {1} está al principio, en el medio o al final?",
    thirds: ["al principio", "en el medio", "al final"],
    peakPlaceExplanation:
      "Máximo: {1}. Suena en {2}, al {3} % del camino entre la primera nota ({4}) y la última ({5}).",
    peakWhenPrompt: "¿Cuándo es más alto {1}?",
    peakWherePrompt: "¿En qué valor de {1} es más alto {2}?",
    peakValueExplanation: "Máximo: {1}; el más alto de las otras opciones: {2}.",
    outlierPrompt: "¿Destaca alguna nota de {1} sobre las demás? Si es así, ¿hacia cuándo?",
    noOutlier: "Ninguna nota destaca", yesOutlier: "Sí, {1}", below: "por debajo de {1}",
    above: "por encima de {1}", outsideAxis: "fuera del eje", or: " o ",
    fences:
      "Los cuartiles son {1} y {2}, así que un valor atípico queda {3} (a más de 1,5 veces el rango intercuartílico más allá de un cuartil)",
    noExplanation: "No. {1}; todos los valores quedan entre {2} y {3}.",
    yesExplanation: "Sí. {1}: {2}.", atInAudio: "{1}, en {2} del audio",
    higherSeriesPrompt: "¿Qué instrumento suena más agudo en promedio?",
    meanOf: "Media de {1}: {2}.",
    highestInstrumentPrompt: "¿Qué instrumento toca las notas más agudas en promedio?",
    meanByAxis: "Media de {1} por {2}: {3}.",
    durationPrompt:
      "Las notas más largas significan más {1}. ¿Las notas más largas son más agudas o más graves?",
    durationChoices: [
      "Las notas largas son sobre todo más agudas", "Las notas largas son sobre todo más graves",
      "No hay una relación clara",
    ],
    durationHows: [
      "las notas largas son sobre todo más agudas: más {1} va con más {2}",
      "las notas largas son sobre todo más graves: más {1} va con menos {2}",
      "las duraciones y las alturas no están relacionadas",
    ],
    durationExplanation:
      "En las {1} notas tocadas, la correlación entre duración y altura es {2}: {3}.",
    instructions:
      "Escuche cada gráfico sonoro tantas veces como quiera y elija una respuesta para cada pregunta. El tiempo va de izquierda a derecha; las notas más agudas significan valores más altos.",
    practiceInstructions:
      "Compruebe cada respuesta con su botón: después aparecen los datos que la explican.",
    questions: "Preguntas", questionsOnItem: "Preguntas del ejercicio {1}",
    whatYouWillHear: "Lo que va a escuchar", exploreByEar: "Explorar de oído",
    audioFile: "Archivo de audio", answers: "{1}: soluciones",
    keyIntroduction:
      "Las soluciones de la hoja {1}. Cada respuesta correcta está marcada como «respuesta correcta» y en negrita; los tiempos cuentan desde el inicio del audio del ejercicio.",
    from: "De {1}.", rightAnswer: "respuesta correcta", why: "Por qué:",
    listenAt: "Escuchar en {1}", listenAtInAudio: " Escuchar en {1} del audio.",
    checkAnswer: "Comprobar la respuesta {1}", right: "Correcto.", notThisOne: "Esta no.",
    notThisOneAnswer: "Esta no: la respuesta es «{1}».",
    chooseFirst: "Elija primero una respuesta.", itemQuestion: "Ejercicio {1}, pregunta {2}",
    listenToFile: "Escuche el archivo de audio {1}.", defaultTitle: "Ejercicio de escucha")
}
