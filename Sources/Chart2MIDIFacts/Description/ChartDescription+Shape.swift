import Chart2MIDIBase
import Chart2MIDIChart
import Foundation

/// A series' shape in words (see `SeriesShape`): the sentences a narration says after the graph,
/// and the takeaway it says before.
extension ChartDescription {
  /// The shape of each series, in the order of `statistics`.
  package var shapes: [SeriesShape] {
    statistics.indices.map { SeriesShape(series: $0, of: chart, statistics: statistics[$0]) }
  }

  /// A point's x in the x axis's words, without a preposition ("Mar 2009").
  package func xText(_ point: SeriesStatistics.Point) -> String {
    let text = chart.xAxis.describe(point.x, in: language)
    return chart.xAxis.numeric != nil ? language.number(text) : text
  }

  /// Names as a list: "A, B and C", or "A, B, C and 4 more" past five.
  package func list(_ names: [String]) -> String {
    let words = ShapeWords.of(language)
    guard names.count > 1 else { return names.first ?? "" }
    if names.count > 5 {
      return ExerciseWords.fill(
        words.andMore, names.prefix(4).joined(separator: ", "), "\(names.count - 4)")
    }
    return names.dropLast().joined(separator: ", ") + " \(language.table.and) " + names.last!
  }

  /// The movements of `shape` as verbs: "rises from 10 in 2000 to a high of 50 in 2005, then
  /// falls to 12 in 2010"; nil for a shape not worth
  /// saying (see `SeriesShape.isSayable`).
  package func movements(_ shape: SeriesShape) -> String? {
    guard let start = shape.start, shape.isSayable else { return nil }
    let words = ShapeWords.of(language)
    // The first value and the last are said without their places: time runs from the start to
    // the end.
    let last = shape.legs.count - 1
    let parts = shape.legs.enumerated().map { at, leg -> String in
      let end = at == last ? valueAlone(leg.end) : valueText(for: leg.end)
      switch leg.kind {
      case .rise, .fall:
        let verb = Self.verb(of: leg, words)
        let from = at == 0 ? " " + ExerciseWords.fill(words.from, valueAlone(start)) : ""
        let to = leg.turn == .high ? words.toHigh : leg.turn == .low ? words.toLow : words.to
        return verb + from + " " + ExerciseWords.fill(to, end)
      case .hold:
        let near = language.number(statistic(leg.mean))
        return at == last
          ? ExerciseWords.fill(words.holdsToEnd, near)
          : ExerciseWords.fill(words.holds, near, xText(leg.end))
      case .jump: return ExerciseWords.fill(words.jumps, end)
      case .drop: return ExerciseWords.fill(words.drops, end)
      }
    }
    return Self.joined(parts, words)
  }

  /// A point's value without its place, with its label: "268 births (Peak)".
  func valueAlone(_ point: SeriesStatistics.Point) -> String {
    language.number(y(point.y)) + (point.label.map { " (\($0))" } ?? "")
  }

  /// The movements of `shape` without values or places, for a takeaway: "falls to a low, rises
  /// to a high, then falls steeply" (the details say where and how far); steady stretches at
  /// either end left out; nil for more than four movements.
  package func briefMovements(_ shape: SeriesShape) -> String? {
    guard shape.isSayable else { return nil }
    // Steady stretches at either end add little to a takeaway.
    var legs = shape.legs[...]
    while legs.count > 1, legs.first?.kind == .hold { legs = legs.dropFirst() }
    while legs.count > 1, legs.last?.kind == .hold { legs = legs.dropLast() }
    guard legs.count <= 4 else { return nil }
    let words = ShapeWords.of(language)
    let parts = legs.map { leg -> String in
      switch leg.kind {
      case .rise, .fall:
        let verb = Self.verb(of: leg, words)
        guard let turn = leg.turn else { return verb }
        return verb + " " + (turn == .high ? words.toAHigh : words.toALow)
      case .hold: return words.staysLevel
      case .jump: return words.jumpsAlone
      case .drop: return words.dropsAlone
      }
    }
    return Self.joined(parts, words)
  }

