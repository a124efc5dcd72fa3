import CLouis
import Chart2MIDIChart
import Foundation
import TextEncoders

/// How braille is written: its grade and its page.
package struct BrailleFormat: Hashable, Sendable {
  /// Uncontracted (grade 1) or contracted (grade 2) braille, in the language's own code: Unified
  /// English Braille, German, French (Braille français unifié) or Spanish.
  package enum Grade: Int, Hashable, Sendable, CaseIterable {
    case uncontracted = 1
    case contracted = 2
  }

  /// The grade; contracted by default, as readers of the language read.
  package var grade = Grade.contracted
  /// Cells per line: 40 by default, an embosser's letter or A4 page.
  package var cells = 40
  /// Lines per page: 25 by default.
  package var lines = 25

  /// The default format.
  package init() {}
}

/// Text in braille, translated by liblouis with the tables of a language and grade, written as
/// BRF: North American braille ASCII, one character per cell, as embossers and braille displays
/// take it (through liblouis's `en-us-brf.dis`), or as Unicode braille patterns for a tactile
/// graphic's labels.
package struct BrailleTranslator: Sendable {
  /// The translation table of `language` at `grade`.
  package static func table(_ language: DescriptionLanguage, grade: BrailleFormat.Grade) -> String {
    switch (language.code.rawValue, grade) {
    case ("de", .uncontracted): "de-g1.ctb"
    case ("de", .contracted): "de-g2.ctb"
    case ("fr", .uncontracted): "fr-bfu-comp6.utb"
    case ("fr", .contracted): "fr-bfu-g2.ctb"
    case ("es", .uncontracted): "es-g1.ctb"
    case ("es", .contracted): "es-g2.ctb"
    case (_, .uncontracted): "en-ueb-g1.ctb"
    case (_, .contracted): "en-ueb-g2.ctb"
    }
  }

  /// liblouis compiles and caches tables on first use, and is not safe on several threads.
  private static let lock = NSLock()

  /// The table list for BRF.
  let brfTables: String
  /// The table list for Unicode braille.
  let unicodeTables: String

  /// A translator of `language` at `grade`.
  package init(language: DescriptionLanguage, grade: BrailleFormat.Grade) {
    let table = Self.table(language, grade: grade)
    brfTables = "en-us-brf.dis,\(table)"
    unicodeTables = "unicode.dis,\(table)"
  }

  /// `text` as BRF cells: one character per cell, a space for a blank cell.
  ///
  /// - Throws: `ExportError` when liblouis cannot translate it (its tables are missing).
  package func brf(_ text: String) throws -> String {
    try Self.translate(text, tables: brfTables)
  }

  /// `text` as Unicode braille patterns (U+2800...).
  ///
  /// - Throws: `ExportError` when liblouis cannot translate it.
  package func unicode(_ text: String) throws -> String {
    try Self.translate(text, tables: unicodeTables)
  }

  static func translate(_ text: String, tables: String) throws -> String {
    // Line breaks, tabs and other controls are spaces in one paragraph; so is a scalar no
    // document may hold (a noncharacter such as U+FFFF), which liblouis would pass through.
    let scalars = text.unicodeScalars.map { scalar -> widechar in
      scalar.properties.generalCategory == .control || ScalarText.isForbidden(scalar)
        ? 0x20 : widechar(scalar.value)
    }
    guard !scalars.isEmpty else { return "" }
    var capacity = scalars.count * 3 + 16
    while true {
      var inputLength = Int32(scalars.count)
      var outputLength = Int32(capacity)
      var output = [widechar](repeating: 0, count: capacity)
      let done = lock.withLock {
        lou_translateString(tables, scalars, &inputLength, &output, &outputLength, nil, nil, 0)
      }
      guard done == 1 else {
        throw ExportError(
          "cannot translate into braille with the liblouis tables \(tables): install liblouis-data",
          code: .cannotWrite)
      }
      // All of the text read: the output had room.
      if inputLength == Int32(scalars.count) || capacity > scalars.count * 16 {
        // Only cells leave: braille ASCII (a space to an underscore; the lower case is the same
        // cells as the upper) or Unicode's braille patterns. What liblouis passes through
        // untranslated (a character no table knows) is a blank cell.
        let isUnicode = tables.hasPrefix("unicode.dis")
        var result = String.UnicodeScalarView()
        for value in output.prefix(Int(outputLength)) {
          var cell: UInt32 = 0x20
          if isUnicode, (0x2800...0x28FF).contains(value) { cell = UInt32(value) }
          if !isUnicode, (0x20...0x5F).contains(value) { cell = UInt32(value) }
          if !isUnicode, (0x60...0x7E).contains(value) { cell = UInt32(value) - 0x20 }
          result.append(Unicode.Scalar(cell) ?? " ")
        }
        return String(result)
      }
      capacity *= 2
    }
  }
}

/// A BRF document: paragraphs of braille wrapped to the page's cells at blank cells (a word longer
/// than a line is cut), each paragraph's run-over lines two cells in, pages of the format's lines,
/// each page's first line its braille page number at the right, lines ending CR LF and pages
/// parted by a form feed, as embossers take them.
package struct BrailleDocument {
  /// The format.
  let format: BrailleFormat
  /// The translator.
  let translator: BrailleTranslator
  /// The lines written so far, in cells.
  private(set) var lines: [String] = []

  /// An empty document.
  package init(format: BrailleFormat, translator: BrailleTranslator) {
    self.format = format
    self.translator = translator
  }

  /// Adds a paragraph of print text, translated.
  package mutating func add(_ text: String) throws {
    add(cells: try translator.brf(text))
  }

  /// Adds lines of print text, translated, an empty one a blank line.
  package mutating func add(lines: [String]) throws {
    for line in lines {
      if line.isEmpty { blank() } else { try add(line) }
    }
  }

  /// Adds a blank line (none at the top of the document).
  package mutating func blank() {
    if let last = lines.last, !last.isEmpty { lines.append("") }
  }

  /// Adds a paragraph already in cells, wrapped.
  mutating func add(cells text: String) {
    let width = format.cells
    var line = ""
    var indent = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      if line.isEmpty || line.count + 1 + word.count <= width {
        line += (line.isEmpty || line == indent ? "" : " ") + word
      } else {
        lines.append(line)
        indent = "  "
        line = indent + word
      }
      // A word longer than a line is cut.
      while line.count > width {
        lines.append(String(line.prefix(width)))
        word = line.dropFirst(width)
        indent = "  "
        line = indent + word
      }
    }
    if !line.isEmpty { lines.append(line) }
  }

  /// The document as BRF bytes: pages of `format.lines` lines, the first of each its page
  /// number at the right.
  package func brf() throws -> Data {
    let body = max(1, format.lines - 1)
    var text = ""
    var page = 0
    for start in stride(from: 0, to: max(1, lines.count), by: body) {
      page += 1
      if page > 1 { text += "\u{0C}" }
      let number = try translator.brf("\(page)")
      text += String(repeating: " ", count: max(0, format.cells - number.count)) + number + "\r\n"
      for line in lines[start..<min(lines.count, start + body)] { text += line + "\r\n" }
    }
    return Data(text.utf8)
  }
}
