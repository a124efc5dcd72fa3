import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIBase
@testable import Chart2MIDIChart
@testable import Chart2MIDIFacts
@testable import Chart2MIDIInput

func chartOf(
  _ ys: [Double?], xs: [Double]? = nil, labels: [String?]? = nil,
  yRange: ClosedRange<Double> = 0...100
) -> ChartDescriptor {
  let xValues = xs ?? ys.indices.map(Double.init)
  let points = ys.indices.map { DataPoint(x: .number(xValues[$0]), y: ys[$0], label: labels?[$0]) }
  return ChartDescriptor(
    title: "T", xAxis: .numeric(NumericAxis(title: "X", range: 0...1000)),
    yAxis: NumericAxis(title: "Y", range: yRange),
    series: [DataSeries(name: "S", isContinuous: false, dataPoints: points)])
}

@Suite("Statistics")
struct StatisticsTests {
  @Test func aHandComputedTable() throws {
    // y: 3, 1, 4, 1, 5, 9, 2, 6 at x 0...7, and a gap.
    let stats = SeriesStatistics(series: 0, of: chartOf([3, 1, 4, 1, 5, 9, 2, 6, nil]))
    #expect(stats.count == 8)
    #expect(stats.gaps == 1)
    #expect(stats.minimum?.y == 1)
    #expect(stats.minimum?.index == 1)  // the first of the two 1s
    #expect(stats.maximum?.y == 9)
    #expect(stats.maximum?.x == .number(5))
    #expect(stats.mean == 31.0 / 8)
    #expect(stats.median == 3.5)
    // Least squares: mean x 3.5, mean y 3.875, Sxx = 42,
    // Sxy = -3.5×3 - 2.5×1 - 1.5×4 - 0.5×1 + 0.5×5 + 1.5×9 + 2.5×2 + 3.5×6 = 22.5.
    let trend = try #require(stats.trend)
    #expect(abs(trend.slope - 22.5 / 42) < 1e-12)
    #expect(abs(trend.intercept - (3.875 - 3.5 * 22.5 / 42)) < 1e-12)
    // Syy = 173 - 8 × 3.875² = 52.875; R² = Sxy² / (Sxx × Syy).
    #expect(abs(trend.rSquared - 22.5 * 22.5 / (42 * 52.875)) < 1e-12)
  }

  @Test func anOddCountHasTheMiddleValueAsMedian() {
    #expect(SeriesStatistics(series: 0, of: chartOf([7, 1, 3])).median == 3)
  }

  static func series(_ value: (Double) -> Double) -> [Double] { (0..<50).map { value(Double($0)) } }

  static let directions: [(String, [Double], SeriesStatistics.Direction)] = [
    ("rising", series { $0 * 1.5 }, .increasing),
    ("falling", series { 90 - $0 * 1.2 }, .decreasing),
    ("flat", series { _ in 40 }, .flat),
    ("level with noise", series { 50 + 10 * sin($0 * 1.7) }, .flat),
    ("noisy but rising", series { $0 + 12 * sin($0 * 2.3) }, .increasing),
    ("noisy but falling", series { 80 - $0 + 12 * cos($0 * 1.1) }, .decreasing),
    ("a tiny slope", series { 50 + $0 * 0.05 }, .flat),
  ]

  @Test("trend direction", arguments: directions)
  func direction(name: String, ys: [Double], expected: SeriesStatistics.Direction) {
    #expect(SeriesStatistics(series: 0, of: chartOf(ys)).trend?.direction == expected, "\(name)")
  }

  @Test func outliersAreFoundWherePlanted() {
    // A noisy falling line with two planted points far off it.
    var ys = (0..<40).map { 80 - Double($0) + 3 * sin(Double($0) * 1.3) }
    ys[12] += 40
    ys[30] -= 35
    let labels = ys.indices.map { "p\($0)" }
    let stats = SeriesStatistics(series: 0, of: chartOf(ys, labels: labels, yRange: 0...200))
    #expect(stats.outliers.map(\.index) == [12, 30])
    #expect(stats.outliers.map(\.label) == ["p12", "p30"])
  }

  static let withoutOutliers: [[Double]] = [
    series { 80 - $0 + 3 * sin($0 * 1.3) }, series { 50 + 20 * sin($0 / 6) }, series { _ in 12 },
    [1, 2, 3, 4],
  ]

