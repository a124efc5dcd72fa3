import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIInput
import Foundation

/// How to say words eSpeak NG says wrongly, from a text file: one entry a line, `word = how to
/// say it` (a word or phrase, matched whole and case-sensitively) or `/pattern/ = how to say it`
/// (a regular expression; `$1` in the replacement is its first group); blank lines and lines that
/// start with `#` are skipped. Entries apply in order, to the words spoken, never to captions.
///
/// A lexicon may come from anyone, so its work is bounded: the entries have half a second for
/// each sentence (a pattern that backtracks without end is stopped there), and may grow a
/// sentence to at most four times its length (and 256 characters more).
package struct Lexicon: Sendable {
  /// The entries: each pattern, what replaces it, and its line in the file.
  let entries: [(pattern: NSRegularExpression, replacement: String, line: Int)]
  /// The file's name, for messages.
  let path: String

  /// The largest lexicon file read, in bytes.
  static let maximumBytes = 1 << 20
  /// The time the entries have for one sentence, in seconds.
  static let timeBudget = 0.5
  /// How much a sentence may grow: to this many times its length, and `growthAllowance` more.
  static let growthFactor = 4
  /// Characters a sentence may grow by besides `growthFactor`, for a short word said longer.
  static let growthAllowance = 256

  /// The lexicon in the file at `url`.
  ///
  /// - Throws: `ExportError` naming the file and the line of an entry that does not parse, or a
  ///   pattern that is not a regular expression; or when the file cannot be read as UTF-8 text.
  package init(contentsOf url: URL) throws {
    let path = url.relativePath
    self.path = path
    let data: Data
    do {
      // Opened without waiting: a FIFO is refused, not waited for.
      data = Data(try readRegularFile(url.path, maximumBytes: Self.maximumBytes))
    } catch {
      throw ExportError(
        "cannot read the lexicon \(path): \(error.reason)", file: path,
        code: error.isMissing ? .missingFile : .invalidFile)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ExportError(
        "cannot read the lexicon \(path): it is not UTF-8 text", file: path, code: .invalidFile)
    }
    var entries: [(NSRegularExpression, String, Int)] = []
    for (index, raw) in text.components(separatedBy: .newlines).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      let place = "\(path) line \(index + 1)"
      guard let equals = Self.separator(in: line) else {
        throw ExportError(
          "\(place): expected `word = how to say it` or `/pattern/ = how to say it`, found \"\(line.prefix(60))\"",
          file: path, code: .invalidFile)
      }
      let left = line[..<equals].trimmingCharacters(in: .whitespaces)
      let right = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard !left.isEmpty else {
        throw ExportError(
          "\(place): nothing before \"=\" to say otherwise", file: path, code: .invalidFile)
      }
      let pattern: String
      let replacement: String
      if left.count >= 2, left.hasPrefix("/"), left.hasSuffix("/") {
        pattern = String(left.dropFirst().dropLast())
        replacement = right
      } else {
        pattern =
          "(?<![\\p{L}\\p{N}])" + NSRegularExpression.escapedPattern(for: left)
          + "(?![\\p{L}\\p{N}])"
        replacement = NSRegularExpression.escapedTemplate(for: right)
      }
      do {
        entries.append((try NSRegularExpression(pattern: pattern), replacement, index + 1))
      } catch {
        throw ExportError(
          "\(place): \(left) is not a regular expression", file: path, code: .invalidFile)
      }
    }
    self.entries = entries
  }

  /// The "=" between an entry's two sides: for a pattern, the first after its last "/" that only
  /// spaces part from an "=", so that a pattern may hold "/" and "="; else the first.
  static func separator(in line: String) -> String.Index? {
    guard line.hasPrefix("/") else { return line.firstIndex(of: "=") }
    var found: String.Index?
    var index = line.index(after: line.startIndex)
    while index < line.endIndex {
      if line[index] == "/" {
        let rest = line[line.index(after: index)...].drop { $0 == " " || $0 == "\t" }
        if rest.first == "=" { found = rest.startIndex }
      }
      index = line.index(after: index)
    }
    return found
  }

  /// `text` with every entry applied, in order.
  ///
  /// - Throws: `ExportError` naming the entry's line when its pattern runs past the time budget
  ///   or the entries grow the text past four times its length.
  package func applied(to text: String) throws -> String {
    let deadline = Date().addingTimeInterval(Self.timeBudget)
    let limit = text.utf16.count * Self.growthFactor + Self.growthAllowance
    var current = text
    for entry in entries {
      let source = current as NSString
      var pieces: [String] = []
      var copied = 0
      var length = 0
      var outOfTime = false
      var tooLong = false
      entry.pattern.enumerateMatches(
        in: current, options: [.reportProgress], range: NSRange(location: 0, length: source.length)
      ) { match, _, stop in
        if Date() > deadline {
          outOfTime = true
          stop.pointee = true
          return
        }
        guard let match else { return }
        let before = source.substring(
          with: NSRange(location: copied, length: match.range.location - copied))
        let replaced = entry.pattern.replacementString(
          for: match, in: current, offset: 0, template: entry.replacement)
        pieces.append(before)
        pieces.append(replaced)
        length += before.utf16.count + replaced.utf16.count
        copied = match.range.location + match.range.length
        if length > limit {
          tooLong = true
          stop.pointee = true
        }
      }
      if outOfTime {
        throw ExportError(
          "\(path) line \(entry.line): the pattern takes more than \(Self.timeBudget) s on a sentence of \(text.count) characters; write it without repetition inside repetition",
          file: path, code: .invalidFile)
      }
      pieces.append(source.substring(from: copied))
      current = pieces.joined()
      if tooLong || current.utf16.count > limit {
        throw ExportError(
          "\(path) line \(entry.line): the entries make a sentence of \(text.count) characters longer than \(Self.growthFactor) times its length",
          file: path, code: .invalidFile)
      }
    }
    return current
  }
}
