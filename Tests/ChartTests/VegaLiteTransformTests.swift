import Foundation
import Testing

@testable import Chart2MIDIChart
@testable import Chart2MIDIInput

@Suite("Vega-Lite expressions and transforms")
struct VegaLiteTransformTests {
  static var row: DataRow {
    [
      "symbol": .string("GOOG"), "price": .number(120), "date": .string("2016-03-15"),
      "volume": .null,
    ]
  }

  @Test(
    "expressions",
    arguments: [
      ("datum.symbol === 'GOOG'", JSONValue.bool(true)), ("datum['price'] * 2 + 1", .number(241)),
      ("datum.price > 100 && datum.symbol != 'MSFT'", .bool(true)),
      ("!(datum.price >= 120)", .bool(false)),
      ("datum.price < 100 ? 'low' : 'high'", .string("high")), ("month(datum.date)", .number(2)),
      ("year(datum.date) + 1", .number(2017)),
      ("upper(substring(datum.symbol, 1, 3))", .string("OO")),
      ("isValid(datum.volume) || datum.price % 7", .number(1)),
      ("pow(2, 10) - abs(-24)", .number(1000)),
      ("datum.symbol + '-' + datum.price", .string("GOOG-120")), ("-datum.price / 4", .number(-30)),
    ] as [(String, JSONValue)])
  func expressions(text: String, value: JSONValue) throws {
    #expect(try VegaLiteExpression(text).evaluate(Self.row) == value)
  }

  @Test func transformsRunInOrder() throws {
    let rows: [DataRow] = (1...6).map { index in
      [
        "city": .string(index % 2 == 0 ? "A" : "B"), "mm": .number(Double(index)),
        "date": .string("2016-0\(index)-10"), "t": .number(Double(index * 10)),
      ]
    }
    let transform: JSONValue = .array([
      .object([
        (
          "filter",
          .object([("field", .string("mm")), ("range", .array([.number(2), .number(5)]))])
        )
      ]),
      .object([("calculate", .string("datum.mm * 10")), ("as", .string("tenfold"))]),
      .object([
        (
          "joinaggregate",
          .array([
            .object([("op", .string("sum")), ("field", .string("mm")), ("as", .string("total"))])
          ])
        ),
        ("groupby", .array([.string("city")])),
      ]),
      .object([
        ("fold", .array([.string("mm"), .string("t")])),
        ("as", .array([.string("k"), .string("v")])),
      ]),
      .object([
        (
          "aggregate",
          .array([
            .object([("op", .string("max")), ("field", .string("v")), ("as", .string("top"))])
          ])
        ),
        ("groupby", .array([.string("k"), .string("city")])),
      ]),
    ])
    let (result, _) = try VegaLiteTransforms.apply(transform, to: rows)
    // Kept: 2, 3, 4, 5; folded to mm and t per row; the largest of each per city.
    let tops = Dictionary(
      uniqueKeysWithValues: result.map {
        ("\(VegaLiteExpression.text($0["k"]!)) \(VegaLiteExpression.text($0["city"]!))", $0["top"]!)
      })
    #expect(
      tops == ["mm A": .number(4), "mm B": .number(5), "t A": .number(40), "t B": .number(50)])
    let (joined, _) = try VegaLiteTransforms.apply(
      .array(Array(transform.arrayValue!.prefix(3))), to: rows)
    #expect(joined.map { $0["total"]! } == [.number(6), .number(8), .number(6), .number(8)])
    #expect(joined.map { $0["tenfold"]! } == [.number(20), .number(30), .number(40), .number(50)])
  }

  @Test func predicatesOnDatesAndSets() throws {
    let rows: [DataRow] = ["2016-01-05", "2016-02-05", "2016-07-05"].map {
      ["date": .string($0)]
    }
    let month: JSONValue = .object([
      (
        "filter",
        .object([
          ("field", .string("date")), ("timeUnit", .string("month")),
          ("oneOf", .array([.string("2012-02-01"), .string("2012-07-01")])),
        ])
      )
    ])
    #expect(try VegaLiteTransforms.apply(.array([month]), to: rows).0.count == 2)
    let before: JSONValue = .object([
      ("filter", .object([("field", .string("date")), ("lt", .string("2016-02-01"))]))
    ])
    #expect(try VegaLiteTransforms.apply(.array([before]), to: rows).0.count == 1)
  }
}

extension JSONValue {
  var arrayValue: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
}

@Suite("Vega-Lite axis formats")
struct VegaLiteFormatTests {
  @Test(
    arguments: [
      ("$,.2f", 1234.5, "$1,234.50"), (".1f", 3.14159, "3.1"), (",d", 1234567.0, "1,234,567"),
      (".0f", 2.5, "2"), (".3", 1.23456, "1.23"),
    ] as [(String, Double, String)])
  func numbers(specification: String, value: Double, text: String) throws {
    let format = try #require(VegaLite.numberFormat(d3: specification))
    #expect(format.format(value) == text)
  }

  @Test func unreadFormatsLeavePlainNumbers() {
    #expect(VegaLite.numberFormat(d3: ".0%") == nil)
    #expect(VegaLite.numberFormat(d3: "~s") == nil)
  }
}
