import Foundation
import Testing

@testable import Chart2MIDIChart
@testable import Chart2MIDIInput

/// A point of numbers is held without a box; everything else in one. Whichever way a point is
/// made or changed, it reads back the values it was given and compares by them.
@Suite("Data point storage")
struct DataPointStorageTests {
  static let shapes: [(x: DataValue, y: Double?, extra: [DataValue], label: String?)] = [
    (.number(1), 2, [], nil),
    (.number(1), 2, [.number(3)], nil),
    (.number(-0.5), nil, [.number(3)], nil),
    (.number(1), 2, [.number(3), .number(4)], nil),
    (.number(1), 2, [.category("a")], nil),
    (.number(1), 2, [.category("a"), .number(5)], "Label"),
    (.category("Mon"), 2, [.number(3)], nil),
    (.category("Mon"), nil, [], "L"),
    (.number(0), 0, [.number(0)], "zero"),
  ]

  @Test(arguments: 0..<shapes.count)
  func readsBackWhatItWasGiven(_ index: Int) {
    let shape = Self.shapes[index]
    let point = DataPoint(x: shape.x, y: shape.y, additionalValues: shape.extra, label: shape.label)
    #expect(point.x == shape.x)
    #expect(point.y == shape.y)
    #expect(point.additionalValues == shape.extra)
    #expect(point.label == shape.label)
    #expect(point.additionalValueCount == shape.extra.count)
    for (position, value) in shape.extra.enumerated() {
      #expect(point.additionalValue(at: position) == value)
    }
    // Only a point of numbers with at most one additional number goes without a box.
    let numbersOnly =
      shape.x.number != nil && shape.label == nil
      && (shape.extra.isEmpty || (shape.extra.count == 1 && shape.extra[0].number != nil))
    #expect((point.box == nil) == numbersOnly)
  }

  @Test func theFastPathMakesTheSamePoint() {
    let fast = DataPoint(x: 1.5, y: 2, additionalNumber: 3)
    let general = DataPoint(x: .number(1.5), y: 2, additionalValues: [.number(3)])
    #expect(fast == general)
    #expect(fast.hashValue == general.hashValue)
    #expect(DataPoint(x: 1.5, y: nil, additionalNumber: 3) != general)
  }

  @Test func changesMoveValuesInAndOutOfTheBox() {
    var point = DataPoint(x: 1, y: 2, additionalNumber: 3)
    point.label = "Peak"
    #expect(point.box != nil)
    #expect(point == DataPoint(x: .number(1), y: 2, additionalValues: [.number(3)], label: "Peak"))
    point.label = nil
    #expect(point.box == nil)
    point.x = .category("Tue")
    #expect(point.x == .category("Tue"))
    #expect(point.additionalValues == [.number(3)])
    point.x = .number(7)
    point.additionalValues = [.number(3), .category("b")]
    #expect(point.additionalValueCount == 2)
    #expect(point.additionalValue(at: 1) == .category("b"))
    point.additionalValues[1] = .number(9)
    #expect(point.additionalValues == [.number(3), .number(9)])
    point.y = nil
    #expect(point.y == nil)
    point.y = 0
    #expect(point.y == 0)
    #expect(point == DataPoint(x: .number(7), y: 0, additionalValues: [.number(3), .number(9)]))
  }

  @Test func pointsThatDifferInOnePartAreNotEqual() {
    let base = DataPoint(x: .number(1), y: 2, additionalValues: [.number(3)], label: "A")
    let others = [
      DataPoint(x: .number(1.5), y: 2, additionalValues: [.number(3)], label: "A"),
      DataPoint(x: .number(1), y: nil, additionalValues: [.number(3)], label: "A"),
      DataPoint(x: .number(1), y: 2, additionalValues: [.number(4)], label: "A"),
      DataPoint(x: .number(1), y: 2, additionalValues: [.number(3)], label: "B"),
      DataPoint(x: .number(1), y: 2, additionalValues: [.number(3)]),
      DataPoint(x: .category("1"), y: 2, additionalValues: [.number(3)], label: "A"),
    ]
    for other in others { #expect(other != base) }
    #expect(Set(others + [base]).count == others.count + 1)
  }

  @Test func aDecodedPointOfNumbersHasNoBox() throws {
    let json = chart(
      additionalAxes: #"[{"type": "numeric", "title": "L", "range": [0, 1]}]"#,
      points:
        #"[{"x": 1, "y": 2, "additionalValues": [0.5]}, {"x": 2, "y": null, "additionalValues": [1]}]"#
    )
    let points = try ChartDescriptor(json: Data(json.utf8)).series[0].dataPoints
    #expect(points.allSatisfy { $0.box == nil })
    #expect(points[1] == DataPoint(x: .number(2), y: nil, additionalValues: [.number(1)]))
  }
}
