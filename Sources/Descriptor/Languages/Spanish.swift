extension DescriptionLanguage.Code {
  /// Spanish.
  public static let spanish = Self(rawValue: "es")
}

extension LanguageTable {
  /// Spanish.
  public static let spanish = LanguageTable(
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
    thresholdChirps:
      "un sonido ascendente marca el paso por encima de un umbral, uno descendente el paso por debajo",
    gapNoise: "Un ruido suave suena donde faltan datos.",
    extremes: { "\($0) alcanza su máximo con \($1) y su mínimo con \($2)." },
    outliers: { "\($0 == 1 ? "Un valor atípico" : "Valores atípicos"): \($1)." },
    repeated: { "\($0), \($1) veces, primero \($2)" })
}
