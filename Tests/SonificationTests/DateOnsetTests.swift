import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDISonification

@Suite("A date axis in the MIDI file")
struct DateOnsetTests {
  @Test func notesAreInProportionToTimeAndMarkersSpeakInDates() throws {
    // Irregular days of the leap year 2016, and months of 31, 29, 31 and 30 days between them.
    let days = [0, 30, 59, 60, 120, 181, 365]
    let start = try #require(
      Calendar(identifier: .gregorian).date(
        from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2016, month: 1, day: 1)))
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let points = days.enumerated().map { index, day in
      "{\"x\": \"\(formatter.string(from: start.addingTimeInterval(Double(day) * 86400)))\", \"y\": \(10 * (index + 1)), \"label\": \"p\(index)\"}"
    }
    let json = """
      {"title": "Days", "xAxis": {"type": "date", "title": "Day", "range": ["2016-01-01", "2017-01-01"]},
       "yAxis": {"title": "Y", "range": [0, 100]},
       "series": [{"name": "S", "isContinuous": false, "dataPoints": [\(points.joined(separator: ","))]}]}
      """
    let chart = try ChartDescriptor(json: Data(json.utf8))
    let score = try ChartMapper().makeScore(for: chart)
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let onsets = file.tracks.flatMap(\.events).filter {
      if case .noteOn? = $0.channelMessage?.message { true } else { false }
    }.map(\.seconds).sorted()
    #expect(onsets.count == days.count)
    for (onset, day) in zip(onsets, days) {
      // 10 s for the 366 days of the range; half a tick of rounding.
      #expect(abs(onset - Double(day) / 366 * 10) <= 0.5 / 960 + 1e-9, "day \(day)")
    }
    let markers = file.tracks[0].events.filter { $0.isMeta(.marker) }.compactMap {
      $0.metaData.map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(markers.contains("p2: 29 February 2016, 30"))
    #expect(markers.contains("p3: 1 March 2016, 40"))
  }
}
