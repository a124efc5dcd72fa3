extension DescriptionLanguage.Code {
  /// Spanish.
  public static let spanish = Self(rawValue: "es")
}

extension LanguageTable {
  /// Spanish.
  package static let spanish = LanguageTable(
    code: .spanish, decimalSeparator: ",", groupingSeparator: ".",
    xAxis: { "El eje x es \($0)." },
    yAxis: { "El eje y es \($0)." },
    additionalAxis: { "Un eje adicional es \($0)." },
    numericRange: { "\($0), de \($1) a \($2)" },
    onScale: { ", en una escala \($0)" },
    categoricalAxis: { "\($0), con \($1) categoría\($1 == 1 ? "" : "s"): \($2)" },
    trendSentence: Trend(
      rises: "En general, sube.", falls: "En general, baja.",
      neither: "En general, ni sube ni baja."),
    trendPhrase: Trend(
      rises: "sube en general", falls: "baja en general", neither: "ni sube ni baja en general"),
    twoCompared: { "\($0) es en promedio más alto que \($1), por \($2)." },
    ranking: { "De mayor a menor en promedio: \($0)." },
    summary: { "\($0) \($1), con un máximo de \($2) y un mínimo de \($3)." },
    datePreposition: { $0.hasDay ? "el" : $0.hasTime ? "a las" : "en" },
    measurePreposition: "en", valuePreposition: "en",
    months: [
      "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
      "octubre", "noviembre", "diciembre",
    ],
    weekdays: ["jueves", "viernes", "sábado", "domingo", "lunes", "martes", "miércoles"],
    dayPattern: "%e de %B de %Y", monthPattern: "%B de %Y",
    highest: "máximo", lowest: "mínimo", outlier: "valor atípico", and: "y",
    plays: { "toca \($0)" },
    inSeries: { "En \($0): " },
    instrumentNames: [
      0: "el piano", 11: "el vibráfono", 12: "la marimba", 14: "las campanas tubulares",
      19: "el órgano", 24: "la guitarra", 40: "el violín", 56: "la trompeta", 68: "el oboe",
      71: "el clarinete", 73: "la flauta", 79: "la ocarina", 80: "el sintetizador",
    ],
    timbreNames: [
      "Struck string": "una cuerda percutida", "Sine": "un tono puro", "Mallet": "un mazo",
      "Wood mallet": "un mazo de madera", "Bowed": "una cuerda frotada", "Reed": "una lengüeta",
      "Plucked string": "una cuerda pulsada", "Bell": "una campana", "Organ": "un órgano",
      "Brass": "un metal", "Soft square": "una onda cuadrada suave",
      "Triangle": "una onda triangular", "Noise": "ruido", "Ticks": "tics",
    ],
    otherInstrument: { $0 },
    reading: [
      "el tiempo avanza según ", "un tono más agudo significa más ",
      "notas más largas significan más ", "notas más fuertes significan más ",
    ],
    gridlineTicks: "clics suaves marcan las líneas de la cuadrícula",
    thresholdChirps: {
      "un sonido ascendente marca el paso por encima de \($0), uno descendente el paso por debajo"
    },
    gapNoise: "Un ruido suave suena donde faltan datos.",
    extremes: { "\($0) alcanza su máximo con \($1) y su mínimo con \($2)." },
    outliers: { "\($0 == 1 ? "Un valor atípico" : "Valores atípicos"): \($1)." },
    repeated: { "\($0), \($1) veces, primero \($2)" })
}

