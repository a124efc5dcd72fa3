import Descriptor
import MIDIMap

/// The words a narration adds to a chart's description: the instruments, how to read the sound,
/// and the context track's cues, in the language of the narration's voice (see
/// `DescriptionLanguage`).
extension DescriptionLanguage {
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
    // What comes before each axis's title: time, pitch, duration, loudness.
    let before: [String] =
      switch code {
      case .english:
        [
          "time runs along ", "higher pitch means more ", "longer notes mean more ",
          "louder notes mean more ",
        ]
      case .german:
        [
          "die Zeit läuft entlang ", "höhere Töne bedeuten mehr ", "längere Noten bedeuten mehr ",
          "lautere Noten bedeuten mehr ",
        ]
      case .french:
        [
          "le temps avance selon ", "un son plus aigu signifie plus de ",
          "des notes plus longues signifient plus de ", "des notes plus fortes signifient plus de ",
        ]
      case .spanish:
        [
          "el tiempo avanza según ", "un tono más agudo significa más ",
          "notas más largas significan más ", "notas más fuertes significan más ",
        ]
      }
    return zip(before, [x, y, duration, loudness]).compactMap { words, title in
      title.map { words + $0 }
    }
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

  // MARK: After the graph

  /// "Birth rate is highest at 268 in 1960, and lowest at 146 in 1975."
  func extremes(_ name: String, highest: String, lowest: String) -> String {
    switch code {
    case .english: "\(name) is highest at \(highest), and lowest at \(lowest)."
    case .german: "\(name) ist am höchsten mit \(highest) und am niedrigsten mit \(lowest)."
    case .french: "\(name) atteint son maximum à \(highest) et son minimum à \(lowest)."
    case .spanish: "\(name) alcanza su máximo con \(highest) y su mínimo con \(lowest)."
    }
  }

  /// "An outlier: …." or "Outliers: …; …."
  func outliers(_ listed: [String]) -> String {
    let list = listed.joined(separator: separator(";"))
    let one = listed.count == 1
    switch code {
    case .english: return "\(one ? "An outlier" : "Outliers"): \(list)."
    case .german: return "\(one ? "Ein Ausreißer" : "Ausreißer"): \(list)."
    case .french: return "\(one ? "Une valeur aberrante" : "Des valeurs aberrantes") : \(list)."
    case .spanish: return "\(one ? "Un valor atípico" : "Valores atípicos"): \(list)."
    }
  }
}
