import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIBase
@testable import Chart2MIDIChart
@testable import Chart2MIDIFacts

/// A series' shape, found in charts made here with a known one: the movements said are the
/// ones built in, at the places built in, with the data's values; a V never "shows no overall
/// rise or fall".
@Suite struct SeriesShapeTests {
  /// A monthly date series from January 2006, one point a month, with `noise` of a fixed seed.
  static func monthly(
    _ values: [Double], title: String = "Payroll", name: String = "Jobs", noise: Double = 0,
    labels: [Int: String] = [:]
  ) -> ChartDescriptor {
    var generator = SeededGenerator(seed: 7)
    let points = values.enumerated().map { month, value -> DataPoint in
      let seconds =
        Double(ISODate.daysFromCivil(year: 2006 + month / 12, month: month % 12 + 1, day: 1))
        * 86400
      let jitter = noise == 0 ? 0 : Double.random(in: -noise...noise, using: &generator)
      return DataPoint(x: .number(seconds), y: (value + jitter).rounded(), label: labels[month])
    }
    let axis = NumericAxis.dates(
      title: "Month", from: "2006-01-01", to: "2016-01-01",
      format: DateFormat.Precision.month.format)!
    let low = values.min()! - 2 * noise - 1
    let high = values.max()! + 2 * noise + 1
    return ChartDescriptor(
      title: title, xAxis: .numeric(axis), yAxis: NumericAxis(title: "Jobs", range: low...high),
      series: [DataSeries(name: name, isContinuous: true, dataPoints: points)])
  }

  static func sentences(_ chart: ChartDescriptor) -> (SeriesShape, [String]) {
    let description = ChartDescription(chart)
    let shape = description.shapes[0]
    return (shape, description.shapeSentences(description.statistics[0], shape))
  }

  /// A recession's V: steady, a steep fall over 15 months to a low in March 2009, a recovery of
  /// 13 months, steady again; nine months far below the rest are one episode of the shape, not a
  /// list of outliers.
  @Test func aVIsAFallToALowThenARise() throws {
    var values: [Double] = []
    for month in 0..<120 {
      switch month {
      case ..<24: values.append(150)
      case 24..<39: values.append(150 - Double(month - 23) * 63)  // to -795 in March 2009
      case 39..<52: values.append(-795 + Double(month - 38) * 75)
      default: values.append(180)
      }
    }
    let chart = Self.monthly(values, noise: 30, labels: [38: "worst month"])
    let (shape, sentences) = Self.sentences(chart)
    #expect(shape.legs.map(\.kind) == [.hold, .fall, .rise, .hold], "\(shape.legs)")
    let low = try #require(shape.legs.first { $0.turn == .low })
    #expect(low.end.index == 38)
    let text = sentences.joined(separator: " ")
    #expect(text.contains("falls steeply to a low of"), "\(text)")
    #expect(text.contains("in March 2009 (worst month)"), "\(text)")
    #expect(!text.contains("no overall rise or fall"))
    #expect(!text.contains("Outlier"), "\(text)")
    let brief = try #require(ChartDescription(chart).briefMovements(shape))
    #expect(brief == "falls steeply to a low, then rises steeply")
  }

  /// A run of high points that holds the series' highest names it once: in the run's sentence,
  /// not again as "Its highest".
  @Test func aRunOfHighPointsNamesTheHighestOnce() {
    let values: [Double] = [40, 36, 43] + (3..<60).map { 24 + Double($0 % 3) }
    let (_, sentences) = Self.sentences(Self.monthly(values))
    let text = sentences.joined(separator: " ")
    #expect(text.contains("3 points in a row lie far above the rest; the highest is 43"), "\(text)")
    #expect(text.components(separatedBy: "43").count == 2, "\(text)")
    #expect(!text.contains("Its highest"), "\(text)")
  }

  /// A step: steady, a jump in July 2008, steady at the new level.
  @Test func aStepIsAJumpBetweenTwoSteadyStretches() {
    let values = (0..<60).map { $0 < 30 ? 10.0 : 40.0 }
    let (shape, sentences) = Self.sentences(Self.monthly(values, noise: 1))
    #expect(shape.legs.map(\.kind) == [.hold, .jump, .hold], "\(shape.legs)")
    #expect(sentences.first?.contains("jumps to") == true, "\(sentences)")
    #expect(sentences.first?.contains("in July 2008") == true, "\(sentences)")
  }

