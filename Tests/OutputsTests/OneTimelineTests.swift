import Chart2MIDIChart
import Chart2MIDIExercises
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

/// Every output reads the score's one timeline: the MIDI file's notes and markers, the captions,
/// the WAV cues, the narration and the exercise questions all sit where the timeline says, on a
/// chart with a spoken intro, a start, a tempo and series played one after another.
@Suite("One timeline for every output", .serialized)
struct OneTimelineTests {
  /// Two discrete series of twelve points, a peak each, every fourth point labelled.
  static let chart: ChartDescriptor = {
    func series(_ name: String, _ base: Double) -> DataSeries {
      var points: [DataPoint] = []
      for index in 0..<12 {
        let y: Double = index == 7 ? base + 40 : base + Double(index % 3) * 5
        let label: String? = index % 4 == 0 ? "\(name) \(index)" : nil
        points.append(DataPoint(x: .number(Double(index)), y: y, label: label))
      }
      return DataSeries(name: name, isContinuous: false, dataPoints: points)
    }
    return ChartDescriptor(
      title: "Two levels", summary: "Two levels, one peak each.",
      xAxis: .numeric(NumericAxis(title: "Day", range: 0...11)),
      yAxis: NumericAxis(title: "Level", range: 0...100), additionalAxes: [],
      series: [series("Low", 10), series("High", 40)])
  }()

  /// The cue frames of a WAV file, read from its `cue ` chunk: 24 bytes a point, the sample
  /// offset last.
  func cueFrames(_ url: URL) throws -> [Int] {
    let chunks = try #require(wavChunks([UInt8](try Data(contentsOf: url))))
    let cue = try #require(chunks.first { $0.id == "cue " }?.body)
    func u32(_ at: Int) -> Int {
      (0..<4).reduce(0) { $0 | Int(cue[cue.startIndex + at + $1]) << (8 * $1) }
    }
    return (0..<u32(0)).map { u32(4 + 24 * $0 + 20) }
  }

  @Test(
    "captions, markers, cues, narration and questions read the timeline",
    arguments: [false, true])
  func everyOutputReadsTheTimeline(padsStart: Bool) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var options = SonificationOptions()
    options.arrangement = .sequential
    options.tempo = 90
    options.markers = .all
    options.totalDuration = 6
    options.start = "00:00:03:00"
    options.frameRate = .fps25
    options.padStart = padsStart
    let request = ExportSettings(
      sonification: options, narration: NarrationSettings(parts: .intro),
      midi: folder.appendingPathComponent("t.mid"),
      mix: folder.appendingPathComponent("t.wav"), captions: folder.appendingPathComponent("t.vtt"))
    let report = try ChartExport.export(Self.chart, settings: request)
    let score = try #require(report.score)
    let timeline = score.timeline

    // The timeline itself: the graph after the intro, the start, sequential spans.
    #expect(timeline.graphStart > 3)
    #expect(timeline.graphStart == report.graphStart)
    #expect(timeline.start?.secondsValue == 3)
    #expect(timeline.audioLeadIn == (padsStart ? 3 : 0))
    #expect(timeline.series.map(\.index) == [0, 1])
    #expect(timeline.series[0].span == 0...6)
    #expect(timeline.series[1].span == 7...13)
    let intro = report.narration.filter { $0.end <= timeline.graphStart }
    #expect(intro.count == report.narration.count && !intro.isEmpty)

    // The MIDI file, read by libsmf: each point's note and its marker at the timeline's time
    // (half a tick at 90 bpm at most), and a marker where the graph starts.
    let file = try MIDIFile(contentsOf: request.midi!)
    let markers = file.tracks[0].events.filter { $0.isMeta(.marker) }.map {
      (time: $0.seconds, text: String(decoding: $0.metaData!, as: UTF8.self))
    }
    let noteOns = file.tracks.dropFirst().filter { $0.name == "Low" || $0.name == "High" }.map {
      $0.events.filter {
        if case .noteOn? = $0.channelMessage?.message { true } else { false }
      }.map(\.seconds)
    }
    #expect(noteOns.count == 2)
    for (order, series) in timeline.series.enumerated() {
      for point in series.onsets.indices {
        let time = try #require(timeline.time(ofPoint: point, inSeries: series.index))
        #expect(noteOns[order].contains { abs($0 - time) < 0.0006 }, "\(series.name) \(point)")
        let label = "\(series.name), " + (point % 4 == 0 ? "\(series.name) \(point), " : "")
        #expect(
          markers.contains { abs($0.time - time) < 0.0006 && $0.text.hasPrefix(label) },
          "marker of \(series.name) \(point)")
      }
    }
    #expect(
      markers.contains {
        abs($0.time - timeline.graphStart) < 0.0006 && $0.text.hasPrefix("Graph starts (")
      })

    // Captions: each series' highest point at its time in the audio file, in the captions at
    // the notes beside the narration's.
    let captions = try String(contentsOf: request.pointCaptions!, encoding: .utf8)
    for series in timeline.series {
      let time = try #require(timeline.audioTime(ofPoint: 7, inSeries: series.index))
      // On its frame: a narration's captions are timed for broadcast, at 25 fps here.
      let stamp = CaptionStamp.format((time * 25).rounded() / 25)
      #expect(
        captions.contains("\(stamp) --> ") && captions.contains("\(series.name), highest"),
        "\(series.name) at \(stamp)")
    }

    // The WAV cues: every marker at its time in the audio file.
    let frames = Set(try cueFrames(request.mix!))
    for marker in score.markers {
      #expect(frames.contains(Int(((timeline.audioLeadIn + marker.time) * 44100).rounded())))
    }

    // The exercise's questions: a peak's place is where the timeline puts it in the audio.
    let maker = QuestionMaker(chart: Self.chart, score: score)
    let peaks = maker.candidates.filter { $0.kind == .peakPlace || $0.kind == .peakValue }
    #expect(!peaks.isEmpty)
    let peakTimes = timeline.series.compactMap {
      timeline.audioTime(ofPoint: 7, inSeries: $0.index)
    }
    for question in peaks {
      let time = try #require(question.listenAt)
      #expect(peakTimes.contains { abs($0 - time) < 1e-9 }, "\(question.prompt)")
    }
  }
}

/// WebVTT's `HH:MM:SS.mmm`, written here for the test.
enum CaptionStamp {
  static func format(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    return String(
      format: "%02d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
      milliseconds / 1000 % 60, milliseconds % 1000)
  }
}
