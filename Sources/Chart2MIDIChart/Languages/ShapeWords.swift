/// The words that say a series' shape (see `SeriesShape` in the facts): its movements as verbs
/// for one series ("rises steeply from … to a high of …"), as nouns for several that share a shape
/// ("a rise to a high in Jul, then a fall"), its repeating pattern and its runs of unusual points.
/// Templates take their values for `{1}`, `{2}`, … (see `ExerciseWords.fill`). Each language's
/// are in its file.
package struct ShapeWords: Sendable {
  /// Verbs, after a series' name: "rises", "rises steeply", "falls", "falls steeply".
  package var rises: String
  package var risesSteeply: String
  package var falls: String
  package var fallsSteeply: String
  /// "from {1}": where the first movement starts (a value and its place).
  package var from: String
  /// "to a high of {1}", "to a low of {1}", "to {1}": where a movement ends.
  package var toHigh: String
  package var toLow: String
  package var to: String
  /// Without values or places, for a takeaway: "to a high", "to a low", "stays level",
  /// "jumps", "drops".
  package var toAHigh: String
  package var toALow: String
  package var staysLevel: String
  package var jumpsAlone: String
  package var dropsAlone: String
  /// "stays near {1}": a steady stretch that lasts to the end.
  package var holdsToEnd: String
  /// "stays near {1} until {2}": a steady stretch, its value and where it ends.
  package var holds: String
  /// "jumps to {1}", "drops to {1}".
  package var jumps: String
  package var drops: String
  /// Between movements, and before the last: ", " and ", then ".
  package var between: String
  package var beforeLast: String
  /// Nouns, for a shape several series share: "a rise", "a steep rise", …, "a steady stretch",
  /// "a jump", "a drop".
  package var aRise: String
  package var aSteepRise: String
  package var aFall: String
  package var aSteepFall: String
  package var aSteadyStretch: String
  package var aJump: String
  package var aDrop: String
  /// "{1} to a high {2}", "{1} to a low {2}": a noun and the place of its turn.
  package var nounToHigh: String
  package var nounToLow: String
  /// "{1} share one shape: {2}." (the series' names, the movements).
  package var shared: String
  /// "All {1} series share one shape: {2}." (how many, the movements): every series of a chart.
  package var allShared: String
  /// "around {1} each year" for a month, "each {1}" for a weekday.
  package var eachMonth: String
  package var eachWeekday: String
  /// "{1} peaks {2} and is lowest {3}.", "{1} peaks {2}.", "{1} is lowest {2}."
  package var seasonBoth: String
  package var seasonPeak: String
  package var seasonLow: String
  /// "From {1} to {2}, {3} points in a row lie far below the rest" and the same above: a run of
  /// unusual points, then `episodeLowest` or `episodeHighest` ("; the lowest is {1}") unless its
  /// extreme was said, then a full stop.
  package var episodeBelow: String
  package var episodeAbove: String
  package var episodeLowest: String
  package var episodeHighest: String
  /// "Its highest is {1}.", "Its lowest is {1}.": an extreme the movements did not name.
  package var alsoHighest: String
  package var alsoLowest: String
  /// "{1} and {2} more": a list cut short.
  package var andMore: String
  /// "Highest overall: {1}, {2}; lowest: {3}, {4}." (series and value, for several series).
  package var groupExtremes: String

  /// The words of `language`.
  package static func of(_ language: DescriptionLanguage) -> ShapeWords {
    switch language.code {
    case .german: german
    case .french: french
    case .spanish: spanish
    default: english
    }
  }

  /// English.
  static let english = ShapeWords(
    rises: "rises", risesSteeply: "rises steeply", falls: "falls", fallsSteeply: "falls steeply",
    from: "from {1}", toHigh: "to a high of {1}", toLow: "to a low of {1}", to: "to {1}",
    toAHigh: "to a high", toALow: "to a low", staysLevel: "stays level",
    jumpsAlone: "jumps", dropsAlone: "drops", holdsToEnd: "stays near {1}",
    holds: "stays near {1} until {2}", jumps: "jumps to {1}", drops: "drops to {1}",
    between: ", ", beforeLast: ", then ", aRise: "a rise", aSteepRise: "a steep rise",
    aFall: "a fall", aSteepFall: "a steep fall", aSteadyStretch: "a steady stretch",
    aJump: "a jump", aDrop: "a drop", nounToHigh: "{1} to a high {2}",
    nounToLow: "{1} to a low {2}", shared: "{1} share one shape: {2}.",
    allShared: "All {1} series share one shape: {2}.", eachMonth: "around {1} each year",
    eachWeekday: "each {1}", seasonBoth: "{1} peaks {2} and is lowest {3}.",
    seasonPeak: "{1} peaks {2}.", seasonLow: "{1} is lowest {2}.",
    episodeBelow: "From {1} to {2}, {3} points in a row lie far below the rest",
    episodeAbove: "From {1} to {2}, {3} points in a row lie far above the rest",
    episodeLowest: "; the lowest is {1}", episodeHighest: "; the highest is {1}",
    alsoHighest: "Its highest is {1}.", alsoLowest: "Its lowest is {1}.",
    andMore: "{1} and {2} more", groupExtremes: "Highest overall: {1}, {2}; lowest: {3}, {4}.")

  /// German.
  static let german = ShapeWords(
    rises: "steigt", risesSteeply: "steigt steil", falls: "fällt", fallsSteeply: "fällt steil",
    from: "von {1}", toHigh: "auf einen Höchststand von {1}",
    toLow: "auf einen Tiefststand von {1}", to: "auf {1}",
    toAHigh: "bis zu einem Höchststand", toALow: "bis zu einem Tiefststand",
    staysLevel: "bleibt gleich", jumpsAlone: "springt", dropsAlone: "stürzt",
    holdsToEnd: "bleibt nahe {1}", holds: "bleibt bis {2} nahe {1}",
    jumps: "springt auf {1}", drops: "stürzt auf {1}", between: ", ", beforeLast: " und ",
    aRise: "ein Anstieg", aSteepRise: "ein steiler Anstieg", aFall: "ein Rückgang",
    aSteepFall: "ein steiler Rückgang", aSteadyStretch: "eine ruhige Phase",
    aJump: "ein Sprung", aDrop: "ein Absturz", nounToHigh: "{1} bis zum Höchststand {2}",
    nounToLow: "{1} bis zum Tiefststand {2}", shared: "{1} haben dieselbe Form: {2}.",
    allShared: "Alle {1} Reihen haben dieselbe Form: {2}.",
    eachMonth: "jedes Jahr um den {1}", eachWeekday: "jeden {1}",
    seasonBoth: "{1} ist {2} am höchsten und {3} am niedrigsten.",
    seasonPeak: "{1} ist {2} am höchsten.", seasonLow: "{1} ist {2} am niedrigsten.",
    episodeBelow: "Von {1} bis {2} liegen {3} Punkte in Folge deutlich unter dem Rest",
    episodeAbove: "Von {1} bis {2} liegen {3} Punkte in Folge deutlich über dem Rest",
    episodeLowest: "; der niedrigste ist {1}", episodeHighest: "; der höchste ist {1}",
    alsoHighest: "Der höchste Wert ist {1}.", alsoLowest: "Der niedrigste Wert ist {1}.",
    andMore: "{1} und {2} weitere",
    groupExtremes: "Am höchsten insgesamt: {1}, {2}; am niedrigsten: {3}, {4}.")

  /// French.
  static let french = ShapeWords(
    rises: "monte", risesSteeply: "monte fortement", falls: "baisse",
    fallsSteeply: "baisse fortement", from: "de {1}", toHigh: "jusqu'à un sommet de {1}",
    toLow: "jusqu'à un creux de {1}", to: "jusqu'à {1}",
    toAHigh: "jusqu'à un sommet", toALow: "jusqu'à un creux",
    staysLevel: "reste stable", jumpsAlone: "bondit", dropsAlone: "chute",
    holdsToEnd: "reste près de {1}", holds: "reste près de {1} jusqu'à {2}",
    jumps: "bondit à {1}", drops: "chute à {1}", between: ", ", beforeLast: ", puis ",
    aRise: "une hausse", aSteepRise: "une forte hausse", aFall: "une baisse",
    aSteepFall: "une forte baisse", aSteadyStretch: "une période stable", aJump: "un bond",
    aDrop: "une chute", nounToHigh: "{1} jusqu'à un sommet {2}",
    nounToLow: "{1} jusqu'à un creux {2}", shared: "{1} ont la même forme : {2}.",
    allShared: "Les {1} séries ont la même forme : {2}.",
    eachMonth: "chaque année vers {1}", eachWeekday: "chaque {1}",
    seasonBoth: "{1} culmine {2} et est au plus bas {3}.", seasonPeak: "{1} culmine {2}.",
    seasonLow: "{1} est au plus bas {2}.",
    episodeBelow: "De {1} à {2}, {3} points consécutifs se situent nettement en dessous du reste",
    episodeAbove: "De {1} à {2}, {3} points consécutifs se situent nettement au-dessus du reste",
    episodeLowest: " ; le plus bas est {1}", episodeHighest: " ; le plus haut est {1}",
    alsoHighest: "Son maximum est {1}.", alsoLowest: "Son minimum est {1}.",
    andMore: "{1} et {2} autres",
    groupExtremes: "Le plus haut : {1}, {2} ; le plus bas : {3}, {4}.")

  /// Spanish.
  static let spanish = ShapeWords(
    rises: "sube", risesSteeply: "sube bruscamente", falls: "baja",
    fallsSteeply: "baja bruscamente", from: "desde {1}", toHigh: "hasta un máximo de {1}",
    toLow: "hasta un mínimo de {1}", to: "hasta {1}",
    toAHigh: "hasta un máximo", toALow: "hasta un mínimo",
    staysLevel: "se mantiene estable", jumpsAlone: "salta", dropsAlone: "cae",
    holdsToEnd: "se mantiene cerca de {1}",
    holds: "se mantiene cerca de {1} hasta {2}", jumps: "salta a {1}", drops: "cae a {1}",
    between: ", ", beforeLast: " y luego ", aRise: "una subida",
    aSteepRise: "una subida brusca", aFall: "una bajada", aSteepFall: "una bajada brusca",
    aSteadyStretch: "un tramo estable", aJump: "un salto", aDrop: "una caída",
    nounToHigh: "{1} hasta un máximo {2}", nounToLow: "{1} hasta un mínimo {2}",
    shared: "{1} tienen la misma forma: {2}.",
    allShared: "Las {1} series tienen la misma forma: {2}.", eachMonth: "cada año hacia {1}",
    eachWeekday: "cada {1}", seasonBoth: "{1} alcanza su máximo {2} y su mínimo {3}.",
    seasonPeak: "{1} alcanza su máximo {2}.", seasonLow: "{1} alcanza su mínimo {2}.",
    episodeBelow: "De {1} a {2}, {3} puntos seguidos quedan muy por debajo del resto",
    episodeAbove: "De {1} a {2}, {3} puntos seguidos quedan muy por encima del resto",
    episodeLowest: "; el más bajo es {1}", episodeHighest: "; el más alto es {1}",
    alsoHighest: "Su máximo es {1}.", alsoLowest: "Su mínimo es {1}.",
    andMore: "{1} y {2} más",
    groupExtremes: "Lo más alto: {1}, {2}; lo más bajo: {3}, {4}.")
}
