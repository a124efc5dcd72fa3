import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISMFReader
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDICore
@testable import Chart2MIDIOutputs
@testable import Chart2MIDISonification

@Suite("Captions")
struct CaptionTests {
  func example(_ name: String) throws -> ChartDescriptor {
    try ChartDescriptor(contentsOf: projectRoot.appendingPathComponent("Examples/\(name).json"))
  }

  /// Parses WebVTT text into cues: (start, end, text), checking the structure on the way.
  func parseWebVTT(_ text: String) throws -> [(start: Double, end: Double, text: String)] {
    let blocks = text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    try #require(blocks.first == "WEBVTT")
    return try blocks.dropFirst().map { block in
      let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      try #require(lines.count >= 3, "a cue has a number, its times and its text: \(block)")
      let times = lines[1].components(separatedBy: " --> ")
      try #require(times.count == 2)
      func seconds(_ stamp: String) throws -> Double {
        let parts = stamp.split(separator: ":")
        try #require(parts.count == 3 && stamp.count == 12, "HH:MM:SS.mmm: \(stamp)")
        return Double(parts[0])! * 3600 + Double(parts[1])! * 60 + Double(parts[2])!
      }
      return (try seconds(times[0]), try seconds(times[1]), lines[2...].joined(separator: "\n"))
    }
  }

  @Test func theWebVTTFileIsValidAndInOrder() throws {
    for name in ["cars", "birth-rate", "temperatures", "precipitation", "dice"] {
      let chart = try example(name)
      let mapper = ChartMapper(options: try SonificationOptions().applying(chart.sonification))
      let captions = CaptionMaker(includesLabels: true).captions(
        for: chart, score: try mapper.makeScore(for: chart))
      let cues = try parseWebVTT(CaptionMaker.render(captions, as: .webVTT))
      #expect(cues.count == captions.count)
      #expect(cues.first?.text == chart.title)
      #expect(cues.first?.start == 0)
      #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.start <= $1.start }, "\(name)")
      #expect(cues.allSatisfy { $0.end > $0.start })
      for (cue, caption) in zip(cues, captions) {
        #expect(abs(cue.start - caption.start) <= 0.0005)
      }
    }
  }

  /// A number keeps its unit on its line and in its cue, where the words allow another break:
  /// "-800 thousand jobs" is never "-800 | thousand jobs" nor "-800 thousand | jobs".
  @Test func aNumberStaysWithItsUnit() {
    let text =
      "Payroll change stays near 158 thousand jobs until December 2007, falls steeply to a low of -800 thousand jobs in March 2009 (worst month), rises steeply to 34 thousand jobs in April 2010."
    let cues = SubtitleRules.cues(
      for: [SubtitleRules.Passage(start: 0, end: 18, text: text)], timing: .broadcast(.fps25))
    let lines = cues.flatMap { $0.text.split(separator: "\n").map(String.init) }
    #expect(lines.joined(separator: " ") == text)
    for (first, second) in zip(lines, lines.dropFirst()) {
      let last = first.split(separator: " ").last!
      let next = second.split(separator: " ").first!
      let parted = (last.last!.isNumber || last == "thousand") && next.first!.isLetter
      #expect(!parted || ["in", "until", "to"].contains(next), "\(first) | \(second)")
    }
  }

