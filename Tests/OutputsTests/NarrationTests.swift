import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDIOutputs
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIAudio

/// A narrated audio graph: speech before and after the graph, on one timeline in every output.
@Suite("A narrated audio graph", .serialized)
struct NarrationTests {
  @Test func theNarrationTheGraphAndTheFilesShareOneTimeline() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = try ChartDescriptor(contentsOf: example("birth-rate"))
    let options = try SonificationOptions().applying(chart.sonification)
    let midi = folder.appendingPathComponent("b.mid")
    let mix = folder.appendingPathComponent("b.wav")
    let stems = folder.appendingPathComponent("stems")
    let captions = folder.appendingPathComponent("b.vtt")
    var settings = ExportSettings(
      sonification: options, narration: NarrationSettings(parts: .both), midi: midi, mix: mix,
      stems: stems, captions: captions)
    settings.sampleFormat = .float32
    let report = try ChartExport.export(chart, settings: settings)
    let rate = 44100.0

    // The script: the title first, then within 10 s the takeaway (the summary's first sentence
    // is too long for it: the shape without its values) and what to listen for (one sound alone
    // is not named); after the graph the details: the summary, then the shape with its values.
    let sentences = report.narration
    let intro = sentences.filter { $0.start < report.graphStart }
    let details = sentences.filter { $0.start > report.graphStart }
    #expect(
      intro.map(\.text) == [
        "Twentieth-century birth rates.",
        "Birth rate falls to a low, rises to a high, then falls steeply.",
        "Higher pitch means more Birth rate.",
      ])
    #expect((intro.last?.end ?? 99) <= 10)
    #expect(!sentences.contains { $0.text.contains(" plays ") })
    #expect(details.count == 2)
    #expect(details.first?.text.hasPrefix("The birth rate fell to a low") == true)
    #expect(
      details.last?.text
        == "Birth rate falls from 235 births per 10,000 people to a low of 185 births per 10,000 people in 1934, rises to a high of 268 births per 10,000 people in 1960 (Peak), then falls steeply to 148 births per 10,000 people."
    )
    // The graph starts a pause after the intro, on the file's tick.
    let introEnd = try #require(intro.last?.end)
    #expect(abs(report.graphStart - (introEnd + settings.narration.pause)) <= 1.0 / 960)

    // The MIDI file, read with libsmf: the first note at the graph's start, within 1 ms, and
    // every sentence a marker at its time.
    let file = try MIDIFile(contentsOf: midi)
    let noteTimes = file.tracks.flatMap(\.events).filter {
      if case .noteOn? = $0.channelMessage?.message { true } else { false }
    }.map(\.seconds)
    let firstNote = try #require(noteTimes.min())
    #expect(abs(firstNote - report.graphStart) < 0.001)
    let markers = file.tracks[0].events.filter { $0.isMeta(.marker) }
    for sentence in sentences where sentence.text.utf8.count <= 127 {
      #expect(
        markers.contains {
          abs($0.seconds - sentence.start) <= 1.0 / 960
            && $0.metaData.map { String(decoding: $0, as: UTF8.self) } == sentence.text
        }, "\(sentence.text)")
    }

    // The audio: the narration stem loud where each sentence is spoken and silent during the
    // graph; the music starts where the graph does, within 1 ms; the stems add up to the mix.
    func samples(_ url: URL) throws -> [Float] {
      let data = try #require(wavData([UInt8](try Data(contentsOf: url))))
      return stride(from: data.startIndex, to: data.endIndex, by: 8).map { index in
        Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(data[index + $1]) << (8 * $1) })
      }
    }
    let narration = try samples(stems.appendingPathComponent("Narration.wav"))
    let music = try samples(stems.appendingPathComponent("Birth rate.wav"))
    let grid = try samples(stems.appendingPathComponent("Gridlines.wav"))
    let mixed = try samples(mix)
    #expect(narration.count == mixed.count && music.count == mixed.count)
    for sentence in sentences {
      let middle = Int((sentence.start + sentence.end) / 2 * rate)
      #expect(rms(narration, from: middle - 4410, to: middle + 4410) > 0.01, "\(sentence.text)")
    }
    let score = try #require(report.score)
    let lastTimes = score.tracks.compactMap { $0.events.last?.time }
    let graphEnd = try #require(lastTimes.max())
    #expect(rms(narration, from: Int(report.graphStart * rate), to: Int(graphEnd * rate)) == 0)
    let onset = try #require(music.indices.first { abs(music[$0]) > 1e-4 || abs(grid[$0]) > 1e-4 })
    #expect(
      abs(Double(onset) / rate - report.graphStart) < 0.001, "music from \(Double(onset) / rate) s")
    let worst = mixed.indices.reduce(Float(0)) {
      max($0, abs(mixed[$1] - narration[$1] - music[$1] - grid[$1]))
    }
    #expect(worst < 1e-5)

    // The captions: every word spoken, in order, cut into cues; each sentence's first cue at the
    // frame it is spoken, each further cue when its first word is said, within the sentence.
    let text = try String(contentsOf: captions, encoding: .utf8)
    let cues = text.components(separatedBy: "\n\n").dropFirst().filter { !$0.isEmpty }.map {
      block in
      let lines = block.split(separator: "\n").map(String.init)
      return (time: String(lines[1].prefix(12)), words: lines.dropFirst(2).joined(separator: " "))
    }
    #expect(
      cues.flatMap { $0.words.split(separator: " ") }
        == sentences.flatMap { $0.text.split(separator: " ") })
    #expect(cues.count > sentences.count, "long sentences are cut")
    // Broadcast timing puts each cue on the nearest frame (at 25 fps by default).
    for sentence in sentences {
      let frame = (sentence.start * 25).rounded() / 25
      #expect(cues.contains { $0.time == stamp(frame) }, "\(sentence.text)")
    }
    // The facts at the notes are in a file of their own, at their notes' times.
    let points = try String(
      contentsOf: folder.appendingPathComponent("b.points.vtt"), encoding: .utf8)
    #expect(points.contains("Highest: 268 births per"))
    #expect(!text.contains("Highest:"))
  }

  /// WebVTT's hh:mm:ss.mmm.
  func stamp(_ seconds: Double) -> String {
    let millis = Int((seconds * 1000).rounded())
    return String(
      format: "%02d:%02d:%02d.%03d", millis / 3_600_000, millis / 60_000 % 60, millis / 1000 % 60,
      millis % 1000)
  }

  @Test func speechIsResampledNotRepeated() throws {
    // A 1 kHz tone at 22,050 Hz to 44,100 Hz: still 1 kHz, and nothing above 11 kHz appears.
    let tone = (0..<22050).map { Float(sin(2 * Double.pi * 1000 * Double($0) / 22050)) * 0.5 }
    let resampled = try Resampler.resample(tone, from: 22050, to: 44100)
    #expect(abs(resampled.count - 44100) <= 2)
    #expect(abs(fundamental(resampled[10000..<12000], sampleRate: 44100) - 1000) < 2)
    // Repeating samples would put an image of the tone at 21.05 kHz: measure that band.
    let slice = Array(resampled[10000..<14410])
    func magnitude(_ frequency: Double) -> Double {
      var (c, s) = (0.0, 0.0)
      for (index, value) in slice.enumerated() {
        let phase = 2 * Double.pi * frequency * Double(index) / 44100
        c += Double(value) * cos(phase)
        s += Double(value) * sin(phase)
      }
      return (c * c + s * s).squareRoot()
    }
    #expect(magnitude(21050) < magnitude(1000) / 1000)
  }

  @Test func theVoicesAreListed() throws {
    let voices = try SpeechSynthesizer.voices()
    #expect(voices.count > 10)
    #expect(try SpeechSynthesizer.hasVoice("en"))
    #expect(try SpeechSynthesizer.hasVoice("de"))
    #expect(try !SpeechSynthesizer.hasVoice("elvish"))
    #expect(try !SpeechSynthesizer.hasVoice(""))
  }

  @Test(
    "a voice is found by identifier, file name, variant, given name or language, in any case",
    arguments: ["roa/fr", "fr", "FR", "en-us+f3", "French (Belgium)", "fr-fr", "FR-BE", "de-de"])
  func aVoiceIsFoundByAnyOfItsNames(voice: String) throws {
    #expect(try SpeechSynthesizer.hasVoice(voice))
    // And speaks.
    let (rate, speech) = try SpeechSynthesizer.speak(["Bonjour."], voice: voice, rate: 175)
    #expect(rate > 0)
    #expect(speech.count == 1)
    #expect(rms(speech[0], from: 0, to: speech[0].count) > 0.01)
  }

  /// eSpeak NG says where each word starts, counted in Unicode scalars from the text's start, at
  /// increasing times within its speech.
  @Test func speechSaysWhereEachWordIs() throws {
    let text = "Zürich, Größe und Öl sind schön; das Wetter ist schlecht."
    var words: [SpeechSynthesizer.Word] = []
    var length = 0
    let rate = try SpeechSynthesizer.speak([text], voice: "de", rate: 175) { samples, _, spoken in
      words = spoken
      length = samples.count
    }
    let starts = SubtitleRules.words(of: text).map(\.offset)
    #expect(words.map(\.offset) == starts)
    #expect(words.map(\.time) == words.map(\.time).sorted())
    #expect(words.first!.time < 0.3)
    #expect(words.last!.time < Double(length) / Double(rate))
    #expect(words.last!.time > Double(length) / Double(rate) / 2)
  }

  /// A chart of `count` series without a summary: monthly sales by region.
  static func regions(_ count: Int) -> ChartDescriptor {
    let names = ["North", "South", "East", "West", "Central"]
    let series = (0..<count).map { index in
      DataSeries(
        name: names[index], isContinuous: true,
        dataPoints: (0..<12).map { month in
          let wave = sin(Double(month + 3 * index) / 2)
          return DataPoint(
            x: .number(Double(month)), y: 40 + Double(index) * 9 + 20 * wave + Double(month))
        })
    }
    return ChartDescriptor(
      title: "Monthly sales by region", xAxis: .numeric(NumericAxis(title: "Month", range: 0...11)),
      yAxis: NumericAxis(title: "Sales", range: 0...100), series: series)
  }

  /// Series of one shape, without a summary: that shape is the takeaway, said once.
  @Test func seriesOfOneShapeMakeTheTakeaway() throws {
    let series = ["A", "B"].enumerated().map { index, name in
      DataSeries(
        name: name, isContinuous: false,
        dataPoints: (0..<20).map { x in
          DataPoint(x: .number(Double(x)), y: 10 * Double(index) + abs(Double(x) - 10) * 3)
        })
    }
    let chart = ChartDescriptor(
      title: "Two dips", xAxis: .numeric(NumericAxis(title: "Week", range: 0...19)),
      yAxis: NumericAxis(title: "Level", range: 0...60), series: series)
    var settings = try ExportSettings.forChart(chart)
    settings.narration.parts = .both
    let score = try ChartMapper(options: settings.sonification).makeScore(for: chart)
    let script = NarrationScript(chart: chart, score: score, settings: settings)
    // The shape before the graph, without its places when the intro is short of room (they
    // follow the graph), never twice in the same words.
    #expect(script.intro[1].hasPrefix("A and B share one shape: a fall"), "\(script.intro)")
    let said = script.intro + script.details
    #expect(said.filter { $0.contains("share one shape") }.count <= 2)
    #expect(Set(said).count == said.count)
    // How they rank is said after the graph.
    #expect(script.details.contains { $0.contains("on average") }, "\(script.details)")
  }

  /// Four years of one shape whose names are long to say: the takeaway counts them, with the
  /// month of their high, and the details do not say the shape again.
  @Test func everySeriesOfOneShapeIsCountedWhenNamingThemIsTooLong() throws {
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let series = (2012...2015).map { year in
      DataSeries(
        name: "\(year)", isContinuous: false,
        dataPoints: months.indices.map { month -> DataPoint in
          let phase = Double(month - 3) / 12 * 2 * Double.pi
          return DataPoint(
            x: .category(months[month]), y: (15 + 10 * sin(phase) + Double(year - 2012)).rounded())
        })
    }
    let chart = ChartDescriptor(
      title: "Seattle's average daily high by month, 2012-2015",
      xAxis: .categorical(CategoricalAxis(title: "Month", categoryOrder: months)),
      yAxis: NumericAxis(title: "High", range: 0...30), series: series)
    var settings = try ExportSettings.forChart(chart)
    settings.narration.parts = .both
    let score = try ChartMapper(options: settings.sonification).makeScore(for: chart)
    let script = NarrationScript(chart: chart, score: score, settings: settings)
    #expect(
      script.intro.contains("All 4 series share one shape: a rise to a high in Jul, then a fall."),
      "\(script.intro)")
    #expect(!script.details.contains { $0.contains("share one shape") }, "\(script.details)")
    #expect(script.details.contains { $0.hasPrefix("Highest overall: 2015") }, "\(script.details)")
  }

  /// Before the graph, at most 10 s at the default rate for one to five series: the title, the
  /// takeaway, the sounds and how to read them. No sentence is said twice, and no number twice
  /// about one series (several series may turn at the same month).
  @Test(arguments: 1...5)
  func theIntroIsShortAndNoNumberIsSaidTwice(series: Int) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = Self.regions(series)
    var settings = try ExportSettings.forChart(chart)
    settings.narration.parts = .both
    settings.midi = folder.appendingPathComponent("r.mid")
    let report = try ChartExport.export(chart, settings: settings)
    let intro = report.narration.filter { $0.end <= report.graphStart }
    let spoken = try #require(intro.last?.end)
    #expect(spoken <= 10, "\(series) series: the intro lasts \(spoken) s")
    let texts = report.narration.map(\.text)
    #expect(Set(texts).count == texts.count, "\(series) series: \(texts)")
    // Every number said of one series once: its sentence, with the intro.
    let introText = intro.map(\.text).joined(separator: " ")
    for sentence in report.narration where sentence.start > report.graphStart {
      let numbers = (introText + " " + sentence.text).split { !$0.isNumber && $0 != "." }
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
        .filter { $0.contains { $0.isNumber } }
      let repeated = Dictionary(grouping: numbers, by: { $0 }).filter { $0.value.count > 1 }
      #expect(
        repeated.isEmpty,
        "\(series) series: said twice: \(repeated.keys.sorted()) in \(sentence.text)")
    }
  }

  /// The examples, whose titles and summaries their authors wrote: the intro is at most 10 s
  /// (a summary's first sentence too long for it is said after the graph); the longer form
  /// keeps more. No sentence of either is said twice.
  @Test func theExamplesIntrosAreShortAndTheFullFormLonger() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["birth-rate", "cars", "temperatures", "dice", "precipitation", "coffee-code"] {
      let chart = try ChartDescriptor(
        contentsOf: projectRoot.appendingPathComponent("Examples/\(name).json"))
      var lengths: [Double] = []
      for parts in [NarrationSettings.Parts.both, .full] {
        var settings = try ExportSettings.forChart(chart)
        settings.narration.parts = parts
        settings.midi = folder.appendingPathComponent("\(name).mid")
        let report = try ChartExport.export(chart, settings: settings)
        lengths.append(
          report.narration.filter { $0.end <= report.graphStart }.last?.end ?? .infinity)
        let texts = report.narration.map(\.text)
        #expect(Set(texts).count == texts.count, "\(name) \(parts): \(texts)")
        #expect(!texts.contains { $0.contains("no overall rise or fall") }, "\(name): \(texts)")
      }
      #expect(lengths[0] <= 10, "\(name): \(lengths[0]) s")
      #expect(lengths[1] > lengths[0] + 3, "\(name): \(lengths)")
    }
  }
}

