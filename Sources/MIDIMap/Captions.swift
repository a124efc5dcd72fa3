import Descriptor
import Foundation

/// A caption: text shown from a time to a time, in seconds.
public struct Caption: Hashable, Sendable {
  /// When it shows, in seconds.
  public var start: Double
  /// When it goes, in seconds.
  public var end: Double
  /// What it says.
  public var text: String

  /// A caption.
  public init(start: Double, end: Double, text: String) {
    self.start = start
    self.end = end
    self.text = text
  }
}

/// Caption file formats.
public enum CaptionFormat: String, Hashable, Sendable, CaseIterable {
  /// WebVTT (`.vtt`).
  case webVTT = "vtt"
  /// SubRip (`.srt`).
  case srt
  /// IMSC 1.1 Text, a profile of TTML 2 for broadcast and streaming (`.ttml`).
  case ttml

  /// The format a file name's extension names, or nil.
  public init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }
}

/// Captions for audio-described media, aligned with the MIDI and WAV: the title at 0, then the
/// highest and lowest point of each series and each outlier (and every labelled point when asked),
/// each at the onset of its note, with its value in the axes' words.
public struct CaptionMaker: Sendable {
  /// Also a caption for every labelled point.
  public var includesLabels: Bool
  /// How long each caption shows, in seconds.
  public var duration: Double
  /// The language of the words around the chart's texts, and of its dates and numbers: a
  /// narration's (see `DescriptionLanguage`).
  public var language = DescriptionLanguage.english

  /// Creates a caption maker.
  public init(includesLabels: Bool = false, duration: Double = 2.5) {
    self.includesLabels = includesLabels
    self.duration = duration
  }

