import ArgumentParser
import Chart2MIDIOutputs
import Foundation

/// Braille: the file, and its format.
struct BrailleOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Also write the chart in braille, as BRF (for an embosser or a braille display): its title, description, what is heard and its data, a line per point led by its time in the audio; a tactile graphic (SVG) beside it.",
      valueName: "out.brf"))
  var braille: String?

  @OptionGroup
  var format: BrailleFormatOptions
}

/// How braille is written: its grade and its page.
struct BrailleFormatOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Braille grade: 1 (uncontracted) or 2 (contracted, the default), in the language's own code.",
      valueName: "1|2"))
  var brailleGrade = 2

  @Option(
    name: .long, help: ArgumentHelp("Braille cells per line (default 40).", valueName: "n"))
  var brailleCells = 40

  @Option(
    name: .long, help: ArgumentHelp("Braille lines per page (default 25).", valueName: "n"))
  var brailleLines = 25

  func validate() throws {
    guard BrailleFormat.Grade(rawValue: brailleGrade) != nil else {
      throw ValidationError("--braille-grade: 1 or 2, found \(brailleGrade).")
    }
    guard (12...100).contains(brailleCells) else {
      throw ValidationError("--braille-cells: 12 to 100 cells, found \(brailleCells).")
    }
    guard (5...100).contains(brailleLines) else {
      throw ValidationError("--braille-lines: 5 to 100 lines, found \(brailleLines).")
    }
  }

  /// The format asked for.
  var chosen: BrailleFormat {
    var format = BrailleFormat()
    format.grade = BrailleFormat.Grade(rawValue: brailleGrade) ?? .contracted
    format.cells = brailleCells
    format.lines = brailleLines
    return format
  }
}
