import Chart2MIDIChart
import Chart2MIDIInput
import Foundation

/// How to say words eSpeak NG says wrongly, from a text file: one entry a line, `word = how to
/// say it` (a word or phrase, matched whole and case-sensitively) or `/pattern/ = how to say it`
/// (a regular expression; `$1` in the replacement is its first group); blank lines and lines that
/// start with `#` are skipped. Entries apply in order, to the words spoken, never to captions.
package struct Lexicon: Sendable {
  /// The entries: each pattern and what replaces it.
  let entries: [(pattern: NSRegularExpression, replacement: String)]

  /// The lexicon in the file at `url`.
  ///
  /// - Throws: `ExportError` naming the file and the line of an entry that does not parse, or a
  ///   pattern that is not a regular expression; or when the file cannot be read as UTF-8 text.
  package init(contentsOf url: URL) throws {
    let path = url.relativePath
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw ExportError(
        "cannot read the lexicon \(path): no such file", file: path, code: .missingFile)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ExportError(
        "cannot read the lexicon \(path): it is not UTF-8 text", file: path, code: .invalidFile)
    }
    var entries: [(NSRegularExpression, String)] = []
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
        entries.append((try NSRegularExpression(pattern: pattern), replacement))
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
  package func applied(to text: String) -> String {
    entries.reduce(text) { text, entry in
      entry.pattern.stringByReplacingMatches(
        in: text, range: NSRange(location: 0, length: (text as NSString).length),
        withTemplate: entry.replacement)
    }
  }
}
