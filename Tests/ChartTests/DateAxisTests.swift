import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIChart
@testable import Chart2MIDIFacts
@testable import Chart2MIDIInput

@Suite("Dates as an axis")
struct DateAxisTests {
  /// Foundation's reading of an ISO 8601 date-time, to check the project's own.
  func foundationSeconds(_ text: String) -> Double? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)?.timeIntervalSince1970
  }

  @Test(
    "ISO 8601 dates and date-times, read as Foundation reads them",
    arguments: [
      ("2015-07-14", "2015-07-14T00:00:00Z"), ("2016-02-29", "2016-02-29T00:00:00Z"),
      ("2015-07", "2015-07-01T00:00:00Z"), ("1969", "1969-01-01T00:00:00Z"),
      ("2015-07-14T13:05", "2015-07-14T13:05:00Z"),
      ("2015-07-14 13:05:30Z", "2015-07-14T13:05:30Z"),
      ("2015-07-14T13:05:00+02:00", "2015-07-14T11:05:00Z"),
      ("1900-03-01T00:00:00-05:30", "1900-03-01T05:30:00Z"),
    ] as [(String, String)])
  func datesAreRead(text: String, utc: String) throws {
    let expected = try #require(foundationSeconds(utc))
    #expect(ISODate.seconds(text) == expected)
  }

  @Test(arguments: [
    "2015-02-29", "2016-13-01", "2016-04-31", "July 2015", "2015-7-4", "2015-07-14T25:00", "",
  ])
  func notADate(text: String) {
    #expect(ISODate.seconds(text) == nil)
  }

  @Test func everyDayIsWrittenAsFoundationWritesIt() throws {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    formatter.timeZone = TimeZone(identifier: "UTC")
    let format = DateFormat("%Y-%m-%d")
    // Every day from 1899 to 2101: leap years, century rules, negative seconds.
    for day in stride(from: -25567, through: 48213, by: 1) {
      let seconds = Double(day) * 86400
      let expected = formatter.string(from: Date(timeIntervalSince1970: seconds))
      guard format.format(seconds) == expected else {
        Issue.record("day \(day): \(format.format(seconds)) is not \(expected)")
        return
      }
    }
    #expect(
      DateFormat("%A %e %B %Y, %H:%M").format(ISODate.seconds("2015-07-14T13:05")!)
        == "Tuesday 14 July 2015, 13:05")
  }

  @Test func theFormatFitsTheData() {
    func fitted(_ texts: [String]) -> String {
      DateFormat.fitting(texts.map { ISODate.seconds($0)! }).format(ISODate.seconds(texts.last!)!)
    }
    #expect(fitted(["2001", "2015"]) == "2015")
    #expect(fitted(["2015-01", "2015-07"]) == "July 2015")
    #expect(fitted(["2015-01", "2015-07-14"]) == "14 July 2015")
    #expect(fitted(["2015-01", "2015-07-14T13:05"]) == "14 July 2015, 13:05")
  }

  static let json = """
    { "title": "Visits", "xAxis": {"type": "date", "title": "Day", "range": ["2016-01-01", "2017-01-01"]},
      "yAxis": {"title": "Visits", "range": [0, 100]},
      "series": [{"name": "Visits", "isContinuous": false, "dataPoints": [
        {"x": "2016-01-01", "y": 10}, {"x": "2016-01-31", "y": 20},
        {"x": "2016-02-29", "y": 90, "label": "leap day"}, {"x": "2016-03-01", "y": 30},
        {"x": "2016-04-30", "y": 40}, {"x": "2016-12-31", "y": 50}]}]}
    """

  @Test func aJSONDateAxisPlacesPointsInProportionToTime() throws {
    let chart = try ChartDescriptor(json: Data(Self.json.utf8))
    let axis = try #require(chart.xAxis.numeric)
    #expect(axis.dateFormat == DateFormat("%e %B %Y"))
    // 2016 is a leap year of 366 days: each point's place is its day of the year over 366.
    let days = [0.0, 30, 59, 60, 120, 365]
    for (point, day) in zip(chart.series[0].dataPoints, days) {
      #expect(abs(axis.normalizedPosition(of: point.x.number!) - day / 366) < 1e-12)
    }
    let text = ChartDescription(chart).text
    #expect(text.contains("The x axis is Day, from 1 January 2016 to 1 January 2017."))
    #expect(text.contains("Highest: 90 on 29 February 2016 (leap day)."))
    #expect(text.contains("Visits: 6 points from 1 January 2016 to 31 December 2016."))
  }

  @Test func aValueThatIsNotADateIsNamed() throws {
    let bad = Self.json.replacingOccurrences(of: "\"2016-04-30\"", with: "\"30 April\"")
    #expect(
      throws: DescriptorError(
        at: "series[0].dataPoints[4].x",
        "expected an ISO 8601 date such as \"2015-07-14\" or \"2015-07-14T13:05:00Z\", found \"30 April\""
      )
    ) { try ChartDescriptor(json: Data(bad.utf8)) }
    let badRange = Self.json.replacingOccurrences(of: "\"2017-01-01\"", with: "\"2017-02-30\"")
    #expect(throws: DescriptorError.self) { try ChartDescriptor(json: Data(badRange.utf8)) }
    let error = #expect(throws: DescriptorError.self) {
      try ChartDescriptor(json: Data(badRange.utf8))
    }
    #expect(error?.location == .path("xAxis.range[1]"))
  }

  @Test func aCSVColumnOfDatesIsADateAxis() throws {
    let csv = "date,visits\n2016-01-01,10\n2016-02-29,90\n2016-03-01,30\n2016-12-31,40\n"
    let chart = try ChartDescriptor(
      csv: Data(csv.utf8), columns: CSVColumns(x: "date", y: "visits"), name: "visits")
    let axis = try #require(chart.xAxis.numeric)
    #expect(axis.dateFormat != nil)
    #expect(chart.series[0].isContinuous)
    #expect(ChartDescription(chart).text.contains("Highest: 90 on 29 February 2016."))
  }
}