  @Test("no outliers where there are none", arguments: withoutOutliers)
  func noOutliers(ys: [Double]) {
    #expect(SeriesStatistics(series: 0, of: chartOf(ys, yRange: -100...200)).outliers.isEmpty)
  }

  @Test func theHybridIsTheCarsChartsOutlier() throws {
    let chart = try ChartDescriptor(
      contentsOf: projectRoot.appendingPathComponent("Examples/cars.json"))
    #expect(SeriesStatistics(series: 0, of: chart).outliers.map(\.label) == ["Toyota Prius"])
  }

  @Test func categoricalXTrendsOverCategoryOrder() {
    let months = ["Jan", "Feb", "Mar", "Apr", "May"]
    let chart = ChartDescriptor(
      title: "T", xAxis: .categorical(CategoricalAxis(title: "M", categoryOrder: months)),
      yAxis: NumericAxis(title: "Y", range: 0...10),
      series: [
        DataSeries(
          name: "S", isContinuous: false,
          dataPoints: ["May", "Jan", "Mar", "Feb", "Apr"].map { month in
            DataPoint(x: .category(month), y: Double(months.firstIndex(of: month)!) * 2)
          })
      ])
    let stats = SeriesStatistics(series: 0, of: chart)
    #expect(stats.trend?.slope == 2)
    #expect(stats.trend?.direction == .increasing)
    #expect(stats.maximum?.x == .category("May"))
  }
}

@Suite("Describe")
struct DescribeTests {
  func example(_ name: String) throws -> ChartDescriptor {
    try ChartDescriptor(contentsOf: projectRoot.appendingPathComponent("Examples/\(name).json"))
  }