  /// "A, B, then C".
  static func joined(_ parts: [String], _ words: ShapeWords) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: words.between) + words.beforeLast + parts.last!
  }

  /// "Payroll rises from … to a high of …, then falls to …." for one series.
  package func shapeSentence(name: String, _ shape: SeriesShape) -> String? {
    movements(shape).map { ChartDescription.sentence(Self.capitalized(name) + " " + $0) }
  }

  /// The movements' kinds and turns: series with the same signature share a shape.
  package static func signature(_ shape: SeriesShape) -> [String] {
    shape.legs.map { "\($0.kind)\($0.steep)\($0.turn.map { "\($0)" } ?? "")" }
  }

  /// The verb of a rise or a fall: "rises", "falls steeply".
  static func verb(of leg: SeriesShape.Leg, _ words: ShapeWords) -> String {
    leg.kind == .rise
      ? (leg.steep ? words.risesSteeply : words.rises)
      : (leg.steep ? words.fallsSteeply : words.falls)
  }

  /// "2012, 2013 and 2014 share one shape: a rise to a high in Jul, then a fall." for series
  /// whose shapes have the same movements, turning at the same places (or two, in order); `brief`,
  /// the movements alone ("a rise, then a fall"), for a short intro; `all`, for every series of
  /// the chart, counts them instead of naming them ("All 4 series share one shape: …").
  package func sharedShapeSentence(
    names: [String], _ shapes: [SeriesShape], brief: Bool = false, all: Bool = false
  ) -> String? {
    guard names.count >= 2, let first = shapes.first, first.legs.count >= 2,
      shapes.allSatisfy(\.isSayable)
    else { return nil }
    let words = ShapeWords.of(language)
    let or = ExerciseWords.of(language).or
    var parts: [String] = []
    for (at, leg) in first.legs.enumerated() {
      let noun =
        switch leg.kind {
        case .rise: leg.steep ? words.aSteepRise : words.aRise
        case .fall: leg.steep ? words.aSteepFall : words.aFall
        case .hold: words.aSteadyStretch
        case .jump: words.aJump
        case .drop: words.aDrop
        }
      guard let turn = leg.turn, !brief else {
        parts.append(noun)
        continue
      }
      // In x order: by value, or by category's place.
      var places: [(x: Double, text: String)] = []
      for shape in shapes {
        let end = shape.legs[at].end
        let place = self.place(end).replacingOccurrences(
          of: " (\(end.label ?? ""))", with: "")
        if !places.contains(where: { $0.text == place }) {
          places.append((end.x.number ?? Double(shape.positions[end.index] ?? 0), place))
        }
      }
      guard places.count <= 2 else { return nil }
      parts.append(
        ExerciseWords.fill(
          turn == .high ? words.nounToHigh : words.nounToLow, noun,
          places.sorted { $0.x < $1.x }.map(\.text).joined(separator: or)))
    }
    return all
      ? ExerciseWords.fill(words.allShared, "\(names.count)", Self.joined(parts, words))
      : ExerciseWords.fill(words.shared, list(names), Self.joined(parts, words))
  }

  /// "Temperature peaks each July and is lowest each January."; nil without a season.
  package func seasonSentence(name: String, _ season: SeriesShape.Season) -> String? {
    let words = ShapeWords.of(language)
    func when(_ phase: Int) -> String {
      switch season.cycle {
      case .year: ExerciseWords.fill(words.eachMonth, language.table.months[phase - 1])
      // The weekdays are listed from Thursday; 0 is Monday.
      case .week: ExerciseWords.fill(words.eachWeekday, language.table.weekdays[(phase + 4) % 7])
      }
    }
    let name = Self.capitalized(name)
    switch (season.peak, season.trough) {
    case (let peak?, let trough?):
      return ExerciseWords.fill(words.seasonBoth, name, when(peak), when(trough))
    case (let peak?, nil): return ExerciseWords.fill(words.seasonPeak, name, when(peak))
    case (nil, let trough?): return ExerciseWords.fill(words.seasonLow, name, when(trough))
    case (nil, nil): return nil
    }
  }

  /// "From Jan 2008 to Sep 2009, 9 points in a row lie far below the rest; the lowest is …."
  /// (without its extreme when `sayExtreme` is false: said before).
  package func episodeSentence(_ episode: SeriesShape.Episode, sayExtreme: Bool = true) -> String {
    let words = ShapeWords.of(language)
    let run = ExerciseWords.fill(
      episode.below ? words.episodeBelow : words.episodeAbove, xText(episode.first),
      xText(episode.last), "\(episode.count)")
    guard sayExtreme else { return run + "." }
    return run
      + ExerciseWords.fill(
        episode.below ? words.episodeLowest : words.episodeHighest,
        valueText(for: episode.extreme)) + "."
  }

  /// The facts of one series after the graph: its shape (or its season and trend, or, for a shape
  /// too busy to say, its extremes and trend) unless `sayShape` is false (said before), an extreme
  /// its movements did not name unless `extremesSaid`, the trend unless `trendSaid`, its runs of unusual points that no turn
  /// explains, and its other outliers.
  package func shapeSentences(
    _ stats: SeriesStatistics, _ shape: SeriesShape, sayShape: Bool = true,
    extremesSaid: Bool = false, trendSaid: Bool = false
  ) -> [String] {
    guard let highest = stats.maximum, let lowest = stats.minimum else { return [] }
    let name = self.name(of: stats)
    let words = ShapeWords.of(language)
    var sentences: [String] = []
    var named = Set(shape.namedPoints.map(\.index))
    let busy = shape.season == nil && movements(shape) == nil
    if let season = shape.season {
      if sayShape, let sentence = seasonSentence(name: name, season) {
        sentences.append(sentence)
        if let trend = stats.trend, trend.direction != .flat {
          sentences.append(language.trend(trend.direction, sentence: true))
        }
      }
      named = []
    } else if sayShape, !busy, let sentence = shapeSentence(name: name, shape) {
      sentences.append(sentence)
    } else if busy {
      if sayShape {
        var sentence = language.extremes(
          name, highest: extremeText(for: highest, count: stats.maximumCount),
          lowest: extremeText(for: lowest, count: stats.minimumCount))
        if !trendSaid, let trend = stats.trend, trend.direction != .flat {
          sentence += " " + language.trend(trend.direction, sentence: true)
        }
        sentences.append(sentence)
      }
      named = [highest.index, lowest.index]
    }
    if extremesSaid { named.formUnion([highest.index, lowest.index]) }
    // A run of unusual points is one episode, unless a turn of the shape lies in it; it names its
    // extreme unless that was said, and an extreme it names is not said again.
    var inEpisodes = Set<Int>()
    var episodes: [String] = []
    let turns = shape.legs.filter { $0.turn != nil }.compactMap { shape.positions[$0.end.index] }
    for episode in shape.episodes {
      for position in episode.positions { inEpisodes.insert(position) }
      guard !turns.contains(where: episode.positions.contains) else { continue }
      let said = named.contains(episode.extreme.index)
      episodes.append(episodeSentence(episode, sayExtreme: !said))
      named.insert(episode.extreme.index)
    }
    if !named.contains(highest.index) {
      sentences.append(
        ExerciseWords.fill(words.alsoHighest, extremeText(for: highest, count: stats.maximumCount)))
      named.insert(highest.index)
    }
    if !named.contains(lowest.index) {
      sentences.append(
        ExerciseWords.fill(words.alsoLowest, extremeText(for: lowest, count: stats.minimumCount)))
      named.insert(lowest.index)
    }
    sentences += episodes
    let others = stats.outliers.filter {
      !named.contains($0.index) && !inEpisodes.contains(shape.positions[$0.index] ?? -1)
    }
    if !others.isEmpty {
      var listed = others.prefix(3).map(valueText)
      if others.count > 3 {
        listed[listed.count - 1] = ExerciseWords.fill(
          words.andMore, listed[listed.count - 1], "\(others.count - 3)")
      }
      sentences.append(language.outliers(listed))
    }
    return sentences
  }

  /// "Highest overall: 2015, 81 degrees in Jul; lowest: 2013, 40 degrees in Dec." for series
  /// said together.
  package func groupExtremes(_ members: [SeriesStatistics]) -> String? {
    let valued = members.filter { $0.maximum != nil && $0.minimum != nil }
    guard let top = valued.max(by: { $0.maximum!.y < $1.maximum!.y }),
      let bottom = valued.min(by: { $0.minimum!.y < $1.minimum!.y })
    else { return nil }
    return ExerciseWords.fill(
      ShapeWords.of(language).groupExtremes, name(of: top), valueText(for: top.maximum!),
      name(of: bottom), valueText(for: bottom.minimum!))
  }

  static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
