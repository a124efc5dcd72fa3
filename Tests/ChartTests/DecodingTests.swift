import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIChart
@testable import Chart2MIDIInput

/// A valid chart with one change, as JSON text.
func chart(
  xAxis: String = #"{"type": "numeric", "title": "X", "range": [0, 10]}"#,
  yAxis: String = #"{"type": "numeric", "title": "Y", "range": [0, 100]}"#,
  additionalAxes: String = "[]",
  points: String = #"[{"x": 1, "y": 2}]"#,
  series: String? = nil
) -> String {
  let seriesText = series ?? #"[{"name": "S", "isContinuous": false, "dataPoints": \#(points)}]"#
  return """
    {"title": "T", "xAxis": \(xAxis), "yAxis": \(yAxis),
     "additionalAxes": \(additionalAxes), "series": \(seriesText)}
    """
}

func decodeError(_ json: String) -> String? {
  do {
    _ = try ChartDescriptor(json: Data(json.utf8))
    return nil
  } catch {
    return "\(error)"
  }
}

@Suite("Decoding")
struct DecodingTests {
  @Test("every example decodes", arguments: exampleFiles)
  func examplesDecode(file: URL) throws {
    let chart = try ChartDescriptor(contentsOf: file)
    #expect(!chart.series.isEmpty)
    #expect(chart.pointCount > 0)
  }

