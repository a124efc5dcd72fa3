import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
// Times each stage of the conversion of one chart: read, decode, map, encode, write, and reading the
// result back with libsmf (whose freeing must stay linear). Prints one line per stage and the peak
// memory. Usage: chart2midi-bench CHART.json OUT.mid
//
// With --render, times the synthesis of a chart in memory: the mix alone, then the mix and every stem
// from the same pass, best of five each. Usage: chart2midi-bench --render CHART.json [FLAGS.json]
//
// With --speech, makes the speech of a chart's narration alone, once, as `convert --narrate` makes
// it (eSpeak NG's start, its speech, the resampling), for `Scripts/measure.py` to time in a fresh
// process as a conversion is. Usage: chart2midi-bench --speech CHART.json
//
// With --statistics, times in one process what a chart without a summary costs besides its
// reading: the series' statistics, the description that makes the summary, and the mapping with
// and without the statistics at hand; best of five each. Usage: chart2midi-bench --statistics CHART.json
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation

/// The benchmark chart's shape for Foundation's `JSONDecoder`, to compare its decoding with the
/// hand-written scanner's (numbers only, as the benchmark chart has).
struct CodableChart: Decodable {
  struct Axis: Decodable {
    var type: String
    var title: String
    var range: [Double]?
  }
  struct Point: Decodable {
    var x: Double
    var y: Double?
    var additionalValues: [Double]?
  }
  struct Series: Decodable {
    var name: String
    var isContinuous: Bool
    var dataPoints: [Point]
  }
  var title: String
  var summary: String?
  var xAxis: Axis
  var yAxis: Axis
  var additionalAxes: [Axis]?
  var series: [Series]
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func peakMemoryMB() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024
}

