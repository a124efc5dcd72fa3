import Chart2MIDIKit
import Foundation
import Testing

/// The forms of the chart-descriptor API beyond the documentation's sample, written as Apple
/// documents them, and what each gives.
@Suite("The chart-descriptor API's other forms")
struct AppleFormsTests {
  static func points() -> [AXDataPoint] {
    [AXDataPoint(x: 1, y: 4), AXDataPoint(x: 2, y: nil), AXDataPoint(x: 3, y: 10)]
  }

  static var x: AXNumericDataAxisDescriptor {
    AXNumericDataAxisDescriptor(title: "Day", range: 0...4, gridlinePositions: []) {
      "day \(Int($0))"
    }
  }

  @Test func aChartOfAnXAxisAndSeriesAloneTakesTheDefaults() throws {
    let descriptor = AXChartDescriptor(
      xAxis: Self.x,
      series: [AXDataSeriesDescriptor(name: "Sales", isContinuous: true, dataPoints: Self.points())]
    )
    #expect(descriptor.title == nil && descriptor.summary == nil && descriptor.yAxis == nil)
    #expect(descriptor.additionalAxes.isEmpty)
    #expect(descriptor.contentDirection == .leftToRight)
    let chart = try ChartDescriptor(descriptor)
    #expect(chart.title.isEmpty)
    // Without a y axis, the chart's spans its values.
    #expect(chart.yAxis.range == 4...10)
    #expect(chart.series[0].dataPoints.map(\.y) == [4, nil, 10])
    let score = try ChartMapper().makeScore(for: chart)
    #expect(score.tracks.first?.name == "Sales")
  }

  @Test func aNilYAxisSpansTheValues() throws {
    let descriptor = AXChartDescriptor(
      title: "One", summary: nil, xAxis: Self.x, yAxis: nil, additionalAxes: [],
      series: [
        AXDataSeriesDescriptor(
          name: "A", isContinuous: false, dataPoints: [AXDataPoint(x: 1, y: 7)])
      ])
    // One value: a range around it.
    #expect(try ChartDescriptor(descriptor).yAxis.range == 6...8)
  }

  @Test func theContentDirectionIsKeptAndChangesNothingHeard() throws {
    let series = [AXDataSeriesDescriptor(name: "A", isContinuous: true, dataPoints: Self.points())]
    let plain = AXChartDescriptor(title: "T", xAxis: Self.x, series: series)
    let mirrored = AXChartDescriptor(title: "T", xAxis: Self.x, series: series)
    mirrored.contentDirection = .rightToLeft
    #expect(mirrored.contentDirection == .rightToLeft)
    #expect(AXChartDescriptor.ContentDirection(rawValue: 4) == .radialClockwise)
    let bytes = try [plain, mirrored].map {
      try ChartMapper().makeScore(for: ChartDescriptor($0)).tracks.map(\.events.count)
    }
    #expect(bytes[0] == bytes[1])
  }

  @Test func anAttributedTitleGivesItsCharacters() throws {
    let title = NSAttributedString(string: "Fuel by weight")
    let descriptor = AXChartDescriptor(
      attributedTitle: title, summary: "Heavier cars use more.", xAxis: Self.x,
      yAxis: AXNumericDataAxisDescriptor(
        attributedTitle: NSAttributedString(string: "MPG"), range: 0...50,
        gridlinePositions: [25]
      ) { "\($0) mpg" },
      additionalAxes: [
        AXCategoricalDataAxisDescriptor(
          attributedTitle: NSAttributedString(string: "Country"), categoryOrder: ["JP", "US"])
      ],
      series: [
        AXDataSeriesDescriptor(
          name: "Cars", isContinuous: false,
          dataPoints: [AXDataPoint(x: 1, y: 30, additionalValues: [.category("US")])])
      ])
    #expect(descriptor.attributedTitle?.string == "Fuel by weight")
    let chart = try ChartDescriptor(descriptor)
    #expect(chart.title == "Fuel by weight")
    #expect(chart.yAxis.title == "MPG" && chart.additionalAxes[0].title == "Country")
    descriptor.yAxis?.attributedTitle = NSAttributedString(string: "Miles per gallon")
    #expect(descriptor.yAxis?.title == "Miles per gallon")
  }

  @Test func dataValuesReadBackAsTheAPIReadsThem() throws {
    let point = AXDataPoint(
      x: "Mon", y: 3.5, additionalValues: [.number(2), .category("red")], label: "first")
    #expect(point.yValue?.number == 3.5)
    #expect(point.xValue.category == "Mon" && point.xValue.number == nil)
    #expect(point.additionalValues.map(\.number) == [2, nil])
    #expect(point.additionalValues[1].category == "red")
    #expect(AXDataPoint(x: 1, y: nil).yValue?.number == nil)
  }

  @Test func aCategoryAsAYValueIsRefusedAtItsPlace() throws {
    let point = AXDataPoint(x: 1, y: 2)
    point.yValue = .category("high")
    let descriptor = AXChartDescriptor(
      xAxis: Self.x,
      series: [AXDataSeriesDescriptor(name: "A", isContinuous: false, dataPoints: [point])])
    #expect(
      throws: DescriptorError(
        at: "series[0].dataPoints[0].y", "expected a number for the y axis, found \"high\"")
    ) {
      try ChartDescriptor(descriptor)
    }
  }

  @Test func valueProvidersAreSendableClosures() async throws {
    // A provider runs on any thread: a chart made from the API goes to another task whole.
    let chart = try ChartDescriptor(
      AXChartDescriptor(
        xAxis: Self.x,
        series: [
          AXDataSeriesDescriptor(name: "A", isContinuous: true, dataPoints: Self.points())
        ]))
    let written = await Task.detached { chart.xAxis.numeric?.describe(2) }.value
    #expect(written == "day 2")
  }
}
