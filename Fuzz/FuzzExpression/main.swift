import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation
import FuzzSupport

/// Rows of every kind of value an expression meets: numbers, text, dates, null, truth.
let rows = #"""
  [{"a": 1, "b": "x", "t": "2020-03-01", "c": null, "d": true},
   {"a": -2.5, "b": "", "t": "1999-12-31T23:59:59Z", "c": 0, "d": false},
   {"a": 1e300, "b": "ünï\u0000", "t": 0, "c": "NaN", "d": null}]
  """#

/// One run: the input as a Vega-Lite expression, in a `calculate` and a `filter` over those rows,
/// read and mapped as `convert` does; its strings held to the reading limits.
func fuzzExpression(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let formula = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  guard
    let quoted = try? JSONSerialization.data(withJSONObject: [formula], options: .fragmentsAllowed)
  else { return 0 }
  // `["formula"]` without its brackets: the formula as a JSON string.
  let literal = String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
  let spec = """
    {"data": {"values": \(rows)},
     "transform": [{"calculate": \(literal), "as": "n"}, {"filter": \(literal)}],
     "mark": "point",
     "encoding": {"x": {"field": "a", "type": "quantitative"},
                  "y": {"field": "n", "type": "quantitative"}}}
    """
  guard let chart = try? ChartDescriptor(document: Data(spec.utf8)) else { return 0 }
  play(chart)
  return 0
}

runFuzzer { fuzzExpression($0, $1) }
