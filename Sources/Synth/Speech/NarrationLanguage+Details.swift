import Descriptor

/// The sentences after the graph: each series' extremes, trend and outliers, the comparison of
/// series, and a summary made from them when the chart has none.
extension NarrationLanguage {
  /// A trend in words, as a sentence of its own ("It rises overall.") or within a summary
  /// ("rises overall").
  func trend(_ direction: SeriesStatistics.Direction?, sentence: Bool) -> String {
    switch (code, direction, sentence) {
    case (.english, .increasing?, true): "It rises overall."
    case (.english, .decreasing?, true): "It falls overall."
    case (.english, _, true): "It shows no overall rise or fall."
    case (.english, .increasing?, false): "rises overall"
    case (.english, .decreasing?, false): "falls overall"
    case (.english, _, false): "shows no overall rise or fall"
    case (.german, .increasing?, true): "Insgesamt steigt es."
    case (.german, .decreasing?, true): "Insgesamt fällt es."
    case (.german, _, true): "Es zeigt insgesamt weder Anstieg noch Abfall."
    case (.german, .increasing?, false): "steigt insgesamt"
    case (.german, .decreasing?, false): "fällt insgesamt"
    case (.german, _, false): "zeigt insgesamt weder Anstieg noch Abfall"
    case (.french, .increasing?, true): "Dans l'ensemble, la série monte."
    case (.french, .decreasing?, true): "Dans l'ensemble, la série descend."
    case (.french, _, true): "Dans l'ensemble, la série ne monte ni ne descend."
    case (.french, .increasing?, false): "monte dans l'ensemble"
    case (.french, .decreasing?, false): "descend dans l'ensemble"
    case (.french, _, false): "ne monte ni ne descend dans l'ensemble"
    case (.spanish, .increasing?, true): "En general, sube."
    case (.spanish, .decreasing?, true): "En general, baja."
    case (.spanish, _, true): "En general, ni sube ni baja."
    case (.spanish, .increasing?, false): "sube en general"
    case (.spanish, .decreasing?, false): "baja en general"
    case (.spanish, _, false): "ni sube ni baja en general"
    }
  }

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
    let list = listed.joined(separator: "; ")
    let one = listed.count == 1
    switch code {
    case .english: return "\(one ? "An outlier" : "Outliers"): \(list)."
    case .german: return "\(one ? "Ein Ausreißer" : "Ausreißer"): \(list)."
    case .french: return "\(one ? "Une valeur aberrante" : "Des valeurs aberrantes") : \(list)."
    case .spanish: return "\(one ? "Un valor atípico" : "Valores atípicos"): \(list)."
    }
  }

  /// "High is higher on average than Low, by 10." for two series, the order from the highest for
  /// more.
  func comparison(_ ranked: [String], by difference: String) -> String {
    if ranked.count == 2 {
      let (a, b) = (ranked[0], ranked[1])
      switch code {
      case .english: return "\(a) is higher on average than \(b), by \(difference)."
      case .german: return "\(a) liegt im Mittel um \(difference) höher als \(b)."
      case .french: return "\(a) est en moyenne plus élevé que \(b), de \(difference)."
      case .spanish: return "\(a) es en promedio más alto que \(b), por \(difference)."
      }
    }
    let list = ranked.joined(separator: ", ")
    switch code {
    case .english: return "From highest to lowest on average: \(list)."
    case .german: return "Vom höchsten zum niedrigsten Mittelwert: \(list)."
    case .french: return "Du plus élevé au plus bas en moyenne : \(list)."
    case .spanish: return "De mayor a menor en promedio: \(list)."
    }
  }

  /// A summary's sentence for one series: "Births rises overall, with a high of … and a low of
  /// …."
  func summary(_ name: String, trend: String, high: String, low: String) -> String {
    switch code {
    case .english: "\(name) \(trend), with a high of \(high) and a low of \(low)."
    case .german:
      "\(name) \(trend), mit einem Höchstwert von \(high) und einem Tiefstwert von \(low)."
    case .french: "\(name) \(trend), avec un maximum de \(high) et un minimum de \(low)."
    case .spanish: "\(name) \(trend), con un máximo de \(high) y un mínimo de \(low)."
    }
  }

  /// The word before an x value: for English the date format's ("on", "in", "at"), else "at"
  /// for a measure with a unit and "in" for a number or category; their counterparts elsewhere.
  func preposition(dateWord: String?, measure: Bool) -> String {
    switch code {
    case .english: dateWord ?? (measure ? "at" : "in")
    case .german: measure ? "bei" : "in"
    case .french: measure ? "à" : "en"
    case .spanish: "en"
    }
  }
}