  @Test func birthRates() throws {
    #expect(
      ChartDescription(try example("birth-rate")).text == """
        Twentieth-century birth rates.
        The birth rate fell to a low around 1935, rose to a peak of 268 births per 10,000 people in 1960, then fell again. The values are illustrative, shaped after the chart in the talk that introduced audio graphs; they are not measured data.
        The x axis is Year, from 1917 to 1975. The y axis is Birth rate, from 100 births per 10,000 people to 300 births per 10,000 people.
        Birth rate: 59 points from 1917 to 1975.
        Highest: 268 births per 10,000 people in 1960 (Peak).
        Lowest: 148 births per 10,000 people in 1975.
        Mean: 215 births per 10,000 people. Median: 214 births per 10,000 people.
        Trend: none clear; a straight line explains 1% of the variation.
        No outliers.

        """)
  }

  @Test func cars() throws {
    #expect(
      ChartDescription(try example("cars")).text == """
        Vehicle Weight vs Fuel Efficiency by Country and MSRP.
        Fuel efficiency decreases as vehicle weight increases; the one hybrid stands out high above the rest. Values are illustrative.
        The x axis is Weight, from 0.00 tons to 3.00 tons. The y axis is Fuel Efficiency, from 0 miles per gallon to 60 miles per gallon.
        An additional axis is MSRP, from $0 to $120,000.
        An additional axis is Country, with 3 categories: USA, Japan, Germany.
        Cars: 14 points from 1.06 tons to 2.80 tons.
        Highest: 52 miles per gallon at 1.38 tons (Toyota Prius).
        Lowest: 15 miles per gallon at 2.80 tons (Cadillac Escalade).
        Mean: 26 miles per gallon. Median: 22 miles per gallon.
        Trend: decreasing; a straight line explains 50% of the variation.
        Outlier: 52 miles per gallon at 1.38 tons (Toyota Prius).

        """)
  }

  @Test func aSummaryIsMadeWhenThereIsNone() throws {
    var chart = try example("temperatures")
    chart.summary = nil
    #expect(
      ChartDescription(chart).summary
        == "Low shows no overall rise or fall, with a high of 72 degrees Fahrenheit at day 195 and a low of 18 degrees Fahrenheit at day 21. High shows no overall rise or fall, with a high of 88 degrees Fahrenheit at day 204 and a low of 31 degrees Fahrenheit at day 8. High is higher on average than Low, by 15 degrees Fahrenheit."
    )
    var coffee = try example("coffee-code")
    coffee.summary = ""
    #expect(
      ChartDescription(coffee).summary
        == "Engineer rises overall, with a high of 80 lines of code at 12 cups and a low of 20 lines of code at 0 cups."
    )
  }

  @Test func statisticsOfAnAxisWithoutAFormatHaveTheDataPrecision() throws {
    func chart(_ values: [Double]) -> ChartDescriptor {
      ChartDescriptor(
        title: "Counts", xAxis: .numeric(NumericAxis(title: "X", range: 0...10)),
        yAxis: NumericAxis(title: "Y", range: 0...20),
        series: [
          DataSeries(
            name: "Visits", isContinuous: false,
            dataPoints: values.enumerated().map { DataPoint(x: .number(Double($0)), y: $1) })
        ])
    }
    // Whole numbers: a mean of 10.3333... reads with one decimal.
    let whole = ChartDescription(chart([10, 10, 11])).text
    #expect(whole.contains("Visits: 3 points from 0 to 2."))
    #expect(whole.contains("Mean: 10.3. Median: 10."))
    // Values with two decimals: three for the mean.
    let cents = ChartDescription(chart([1.25, 1.5, 2])).text
    #expect(cents.contains("Mean: 1.583. Median: 1.5."))
    // An axis with a format keeps it.
    var formatted = chart([10, 10, 11])
    formatted.yAxis.valueFormat = try ValueFormat("%.2f visits")
    #expect(ChartDescription(formatted).text.contains("Mean: 10.33 visits."))
  }

  @Test func theJSONHasTheSameFacts() throws {
    let data = try ChartDescription(try example("cars")).json()
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["title"] as? String == "Vehicle Weight vs Fuel Efficiency by Country and MSRP")
    #expect(object["summaryIsGenerated"] as? Bool == false)
    let axes = try #require(object["axes"] as? [[String: Any]])
    #expect(axes.map { $0["role"] as? String } == ["x", "y", "additional", "additional"])
    #expect(axes[0]["rangeText"] as? [String] == ["0.00 tons", "3.00 tons"])
    #expect(axes[3]["categories"] as? [String] == ["USA", "Japan", "Germany"])
    let series = try #require((object["series"] as? [[String: Any]])?.first)
    #expect(series["name"] as? String == "Cars")
    #expect(series["count"] as? Int == 14)
    #expect(series["gaps"] as? Int == 0)
    #expect(series["mean"] as? Double == 26)
    #expect(series["median"] as? Double == 22.5)
    #expect(series["medianText"] as? String == "22 miles per gallon")
    let maximum = try #require(series["maximum"] as? [String: Any])
    #expect(maximum["y"] as? Double == 52)
    #expect(maximum["x"] as? Double == 1.38)
    #expect(maximum["xText"] as? String == "1.38 tons")
    #expect(maximum["label"] as? String == "Toyota Prius")
    let trend = try #require(series["trend"] as? [String: Any])
    #expect(trend["direction"] as? String == "decreasing")
    #expect(abs((trend["slope"] as? Double ?? 0) - -13.10863) < 1e-4)
    #expect(abs((trend["rSquared"] as? Double ?? 0) - 0.4987) < 1e-4)
    let outliers = try #require(series["outliers"] as? [[String: Any]])
    #expect(outliers.map { $0["label"] as? String } == ["Toyota Prius"])
    #expect(
      (series["sentences"] as? [String])?.first == "Cars: 14 points from 1.06 tons to 2.80 tons.")
    #expect((series["sentences"] as? [String])?.count == 6)
  }

  @Test func categoricalXValuesAreStringsInJSON() throws {
    let data = try ChartDescription(try example("precipitation")).json()
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let series = try #require((object["series"] as? [[String: Any]])?.first)
    #expect((series["maximum"] as? [String: Any])?["x"] as? String == "Jul")
  }
}

@Suite("Facts that stay true")
struct TrueFactsTests {
  /// Monthly prices from 2000 to 2010 on an axis of years written "%.0f", highest at 2007.75.
  func prices() -> ChartDescriptor {
    let points = (0..<120).map { month -> DataPoint in
      let year = 2000 + Double(month) / 12
      return DataPoint(x: .number(year), y: month == 93 ? 707 : 300 + Double(month % 7) * 10)
    }
    return ChartDescriptor(
      title: "Price",
      xAxis: .numeric(
        NumericAxis(title: "Year", range: 2000...2010, valueFormat: try! ValueFormat("%.0f"))),
      yAxis: NumericAxis(title: "Price", range: 0...800, valueFormat: try! ValueFormat("$%.2f")),
      series: [DataSeries(name: "GOOG", isContinuous: true, dataPoints: points)])
  }

