import Descriptor

/// The words of a chart page in its language: headings, the key list, and what the live region
/// says (which the script reads from the page's data).
struct PageWords: Encodable, Hashable {
  var explore: String
  var audioGraph: String
  var keysHeading: String
  var keys: [String]
  var about: String
  var axesAndSounds: String
  var mean: String
  var median: String
  var dataTable: String
  var series: String
  var label: String
  // What the live region says.
  var of: String
  var highest: String
  var lowest: String
  var noPoints: String
  var playingGraph: String
  /// "Playing " and " alone" around a series' name.
  var playing: String
  var alone: String
  var pausedAt: String
  var theStart: String
  var stopped: String
  var solo: String
  var allSeries: String
  var speed: String
  var keysHidden: String
  var keysShown: String
  /// The arrows' key in an exercise, where a point says its place, not its values.
  var quizStep: String
}

extension PageWords {
  /// The words of `language`.
  init(_ language: DescriptionLanguage) {
    switch language.code {
    case .german:
      self.init(
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
    case .french:
      self.init(
        explore: "Explorer à l'oreille", audioGraph: "graphique sonore",
        keysHeading: "Touches, le graphique ayant le focus",
        keys: [
          "point suivant / précédent de la série : sa note joue, ses valeurs sont dites",
          "série suivante / précédente, au point le plus proche dans le temps",
          "premier / dernier point", "le point le plus haut / le plus bas de la série",
          "jouer ou mettre en pause tout le graphique depuis le point courant", "arrêter",
          "n'écouter que la série courante, et revenir",
          "plus vite / plus lent, de 0,5x à 2x, à hauteur égale", "afficher ou masquer cette liste",
        ], about: "À propos de ce graphique", axesAndSounds: "Axes et sons", mean: "Moyenne",
        median: "Médiane", dataTable: "Les données en tableau", series: "Série",
        label: "Étiquette", of: "sur", highest: "Maximum : ", lowest: "Minimum : ",
        noPoints: "aucun point", playingGraph: "Le graphique joue", playing: "Seule la série ",
        alone: " joue", pausedAt: "En pause à ", theStart: "le début", stopped: "Arrêté",
        solo: "Solo : ", allSeries: "Toutes les séries", speed: "Vitesse ",
        keysHidden: "Liste des touches masquée",
        keysShown: "Liste des touches affichée, après le graphique",
        quizStep: "point suivant / précédent de la série : sa note joue, sa position est dite")
    case .spanish:
      self.init(
        explore: "Explorar de oído", audioGraph: "gráfico sonoro",
        keysHeading: "Teclas, con el gráfico enfocado",
        keys: [
          "punto siguiente / anterior de la serie: suena su nota y se dicen sus valores",
          "serie siguiente / anterior, en el punto más cercano en el tiempo",
          "primer / último punto", "el punto más alto / más bajo de la serie",
          "reproducir o pausar todo el gráfico desde el punto actual", "detener",
          "escuchar solo la serie actual, y volver",
          "más rápido / más lento, de 0,5x a 2x, con el mismo tono", "mostrar u ocultar esta lista",
        ], about: "Sobre este gráfico", axesAndSounds: "Ejes y sonidos", mean: "Media",
        median: "Mediana", dataTable: "Los datos en una tabla", series: "Serie",
        label: "Etiqueta", of: "de", highest: "Máximo: ", lowest: "Mínimo: ",
        noPoints: "sin puntos", playingGraph: "Suena el gráfico", playing: "Suena solo ",
        alone: "", pausedAt: "En pausa en ", theStart: "el inicio", stopped: "Detenido",
        solo: "Solo: ", allSeries: "Todas las series", speed: "Velocidad ",
        keysHidden: "Lista de teclas oculta", keysShown: "Lista de teclas visible, tras el gráfico",
        quizStep: "punto siguiente / anterior de la serie: suena su nota y se dice su posición")
    default:
      self.init(
        explore: "Explore by ear", audioGraph: "audio graph",
        keysHeading: "Keys, with the graph focused",
        keys: [
          "next / previous point of the series: its note plays, its values are said",
          "next / previous series, at the point nearest in time", "first / last point",
          "the highest / lowest point of the series",
          "play or pause the whole graph from the current point", "stop",
          "solo the current series, and back", "faster / slower, 0.5x to 2x, the pitch kept",
          "show or hide this list",
        ], about: "About this chart", axesAndSounds: "Axes and sounds", mean: "Mean",
        median: "Median", dataTable: "The data as a table", series: "Series", label: "Label",
        of: "of", highest: "Highest: ", lowest: "Lowest: ", noPoints: "no points",
        playingGraph: "Playing the graph", playing: "Playing ", alone: " alone",
        pausedAt: "Paused at ", theStart: "the start", stopped: "Stopped", solo: "Solo: ",
        allSeries: "All series", speed: "Speed ", keysHidden: "Key list hidden",
        keysShown: "Key list shown, after the graph",
        quizStep: "next / previous point of the series: its note plays, its place is said")
    }
  }
}
