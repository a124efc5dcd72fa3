import Chart2MIDIChart
import Foundation
import TestSupport
import Testing

@Suite("Value formats")
struct ValueFormatTests {
  @Test(
    arguments: [
      ("%.2f tons", 1.32, "1.32 tons"),
      ("%.0f miles per gallon", 34.4, "34 miles per gallon"),
      ("$%.0f", 21500, "$21500"),
      ("$%'.0f", 1_234_567, "$1,234,567"),
      ("%'d people", 10000, "10,000 people"),
      ("%d", 2.5, "3"),
      ("%ld MSRP", 21500, "21500 MSRP"),
      ("%5.1f%%", 12.34, " 12.3%"),
      ("%e", 1234.5, "1.234500e+03"),
      ("%g s", 0.25, "0.25 s"),
      ("day %.0f", 32, "day 32"),
    ] as [(String, Double, String)])
  func formats(format: String, value: Double, text: String) throws {
    #expect(try ValueFormat(format).format(value) == text)
  }

  @Test(arguments: [(268.0, "268"), (1.32, "1.32"), (0.001, "0.001"), (-7, "-7"), (1e20, "1e+20")])
  func plainNumbers(value: Double, text: String) {
    #expect(ValueFormat.plain(value) == text)
  }
}