  @Test func aPlaceIsNeverRoundedIntoAnother() throws {
    let chart = prices()
    #expect(chart.series[0].dataPoints[93].x == .number(2007.75))
    let text = ChartDescription(chart).text
    #expect(text.contains("Highest: $707.00 in 2007.75."), "\(text)")
    #expect(!text.contains("in 2008"))
    // A whole year keeps the format's own words; the axis's range too.
    #expect(chart.xAxis.describe(.number(2004)) == "2004")
    #expect(text.contains("from 2000 to 2010"))
    // A format of whole numbers (%d) grows only as far as needed; one with decimals states a
    // measure's precision and stays.
    #expect(try ValueFormat("%'d BC").truthfulFormat(12007.5) == "12,007.5 BC")
    #expect(try ValueFormat("%'d BC").truthfulFormat(12007) == "12,007 BC")
    #expect(try ValueFormat("%.1f Hz").truthfulFormat(5.6234) == "5.6 Hz")
  }

  @Test func aTrendIsSaidOnlyWhereTheLineExplainsHalf() throws {
    // Two and a half seasons on a slight rise: the line explains well under half.
    let seasonal = (0..<100).map { day -> DataPoint in
      let t = Double(day) / 100
      return DataPoint(x: .number(Double(day)), y: 40 + 20 * sin(5 * .pi * t) + 25 * t)
    }
    var chart = ChartDescriptor(
      title: "Seasons", xAxis: .numeric(NumericAxis(title: "Day", range: 0...99)),
      yAxis: NumericAxis(title: "Heat", range: 0...100),
      series: [DataSeries(name: "Heat", isContinuous: true, dataPoints: seasonal)])
    let trend = try #require(SeriesStatistics(series: 0, of: chart).trend)
    #expect(trend.slope > 0)
    #expect(trend.rSquared > 0.05 && trend.rSquared < 0.45)
    #expect(trend.direction == .flat)
    #expect(ChartDescription(chart).text.contains("Trend: none clear;"))
    #expect(!ChartDescription(chart).summary.contains("rises"))
    // The same rise without the seasons is said.
    chart.series[0].dataPoints = (0..<100).map {
      DataPoint(x: .number(Double($0)), y: 50 + 0.2 * Double($0) + Double($0 % 3))
    }
    #expect(SeriesStatistics(series: 0, of: chart).trend?.direction == .increasing)
    #expect(ChartDescription(chart).summary.contains("rises overall"))
  }

  @Test func aLowestValueSharedBySixPointsIsSaidSo() throws {
    let temperatures = (1...30).map { day -> DataPoint in
      DataPoint(
        x: .number(Double(day)), y: [5, 9, 13, 20, 24, 28].contains(day) ? 3 : 10 + Double(day % 4))
    }
    let chart = ChartDescriptor(
      title: "Cold days",
      xAxis: .numeric(
        NumericAxis(title: "Day", range: 1...30, valueFormat: try! ValueFormat("day %d"))),
      yAxis: NumericAxis(title: "Low", range: 0...20, valueFormat: try! ValueFormat("%d °C")),
      series: [DataSeries(name: "Low", isContinuous: false, dataPoints: temperatures)])
    let stats = SeriesStatistics(series: 0, of: chart)
    #expect(stats.minimumCount == 6)
    #expect(stats.maximumCount == 7)  // 13 °C on days 3, 7, 11, 15, 19, 23 and 27
    let text = ChartDescription(chart).text
    #expect(text.contains("Lowest: 3 °C, 6 times, first at day 5."), "\(text)")
    #expect(text.contains("Highest: 13 °C, 7 times, first at day 3."), "\(text)")
    // A summary made from the data says it too, and in German in German words.
    #expect(ChartDescription(chart).summary.contains("a low of 3 °C, 6 times, first at day 5"))
    let german = ChartDescription(chart, language: DescriptionLanguage(voice: "de"))
    #expect(german.summary.contains("3 °C, 6-mal, zuerst bei day 5"), "\(german.summary)")
  }
}