  @Test func subRipNumbersItsCuesAndUsesCommas() {
    let text = CaptionMaker.render(
      [
        Caption(start: 0, end: 2.5, text: "Title"),
        Caption(start: 3723.4567, end: 3725.9567, text: "a --> b"),
      ],
      as: .srt)
    #expect(
      text
        == "1\n00:00:00,000 --> 00:00:02,500\nTitle\n\n2\n01:02:03,457 --> 01:02:05,957\na \u{2192} b\n\n"
    )
  }

  @Test func webVTTWritesAmpersandsAndAngleBracketsAsEntities() {
    let text = CaptionMaker.render(
      [Caption(start: 0, end: 1, text: "R&D <2024> a --> b")], as: .webVTT)
    #expect(
      text == "WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\nR&amp;D &lt;2024&gt; a --&gt; b\n\n")
  }

  @Test func cueTimesAreTheNoteOnsetsInTheFile() throws {
    let chart = try example("cars")
    let mapper = ChartMapper()
    let score = try mapper.makeScore(for: chart)
    let captions = CaptionMaker().captions(for: chart, score: score)
    #expect(
      captions.map(\.text) == [
        "Vehicle Weight vs Fuel Efficiency by Country and MSRP",
        "Highest and outlier: 52 miles per gallon at 1.38 tons (Toyota Prius)",
        "Lowest: 15 miles per gallon at 2.80 tons (Cadillac Escalade)",
      ])
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    // The Prius plays on the Japan track, the Escalade on the USA track, at their notes' times.
    let japan = try #require(file.tracks.first { $0.name == "Cars: Japan" })
    let usa = try #require(file.tracks.first { $0.name == "Cars: USA" })
    let pitch = { (y: Double) in 48 + Int((y / 60 * 36).rounded()) }
    func noteOn(in track: MIDIFile.Track, at time: Double, pitch: Int) -> Bool {
      track.events.contains {
        $0.bytes.count == 3 && $0.bytes[0] & 0xF0 == 0x90 && Int($0.bytes[1]) == pitch
          && abs($0.seconds - time) < 1e-6
      }
    }
    #expect(noteOn(in: japan, at: captions[1].start, pitch: pitch(52)))
    #expect(noteOn(in: usa, at: captions[2].start, pitch: pitch(15)))
  }

  @Test func cueTimesFollowSequentialSeries() throws {
    var chart = try example("temperatures")
    chart.sonification = nil
    var options = SonificationOptions()
    options.arrangement = .sequential
    options.continuous = .notes
    options.totalDuration = 40  // 110 ms between days: every point keeps its own note
    let mapper = ChartMapper(options: options)
    let score = try mapper.makeScore(for: chart)
    let captions = CaptionMaker().captions(for: chart, score: score)
    let file = try MIDIFile(bytes: SMFEncoder().encode(score))
    let onsets = Set(
      file.tracks.flatMap(\.events).filter {
        $0.bytes.count == 3 && $0.bytes[0] & 0xF0 == 0x90 && $0.bytes[2] > 0
      }
      .map { Int(($0.seconds * 960).rounded()) })
    for caption in captions.dropFirst() {
      #expect(onsets.contains(Int((caption.start * 960).rounded())), "\(caption.text)")
    }
    // The highs play after the lows: their cues come 41 s later (40 s span and a 1 s gap).
    let high = try #require(captions.first { $0.text.hasPrefix("High, highest") })
    #expect(high.start > 41)
  }

  /// A cue starts at its point's time in the timeline, which is when a glide reaches the point's
  /// pitch (`SonificationTests.GlideTimingTests` holds that side).
  @Test func aGlidesCueIsAtItsPointsTimeInTheTimeline() throws {
    let chart = try example("birth-rate")
    let score = try ChartMapper().makeScore(for: chart)
    let captions = CaptionMaker().captions(for: chart, score: score)
    let peak = try #require(captions.first { $0.text.hasPrefix("Highest") })
    #expect(peak.text == "Highest: 268 births per 10,000 people in 1960 (Peak)")
    let index = try #require(chart.series[0].dataPoints.firstIndex { $0.y == 268 })
    #expect(peak.start == score.timeline.time(ofPoint: index, inSeries: 0))
  }

  /// Text cut into cues keeps every word in order, each cue in two lines of 42 at most, and cuts
  /// at phrase boundaries where a cue more allows it.
  @Test func textIsCutIntoCuesAtPhrases() {
    let text =
      "The y axis is Birth rate, from 100 births per 10,000 people to 300 births per 10,000 people."
    let pieces = SubtitleRules.chunks(of: text)
    #expect(
      pieces.map(\.text) == [
        "The y axis is Birth rate,",
        "from 100 births per 10,000 people to 300 births per 10,000 people.",
      ])
    // The offsets are where each piece starts in the text.
    #expect(pieces.map(\.offset) == [0, 26])
    let long = String(repeating: "many words here, ", count: 20) + "and the end."
    let cut = SubtitleRules.chunks(of: long)
    #expect(
      cut.map(\.text).joined(separator: " ").split(separator: " ")
        == long.split(separator: " "))
    for piece in cut {
      let lines = SubtitleRules.lines(of: piece.text)
      #expect(lines.count <= 2 && lines.allSatisfy { $0.count <= 42 }, "\(lines)")
      #expect(piece.text.hasSuffix(",") || piece.text.hasSuffix("."), "\(piece.text)")
    }
    // A word longer than a line is cut.
    #expect(SubtitleRules.lines(of: String(repeating: "x", count: 50)).map(\.count) == [42, 8])
  }

  /// Cues that would overlap follow one another, each shown long enough to read; cues at the
  /// same time are joined when they fit in one.
  @Test func cuesAreArrangedOneAfterAnother() {
    let cues = SubtitleRules.arranged([
      Caption(start: 1, end: 3.5, text: "A, highest: 10"),
      Caption(start: 1, end: 3.5, text: "B, lowest: 2"),
      Caption(start: 1.2, end: 3.7, text: String(repeating: "word ", count: 8)),
      Caption(start: 9, end: 11.5, text: "late"),
    ])
    #expect(cues.count == 3)
    #expect(cues[0].text == "A, highest: 10 B, lowest: 2")
    for (first, second) in zip(cues, cues.dropFirst()) { #expect(second.start >= first.end) }
    // The second waits for the first to be read, and shows as long as it takes to read it.
    #expect(abs(cues[1].start - cues[0].end) < 1e-9)
    #expect(cues[1].end - cues[1].start >= 39.0 / 20 - 1e-9)
    #expect(cues[2].start == 9 && cues[2].end == 11.5)
  }
}
