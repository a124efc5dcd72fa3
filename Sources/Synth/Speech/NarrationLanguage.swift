import MIDIMap

/// The words a narration joins a chart's own texts with, in the language of its voice: English,
/// German, French or Spanish (any other voice speaks the English words). The chart's texts (its
/// title, summary, axis titles, series, categories and labels) are spoken as they are written;
/// the numbers the narration formats take the language's separators, so that a German voice reads
/// "1,38" as a decimal and "10.000" as ten thousand.
public struct NarrationLanguage: Hashable, Sendable {
  /// The languages with words of their own.
  public enum Code: String, CaseIterable, Sendable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
  }

  /// The language.
  public let code: Code

  /// The language of an eSpeak NG voice ("de", "fr-fr", "es-419", "en-us+f3"); English for a
  /// voice of any other language.
  public init(voice: String) {
    let language = voice.split(separator: "+").first.map(String.init) ?? voice
    let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
    code = Code(rawValue: primary) ?? .english
  }

  /// The words of a language.
  public init(_ code: Code) { self.code = code }

  // MARK: Numbers

  /// A number the narration formatted (with "," grouping thousands and "." before decimals), with
  /// the language's separators: only a separator between two digits changes.
  func number(_ text: String) -> String {
    guard code != .english else { return text }
    let (decimal, grouping): (Character, Character) = code == .french ? (",", " ") : (",", ".")
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      let between =
        index > 0 && index + 1 < characters.count && characters[index - 1].isNumber
        && characters[index + 1].isNumber
      switch character {
      case "." where between: result.append(decimal)
      case "," where between: result.append(grouping)
      default: result.append(character)
      }
    }
    return result
  }

  // MARK: Axes

  /// "The x axis is Year, from 1917 to 1975."
  func axisSentence(_ role: AxisRole, _ text: String) -> String {
    switch (code, role) {
    case (.english, .x): "The x axis is \(text)."
    case (.english, .y): "The y axis is \(text)."
    case (.english, .additional): "An additional axis is \(text)."
    case (.german, .x): "Die x-Achse ist \(text)."
    case (.german, .y): "Die y-Achse ist \(text)."
    case (.german, .additional): "Eine weitere Achse ist \(text)."
    case (.french, .x): "L'axe des x est \(text)."
    case (.french, .y): "L'axe des y est \(text)."
    case (.french, .additional): "Un axe supplémentaire est \(text)."
    case (.spanish, .x): "El eje x es \(text)."
    case (.spanish, .y): "El eje y es \(text)."
    case (.spanish, .additional): "Un eje adicional es \(text)."
    }
  }

  /// Which axis a sentence is about.
  enum AxisRole { case x, y, additional }

  /// "Year, from 1917 to 1975", with ", on a log10 scale" for a scale that is not linear.
  func numericAxis(_ title: String, from low: String, to high: String, scale: String?) -> String {
    let range: String
    switch code {
    case .english: range = "\(title), from \(low) to \(high)"
    case .german: range = "\(title), von \(low) bis \(high)"
    case .french: range = "\(title), de \(low) à \(high)"
    case .spanish: range = "\(title), de \(low) a \(high)"
    }
    guard let scale else { return range }
    switch code {
    case .english: return range + ", on a \(scale) scale"
    case .german: return range + ", auf einer \(scale)-Skala"
    case .french: return range + ", sur une échelle \(scale)"
    case .spanish: return range + ", en una escala \(scale)"
    }
  }

  /// "Month, with 12 categories: Jan, Feb, …".
  func categoricalAxis(_ title: String, categories: [String]) -> String {
    let count = categories.count
    let list = categories.joined(separator: ", ")
    switch code {
    case .english: return "\(title), with \(count) categor\(count == 1 ? "y" : "ies"): \(list)"
    case .german: return "\(title), mit \(count) Kategorie\(count == 1 ? "" : "n"): \(list)"
    case .french: return "\(title), avec \(count) catégorie\(count == 1 ? "" : "s") : \(list)"
    case .spanish: return "\(title), con \(count) categoría\(count == 1 ? "" : "s"): \(list)"
    }
  }

  // MARK: Instruments and reading

  /// "plays the flute" after a series or category name; `first` false for the ones after the
  /// first in a list ("Japan the flute").
  func plays(_ program: UInt7, first: Bool) -> String {
    let instrument = instrumentName(program)
    guard first else { return instrument }
    switch code {
    case .english: return "plays \(instrument)"
    case .german: return "spielt \(instrument)"
    case .french: return "joue \(instrument)"
    case .spanish: return "toca \(instrument)"
    }
  }

  /// "In Cars, " before the categories of one series among several.
  func inSeries(_ name: String) -> String {
    switch code {
    case .english: "In \(name), "
    case .german: "In \(name): "
    case .french: "Dans \(name) : "
    case .spanish: "En \(name): "
    }
  }

  /// An instrument as the object of "plays": "the flute", "die Flöte", "de la flûte", "la
  /// flauta". The programs of the default palettes have their names in every language; another
  /// program is named by its General MIDI name.
  func instrumentName(_ program: UInt7) -> String {
    let general = Instruments.name(of: program)
    switch code {
    case .english: return "the \(general.lowercased())"
    case .german: return Self.german[program.value] ?? general
    case .french: return Self.french[program.value] ?? "de l'instrument \(general)"
    case .spanish: return Self.spanish[program.value] ?? general
    }
  }

  private static let german: [UInt8: String] = [
    0: "den Flügel", 11: "das Vibraphon", 12: "das Marimbaphon", 14: "die Röhrenglocken",
    19: "die Kirchenorgel", 24: "die Gitarre", 40: "die Geige", 56: "die Trompete",
    68: "die Oboe", 71: "die Klarinette", 73: "die Flöte", 79: "die Okarina",
    80: "den Synthesizer",
  ]
  private static let french: [UInt8: String] = [
    0: "du piano", 11: "du vibraphone", 12: "du marimba", 14: "des cloches tubulaires",
    19: "de l'orgue", 24: "de la guitare", 40: "du violon", 56: "de la trompette",
    68: "du hautbois", 71: "de la clarinette", 73: "de la flûte", 79: "de l'ocarina",
    80: "du synthétiseur",
  ]
  private static let spanish: [UInt8: String] = [
    0: "el piano", 11: "el vibráfono", 12: "la marimba", 14: "las campanas tubulares",
    19: "el órgano", 24: "la guitarra", 40: "el violín", 56: "la trompeta", 68: "el oboe",
    71: "el clarinete", 73: "la flauta", 79: "la ocarina", 80: "el sintetizador",
  ]

  /// "time runs along Year", then "higher pitch means more Birth rate" and the like for the
  /// duration and loudness axes.
  func reading(time x: String, pitch y: String, duration: String?, loudness: String?) -> [String] {
    var parts: [String]
    switch code {
    case .english:
      parts = ["time runs along \(x)", "higher pitch means more \(y)"]
      if let duration { parts.append("longer notes mean more \(duration)") }
      if let loudness { parts.append("louder notes mean more \(loudness)") }
    case .german:
      parts = ["die Zeit läuft entlang \(x)", "höhere Töne bedeuten mehr \(y)"]
      if let duration { parts.append("längere Noten bedeuten mehr \(duration)") }
      if let loudness { parts.append("lautere Noten bedeuten mehr \(loudness)") }
    case .french:
      parts = ["le temps avance selon \(x)", "un son plus aigu signifie plus de \(y)"]
      if let duration { parts.append("des notes plus longues signifient plus de \(duration)") }
      if let loudness { parts.append("des notes plus fortes signifient plus de \(loudness)") }
    case .spanish:
      parts = ["el tiempo avanza según \(x)", "un tono más agudo significa más \(y)"]
      if let duration { parts.append("notas más largas significan más \(duration)") }
      if let loudness { parts.append("notas más fuertes significan más \(loudness)") }
    }
    return parts
  }

  /// The context track's sounds: the gridline ticks and the threshold earcons.
  var gridlineTicks: String {
    switch code {
    case .english: "soft ticks mark the gridlines"
    case .german: "leise Klicks markieren die Gitterlinien"
    case .french: "de légers clics marquent les lignes de la grille"
    case .spanish: "clics suaves marcan las líneas de la cuadrícula"
    }
  }

  var thresholdChirps: String {
    switch code {
    case .english:
      "a rising chirp marks a rise above a threshold, a falling chirp a fall below it"
    case .german:
      "ein steigender Ton markiert ein Überschreiten einer Schwelle, ein fallender ein Unterschreiten"
    case .french:
      "un son montant marque le passage au-dessus d'un seuil, un son descendant le passage en dessous"
    case .spanish:
      "un sonido ascendente marca el paso por encima de un umbral, uno descendente el paso por debajo"
    }
  }

  var gapNoise: String {
    switch code {
    case .english: "A soft noise plays where data is missing."
    case .german: "Ein leises Rauschen spielt, wo Daten fehlen."
    case .french: "Un léger bruit joue là où des données manquent."
    case .spanish: "Un ruido suave suena donde faltan datos."
    }
  }
}
