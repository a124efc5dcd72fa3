import Chart2MIDIAudio
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIFacts
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import TextEncoders

/// A caption: text shown from a time to a time, in seconds.
package struct Caption: Hashable, Sendable {
  /// When it shows, in seconds.
  package var start: Double
  /// When it goes, in seconds.
  package var end: Double
  /// What it says.
  package var text: String

  /// A caption.
  package init(start: Double, end: Double, text: String) {
    self.start = start
    self.end = end
    self.text = text
  }
}

/// Caption file formats.
package enum CaptionFormat: String, Hashable, Sendable, CaseIterable {
  /// WebVTT (`.vtt`).
  case webVTT = "vtt"
  /// SubRip (`.srt`).
  case srt
  /// IMSC 1.1 Text, a profile of TTML 2 for broadcast and streaming (`.ttml`).
  case ttml

  /// The format a file name's extension names, or nil.
  package init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }

  /// Whether a caption file's name asks for a W3C DAPT script (`NAME.dapt.ttml`) rather than
  /// captions.
  package static func isDAPT(_ url: URL) -> Bool {
    url.pathExtension.lowercased() == "ttml"
      && url.deletingPathExtension().pathExtension.lowercased() == "dapt"
  }
}

/// Captions for audio-described media, aligned with the MIDI and WAV: the title at 0, then the
/// highest and lowest point of each series and each outlier (and every labelled point when asked),
/// each at the onset of its note, with its value in the axes' words.
package struct CaptionMaker: Sendable {
  /// Also a caption for every labelled point.
  package var includesLabels: Bool
  /// How long each caption shows, in seconds.
  package var duration: Double
  /// The language of the words around the chart's texts, and of its dates and numbers: a
  /// narration's (see `DescriptionLanguage`).
  package var language = DescriptionLanguage.english

  /// Creates a caption maker.
  package init(includesLabels: Bool = false, duration: Double = 2.5) {
    self.includesLabels = includesLabels
    self.duration = duration
  }

  /// The captions of a chart as `score` plays it, in time order, at the times of its timeline: the
  /// title at the outputs' time 0, each fact at its note in the outputs (after a spoken intro).
  package func captions(for chart: ChartDescriptor, score: Score) -> [Caption] {
    captions(for: ChartDescription(chart, language: language), score: score)
  }

  /// The captions of the chart `description` describes, in its language.
  package func captions(for description: ChartDescription, score: Score) -> [Caption] {
    let chart = description.chart
    let language = description.language
    let timeline = score.timeline
    var captions = [Caption(start: 0, end: duration, text: chart.title)]
    let several = chart.series.count > 1
    for (seriesIndex, stats) in description.statistics.enumerated() {
      guard timeline.series(at: seriesIndex) != nil else { continue }
      // Each point once, with every role it plays, in the order the roles are listed.
      var roles: [(point: SeriesStatistics.Point, names: [String])] = []
      // Where each point's roles are, by its index: linear in the points, however many labelled.
      var placeOf: [Int: Int] = [:]
      func add(_ point: SeriesStatistics.Point?, _ role: String) {
        guard let point else { return }
        if let existing = placeOf[point.index] {
          roles[existing].names.append(role)
        } else {
          placeOf[point.index] = roles.count
          roles.append((point, [role]))
        }
      }
      add(stats.maximum, language.table.highest)
      add(stats.minimum, language.table.lowest)
      for outlier in stats.outliers { add(outlier, language.table.outlier) }
      if includesLabels {
        for (index, point) in chart.series[seriesIndex].dataPoints.enumerated()
        where point.label != nil {
          if let y = point.y {
            add(
              SeriesStatistics.Point(index: index, x: point.x, y: y, label: point.label), "labelled"
            )
          }
        }
      }
      let colon = language.separator(":")
      for (point, names) in roles {
        var role = names.filter { $0 != "labelled" }.joined(separator: " \(language.table.and) ")
        if !several { role = role.prefix(1).uppercased() + role.dropFirst() }
        let prefix =
          several
          ? "\(stats.name)\(role.isEmpty ? "" : ", \(role)")\(colon)"
          : (role.isEmpty ? "" : "\(role)\(colon)")
        let start = timeline.time(ofPoint: point.index, inSeries: seriesIndex)!
        captions.append(
          Caption(
            start: start, end: start + duration, text: prefix + description.valueText(for: point)))
      }
    }
    return captions.enumerated().sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }
    .map(\.element)
  }

  /// The captions as a file's text; a caption's lines are its text's lines. A TTML document
  /// (IMSC 1.1 Text) takes the language of the text (`language`, a BCP 47 tag) and the title.
  package static func render(
    _ captions: [Caption], as format: CaptionFormat, language: String = "en", title: String = ""
  ) -> String {
    if format == .ttml { return ttml(captions, language: language, title: title) }
    var text = format == .webVTT ? "WEBVTT\n\n" : ""
    for (number, caption) in captions.enumerated() {
      let separator = format == .webVTT ? "." : ","
      text += "\(number + 1)\n"
      text += "\(timestamp(caption.start, separator)) --> \(timestamp(caption.end, separator))\n"
      // A blank line ends a cue, so the text has none (see `CueText`).
      let body = format == .webVTT ? CueText.webVTT(caption.text) : CueText.srt(caption.text)
      text += body + "\n\n"
    }
    return text
  }

  /// An IMSC 1.1 Text document: one region along the bottom of the picture, white text on black,
  /// each caption a paragraph with its lines broken by `<br/>`, times in media time.
  static func ttml(_ captions: [Caption], language: String, title: String) -> String {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
          xmlns:tts="http://www.w3.org/ns/ttml#styling" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"
          ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/imsc1.1/text"
          ttp:timeBase="media" xml:lang="\(XMLText.attribute(language))">
        <head>
          <metadata>
            <ttm:title>\(XMLText.text(title))</ttm:title>
          </metadata>
          <styling>
            <style xml:id="caption" tts:color="white" tts:backgroundColor="black"
                tts:fontFamily="proportionalSansSerif" tts:fontSize="100%" tts:textAlign="center"/>
          </styling>
          <layout>
            <region xml:id="bottom" tts:origin="10% 75%" tts:extent="80% 20%" tts:displayAlign="after"/>
          </layout>
        </head>
        <body region="bottom" style="caption">
          <div>

      """
    for (number, caption) in captions.enumerated() {
      // Escaped first: every line break is then a lone LF.
      let body = XMLText.text(caption.text).split(separator: "\n", omittingEmptySubsequences: true)
        .joined(separator: "<br/>")
      text +=
        "      <p xml:id=\"c\(number + 1)\" begin=\"\(timestamp(caption.start, "."))\" end=\"\(timestamp(caption.end, "."))\"><span>\(body)</span></p>\n"
    }
    text += """
          </div>
        </body>
      </tt>

      """
    return text
  }

  /// `HH:MM:SS.mmm` (WebVTT) or `HH:MM:SS,mmm` (SubRip).
  static func timestamp(_ seconds: Double, _ separator: String) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    return String(
      format: "%02d:%02d:%02d%@%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
      milliseconds / 1000 % 60, separator, milliseconds % 1000)
  }
}
