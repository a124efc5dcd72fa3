import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIExercises
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import Testing

/// Charts built here with known answers; each expected answer is computed in the test from the
/// data, not taken from the code under test.
@Suite("Questions from a chart's statistics")
struct QuestionMakerTests {
  /// A chart of one or more series over x = 0...(count - 1), the y axis 0...100.
  static func chart(
    _ series: [(name: String, ys: [Double])], durations: [Double]? = nil,
    categories: [String]? = nil
  ) -> ChartDescriptor {
    let count = series[0].ys.count
    var additional: [Axis] = []
    if durations != nil {
      additional.append(.numeric(NumericAxis(title: "Price", range: 0...100)))
    }
    if let categories {
      additional.append(
        .categorical(
          CategoricalAxis(title: "Maker", categoryOrder: Array(Set(categories)).sorted())))
    }
    let dataSeries = series.map { entry in
      DataSeries(
        name: entry.name, isContinuous: false,
        dataPoints: entry.ys.enumerated().map { index, y in
          var extra: [DataValue] = []
          if let durations { extra.append(.number(durations[index])) }
          if let categories { extra.append(.category(categories[index])) }
          return DataPoint(x: .number(Double(index)), y: y, additionalValues: extra)
        })
    }
    return ChartDescriptor(
      title: "Test chart",
      xAxis: .numeric(NumericAxis(title: "Day", range: 0...Double(count - 1))),
      yAxis: NumericAxis(title: "Level", range: 0...100), additionalAxes: additional,
      series: dataSeries)
  }

  /// The questions of a chart whose graph starts `offset` seconds into the audio (as after a
  /// spoken intro: the score's timeline says so).
  static func questions(_ chart: ChartDescriptor, offset: Double = 0) throws -> [Question] {
    var score = try ChartMapper().makeScore(for: chart)
    score.delay(by: offset)
    return QuestionMaker(chart: chart, score: score).candidates
  }

  /// A wobble that repeats every five points: deterministic noise.
  static func wobble(_ index: Int, _ size: Double) -> Double {
    [0.0, 1, -1, 0.5, -0.5][index % 5] * size
  }

  /// Least squares of y on x = 0, 1, 2, ...: slope and r².
  static func fit(_ ys: [Double]) -> (slope: Double, r2: Double) {
    let n = Double(ys.count)
    let xs = ys.indices.map(Double.init)
    let mx = xs.reduce(0, +) / n
    let my = ys.reduce(0, +) / n
    let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
    let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
    let syy = ys.reduce(0) { $0 + ($1 - my) * ($1 - my) }
    return (sxy / sxx, sxy * sxy / (sxx * syy))
  }

