import Foundation
import Testing

@testable import Chart2MIDIChart
@testable import Chart2MIDIInput

/// The forms real specifications take: dates as browsers write them, constants and conditions in
/// channels, one-position and heatmap charts, generated and nested data, time units with steps.
@Suite("Vega-Lite as specifications in the wild write it")
struct VegaLiteRealWorldTests {
  /// The chart of a specification's JSON text.
  func chart(_ text: String) throws -> ChartDescriptor {
    let json = try Array(text.utf8).withUnsafeBufferPointer { pointer -> JSONValue in
      var scanner = JSONScanner(document: pointer)
      return try scanner.readValue()
    }
    return try VegaLite.chart(from: json, folder: nil)
  }

  /// Seconds since 1970 of a UTC date, by Foundation's calendar.
  static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0)
    -> Double
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute)
    return calendar.date(from: components)!.timeIntervalSince1970
  }

  @Test(
    "dates as a browser reads them",
    arguments: [
      ("Jan 1 2000", utc(2000, 1, 1)), ("January 1, 2000", utc(2000, 1, 1)),
      ("1 Jan 2000", utc(2000, 1, 1)), ("Sat, 01 Jan 2000 10:30:00", utc(2000, 1, 1, 10, 30)),
      ("2000/01/31", utc(2000, 1, 31)), ("01/31/2000", utc(2000, 1, 31)),
      ("Aug 1 2004 1:05 PM", utc(2004, 8, 1, 13, 5)),
      ("December 17, 1995 03:00:00", utc(1995, 12, 17, 3)), ("Feb 29 2016", utc(2016, 2, 29)),
      ("2015-07-14", utc(2015, 7, 14)),
    ] as [(String, Double)])
  func looseDates(text: String, seconds: Double) {
    #expect(ISODate.looseSeconds(text) == seconds)
  }

  @Test(arguments: ["Feb 30 2000", "31/01/2000", "hello 2000", "Jan 2000", "13:99 Jan 1 2000", ""])
  func notDates(text: String) {
    #expect(ISODate.looseSeconds(text) == nil)
  }

  @Test(
    "d3-time-format patterns read as Foundation's formatter reads them",
    arguments: [
      ("%d %b %Y %H:%M:%S", "dd MMM yyyy HH:mm:ss", "10 Oct 2011 22:48:00"),
      ("%m/%d/%y", "MM/dd/yy", "07/14/15"), ("%B %e, %Y", "MMMM d, yyyy", "March 5, 1999"),
      ("%Y%m%d", "yyyyMMdd", "20160229"),
      ("%I:%M %p, %d.%m.%Y", "hh:mm a, dd.MM.yyyy", "07:30 PM, 01.12.2020"),
      ("%A %-d %B %Y", "EEEE d MMMM yyyy", "Tuesday 14 July 2015"),
    ] as [(String, String, String)])
  func patterns(d3: String, foundation: String, text: String) throws {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = foundation
    let expected = try #require(formatter.date(from: text)).timeIntervalSince1970
    #expect(DateFormat(d3).parse(text) == expected)
  }

  @Test func aPatternThatDoesNotMatchIsNoDate() {
    #expect(DateFormat("%Y-%m-%d").parse("2015/07/14") == nil)
    #expect(DateFormat("%Y-%m-%d").parse("2015-02-30") == nil)
    #expect(DateFormat("%d %b").parse("14 Jul trailing") == nil)
  }

  @Test func aParsedPatternAndBrowserDatesGiveATimeAxis() throws {
    let result = try chart(
      """
      {"mark": "line",
       "data": {"values": [{"d": "10 Oct 2011", "v": 1}, {"d": "12 Oct 2011", "v": 3}, {"d": "11 Oct 2011", "v": 2}],
                "format": {"parse": {"d": "utc:'%d %b %Y'"}}},
       "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}}}
      """)
    let points = result.series[0].dataPoints
    #expect(points.map(\.x) == [10, 11, 12].map { .number(Self.utc(2011, 10, $0)) })
    #expect(points.map(\.y) == [1, 2, 3])
    let stocks = try chart(
      """
      {"mark": "line", "data": {"values": [{"date": "Jan 1 2000", "p": 1}, {"date": "Feb 1 2000", "p": 2}]},
       "encoding": {"x": {"field": "date", "type": "temporal"}, "y": {"field": "p", "type": "quantitative"}}}
      """)
    #expect(
      stocks.series[0].dataPoints.map(\.x) == [
        .number(Self.utc(2000, 1, 1)), .number(Self.utc(2000, 2, 1)),
      ])
  }

  @Test func constantsAndParameterConditionsPlayNothingAndAConditionsFieldPlays() throws {
    let values = #"[{"a": 1, "b": 2, "c": "x"}, {"a": 2, "b": 3, "c": "y"}]"#
    let conditioned = try chart(
      """
      {"mark": "point", "params": [{"name": "p", "select": "point"}], "data": {"values": \(values)},
       "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"},
                    "color": {"condition": {"param": "p", "field": "c", "type": "nominal"}, "value": "grey"},
                    "opacity": {"value": 0.5}, "size": {"condition": {"test": "datum.a > 1", "value": 100}, "value": 10}}}
      """)
    // The color condition's field gives instruments; the constant opacity and size play nothing.
    #expect(conditioned.additionalAxes.count == 1)
    guard case .categorical(let instruments) = conditioned.additionalAxes[0] else {
      Issue.record("expected the color field as categories")
      return
    }
    #expect(instruments.categoryOrder == ["x", "y"])
    #expect(conditioned.notes.contains { $0.hasPrefix("encoding.size.condition: a highlight") })
    #expect(conditioned.notes.contains { $0.contains("interactive parameters are ignored") })
  }

  @Test func aStripPlotPlaysAlongItsOnePosition() throws {
    let values = [4.5, 0.5, 12, 3, 7]
    let result = try chart(
      """
      {"mark": "tick", "data": {"values": [\(values.map { "{\"v\": \($0)}" }.joined(separator: ","))]},
       "encoding": {"x": {"field": "v", "type": "quantitative"}}}
      """)
    let points = result.series[0].dataPoints
    #expect(points.map(\.x) == values.map(DataValue.number))
    #expect(points.map(\.y) == values)
    #expect(throws: DescriptorError.self) {
      try chart(
        #"{"mark": "tick", "data": {"values": [{"v": "a"}]}, "encoding": {"y": {"field": "v", "type": "nominal"}}}"#
      )
    }
  }

  @Test func aHeatmapPlaysEachRowInTurnWithItsColorAsPitch() throws {
    // Rows listed out of order: they play in the y axis's order.
    var cells: [(row: String, column: String, value: Double)] = []
    for (row, base) in [("b", 10.0), ("a", 20.0), ("c", 5.0)] {
      for (index, column) in ["Mon", "Tue", "Wed"].enumerated() {
        cells.append((row, column, base + Double(index)))
      }
    }
    let values = cells.map { #"{"r": "\#($0.row)", "c": "\#($0.column)", "t": \#($0.value)}"# }
    let result = try chart(
      """
      {"mark": "rect", "data": {"values": [\(values.joined(separator: ","))]},
       "encoding": {"x": {"field": "c", "type": "ordinal", "sort": ["Mon", "Tue", "Wed"]},
                    "y": {"field": "r", "type": "nominal"},
                    "color": {"field": "t", "type": "quantitative"}}}
      """)
    #expect(result.series.map(\.name) == ["a", "b", "c"])
    for series in result.series {
      let expected = cells.filter { $0.row == series.name }.map(\.value)
      #expect(series.dataPoints.map(\.y) == expected)
      #expect(series.dataPoints.map(\.x) == ["Mon", "Tue", "Wed"].map(DataValue.category))
    }
    #expect(result.sonification?["arrangement"] == .string("sequential"))
  }

  @Test func generatedNestedAndPlainValuesAreRows() throws {
    let sequence = try chart(
      """
      {"mark": "line", "data": {"sequence": {"start": 0, "stop": 3.1, "step": 0.5, "as": "x"}},
       "transform": [{"calculate": "sin(datum.x) * if(datum.x > 1, 2, 1) + PI", "as": "y"}],
       "encoding": {"x": {"field": "x", "type": "quantitative"}, "y": {"field": "y", "type": "quantitative"}}}
      """)
    let xs = stride(from: 0.0, to: 3.1, by: 0.5).map { $0 }
    #expect(sequence.series[0].dataPoints.map(\.x) == xs.map(DataValue.number))
    let ys = sequence.series[0].dataPoints.compactMap(\.y)
    for (x, y) in zip(xs, ys) { #expect(abs(y - (sin(x) * (x > 1 ? 2 : 1) + Double.pi)) < 1e-12) }

    let nested = try chart(
      """
      {"mark": "bar", "data": {"values": {"features": [{"p": {"name": "A", "n": 3}}, {"p": {"name": "B", "n": 5}}]},
                               "format": {"property": "features"}},
       "encoding": {"x": {"field": "p.name", "type": "nominal"}, "y": {"field": "p\\\\.n", "type": "quantitative"}}}
      """)
    #expect(nested.series[0].dataPoints.map(\.y) == [3, 5])

    let plain = try chart(
      """
      {"mark": "tick", "data": {"values": [28, 55, 28, 91]},
       "encoding": {"y": {"field": "data", "aggregate": "mean"}}}
      """)
    let mean: Double = (28.0 + 55.0 + 28.0 + 91.0) / 4
    #expect(plain.series[0].dataPoints.map(\.y) == [mean])

    let text = try chart(
      """
      {"mark": "point", "data": {"values": "a,b\\n1,4\\n2,6", "format": {"type": "csv"}},
       "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}}}
      """)
    #expect(text.series[0].dataPoints.map(\.y) == [4, 6])
  }

  @Test func oneUnitFilterValuesDateTimesAndSteppedUnits() throws {
    let days = (0..<40).map { Self.utc(2006, 1, 1) + Double($0) * 86400 * 20 }
    let values = days.map { #"{"d": \#($0 * 1000), "v": 1}"# }.joined(separator: ",")
    func kept(_ filter: String) throws -> Int {
      try chart(
        """
        {"mark": "point", "data": {"values": [\(values)]}, "transform": [{"filter": \(filter)}],
         "encoding": {"x": {"field": "d", "type": "temporal"}, "y": {"field": "v", "type": "quantitative"}}}
        """
      ).pointCount
    }
    let years = days.map { Calendar.utc.component(.year, from: Date(timeIntervalSince1970: $0)) }
    let months = days.map { Calendar.utc.component(.month, from: Date(timeIntervalSince1970: $0)) }
    #expect(
      try kept(#"{"field": "d", "timeUnit": "year", "range": [2006, 2007]}"#)
        == years.filter { $0 <= 2007 }.count)
    #expect(
      try kept(#"{"field": "d", "timeUnit": "month", "oneOf": ["Jan", 2]}"#)
        == months.filter { $0 <= 2 }.count)
    #expect(
      try kept(#"{"field": "d", "lt": {"year": 2007, "month": "jul"}}"#)
        == days.filter { $0 < Self.utc(2007, 7, 1) }.count)

    let minutes = (0..<12).map { Self.utc(2012, 1, 1) + Double($0) * 60 }
    let stepped = try chart(
      """
      {"mark": "bar", "data": {"values": [\(minutes.map { #"{"t": \#($0 * 1000), "n": 1}"# }.joined(separator: ","))]},
       "encoding": {"x": {"field": "t", "timeUnit": {"unit": "minutes", "step": 5}, "type": "temporal"},
                    "y": {"field": "n", "aggregate": "sum", "type": "quantitative"}}}
      """)
    #expect(stepped.series[0].dataPoints.map(\.y) == [5, 5, 2])
    let binned = try chart(
      """
      {"mark": "bar", "data": {"values": [{"t": "2012-03-01", "n": 1}, {"t": "2012-04-01", "n": 2}]},
       "encoding": {"x": {"field": "t", "timeUnit": "binnedutcyearmonth", "type": "temporal"},
                    "y": {"field": "n", "type": "quantitative"}}}
      """)
    #expect(
      binned.series[0].dataPoints.map(\.x) == [
        .number(Self.utc(2012, 3, 1)), .number(Self.utc(2012, 4, 1)),
      ])
  }

  @Test func groupsWithADifferentColorAreSeriesPlayingTheColorsInstruments() throws {
    let rows = [("a", "g1", "red", 1), ("a", "g2", "blue", 2), ("b", "g1", "blue", 3)]
    let values = rows.map { #"{"x": "\#($0.0)", "o": "\#($0.1)", "c": "\#($0.2)", "v": \#($0.3)}"# }
    let result = try chart(
      """
      {"mark": "bar", "data": {"values": [\(values.joined(separator: ","))]},
       "encoding": {"x": {"field": "x", "type": "nominal"}, "xOffset": {"field": "o"},
                    "y": {"field": "v", "type": "quantitative"}, "color": {"field": "c", "type": "nominal"}}}
      """)
    #expect(result.series.map(\.name) == ["g1", "g2"])
    #expect(result.series[0].dataPoints.map(\.y) == [1, 3])
    #expect(
      result.series[0].dataPoints.map { $0.additionalValues } == [
        [.category("red")], [.category("blue")],
      ])
  }

  /// A line over months with a nominal color is a line a color, as Vega-Lite draws it: one
  /// series a year, its points in the months' order, not one series with the years as
  /// instruments.
  @Test func aLineOverCategoriesIsASeriesAColor() throws {
    let values = [("2012", "Jan", 6), ("2012", "Feb", 9), ("2013", "Jan", 7), ("2013", "Feb", 8)]
      .map { #"{"year": "\#($0.0)", "month": "\#($0.1)", "high": \#($0.2)}"# }
    let result = try chart(
      """
      {"mark": "line", "data": {"values": [\(values.joined(separator: ","))]},
       "encoding": {"x": {"field": "month", "type": "ordinal", "sort": ["Jan", "Feb"]},
                    "y": {"field": "high", "type": "quantitative"},
                    "color": {"field": "year", "type": "nominal"}}}
      """)
    #expect(result.series.map(\.name) == ["2012", "2013"])
    #expect(result.series.map { $0.dataPoints.map(\.y) } == [[6, 9], [7, 8]])
    #expect(result.additionalAxes.isEmpty)
  }

  @Test func oneCategoricalPositionPlaysItsColorAsPitch() throws {
    let result = try chart(
      """
      {"mark": "circle", "data": {"values": [{"k": "p", "n": 5}, {"k": "q", "n": 2}]},
       "encoding": {"y": {"field": "k", "type": "nominal"}, "color": {"field": "n", "type": "quantitative"}}}
      """)
    #expect(result.series[0].dataPoints.map(\.x) == [.category("p"), .category("q")])
    #expect(result.series[0].dataPoints.map(\.y) == [5, 2])
  }

  @Test func orderIsSilentForBarsAndRefusedForLines() throws {
    let body =
      #""data": {"values": [{"a": 1, "b": 2, "o": 2}, {"a": 2, "b": 3, "o": 1}]}, "encoding": {"x": {"field": "a", "type": "quantitative"}, "y": {"field": "b", "type": "quantitative"}, "order": {"field": "o"}}"#
    #expect(try chart(#"{"mark": "bar", \#(body)}"#).pointCount == 2)
    #expect {
      try chart(#"{"mark": "line", \#(body)}"#)
    } throws: { error in
      "\(error)".hasPrefix("encoding.order: a line drawn in the order of another field")
    }
  }
}

extension Calendar {
  /// The Gregorian calendar in UTC.
  static var utc: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }
}
