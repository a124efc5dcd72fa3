import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation

/// A folder that explores a chart by ear in a browser, offline: `index.html` with the chart's
/// details, a drawn chart and its data as a table, `page.js` and `page.css`, and the audio (the mix
/// and one stem per series) in `audio/`. The graph is one focusable element whose keys move through
/// the points, playing each note from its series' stem and announcing its values (see the page's
/// key list). Nothing is fetched: the points travel inside the page.
package enum ChartPage {
  /// The files a page writes besides its audio folder.
  static let documentNames = ["index.html", "page.js", "page.css"]
  /// The most points a page carries: past this, keys and a table of every point stop helping.
  package static let maximumPoints = 20000

  /// A point as the page moves through it.
  struct Point: Encodable, Hashable, Sendable {
    /// Its index in its series.
    var index: Int
    /// Where its note starts in the audio files, in seconds.
    var onset: Double
    /// How long its note sounds, in seconds.
    var length: Double
    /// Its values as the axes write them, and its label.
    var x: String
    var y: String
    var label: String?
    /// Where it is drawn, 0 to 1 along each axis.
    var px: Double
    var py: Double
  }

  /// A series as the page moves through it.
  struct Series: Encodable, Hashable, Sendable {
    var name: String
    var instrument: String
    /// "High plays a bowed string", in the page's language.
    var plays: String
    var stem: String
    var highest: Int?
    var lowest: Int?
    var continuous: Bool
    var points: [Point]
  }

  /// What the page's script reads.
  package typealias PlayerData = Data
  /// What the page's script reads.
  package struct Data: Encodable, Hashable, Sendable {
    var title: String
    var mix: String
    var series: [Series]
    var words: PageWords
    /// In an exercise: points say where they are, never their values, and no key jumps to an
    /// extreme.
    package var quiz = false

    /// The data of an exercise's player: no value, no place in the drawing and no extreme, so
    /// that the page's source gives no answer away.
    package func forQuiz() -> Data {
      var data = self
      data.quiz = true
      for index in data.series.indices {
        data.series[index].highest = nil
        data.series[index].lowest = nil
        for point in data.series[index].points.indices {
          data.series[index].points[point].y = ""
          data.series[index].points[point].px = 0
          data.series[index].points[point].py = 0
        }
      }
      return data
    }

    /// The same player without the points' labels: on a sheet that gives no feedback, a peak
    /// labelled "Record high" would answer "where is it highest?", in the page's source and in
    /// what the player speaks.
    package func withoutLabels() -> Data {
      var data = self
      for index in data.series.indices {
        for point in data.series[index].points.indices {
          data.series[index].points[point].label = nil
        }
      }
      return data
    }

    /// Each series' name, what it plays ("High plays a bowed string") and its stem's path.
    package var stems: [(name: String, plays: String, path: String)] {
      series.map { ($0.name, $0.plays, $0.stem) }
    }

    /// The same player with its files' paths starting `new` where they started `old`: for a
    /// folder renamed.
    package func moved(from old: String, to new: String) -> Data {
      func move(_ path: String) -> String {
        path.hasPrefix(old) ? new + path.dropFirst(old.count) : path
      }
      var data = self
      data.mix = move(data.mix)
      for index in data.series.indices { data.series[index].stem = move(data.series[index].stem) }
      return data
    }
  }

  /// Writes the page of `chart` into `folder`, with `settings`' mapping and audio (their outputs
  /// are the page's: the MIDI file and captions are not written), in `language` (by default the
  /// narration voice's). The audio format is MP3 unless the settings name one: every current
  /// browser plays it. The folder is written whole or not at all. To write a page beside other
  /// outputs from one render, set `ExportSettings.page` instead.
  ///
  /// - Throws: `ExportError` when the folder holds other files than an earlier page's, or the
  ///   chart has more points than `maximumPoints`; what `ChartExport.export` throws.
  package static func write(
    _ chart: ChartDescriptor, settings: ExportSettings, to folder: URL,
    language: DescriptionLanguage? = nil, progress: (@Sendable (Double) -> Void)? = nil
  ) throws -> ExportReport {
    var settings = settings
    settings.midi = nil
    settings.mix = nil
    settings.stems = nil
    settings.captions = nil
    settings.sessions = []
    settings.scriptOut = nil
    settings.stemsBy = .series
    settings.page = ExportSettings.PageRequest(folder: folder, language: language)
    return try ChartExport.export(chart, settings: settings, progress: progress)
  }

  /// Refuses a chart with more points than a page carries, or more text than `limits` let a
  /// page carry (its titles, names, categories and labels, each written in the page's data and
  /// its table).
  ///
  /// - Throws: `ExportError` saying the limit.
  static func checkSize(_ chart: ChartDescriptor, limits: ReadingLimits) throws {
    guard chart.pointCount <= maximumPoints else {
      throw ExportError(
        "the chart has \(ValueFormat.grouped(chart.pointCount)) points, more than the \(ValueFormat.grouped(maximumPoints)) a page carries; group or filter the data first",
        code: .exceedsLimits
      )
    }
    var bytes = chart.title.utf8.count + (chart.summary?.utf8.count ?? 0)
    let axes: [Axis] = [chart.xAxis, Axis.numeric(chart.yAxis)] + chart.additionalAxes
    for axis in axes {
      bytes += axis.title.utf8.count
      for category in axis.categorical?.categoryOrder ?? [] { bytes += category.utf8.count }
    }
    for series in chart.series {
      bytes += series.name.utf8.count
      for point in series.dataPoints {
        bytes += point.label?.utf8.count ?? 0
        if case .category(let name) = point.x { bytes += name.utf8.count }
      }
    }
    let limit = limits.pageTextBytes
    guard bytes <= limit else {
      var error = ExportError(
        "the chart's text (titles, names, categories, labels) comes to \(ReadingLimits.size(bytes)), more than the \(ReadingLimits.size(limit)) a page carries",
        code: .exceedsLimits)
      error.limit = .pageText
      throw error
    }
  }

  /// The page's documents (`index.html`, `page.js`, `page.css`) for `chart` as `score` plays
  /// it, its player's `data` in `language`.
  static func documents(
    _ facts: ChartDescription, page: ExportSettings.PageRequest, data: Data, score: Score,
    settings: ExportSettings
  ) -> [(URL, Foundation.Data)] {
    // The guide in the page's language.
    var spoken = settings
    spoken.narration.voice = facts.language.code.rawValue
    let guide = NarrationScript(facts: facts, score: score, settings: spoken).guide
    let html = html(facts, data: data, format: settings.pageAudioFormat, guide: guide)
    return [
      (page.folder.appendingPathComponent("index.html"), Foundation.Data(html.utf8)),
      (page.folder.appendingPathComponent("page.js"), Foundation.Data(PageResources.script.utf8)),
      (page.folder.appendingPathComponent("page.css"), Foundation.Data(PageResources.style.utf8)),
    ]
  }

  /// Refuses a folder that holds anything but an earlier page, before any work.
  ///
  /// - Throws: `ExportError` naming the folder.
  package static func checkReplaceable(_ folder: URL, inputs: [URL]) throws {
    try OutputCheck.checkHoldsNoInput(folder, inputs: inputs, what: "the page")
    switch OutputCheck.replacement(of: folder) {
    case .free: return
    case .isFile:
      throw ExportError(
        "\(folder.relativePath) is a file; name a folder for the page", code: .outputConflict)
    case .holdsOthers(let others):
      throw ExportError(
        "\(folder.relativePath) holds files chart2midi did not write (\(OutputCheck.listed(others))); choose a new folder, or move them out",
        code: .outputConflict)
    }
  }

  /// The points of every series that plays, at their times in the audio.
  static func pageData(
    _ description: ChartDescription, score: Score, settings: ExportSettings, folder: URL, mix: URL,
    stems: [String: URL]
  ) -> Data {
    let chart = description.chart
    let language = description.language
    let timeline = score.timeline
    let presets = (try? settings.locatedSoundFont()).map(SoundFontPresets.names(in:)) ?? [:]
    let categories = chart.xAxis.categorical?.categoryOrder ?? []
    func relative(_ path: URL) -> String { Session.relativePath(of: path, from: folder) }
    var series: [Series] = []
    for (index, source) in chart.series.enumerated() {
      guard timeline.series(at: index) != nil else { continue }
      let stats = description.statistics[index]
      var points: [Point] = []
      for (pointIndex, point) in source.dataPoints.enumerated() {
        guard let y = point.y, let onset = timeline.audioTime(ofPoint: pointIndex, inSeries: index)
        else { continue }
        // Where it is drawn, along each axis as the axis places it (a log axis in log space).
        let px: Double
        switch point.x {
        case .number(let value): px = chart.xAxis.numeric?.normalizedPosition(of: value) ?? 0.5
        case .category(let name):
          let at = categories.firstIndex(of: name) ?? 0
          px = categories.count > 1 ? Double(at) / Double(categories.count - 1) : 0.5
        }
        let py = chart.yAxis.normalizedPosition(of: y)
        points.append(
          Point(
            index: pointIndex, onset: onset, length: 0.4,
            x: chart.xAxis.describe(point.x, in: language),
            y: chart.yAxis.describe(y, in: language),
            label: point.label, px: min(1, max(0, px)), py: min(1, max(0, py))))
      }
      // A note sounds until the next one, at most 0.6 s and at least 0.15 s.
      let sorted = points.indices.sorted { points[$0].onset < points[$1].onset }
      for (order, at) in sorted.enumerated() {
        let next = order + 1 < sorted.count ? points[sorted[order + 1]].onset : .infinity
        points[at].length = min(0.6, max(0.15, next - points[at].onset))
      }
      points = sorted.map { points[$0] }
      let stem = timeline.series(at: index)?.stem ?? source.name
      let tracks = score.tracks.filter { $0.part == .series && $0.stem == stem }
      let instruments = tracks.map {
        NarrationScript.instrument($0.program, presets: presets, language: language)
      }
      let name = source.name.isEmpty ? chart.title : source.name
      series.append(
        Series(
          name: name, instrument: instruments.first ?? "",
          plays: instruments.first.map { "\(name) \(language.table.plays($0))" } ?? name,
          stem: stems[stem].map(relative) ?? "",
          highest: stats.maximum.flatMap { top in points.firstIndex { $0.index == top.index } },
          lowest: stats.minimum.flatMap { bottom in points.firstIndex { $0.index == bottom.index }
          },
          continuous: source.isContinuous, points: points))
    }
    return Data(
      title: chart.title, mix: relative(mix), series: series,
      words: PageWords(language))
  }
}