/// A chart's facts in a narration's words.
struct NarratedFacts {
  let language: NarrationLanguage
  let description: ChartDescription

  var chart: ChartDescriptor { description.chart }

  /// An axis in words: "Year, from 1917 to 1975".
  func axis(_ axis: Axis) -> String {
    switch axis {
    case .numeric(let numeric):
      return language.numericAxis(
        numeric.title, from: language.number(numeric.describe(numeric.range.lowerBound)),
        to: language.number(numeric.describe(numeric.range.upperBound)),
        scale: numeric.scaleType == .linear ? nil : numeric.scaleType.rawValue)
    case .categorical(let categorical):
      return language.categoricalAxis(categorical.title, categories: categorical.categoryOrder)
    }
  }

  /// The sentences of the axes: x, y, then each additional axis.
  var axisSentences: [String] {
    [
      language.axisSentence(.x, axis(chart.xAxis)),
      language.axisSentence(.y, axis(.numeric(chart.yAxis))),
    ] + chart.additionalAxes.map { language.axisSentence(.additional, axis($0)) }
  }

  /// "in 1960", "at 1.38 tons (Toyota Prius)", "in Jul".
  func place(_ point: SeriesStatistics.Point) -> String {
    var x = chart.xAxis.describe(point.x)
    let measure = x.contains(where: \.isLetter) && chart.xAxis.categorical == nil
    if chart.xAxis.numeric != nil { x = language.number(x) }
    let preposition = language.preposition(
      dateWord: chart.xAxis.numeric?.dateFormat?.preposition, measure: measure)
    let label = point.label.map { " (\($0))" } ?? ""
    return "\(preposition) \(x)\(label)"
  }

  /// A point's value and place: "268 births per 10,000 people in 1960 (Peak)".
  func value(_ point: SeriesStatistics.Point) -> String {
    "\(language.number(description.y(point.y))) \(place(point))"
  }

  /// The comparison of the series' means, when there are two or more.
  var comparison: String? {
    let ranked = description.statistics.filter { $0.mean != nil }.sorted { $0.mean! > $1.mean! }
    guard ranked.count >= 2 else { return nil }
    return language.comparison(
      ranked.map(\.name),
      by: language.number(description.statistic(ranked[0].mean! - ranked[1].mean!)))
  }

  /// The chart's summary, or one made from each series' trend and extremes.
  var summary: String {
    if let given = chart.summary, !given.isEmpty { return given }
    var sentences = description.statistics.compactMap { stats -> String? in
      guard let lowest = stats.minimum, let highest = stats.maximum else { return nil }
      return language.summary(
        description.name(of: stats), trend: language.trend(stats.trend?.direction, sentence: false),
        high: value(highest), low: value(lowest))
    }
    if let comparison { sentences.append(comparison) }
    return sentences.joined(separator: " ")
  }

  /// Per series: its extremes, its trend and its outliers.
  var seriesSentences: [String] {
    description.statistics.compactMap { stats in
      guard let highest = stats.maximum, let lowest = stats.minimum else { return nil }
      let name = stats.name.isEmpty ? chart.title : stats.name
      var sentence = language.extremes(name, highest: value(highest), lowest: value(lowest))
      if let trend = stats.trend {
        sentence += " " + language.trend(trend.direction, sentence: true)
      }
      if !stats.outliers.isEmpty { sentence += " " + language.outliers(stats.outliers.map(value)) }
      return sentence
    }
  }
}