let arguments = CommandLine.arguments
if arguments.count >= 3, arguments[1] == "--speech" {
  do {
    let chart = try ChartDescriptor(contentsOf: URL(fileURLWithPath: arguments[2]))
    var settings = try ExportSettings.forChart(chart)
    settings.narration.parts = .both
    let score = try ChartMapper(options: settings.sonification).makeScore(for: chart)
    let script = NarrationScript(chart: chart, score: score, settings: settings)
    let start = now()
    let narration = try Narration(
      intro: script.intro, details: script.details, graphDuration: score.duration,
      voice: settings.narration.voice, speechRate: settings.narration.speechRate,
      pause: settings.narration.pause, sampleRate: settings.render.sampleRate)
    let seconds = narration.sentences.reduce(0) { $0 + $1.end - $1.start }
    print(
      String(
        format: "speech: %d sentences, %.1f s of speech in %.3f s (eSpeak NG's start included)",
        narration.sentences.count, seconds, now() - start))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
}
if arguments.count >= 3, arguments[1] == "--render" {
  do {
    let chart = try ChartDescriptor(contentsOf: URL(fileURLWithPath: arguments[2]))
    var options = try SonificationOptions().applying(chart.sonification)
    options.continuous = .notes
    options.totalDuration = 60
    let score = try ChartMapper(options: options).makeScore(for: chart)
    let performance = Performance(score: score)
    let font = try SoundFontLocator.locate()
    func best(stems: Bool) throws -> (Double, Int) {
      var renderOptions = RenderOptions()
      renderOptions.rendersStems = stems
      var times: [Double] = []
      var frames = 0
      for _ in 0..<5 {
        let start = now()
        let rendering = try FluidSynthRenderer(soundFont: font, options: renderOptions).render(
          performance)
        times.append(now() - start)
        frames = rendering.mix.frames
      }
      return (times.min()!, frames)
    }
    let (mix, frames) = try best(stems: false)
    let (all, _) = try best(stems: true)
    let notes = score.tracks.reduce(0) { $0 + $1.noteCount }
    print(
      "render \(notes) notes, \(String(format: "%.1f", Double(frames) / 44100)) s of audio, \(performance.stems.count) stems, \(font.lastPathComponent):"
    )
    print(
      String(
        format: "  mix alone            %7.3f s (%.0fx real time)", mix,
        Double(frames) / 44100 / mix))
    print(String(format: "  mix and all stems    %7.3f s (%.2fx the mix alone)", all, all / mix))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
}
if arguments.count >= 3, arguments[1] == "--statistics" {
  do {
    var chart = try ChartDescriptor(contentsOf: URL(fileURLWithPath: arguments[2]))
    chart.summary = nil
    let mapper = ChartMapper(options: try SonificationOptions().applying(chart.sonification))
    func best(_ name: String, _ work: () throws -> Void) rethrows {
      var times: [Double] = []
      for _ in 0..<5 {
        let start = now()
        try work()
        times.append(now() - start)
      }
      let padded = name.padding(toLength: 40, withPad: " ", startingAt: 0)
      print("  \(padded) \(String(format: "%8.4f", times.min()!)) s (best of 5)")
    }
    print("points: \(chart.pointCount), series: \(chart.series.count)")
    best("series statistics") {
      for index in chart.series.indices { _ = SeriesStatistics(series: index, of: chart) }
    }
    best("y decimals") { _ = chart.yDecimals }
    best("description and its summary") { _ = ChartDescription(chart).generatedSummary }
    let statistics = ChartDescription(chart).statistics
    try best("map, statistics given") {
      _ = try mapper.makeScore(for: chart, statistics: statistics)
    }
    try best("map") { _ = try mapper.makeScore(for: chart) }
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: chart2midi-bench CHART.json OUT.mid\n".utf8))
  exit(2)
}
do {
  var times: [(String, Double)] = []
  var start = now()
  func lap(_ name: String) {
    let end = now()
    times.append((name, end - start))
    start = end
  }
  let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
  lap("read JSON")
  let chart = try ChartDescriptor(json: data)
  lap("decode + validate")
  let decodeSeconds = times.last!.1
  let score = try ChartMapper(options: try SonificationOptions().applying(chart.sonification))
    .makeScore(for: chart)
  lap("map")
  let bytes = SMFEncoder().encode(score)
  lap("encode SMF")
  try Data(bytes).write(to: URL(fileURLWithPath: arguments[2]))
  lap("write file")
  // The pipeline's peak, before libsmf and Foundation's decoder add their own.
  let pipelinePeak = peakMemoryMB()
  let file = try MIDIFile(bytes: bytes)
  lap("read back with libsmf")
  let codable = try JSONDecoder().decode(CodableChart.self, from: data)
  lap("Foundation JSONDecoder")
  let codableSeconds = times.last!.1
  precondition(codable.series[0].dataPoints.count == chart.series[0].dataPoints.count)
  let events = file.tracks.reduce(0) { $0 + $1.events.count }
  print(
    "points: \(chart.pointCount), events: \(events), JSON: \(data.count / 1_000_000) MB, MIDI: \(bytes.count / 1_000_000) MB"
  )
  for (name, seconds) in times {
    print(
      "  \(name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(String(format: "%8.3f", seconds)) s"
    )
  }
  let pipeline = times.filter {
    $0.0 != "read back with libsmf" && $0.0 != "Foundation JSONDecoder"
  }.reduce(0) { $0 + $1.1 }
  let mappingAndEncoding = times.filter { $0.0 == "map" || $0.0 == "encode SMF" }.reduce(0) {
    $0 + $1.1
  }
  let megabytes = Double(data.count) / 1_000_000
  print(
    String(
      format:
        "  decoding: %.0f MB/s (goal 400); Foundation's JSONDecoder, decoding only: %.0f MB/s, %.1fx slower",
      megabytes / decodeSeconds, megabytes / codableSeconds, codableSeconds / decodeSeconds))
  print(
    String(
      format: "  map + encode: %.3f s for %d events (goal 0.1 s for 2,000,000)", mappingAndEncoding,
      events))
  print(
    "  \("JSON in to MIDI out".padding(toLength: 24, withPad: " ", startingAt: 0)) \(String(format: "%8.3f", pipeline)) s"
  )
  print(
    String(
      format: "  peak memory %.0f MB (%.0f MB with the libsmf and JSONDecoder stages)",
      pipelinePeak,
      peakMemoryMB()))
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