  @Test func examplesAreAllThere() {
    #expect(
      exampleFiles.map(\.lastPathComponent) == [
        "birth-rate.json", "cars.json", "coffee-code.json", "dice.json", "precipitation.json",
        "temperatures.json",
      ])
  }

  @Test func fourAxisChartDecodesEveryField() throws {
    let chart = try ChartDescriptor(
      contentsOf: projectRoot.appendingPathComponent("Examples/cars.json"))
    #expect(chart.title == "Vehicle Weight vs Fuel Efficiency by Country and MSRP")
    #expect(chart.xAxis.numeric?.range == 0...3)
    #expect(chart.xAxis.numeric?.gridlinePositions == [0, 1, 2, 3])
    #expect(chart.yAxis.title == "Fuel Efficiency")
    #expect(chart.additionalAxes.count == 2)
    #expect(chart.additionalAxes[1].categorical?.categoryOrder == ["USA", "Japan", "Germany"])
    let civic = try #require(chart.series[0].dataPoints.first { $0.label == "Honda Civic" })
    #expect(civic.x == .number(1.32))
    #expect(civic.y == 34)
    #expect(civic.additionalValues == [.number(21500), .category("Japan")])
    #expect(chart.xAxis.numeric?.describe(1.32) == "1.32 tons")
    #expect(chart.additionalAxes[0].numeric?.describe(21500) == "$21,500")
  }

  @Test func nullYIsAGapAndLabelsAreOptional() throws {
    let json = chart(points: #"[{"x": 1, "y": null}, {"x": 2, "y": 3, "label": "two"}]"#)
    let chart = try ChartDescriptor(json: Data(json.utf8))
    #expect(chart.series[0].dataPoints[0].y == nil)
    #expect(chart.series[0].dataPoints[0].label == nil)
    #expect(chart.series[0].dataPoints[1].label == "two")
  }

  @Test func stringsWithEscapesDecode() throws {
    let json =
      #"{"title": "a\"b\\c\u00e9\ud83c\udfb5\n", "xAxis": {"title": "X", "range": [0, 1]}, "yAxis": {"title": "Y", "range": [0, 1]}, "series": [{"name": "S", "dataPoints": []}]}"#
    let chart = try ChartDescriptor(json: Data(json.utf8))
    #expect(chart.title == "a\"b\\cé🎵\n")
  }

  @Test(
    "numbers decode to the nearest double",
    arguments: [
      "0", "-0", "1", "0.1", "1.32", "-7.25", "1e3", "2.5E-3", "123456789012345678",
      "3.141592653589793238", "1e-300", "9007199254740993", "0.000001", "1e22", "1e23",
      "4.9e-324",
    ])
  func numbersAreExact(text: String) throws {
    let json = chart(points: #"[{"x": 1, "y": \#(text)}]"#)
      .replacingOccurrences(of: #""range": [0, 100]"#, with: #""range": [-1, 1e308]"#)
    let chart = try ChartDescriptor(json: Data(json.utf8))
    #expect(chart.series[0].dataPoints[0].y == Double(text)!)
  }

  /// Each mistake gives its own message, with its place.
  @Test(
    "mistakes are named with their place",
    arguments: [
      // Malformed JSON: line and column.
      (
        "{\"title\": \"T\",\n  \"xAxis\" {}}",
        "line 2, column 11: expected ':' after the member name \"xAxis\", found '{'"
      ),
      (
        "{\"title\": \"T\"",
        "line 1, column 14: expected ',' or '}' after an object member, found the end of the file"
      ),
      ("", "the file is empty; expected a JSON object"),
      (
        "[1, 2]",
        "line 1, column 1: expected a JSON object ('{') holding title, xAxis, yAxis and series, found '['"
      ),
      (
        #"{"title": "T}"#,
        "line 1, column 11: this string is not closed by a double quote; expected '\"' before, found '\"'"
      ),
      (
        chart() + " x",
        "line 2, column 108: expected the end of the document after the chart object, found 'x'"
      ),
      (
        chart(points: "[{\"x\": 1, \"y\": 01}]"),
        "line 2, column 101: numbers must not start with 0; expected a number such as 7 or 0.7, found '0'"
      ),
      // Missing fields.
      (#"{"xAxis": {}, "yAxis": {}, "series": []}"#, "missing required field \"title\""),
      (
        chart(xAxis: #"{"type": "numeric", "title": "X"}"#),
        "xAxis: missing required field \"range\""
      ),
      (
        chart(yAxis: #"{"type": "numeric", "range": [0, 1]}"#),
        "yAxis: missing required field \"title\""
      ),
      (chart(points: #"[{"y": 2}]"#), "series[0].dataPoints[0]: missing required field \"x\""),
      (
        chart(points: #"[{"x": 2}]"#),
        "series[0].dataPoints[0]: missing required field \"y\" (use null for a gap)"
      ),
      (chart(series: #"[{"dataPoints": []}]"#), "series[0]: missing required field \"name\""),
      // Wrong kinds.
      (
        chart(points: #"[{"x": 1, "y": 2}, {"x": 2, "y": "n/a"}]"#),
        "series[0].dataPoints[1].y: expected a number or null, found \"n/a\""
      ),
      (
        chart(points: #"[{"x": true, "y": 2}]"#),
        "series[0].dataPoints[0].x: expected a number or a category name, found true"
      ),
      (
        chart(xAxis: #"{"type": "numeric", "title": "X", "range": [0, "ten"]}"#),
        "xAxis.range[1]: expected a number, found \"ten\""
      ),
      (
        chart(xAxis: #"{"type": "numeric", "title": "X", "range": 10}"#),
        "xAxis.range: expected [lower, upper], two numbers, found 10"
      ),
      (chart(series: #"{"name": "S"}"#), "series: expected an array of series, found an object"),
      (
        chart(series: #"[{"name": "S", "isContinuous": "yes", "dataPoints": []}]"#),
        "series[0].isContinuous: expected true or false, found \"yes\""
      ),
      (
        chart(xAxis: #"{"type": "numbers", "title": "X", "range": [0, 1]}"#),
        "xAxis.type: expected \"numeric\", \"categorical\" or \"date\", found \"numbers\""
      ),
      (
        chart(points: #"[{"x": 1, "y": 2, "colour": "red"}]"#),
        "series[0].dataPoints[0].colour: unknown field; expected one of x, y, additionalValues, label"
      ),
      // Non-finite numbers.
      (
        chart(points: #"[{"x": 1, "y": NaN}]"#),
        "series[0].dataPoints[0].y: NaN is not a finite number"
      ),
      (
        chart(points: #"[{"x": 1, "y": 1e999}]"#),
        "series[0].dataPoints[0].y: 1e999 is not a finite number"
      ),
      (
        chart(points: #"[{"x": -Infinity, "y": 1}]"#),
        "series[0].dataPoints[0].x: -Infinity is not a finite number"
      ),
      // Empty or reversed ranges.
      (
        chart(xAxis: #"{"type": "numeric", "title": "X", "range": [5, 5]}"#),
        "xAxis.range: the range is empty: lower and upper bound are both 5; give the axis a span"
      ),
      (
        chart(yAxis: #"{"type": "numeric", "title": "Y", "range": [50, 0]}"#),
        "yAxis.range: the range is reversed: the lower bound 50 is above the upper bound 0"
      ),
      // Categories.
      (
        chart(
          xAxis: #"{"type": "categorical", "title": "Month", "categoryOrder": ["Jan", "Feb"]}"#,
          points: #"[{"x": "Mar", "y": 1}]"#),
        "series[0].dataPoints[0].x: \"Mar\" is not in the categoryOrder of the x axis \"Month\" (\"Jan\", \"Feb\")"
      ),
      (
        chart(xAxis: #"{"type": "categorical", "title": "Month", "categoryOrder": []}"#),
        "xAxis.categoryOrder: the axis has no categories; list at least one name"
      ),
      (
        chart(xAxis: #"{"type": "categorical", "title": "M", "categoryOrder": ["a", "a"]}"#),
        "xAxis.categoryOrder[1]: \"a\" is listed twice; name each category once"
      ),
      (
        chart(
          xAxis: #"{"type": "categorical", "title": "Month", "categoryOrder": ["Jan"]}"#,
          points: #"[{"x": 3, "y": 1}]"#),
        "series[0].dataPoints[0].x: expected a category name for the categorical x axis \"Month\", found 3"
      ),
      // additionalValues.
      (
        chart(
          additionalAxes:
            #"[{"type": "numeric", "title": "MSRP", "range": [0, 9]}, {"type": "categorical", "title": "Country", "categoryOrder": ["USA"]}]"#,
          points: #"[{"x": 1, "y": 2, "additionalValues": [3]}]"#),
        "series[0].dataPoints[0].additionalValues: expected 2 values (one per additional axis), found 1"
      ),
      (
        chart(
          additionalAxes: #"[{"type": "numeric", "title": "MSRP", "range": [0, 9]}]"#,
          points: #"[{"x": 1, "y": 2}]"#),
        "series[0].dataPoints[0].additionalValues: expected 1 value (one per additional axis), found 0"
      ),
      (
        chart(
          additionalAxes:
            #"[{"type": "numeric", "title": "MSRP", "range": [0, 9]}, {"type": "categorical", "title": "Country", "categoryOrder": ["USA"]}]"#,
          points: #"[{"x": 1, "y": 2, "additionalValues": [3, 4]}]"#),
        "series[0].dataPoints[0].additionalValues[1]: expected a category name for the categorical additionalAxes[1] \"Country\", found 4"
      ),
      (
        chart(
          additionalAxes:
            #"[{"type": "numeric", "title": "MSRP", "range": [0, 9]}, {"type": "categorical", "title": "Country", "categoryOrder": ["USA"]}]"#,
          points: #"[{"x": 1, "y": 2, "additionalValues": ["USA", "USA"]}]"#),
        "series[0].dataPoints[0].additionalValues[0]: expected a number for the numeric additionalAxes[0] \"MSRP\", found \"USA\""
      ),
      (
        chart(
          additionalAxes:
            #"[{"type": "categorical", "title": "Country", "categoryOrder": ["USA", "Japan"]}]"#,
          points: #"[{"x": 1, "y": 2, "additionalValues": ["France"]}]"#),
        "series[0].dataPoints[0].additionalValues[0]: \"France\" is not in the categoryOrder of the additionalAxes[0] \"Country\" (\"USA\", \"Japan\")"
      ),
      // A categorical y axis, an empty series list.
      (
        chart(yAxis: #"{"type": "categorical", "title": "Y", "categoryOrder": ["low", "high"]}"#),
        "yAxis.type: the y axis must be numeric, found a categorical axis; pitch follows numbers, so give the y axis a numeric range"
      ),
      (
        chart(series: "[]"),
        "series: the chart has no series; add at least one series with data points"
      ),
      // Log axes.
      (
        chart(
          yAxis: #"{"type": "numeric", "title": "Y", "range": [1, 1000], "scaleType": "log10"}"#,
          points: #"[{"x": 1, "y": 0}]"#),
        "series[0].dataPoints[0].y: 0 is outside the domain of the log10 y axis; values must be above 0"
      ),
      (
        chart(yAxis: #"{"type": "numeric", "title": "Y", "range": [0, 1000], "scaleType": "ln"}"#),
        "yAxis.range[0]: a ln axis needs a lower bound above 0, found 0"
      ),
      (
        chart(yAxis: #"{"type": "numeric", "title": "Y", "range": [1, 10], "scaleType": "cubic"}"#),
        "yAxis.scaleType: expected \"linear\", \"log10\" or \"ln\", found \"cubic\""
      ),
      // Value formats.
      (
        chart(
          yAxis: #"{"type": "numeric", "title": "Y", "range": [0, 1], "valueFormat": "%s people"}"#),
        "yAxis.valueFormat: \"%s people\" uses %s, which is not a numeric conversion; use one of %d, %f, %e or %g"
      ),
      (
        chart(
          yAxis: #"{"type": "numeric", "title": "Y", "range": [0, 1], "valueFormat": "people"}"#),
        "yAxis.valueFormat: \"people\" has no numeric conversion; add one such as %.2f or %d"
      ),
      (
        chart(
          yAxis: #"{"type": "numeric", "title": "Y", "range": [0, 1], "valueFormat": "%d to %d"}"#),
        "yAxis.valueFormat: \"%d to %d\" has more than one conversion; use exactly one, such as %.2f"
      ),
    ] as [(String, String)])
  func mistakes(json: String, message: String) {
    #expect(decodeError(json) == message)
  }

  @Test func aMissingFileIsNamed() {
    #expect(
      throws: DescriptorError(
        "cannot read the file (no such file or directory)", file: "/nonexistent/chart.json",
        code: .missingFile)
    ) {
      try ChartDescriptor(contentsOf: URL(fileURLWithPath: "/nonexistent/chart.json"))
    }
  }

  @Test func outOfRangeValuesAreCountedNotRejected() throws {
    let json = chart(points: #"[{"x": -5, "y": 200}, {"x": 1, "y": 150}, {"x": 2, "y": 3}]"#)
    let chart = try ChartDescriptor(json: Data(json.utf8))
    #expect(
      chart.rangeWarnings() == [
        "1 value on the x axis lie outside its range 0 to 10 and are clamped",
        "2 values on the y axis lie outside its range 0 to 100 and are clamped",
      ])
    #expect(chart.yAxis.normalizedPosition(of: 200) == 1)
    #expect(chart.xAxis.numeric?.normalizedPosition(of: -5) == 0)
  }
}
