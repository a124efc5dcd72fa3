import Chart2MIDIChart
import Chart2MIDICore
import Foundation

/// Captions as subtitlers make them (the BBC's and Netflix's guidelines agree on these): at most
/// 42 characters a line and 2 lines a cue, read at most 20 characters a second, a cue shown at
/// least 0.8 s, cues one after another, never two at once. Text too long for one cue is cut into
/// several at phrase boundaries (after a comma, a colon, a semicolon, a dash or a sentence's end)
/// where one lies far enough in, else between words, and each cue's two lines are broken the same
/// way, as evenly as those boundaries allow.
package enum SubtitleRules {
  /// The most characters a line holds.
  package static let lineLength = 42
  /// The most lines a cue holds.
  package static let lineCount = 2
  /// The fastest a cue may ask to be read, in characters a second.
  package static let charactersPerSecond = 20.0
  /// The shortest a cue shows, in seconds.
  package static let minimumDuration = 0.8

  /// How cues are timed. The broadcast timing is what a broadcaster's QC checks (the BBC's
  /// subtitle guidelines, Netflix's timed text style guide): each cue from 5/6 s to 7 s on
  /// screen, at least 2 frames between cues, and every time on a frame of the programme's rate.
  /// The plain timing keeps a cue at least 0.8 s, with no frames and no gaps.
  package struct Timing: Sendable {
    /// The shortest a cue shows, in seconds.
    package var minimumDuration: Double
    /// The longest a cue shows, in seconds; nil for no limit.
    package var maximumDuration: Double?
    /// The frames per second cue times lie on; nil for none.
    package var framesPerSecond: Double?
    /// The fewest frames between one cue's end and the next one's start.
    package var gapFrames: Int

    /// No frames, no gaps, at least `SubtitleRules.minimumDuration`.
    package static let plain = Timing(
      minimumDuration: SubtitleRules.minimumDuration, maximumDuration: nil, framesPerSecond: nil,
      gapFrames: 0)

    /// Broadcast timing at `frameRate`.
    package static func broadcast(_ frameRate: FrameRate) -> Timing {
      Timing(
        minimumDuration: 5.0 / 6, maximumDuration: 7,
        framesPerSecond: frameRate.framesPerSecond, gapFrames: 2)
    }

    /// The least time between cues, in seconds.
    package var gap: Double { framesPerSecond.map { Double(gapFrames) / $0 } ?? 0 }

    /// `time` on the frame nearest it, or the first frame at or after it when `up`.
    package func onFrame(_ time: Double, up: Bool = false) -> Double {
      guard let framesPerSecond else { return time }
      let frames = time * framesPerSecond
      return (up ? (frames - 1e-6).rounded(.up) : frames.rounded()) / framesPerSecond
    }

    /// `time` on the last frame at or before it.
    func onFrameDown(_ time: Double) -> Double {
      guard let framesPerSecond else { return time }
      return (time * framesPerSecond + 1e-6).rounded(.down) / framesPerSecond
    }
  }

  /// A stretch of text to caption: its time and, when it is speech, where each word is said.
  package struct Passage: Sendable {
    /// When it begins, in seconds.
    package var start: Double
    /// When it ends.
    package var end: Double
    /// The text.
    package var text: String
    /// Where words begin, in Unicode scalars from the text's start, and when they are said, in
    /// seconds from `start`; empty when the text is not spoken.
    package var words: [(offset: Int, time: Double)]

    /// A passage.
    package init(
      start: Double, end: Double, text: String, words: [(offset: Int, time: Double)] = []
    ) {
      self.start = start
      self.end = end
      self.text = text
      self.words = words
    }
  }

  /// The cues of `passages`: each cut to fit, each piece of speech from the time its first word
  /// is said, then made readable and one after another (see `arranged`) with `timing`.
  package static func cues(for passages: [Passage], timing: Timing = .plain) -> [Caption] {
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
    return arranged(cues, timing: timing)
  }

  /// Captions of points at their notes (`passages`, each a point's fact): each from its note's
  /// frame, never moved later, shown its reading time (20 characters a second, from 5/6 s to
  /// 7 s), into the silence after the graph if its note is among the last; a point whose note
  /// sounds while the cue before is still being read joins it when the two fit in one cue, and
  /// is otherwise left out (its markers in the MIDI and WAV files stay), so that no cue is cut
  /// short of its reading; a point whose note sounds during a spoken cue of `around` (a cue
  /// during the graph) yields to it, and a point cue ends 2 frames before one starts.
  package static func pointCues(
    for passages: [Passage], around spoken: [Caption], timing: Timing
  ) -> [Caption] {
    func readingEnd(_ start: Double, _ text: String) -> Double {
      let reading = max(timing.minimumDuration, Double(text.count) / charactersPerSecond)
      return timing.onFrame(start + min(reading, timing.maximumDuration ?? reading), up: true)
    }
    var pieces: [Caption] = []
    for passage in passages.sorted(by: { $0.start < $1.start }) {
      let start = timing.onFrame(passage.start)
      let text = passage.text.replacingOccurrences(of: "\n", with: " ")
      // A point yields to speech it would cover.
      if spoken.contains(where: {
        start > $0.start - timing.gap - 1e-9 && start < $0.end + timing.gap - 1e-9
      }) {
        continue
      }
      if let last = pieces.last, start < last.end + timing.gap - 1e-9 {
        // Read with the cue before, or not at all: a cue is never cut short of its reading.
        let together = last.text + " " + text
        let end = readingEnd(last.start, together)
        if fits(together), end - last.start <= (timing.maximumDuration ?? .infinity) + 1e-9 {
          pieces[pieces.count - 1].text = together
          pieces[pieces.count - 1].end = max(end, last.end)
        }
        continue
      }
      pieces.append(Caption(start: start, end: readingEnd(start, text), text: text))
    }
    var result: [Caption] = []
    for piece in pieces {
      var end = piece.end
      if let next = spoken.first(where: { $0.start >= piece.start }) {
        end = min(end, timing.onFrameDown(next.start - timing.gap))
      }
      let least = timing.framesPerSecond.map { 2 / $0 } ?? 0.001
      guard end - piece.start >= least - 1e-9 else { continue }
      result.append(
        Caption(start: piece.start, end: end, text: lines(of: piece.text).joined(separator: "\n")))
    }
    return result
  }

  /// `cues` in time order, never two at once and each readable: cues that start together are
  /// joined when they fit in one; each then starts no earlier than the one before it ends, shows
  /// at least its reading time (its characters at `charactersPerSecond`, and `minimumDuration`),
  /// and ends by the next one's start when it has been shown that long.
  package static func arranged(_ cues: [Caption], timing: Timing = .plain) -> [Caption] {
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
      var start = timing.onFrame(cue.start)
      if let last = result.last, start < last.end + timing.gap - 1e-9 {
        start = timing.onFrame(last.end + timing.gap, up: true)
      }
      let reading = max(
        timing.minimumDuration,
        Double(cue.text.replacingOccurrences(of: "\n", with: "").count) / charactersPerSecond)
      let wanted =
        index + 1 < joined.count ? min(cue.end, joined[index + 1].start - timing.gap) : cue.end
      var end = timing.onFrame(max(start + reading, wanted), up: true)
      if let longest = timing.maximumDuration, end > start + longest + 1e-9 {
        end = timing.onFrameDown(start + max(longest, reading))
      }
      result.append(Caption(start: start, end: end, text: cue.text))
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

  /// Words that follow a number without being its unit ("from 0 to 10", "in 1934 and"), in the
  /// narration's languages.
  static let notUnits: Set<String> = [
    "to", "or", "and", "in", "at", "from", "then", "by", "on", "with", "until", "than", "und",
    "oder", "bis", "im", "am", "von", "à", "et", "ou", "en", "de", "au", "a", "y", "o", "hasta",
  ]

  /// Words that scale a number and take its unit after them ("522 thousand jobs").
  static let scaleWords: Set<String> = [
    "thousand", "million", "billion", "trillion", "tausend", "millionen", "milliarde",
    "milliarden", "mille", "millions", "milliard", "milliards", "mil", "millón", "millones",
  ]

  /// Whether a break between `word` and `next` would part a number from its unit
  /// ("522 | thousand jobs", "522 thousand | jobs", "15 | degrees").
  static func bindsNumber(_ word: Substring, _ next: Substring) -> Bool {
    guard let last = word.last, let first = next.first else { return false }
    guard last.isNumber || scaleWords.contains(word.lowercased()) else { return false }
    // A word that ends with a colon starts another fact ("2008 | Outlier:").
    guard first.isLetter || "%°".contains(first), next.last != ":" else { return false }
    return !notUnits.contains(next.lowercased())
  }

  /// Whether a cue's lines break between a number and its unit.
  static func partsNumber(_ lines: [String]) -> Bool {
    zip(lines, lines.dropFirst()).contains { first, second in
      guard let last = first.split(separator: " ").last,
        let next = second.split(separator: " ").first
      else { return false }
      return bindsNumber(last, next)
    }
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
          + (end < count && bindsNumber(all[end - 1].word, all[end].word) ? 5000 : 0)
          + (partsNumber(lines(of: piece)) ? 5000 : 0)
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
    var best: (line: Int, score: (Int, Int, Int))?
    for split in 1..<all.count {
      let first = all[..<split].joined(separator: " ")
      let second = all[split...].joined(separator: " ")
      guard first.count <= lineLength, second.count <= lineLength else { continue }
      // A phrase's end is the better break where the shorter line keeps a third of the longer;
      // a number stays with its unit.
      let even = min(first.count, second.count) * 3 >= max(first.count, second.count)
      let parts = bindsNumber(Substring(all[split - 1]), Substring(all[split])) ? 1 : 0
      let score = (
        parts, endsPhrase(Substring(all[split - 1])) && even ? 0 : 1,
        abs(first.count - second.count)
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