  @Test func aRisingLineRises() throws {
    let ys = (0..<20).map { 20 + Double($0) * 3 + Self.wobble($0, 4) }
    let (slope, r2) = Self.fit(ys)
    #expect(slope > 0 && r2 >= QuestionMaker.clearTrend)
    let trend = try #require(
      try Self.questions(Self.chart([("A", ys)])).first { $0.kind == .trend })
    #expect(trend.rightChoice == "It mostly rises")
    #expect(trend.prompt == "Does Level mostly rise, fall or stay level?")
    #expect(trend.explanation.contains("\(Int((r2 * 100).rounded()))% of the variation"))
  }

  @Test func aFallingLineFallsAndALevelOneStaysLevel() throws {
    let falling = (0..<20).map { 90 - Double($0) * 3 + Self.wobble($0, 4) }
    #expect(Self.fit(falling).slope < 0)
    let fall = try Self.questions(Self.chart([("A", falling)])).first { $0.kind == .trend }
    #expect(fall?.rightChoice == "It mostly falls")
    let flat = (0..<20).map { 50 + Self.wobble($0, 4) }
    #expect(abs(Self.fit(flat).slope * 19) < QuestionMaker.levelChange * 100)
    let level = try Self.questions(Self.chart([("A", flat)])).first { $0.kind == .trend }
    #expect(level?.rightChoice == "It stays about level")
  }

  @Test func aNoisyLineIsNotAskedItsDirection() throws {
    // Rises a little under large swings: neither level nor a clear rise.
    let ys: [Double] = (0..<20).map { index -> Double in
      let swing: Double = index % 2 == 0 ? 25 : -10
      return 30 + Double(index) * 1.2 + swing
    }
    let (_, r2) = Self.fit(ys)
    #expect(r2 < QuestionMaker.clearTrend)
    #expect(try Self.questions(Self.chart([("A", ys)])).allSatisfy { $0.kind != .trend })
  }

  @Test func aLatePeakIsNearTheEndAndItsTimeIsTheNotes() throws {
    var ys = (0..<30).map { 30 + Self.wobble($0, 3) }
    ys[26] = 90
    // Time zero is the first point; the x axis spans the default 10 seconds.
    let offset = 2.5
    let questions = try Self.questions(Self.chart([("A", ys)]), offset: offset)
    let place = try #require(questions.first { $0.kind == .peakPlace })
    #expect(place.rightChoice == "Near the end")
    let expected = offset + 10 * 26.0 / 29.0
    #expect(abs(try #require(place.listenAt) - expected) < 0.01)
    let value = try #require(questions.first { $0.kind == .peakValue })
    #expect(value.rightChoice == "26")
    #expect(value.choices.count == 4)
  }

  @Test func aPeakWithARivalElsewhereIsNotPlaced() throws {
    var ys = (0..<30).map { 30 + Self.wobble($0, 3) }
    ys[3] = 86
    ys[26] = 90
    #expect(90 - 86 < QuestionMaker.margin * 100)
    let questions = try Self.questions(Self.chart([("A", ys)]))
    #expect(!questions.contains { $0.kind == .peakPlace || $0.kind == .peakValue })
  }

  /// The quartiles by linear interpolation, as a spreadsheet's QUARTILE.INC gives them.
  static func quartiles(_ values: [Double]) -> (Double, Double) {
    let sorted = values.sorted()
    func at(_ q: Double) -> Double {
      let position = q * Double(sorted.count - 1)
      let low = Int(position)
      let high = min(sorted.count - 1, low + 1)
      return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
    return (at(0.25), at(0.75))
  }

  @Test func aClearOutlierStandsOutInTheMiddleAndASmoothLineHasNone() throws {
    // About level, and one value far above the upper fence, in the middle.
    var ys = (0..<30).map { 50 + Self.wobble($0, 6) }
    ys[14] = 95
    let (q1, q3) = Self.quartiles(ys)
    #expect(95 > q3 + 2 * (q3 - q1))
    let outlier = try #require(
      try Self.questions(Self.chart([("A", ys)])).first { $0.kind == .outlier })
    #expect(outlier.rightChoice == "Yes, in the middle")
    #expect(outlier.explanation.contains("95"))
    // The explanation says the school rule with the test's own quartiles and fence.
    #expect(outlier.explanation.contains("The quartiles are \(ValueFormat.plain(q1))"))
    #expect(outlier.explanation.contains("above \(ValueFormat.plain(q3 + 1.5 * (q3 - q1)))"))
    // A rising line: every value well inside the fences, no note jumps.
    let smooth = (0..<30).map { 20 + Double($0) * 2 + Self.wobble($0, 1) }
    let none = try #require(
      try Self.questions(Self.chart([("A", smooth)])).first { $0.kind == .outlier })
    #expect(none.rightChoice == "No note stands out")
    #expect(none.explanation.hasPrefix("The quartiles are "))
    // Both fences are said, the lower one though it lies below the axis: the figures used.
    let (low, high) = Self.quartiles(smooth)
    #expect(low - 1.5 * (high - low) < 0)
    // Statistics are rounded one decimal finer than the data (77.5): two here.
    #expect(none.explanation.contains("below \(String(format: "%.2f", low - 1.5 * (high - low)))"))
    #expect(none.explanation.contains("above \(String(format: "%.2f", high + 1.5 * (high - low)))"))
    // A spike on a rising line is inside the fences but jumps from its neighbours: neither yes
    // nor no is clear, and the question is not asked.
    var spiked = smooth
    spiked[14] = 95
    #expect(try Self.questions(Self.chart([("A", spiked)])).allSatisfy { $0.kind != .outlier })
  }

  @Test func twoSeriesFarApartAreComparedByTheirInstrumentsUnlessTheNamesSayIt() throws {
    let low = (0..<12).map { 30 + Self.wobble($0, 5) }
    let high = (0..<12).map { 60 + Self.wobble($0, 5) }
    let means = [low, high].map { $0.reduce(0, +) / 12 }
    #expect(means[1] - means[0] >= QuestionMaker.margin * 100)
    let chart = Self.chart([("North", low), ("South", high)])
    let score = try ChartMapper().makeScore(for: chart)
    // The instruments as the score's tracks play them, named here.
    func instrument(_ name: String) throws -> String {
      let program = try #require(score.tracks.first { $0.stem == name }).program
      return "The \(Instruments.name(of: program).lowercased())"
    }
    let compare = try #require(
      QuestionMaker(chart: chart, score: score).candidates.first { $0.kind == .higherSeries })
    #expect(compare.prompt == "Which instrument sounds higher on average?")
    #expect(compare.choices == [try instrument("North"), try instrument("South")])
    #expect(compare.rightChoice == (try instrument("South")))
    // Names that give the answer away: the comparison is not asked.
    for names in [("Low", "High"), ("Low temperature", "High temperature"), ("Min", "Max")] {
      #expect(
        try Self.questions(Self.chart([(names.0, low), (names.1, high)])).allSatisfy {
          $0.kind != .higherSeries
        }, "\(names)")
    }
    let close = (0..<12).map { 35 + Self.wobble($0, 5) }
    #expect(abs(close.reduce(0, +) / 12 - means[0]) < QuestionMaker.margin * 100)
    #expect(
      try Self.questions(Self.chart([("North", low), ("Close", close)])).allSatisfy {
        $0.kind != .higherSeries
      })
  }

  /// The rounding trap: a peak at 2007.75 on an x axis written "%.0f" is not "2008".
  @Test func aPeakBetweenTheFormatsPlacesIsNamedTruly() throws {
    let xs = stride(from: 2000.0, through: 2010, by: 0.25).map { $0 }
    let ys = xs.map { x -> Double in x == 2007.75 ? 95 : 30 + 20 * sin(x * 2.1) }
    let chart = ChartDescriptor(
      title: "Prices",
      xAxis: .numeric(
        NumericAxis(title: "Year", range: 2000...2010, valueFormat: try ValueFormat("%.0f"))),
      yAxis: NumericAxis(title: "Price", range: 0...100),
      series: [
        DataSeries(
          name: "GOOG", isContinuous: true,
          dataPoints: zip(xs, ys).map { DataPoint(x: .number($0), y: $1) })
      ])
    let questions = try Self.questions(chart)
    let value = try #require(questions.first { $0.kind == .peakValue })
    #expect(value.rightChoice == "2007.75")
    #expect(!value.choices.contains("2008"))
    #expect(Set(value.choices).count == 4)
    #expect(value.explanation.hasPrefix("Highest: 95 in 2007.75"))
  }

  /// A seasonal series (a year of a sine's crest): no direction; its peak's place is measured in
  /// the audio, here computed from the notes' times.
  @Test func aSeasonalSeriesHasNoTrendAndItsPeakIsPlacedInTheAudio() throws {
    let ys = (0..<48).map { 50 - 35 * cos(Double($0) / 47 * 2 * .pi) + Self.wobble($0, 2) }
    let chart = Self.chart([("Temperature", ys)])
    let score = try ChartMapper().makeScore(for: chart)
    let questions = QuestionMaker(chart: chart, score: score).candidates
    #expect(!questions.contains { $0.kind == .trend })
    let place = try #require(questions.first { $0.kind == .peakPlace })
    let times = (0..<48).map { score.timeline.audioTime(ofPoint: $0, inSeries: 0)! }
    let peak = ys.indices.max { ys[$0] < ys[$1] }!
    let fraction = (times[peak] - times.min()!) / (times.max()! - times.min()!)
    #expect(
      place.rightChoice
        == ["Near the beginning", "In the middle", "Near the end"][Int(fraction * 3)])
    #expect(place.listenAt == times[peak])
  }

  /// Over 20 seeds, an exercise of charts that each offer an outlier or a peak's place never
  /// makes one answer right in more than half (rounded up) of those questions.
  @Test func answersAreBalancedAcrossAnExercise() throws {
    var charts: [ChartDescriptor] = []
    for index in 0..<8 {
      // Level series with a spike early, in the middle or late; rising lines without one.
      var ys = (0..<30).map { 50 + Self.wobble($0 + index, 6) }
      if index % 2 == 0 {
        ys[[3, 14, 26][index / 2 % 3]] = 95
      } else {
        ys = (0..<30).map { 20 + Double($0) * 2 + Self.wobble($0 + index, 1) }
      }
      charts.append(Self.chart([("S\(index)", ys)]))
    }
    let candidates = try charts.map { chart in
      QuestionMaker(chart: chart, score: try ChartMapper().makeScore(for: chart)).candidates
    }
    var asked: [Question.Kind: Int] = [:]
    for seed in 1...20 {
      var generator = SeededGenerator(seed: UInt64(seed))
      let chosen = QuestionMaker.choose(candidates, count: 2, using: &generator).flatMap { $0 }
      for kind in [Question.Kind.outlier, .peakPlace] {
        let answers = chosen.filter { $0.kind == kind }.map {
          kind == .outlier ? ($0.answer == 0 ? 0 : 1) : $0.answer
        }
        let most = Dictionary(grouping: answers) { $0 }.values.map(\.count).max() ?? 0
        #expect(most <= (answers.count + 1) / 2, "seed \(seed), \(kind): \(answers)")
        asked[kind, default: 0] += answers.count
      }
    }
    // Both kinds were asked, many times.
    #expect(asked[.outlier, default: 0] >= 20 && asked[.peakPlace, default: 0] >= 20, "\(asked)")
  }

  @Test func longerNotesComeWithHigherPitchAndTheHighestInstrumentIsNamed() throws {
    let ys = (0..<16).map { 20 + Double($0 * 37 % 16) * 4 }
    let durations = ys.map { $0 * 0.8 + 5 }
    let makers = (0..<16).map { ys[$0] > 60 ? "Zeta" : ($0 % 2 == 0 ? "Alpha" : "Beta") }
    let chart = Self.chart([("Cars", ys)], durations: durations, categories: makers)
    let questions = try Self.questions(chart)
    let link = try #require(questions.first { $0.kind == .durationLink })
    #expect(link.rightChoice == "Longer notes are mostly higher")
    let instrument = try #require(questions.first { $0.kind == .highestInstrument })
    // The maker whose notes are highest on average, by this test's own sums.
    var sums: [String: [Double]] = [:]
    for (maker, y) in zip(makers, ys) { sums[maker, default: []].append(y) }
    let averages = sums.mapValues { $0.reduce(0, +) / Double($0.count) }
    let top = averages.max { $0.value < $1.value }!.key
    #expect(instrument.rightChoice.hasSuffix("(\(top))"))
    #expect(instrument.choices.count == 3)
    // Durations that grow with the distance from the middle pitch: no linear link (the values
    // are symmetric about their mean, so the covariance is zero).
    let unlinked = Self.chart([("Cars", ys)], durations: ys.map { ($0 - 50) * ($0 - 50) / 10 })
    let none = try #require(try Self.questions(unlinked).first { $0.kind == .durationLink })
    #expect(none.rightChoice == "There is no clear link")
  }

  @Test func giftTextIsHTMLWithItsOwnEscapes() {
    #expect(
      GIFT.html("R&D <b>2024</b>: {a} = ~b #c")
        == "R&amp;D &lt;b&gt;2024&lt;/b&gt;\\: \\{a\\} \\= \\~b \\#c")
  }

  @Test func theSameSeedChoosesTheSameQuestions() throws {
    var ys = (0..<30).map { 50 + Self.wobble($0, 6) }
    ys[14] = 95
    let rising = (0..<30).map { 20 + Double($0) * 2 + Self.wobble($0, 1) }
    let chart = Self.chart([("A", ys), ("B", rising)])
    let maker = QuestionMaker(chart: chart, score: try ChartMapper().makeScore(for: chart))
    var first = SeededGenerator(seed: 7)
    var second = SeededGenerator(seed: 7)
    let a = maker.questions(count: 4, using: &first)
    #expect(a == maker.questions(count: 4, using: &second))
    #expect(a.count == 4)
    // No two questions about the same note.
    let times = a.filter { [.peakPlace, .peakValue, .outlier].contains($0.kind) }.compactMap(
      \.listenAt)
    #expect(Set(times).count == times.count)
    // Kinds are asked in turn: of the four the data allows (one note may serve three of them,
    // and is asked about once), at least three are asked.
    #expect(Set(maker.candidates.map(\.kind)).count >= 4)
    #expect(Set(a.map(\.kind)).count >= 3)
  }
}