  /// A rise of 20 months, 20 months near 70, a fall of 20 months.
  static let plateau: [Double] = (0..<60).map { month in
    let rise = 10 + Double(month) * 3
    let fall = 70 - Double(month - 40) * 3
    return month < 20 ? rise : month < 40 ? 70 : fall
  }

  /// A plateau: a rise, two years near the top, a fall.
  @Test func aPlateauIsARiseASteadyStretchAndAFall() {
    let (shape, sentences) = Self.sentences(Self.monthly(Self.plateau, noise: 1))
    #expect(shape.legs.map(\.kind) == [.rise, .hold, .fall], "\(shape.legs)")
    // Near 70 (the mean of the noisy stretch) until April 2009, the 40th month.
    #expect(
      sentences.first?.contains(" stays near 69.9 until April 2009, then falls") == true,
      "\(sentences)")
  }

  /// A season: four years that peak in July and are lowest in January are said once, "around
  /// July each year"; a rise and fall over years is no season.
  @Test func aSeasonIsNamedOnce() throws {
    let values: [Double] = (0..<48).map { month in
      let phase = Double(month % 12 - 3) / 12 * 2 * Double.pi
      return 60 + 18 * sin(phase)
    }
    let (shape, sentences) = Self.sentences(Self.monthly(values, noise: 1))
    let season = try #require(shape.season)
    #expect(season.cycle == .year && season.peak == 7 && season.trough == 1, "\(season)")
    #expect(
      sentences.first == "Jobs peaks around July each year and is lowest around January each year.",
      "\(sentences)")
    // The plateau's years rise and fall, with their highs in different months: no season.
    #expect(Self.sentences(Self.monthly(Self.plateau, noise: 1)).0.season == nil)
  }

  /// Series with one shape (four years, each rising to a high in July then falling) are said in
  /// one sentence, with the highest and lowest among them; a scatter's points are no line.
  @Test func seriesOfOneShapeAreSaidTogetherAndAScatterIsNoLine() {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let series = (2012...2015).map { year in
      DataSeries(
        name: "\(year)", isContinuous: true,
        dataPoints: months.indices.map { month -> DataPoint in
          let phase = Double(month - 3) / 12 * 2 * Double.pi
          let value: Double = 60 + 18 * sin(phase) + Double(year - 2012)
          return DataPoint(x: .category(months[month]), y: value.rounded())
        })
    }
    let chart = ChartDescriptor(
      title: "Seattle", xAxis: .categorical(CategoricalAxis(title: "Month", categoryOrder: months)),
      yAxis: NumericAxis(title: "High", range: 30...90), series: series)
    let description = ChartDescription(chart)
    let shapes = description.shapes
    let signature = ChartDescription.signature(shapes[0])
    #expect(shapes.allSatisfy { ChartDescription.signature($0) == signature })
    let sentence = description.sharedShapeSentence(names: series.map(\.name), shapes)
    #expect(
      sentence
        == "2012, 2013, 2014 and 2015 share one shape: a rise to a high in Jul, then a fall.",
      "\(sentence ?? "nil")")
    // Every series of the chart, counted; peaks in two months, said in the months' order.
    var later = series
    // 2012 peaks in August, a degree above its July.
    later[0].dataPoints[7].y = later[0].dataPoints[6].y.map { $0 + 1 }
    let both = ChartDescription(
      ChartDescriptor(
        title: "Seattle",
        xAxis: .categorical(CategoricalAxis(title: "Month", categoryOrder: months)),
        yAxis: NumericAxis(title: "High", range: 30...90), series: later))
    #expect(
      both.sharedShapeSentence(names: later.map(\.name), both.shapes, all: true)
        == "All 4 series share one shape: a rise to a high in Jul or in Aug, then a fall.")
    // A scatter: x values out of order.
    let scatter = chartOf([10, 50, 20, 60, 30, 70], xs: [1, 5, 2, 6, 3, 7])
    #expect(ChartDescription(scatter).shapes[0].isSayable == false)
  }
}
