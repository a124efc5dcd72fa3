import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIBase
@testable import Chart2MIDIChart
@testable import Chart2MIDIInput

@Suite("CSV input")
struct CSVTests {
  func chart(_ text: String, _ columns: CSVColumns) throws -> ChartDescriptor {
    try ChartDescriptor(csv: Data(text.utf8), columns: columns, name: "data")
  }

  @Test func quotedFieldsLineBreaksAndCRLF() throws {
    let rows = try CSVTable.parse(
      Data("\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n1,,3\n".utf8))
    #expect(rows == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["1", "", "3"]])
  }

  @Test func theRainfallExample() throws {
    let data = try Data(contentsOf: projectRoot.appendingPathComponent("Examples/rainfall.csv"))
    let chart = try ChartDescriptor(
      csv: data, columns: CSVColumns(x: "month", y: "inches", series: "region"), name: "rainfall")
    #expect(chart.title == "rainfall")
    #expect(chart.xAxis.categorical?.categoryOrder.count == 12)
    #expect(chart.xAxis.categorical?.categoryOrder.first == "Jan")
    #expect(chart.yAxis.range == 0...11.5)
    #expect(chart.series.map(\.name) == ["Tropical", "Arid"])
    #expect(chart.series.allSatisfy { !$0.isContinuous && $0.dataPoints.count == 12 })
    #expect(chart.series[1].dataPoints[5].y == 0)
  }

  @Test func numericColumnsDurationInstrumentAndGaps() throws {
    let text = """
      year,value,length,kind
      2001,3,0.5,a
      2002,,0.7,b
      2003,5,0.9,a
      """
    let chart = try chart(
      text, CSVColumns(x: "year", y: "value", duration: "length", instrument: "kind", title: "T"))
    #expect(chart.title == "T")
    #expect(chart.xAxis.numeric?.range == 2001...2003)
    #expect(chart.yAxis.range == 3...5)
    #expect(chart.additionalAxes.map(\.title) == ["length", "kind"])
    #expect(chart.additionalAxes[0].numeric?.range == 0.5...0.9)
    #expect(chart.additionalAxes[1].categorical?.categoryOrder == ["a", "b"])
    #expect(chart.series.count == 1)
    #expect(chart.series[0].name == "value")
    #expect(chart.series[0].isContinuous)  // numeric x, strictly increasing
    #expect(chart.series[0].dataPoints[1].y == nil)
    #expect(chart.series[0].dataPoints[2].additionalValues == [.number(0.9), .category("a")])
  }

  @Test func anUnorderedNumericSeriesIsDiscrete() throws {
    let chart = try chart("x,y\n3,1\n1,2\n2,3\n", CSVColumns(x: "x", y: "y"))
    #expect(!chart.series[0].isContinuous)
  }

  @Test(
    "mistakes name the row and column",
    arguments: [
      (
        "a,b\n1,2\n3,oops\n", CSVColumns(x: "a", y: "b"),
        "row 3, column \"b\": expected a number or an empty cell, found \"oops\""
      ),
      (
        "a,b\n1,2\n", CSVColumns(x: "a", y: "c"),
        "there is no column \"c\"; the columns are \"a\", \"b\""
      ),
      ("a,b\n1,2\n3\n", CSVColumns(x: "a", y: "b"), "row 3: has 1 field, but the header has 2"),
      (
        "a,b,d\n1,2,x\n", CSVColumns(x: "a", y: "b", duration: "d"),
        "row 2, column \"d\": expected a number, found \"x\""
      ),
      ("", CSVColumns(x: "a", y: "b"), "the file is empty; expected a header row of column names"),
      ("a,b\n", CSVColumns(x: "a", y: "b"), "the file has a header but no rows of data"),
      (
        "a,b\n\"1,2\n", CSVColumns(x: "a", y: "b"),
        "row 2: a quoted field is not closed by a double quote"
      ),
    ] as [(String, CSVColumns, String)])
  func mistakes(text: String, columns: CSVColumns, message: String) {
    do {
      _ = try chart(text, columns)
      Issue.record("expected an error")
    } catch {
      #expect("\(error)" == message)
    }
  }

  @Test func anUnknownColumnNamesTheFirstTwentyColumnsOnly() throws {
    let header = (0..<1000).map { "c\($0)" }.joined(separator: ",")
    let row = (0..<1000).map { _ in "1" }.joined(separator: ",")
    let data = Data("\(header)\n\(row)\n".utf8)
    let shown = (0..<20).map { "\"c\($0)\"" }.joined(separator: ", ")
    #expect(
      throws: DescriptorError("there is no column \"nope\"; the columns are \(shown) and 980 more")
    ) {
      try ChartDescriptor(csv: data, columns: CSVColumns(x: "nope", y: "c1"))
    }
  }
}