  /// The captions of a chart as `score` plays it, in time order, at the times of its timeline: the
  /// title at the outputs' time 0, each fact at its note in the outputs (after a spoken intro).
  public func captions(for chart: ChartDescriptor, score: Score) -> [Caption] {
    let description = ChartDescription(chart, language: language)
    let timeline = score.timeline
    var captions = [Caption(start: 0, end: duration, text: chart.title)]
    let several = chart.series.count > 1
    for (seriesIndex, stats) in description.statistics.enumerated() {
      guard timeline.series(at: seriesIndex) != nil else { continue }
      // Each point once, with every role it plays, in the order the roles are listed.
      var roles: [(point: SeriesStatistics.Point, names: [String])] = []
      func add(_ point: SeriesStatistics.Point?, _ role: String) {
        guard let point else { return }
        if let existing = roles.firstIndex(where: { $0.point.index == point.index }) {
          roles[existing].names.append(role)
        } else {
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
  public static func render(
    _ captions: [Caption], as format: CaptionFormat, language: String = "en", title: String = ""
  ) -> String {
    if format == .ttml { return ttml(captions, language: language, title: title) }
    var text = format == .webVTT ? "WEBVTT\n\n" : ""
    for (number, caption) in captions.enumerated() {
      let separator = format == .webVTT ? "." : ","
      text += "\(number + 1)\n"
      text += "\(timestamp(caption.start, separator)) --> \(timestamp(caption.end, separator))\n"
      // A blank line ends a cue, so the text has none. In WebVTT "&" and "<" start an entity or
      // a tag, and "-->" may not appear: they are written as entities. SubRip has no entities:
      // "-->" becomes "->" there.
      var body = caption.text.replacingOccurrences(of: "\n\n", with: "\n")
      if format == .webVTT {
        body = markupEscaped(body)
      } else {
        body = body.replacingOccurrences(of: "-->", with: "->")
      }
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
          ttp:timeBase="media" xml:lang="\(markupEscaped(language, quotes: true))">
        <head>
          <metadata>
            <ttm:title>\(markupEscaped(title))</ttm:title>
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
      let body = caption.text.split(separator: "\n", omittingEmptySubsequences: true)
        .map { markupEscaped(String($0)) }.joined(separator: "<br/>")
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

/// Captions as subtitlers make them (the BBC's and Netflix's guidelines agree on these): at most
/// 42 characters a line and 2 lines a cue, read at most 20 characters a second, a cue shown at
/// least 0.8 s, cues one after another, never two at once. Text too long for one cue is cut into
/// several at phrase boundaries (after a comma, a colon, a semicolon, a dash or a sentence's end)
/// where one lies far enough in, else between words, and each cue's two lines are broken the same
/// way, as evenly as those boundaries allow.
public enum SubtitleRules {
  /// The most characters a line holds.
  public static let lineLength = 42
  /// The most lines a cue holds.
  public static let lineCount = 2
  /// The fastest a cue may ask to be read, in characters a second.
  public static let charactersPerSecond = 20.0
  /// The shortest a cue shows, in seconds.
  public static let minimumDuration = 0.8

  /// A stretch of text to caption: its time and, when it is speech, where each word is said.
  public struct Passage: Sendable {
    /// When it begins, in seconds.
    public var start: Double
    /// When it ends.
    public var end: Double
    /// The text.
    public var text: String
    /// Where words begin, in Unicode scalars from the text's start, and when they are said, in
    /// seconds from `start`; empty when the text is not spoken.
    public var words: [(offset: Int, time: Double)]

    /// A passage.
    public init(start: Double, end: Double, text: String, words: [(offset: Int, time: Double)] = [])
    {
      self.start = start
      self.end = end
      self.text = text
      self.words = words
    }
  }

  /// The cues of `passages`: each cut to fit, each piece of speech from the time its first word
  /// is said, then made readable and one after another (see `arranged`).
  public static func cues(for passages: [Passage]) -> [Caption] {
    var cues: [Caption] = []
    for passage in passages {
      let pieces = chunks(of: passage.text)
      var starts = pieces.map { piece -> Double in
        // The first word said at or after the piece's first character.
        guard let word = passage.words.first(where: { $0.offset >= piece.offset }) else {
          return passage.start
        }
        return passage.start + word.time
      }
      // Pieces of a passage that is not spoken share its time by their length.
      if passage.words.isEmpty, pieces.count > 1 {
        let total = Double(pieces.reduce(0) { $0 + $1.text.count })
        var elapsed = 0.0
        for index in pieces.indices {
          starts[index] = passage.start + (passage.end - passage.start) * elapsed / total
          elapsed += Double(pieces[index].text.count)
        }
      }
      for index in pieces.indices {
        let end = index + 1 < pieces.count ? starts[index + 1] : passage.end
        cues.append(
          Caption(
            start: starts[index], end: max(end, starts[index]),
            text: lines(of: pieces[index].text).joined(separator: "\n")))
      }
    }
    return arranged(cues)
  }

  /// `cues` in time order, never two at once and each readable: cues that start together are
  /// joined when they fit in one; each then starts no earlier than the one before it ends, shows
  /// at least its reading time (its characters at `charactersPerSecond`, and `minimumDuration`),
  /// and ends by the next one's start when it has been shown that long.
  public static func arranged(_ cues: [Caption]) -> [Caption] {
    let sorted = cues.enumerated().sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
    var joined: [Caption] = []
    for cue in sorted {
      if let last = joined.last, abs(last.start - cue.start) < 0.001 {
        let text =
          last.text.replacingOccurrences(of: "\n", with: " ") + " "
          + cue.text
          .replacingOccurrences(of: "\n", with: " ")
        if fits(text) {
          joined[joined.count - 1] = Caption(
            start: last.start, end: max(last.end, cue.end),
            text: lines(of: text).joined(separator: "\n"))
          continue
        }
      }
      joined.append(cue)
    }
    var result: [Caption] = []
    for (index, cue) in joined.enumerated() {
      let start = max(cue.start, result.last?.end ?? -.infinity)
      let reading = max(
        minimumDuration,
        Double(cue.text.replacingOccurrences(of: "\n", with: "").count) / charactersPerSecond)
      let wanted = index + 1 < joined.count ? min(cue.end, joined[index + 1].start) : cue.end
      result.append(Caption(start: start, end: max(start + reading, wanted), text: cue.text))
    }
    return result
  }

  /// Whether `text` fits in one cue: in `lineCount` lines of `lineLength`.
  static func fits(_ text: String) -> Bool {
    text.count <= lineLength
      || lines(of: text).count <= lineCount
        && lines(of: text).allSatisfy { $0.count <= lineLength }
  }

  /// Whether a word ends a phrase: a sentence's end, a comma, a colon, a semicolon, or a dash.
  static func endsPhrase(_ word: Substring) -> Bool {
    guard let last = word.last else { return false }
    return ".,;:?!".contains(last) || word == "-" || word == "–" || word == "—"
  }

  /// `text`'s words with where each starts, in Unicode scalars.
  package static func words(of text: String) -> [(offset: Int, word: Substring)] {
    var result: [(Int, Substring)] = []
    var offset = 0
    var start: String.Index?
    var startOffset = 0
    for index in text.indices {
      let character = text[index]
      if character.isWhitespace {
        if let begun = start { result.append((startOffset, text[begun..<index])) }
        start = nil
      } else if start == nil {
        start = index
        startOffset = offset
      }
      offset += character.unicodeScalars.count
    }
    if let begun = start { result.append((startOffset, text[begun...])) }
    return result
  }

  /// `text` cut into pieces that each fit in a cue, each with the offset of its first character
  /// in Unicode scalars, by the cut of least cost: a piece costs 300, and the square of what it
  /// leaves of a cue's room over 8 (a full cue nothing, half a cue 220), and ending between two
  /// words of a phrase costs 1500 more; so phrases stay whole where a cue or two more allows it.
  static func chunks(of text: String) -> [(offset: Int, text: String)] {
    let all = words(of: text)
    guard !all.isEmpty else { return [(0, text)] }
    func joinedText(_ range: Range<Int>) -> String {
      all[range].map(\.word).joined(separator: " ")
    }
    let count = all.count
    let room = lineLength * lineCount
    // best[end]: the least cost for the words before `end`, and where its last piece starts.
    var best: [(cost: Int, start: Int)?] = Array(repeating: nil, count: count + 1)
    best[0] = (0, 0)
    for end in 1...count {
      for start in stride(from: end - 1, through: 0, by: -1) {
        let piece = joinedText(start..<end)
        if end - start > 1, !fits(piece) { break }
        guard let before = best[start] else { continue }
        let left = max(0, room - piece.count)
        let cost =
          before.cost + 300 + left * left / 8
          + (end == count || endsPhrase(all[end - 1].word) ? 0 : 1500)
        if let current = best[end], current.cost <= cost { continue }
        best[end] = (cost, start)
      }
    }
    var pieces: [(offset: Int, text: String)] = []
    var end = count
    while end > 0, let last = best[end] {
      pieces.insert((all[last.start].offset, joinedText(last.start..<end)), at: 0)
      end = last.start
    }
    return pieces
  }

  /// `text` as the lines of one cue: one line when it fits; else two, broken where both fit,
  /// after a phrase's end when one allows it, else as evenly as the words allow; a text that
  /// does not fit in two is filled line after line (a word longer than a line is cut).
  static func lines(of text: String) -> [String] {
    let all = words(of: text).map { String($0.word) }
    let single = all.joined(separator: " ")
    guard single.count > lineLength else { return [single] }
    var best: (line: Int, score: (Int, Int))?
    for split in 1..<all.count {
      let first = all[..<split].joined(separator: " ")
      let second = all[split...].joined(separator: " ")
      guard first.count <= lineLength, second.count <= lineLength else { continue }
      // A phrase's end is the better break where the shorter line keeps a third of the longer.
      let even = min(first.count, second.count) * 3 >= max(first.count, second.count)
      let score = (
        endsPhrase(Substring(all[split - 1])) && even ? 0 : 1, abs(first.count - second.count)
      )
      if best == nil || score < best!.score { best = (split, score) }
    }
    if let best {
      return [all[..<best.line].joined(separator: " "), all[best.line...].joined(separator: " ")]
    }
    // Filled line by line.
    var result: [String] = []
    var line = ""
    for var word in all {
      while word.count > lineLength {
        if !line.isEmpty {
          result.append(line)
          line = ""
        }
        result.append(String(word.prefix(lineLength)))
        word = String(word.dropFirst(lineLength))
      }
      if line.isEmpty {
        line = word
      } else if line.count + 1 + word.count <= lineLength {
        line += " " + word
      } else {
        result.append(line)
        line = word
      }
    }
    if !line.isEmpty { result.append(line) }
    return result
  }
}