extension PageWords {
  /// Spanish.
  static let spanish = PageWords(
    explore: "Explorar de oído", audioGraph: "gráfico sonoro",
    keysHeading: "Teclas, con el gráfico enfocado",
    keys: [
      "punto siguiente / anterior de la serie: suena su nota y se dicen sus valores",
      "serie siguiente / anterior, en el punto más cercano en el tiempo",
      "primer / último punto", "el punto más alto / más bajo de la serie",
      "reproducir o pausar todo el gráfico desde el punto actual", "detener",
      "escuchar solo la serie actual, y volver",
      "más rápido / más lento, de 0,5x a 2x, con el mismo tono", "mostrar u ocultar esta lista",
    ],
    keyNames: ["→ / ←", "↑ / ↓", "Inicio / Fin", "] / [", "Espacio", "Esc", "S", "+ / −", "? / H"],
    about: "Sobre este gráfico", axesAndSounds: "Ejes y sonidos", mean: "Media",
    median: "Mediana", dataTable: "Los datos en una tabla", series: "Serie",
    label: "Etiqueta", of: "de", highest: "Máximo: ", lowest: "Mínimo: ",
    noPoints: "sin puntos", playingGraph: "Suena el gráfico", playing: "Suena solo ",
    alone: "", pausedAt: "En pausa en ", theStart: "el inicio", stopped: "Detenido",
    solo: "Solo: ", allSeries: "Todas las series", speed: "Velocidad ",
    keysHidden: "Lista de teclas oculta", keysShown: "Lista de teclas visible, tras el gráfico",
    quizStep: "punto siguiente / anterior de la serie: suena su nota y se dice su posición")
}

extension ExerciseWords {
  /// Spanish.
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
    lowWhenPrompt: "¿Cuándo está {1} en su punto más bajo?",
    lowWherePrompt: "¿En qué valor de {1} está {2} en su punto más bajo?",
    lowValueExplanation: "Mínimo: {1}; el más bajo de las otras opciones: {2}.",
    seasonPrompts: [
      "¿En qué mes suele estar {1} en su punto más alto?",
      "¿En qué mes suele estar {1} en su punto más bajo?",
    ],
    seasonExplanations: [
      "El valor más alto de cada año: {1}.", "El valor más bajo de cada año: {1}.",
    ],
    seasonYear: "{1}: {2} ({3})",
    estimatePrompt:
      "¿Qué valor alcanza {1} aproximadamente en su punto más alto? Cuenta una respuesta que no se aleje más de {2}.",
    estimateExplanation: "Máximo: {1}; cuentan las respuestas de {2} a {3}.",
    yourAnswer: "Su respuesta", typeNumber: "Escriba primero un número.",
    outlierPrompt: "¿Destaca alguna nota de {1} sobre las demás? Si es así, ¿hacia cuándo?",
    noOutlier: "Ninguna nota destaca", yesOutlier: "Sí, {1}", below: "por debajo de {1}",
    above: "por encima de {1}", or: " o ",
    fences:
      "Los cuartiles son {1} y {2}, así que un valor atípico queda {3} (a más de 1,5 veces el rango intercuartílico más allá de un cuartil)",
    noExplanation: "{1}; todos los valores quedan entre {2} y {3}.",
    yesExplanation: "{1}: {2}.", atInAudio: "{1}, en {2} del audio",
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
    comparePrompt: "En {1}, ¿qué serie suena más aguda?",
    compareExplanation: "En {1}: {2}.",
    togetherPrompt: "¿Suben y bajan {1} y {2} a la vez?",
    togetherChoices: [
      "Sí, suben y bajan a la vez", "No, cuando una sube, la otra baja",
      "No hay una relación clara",
    ],
    togetherHows: [
      "suben y bajan a la vez", "cuando una sube, la otra suele bajar", "no están relacionadas",
    ],
    togetherExplanation:
      "En los {1} valores de {2} donde suenan las dos, la correlación de {3} y {4} es {5}: {6}.",
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
    checkAnswer: "Comprobar la respuesta {1}", right: "Correcto.", rightIs: "Correcto: {1}.",
    notThisOne: "Esta no.",
    notThisOneAnswer: "Esta no: la respuesta es «{1}».",
    chooseFirst: "Elija primero una respuesta.", itemQuestion: "Ejercicio {1}, pregunta {2}",
    listenToFile: "Escuche el archivo de audio {1}.",
    eachSeriesAlone: "Cada serie por separado:",
    onTheSheet:
      "El audio, cada serie por separado y un reproductor que recorre las notas con el teclado están en la hoja del alumno exercise.html, ejercicio {1}.",
    defaultTitle: "Ejercicio de escucha")
}
