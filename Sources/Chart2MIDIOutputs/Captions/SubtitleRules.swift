import Chart2MIDIChart
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
  /// is said, then made readable and one after another (see `arranged`).
  package static func cues(for passages: [Passage]) -> [Caption] {
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
  package static func arranged(_ cues: [Caption]) -> [Caption] {
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