/// eSpeak NG keeps state between utterances; each narration speaks with a fresh copy of its
/// library, so the same chart gives the same bytes in one long-lived process, on any thread.
@Suite("Narration is the same every time", .serialized)
struct NarrationDeterminismTests {
  /// The speech itself, in one process: the same texts give the same samples each time (within
  /// one narration, the second sentence is spoken after the first, as it always is).
  @Test func theSameTextsGiveTheSameSamples() throws {
    let text = "Payroll falls steeply to a low of minus 800,000 jobs in March 2009, then recovers."
    let spoken = try (0..<4).map { _ in
      try SpeechSynthesizer.speak([text, text], voice: "en", rate: 175).speech
    }
    let same = spoken.allSatisfy { $0 == spoken[0] }
    #expect(same, "lengths: \(spoken.map { $0.map(\.count) })")
  }
}

/// Cues during the graph: a series' name just before it plays, when series play in turn.
@Suite("Cues during the graph")
struct NarrationCueTests {
  @Test func eachSeriesIsNamedJustBeforeItPlays() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = NarrationTests.regions(3)
    var settings = try ExportSettings.forChart(chart)
    settings.sonification.arrangement = .sequential
    settings.narration.parts = .both
    settings.narration.cues = true
    settings.midi = folder.appendingPathComponent("r.mid")
    let report = try ChartExport.export(chart, settings: settings)
    let timeline = try #require(report.score?.timeline)
    for series in timeline.series {
      let cue = try #require(report.narration.first { $0.text == series.name })
      let start = report.graphStart + series.span.lowerBound
      #expect(cue.end <= start, "\(series.name) ends at \(cue.end), plays at \(start)")
      #expect(cue.end >= start - 1, "\(series.name) ends at \(cue.end), plays at \(start)")
    }
    // The sentences stay in time order and never overlap.
    for (a, b) in zip(report.narration, report.narration.dropFirst()) {
      #expect(a.end <= b.start, "\(a.text) overlaps \(b.text)")
    }
  }
}
