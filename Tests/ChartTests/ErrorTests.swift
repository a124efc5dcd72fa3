import Foundation
import Testing

@testable import Chart2MIDIChart

@Suite("Errors and their places")
struct ErrorTests {
  @Test(
    "one sentence: file, place, message",
    arguments: [
      (DescriptorError("bad", at: .path("series[0].y")), "series[0].y: bad"),
      (
        DescriptorError("bad", at: .json(line: 3, column: 14), file: "a.json"),
        "a.json: line 3, column 14: bad"
      ),
      (DescriptorError("bad", at: .csv(row: 12, column: "price")), "row 12, column \"price\": bad"),
      (DescriptorError("bad", at: .csv(row: 2, column: nil)), "row 2: bad"),
      (DescriptorError("bad", at: .flag("--note-range")), "--note-range: bad"),
      (DescriptorError("bad"), "bad"),
    ] as [(DescriptorError, String)])
  func description(error: DescriptorError, text: String) {
    #expect(error.description == text)
  }

  @Test func aFileIsNamedOnlyForPlacesInsideIt() throws {
    #expect(
      DescriptorError("bad", at: .path("title")).located(in: "c.json").description
        == "c.json: title: bad")
    #expect(
      DescriptorError("bad", at: .flag("--x")).located(in: "c.json").description == "--x: bad")
    #expect(
      DescriptorError("bad", file: "a.json").located(in: "c.json").description == "a.json: bad")
  }

  @Test func aValueDescriptionProviderEqualsOnlyItself() {
    let first = ValueDescriptionProvider({ "\($0) tons" })
    let second = ValueDescriptionProvider({ "\($0) tons" })
    let copy = first
    #expect(first == copy)
    #expect(first != second)
    #expect(Set([first, copy, second]).count == 2)
    let axis = NumericAxis(title: "W", range: 0...1, valueDescriptionProvider: first)
    #expect(axis != NumericAxis(title: "W", range: 0...1, valueDescriptionProvider: second))
    #expect(axis.describe(2) == "2.0 tons")
  }
}
