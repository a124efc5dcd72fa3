import ArgumentParser
import Chart2MIDISMFReader
import Foundation

struct Inspect: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "List a MIDI file's tracks, channels, programs, notes, markers and length (read with libsmf)."
  )

  @Argument(help: ArgumentHelp("The MIDI file.", valueName: "file.mid"))
  var input: String

  func run() throws {
    let file = try MIDIFile(contentsOf: URL(fileURLWithPath: input))
    if let note = file.skippedEventsNote { report("note: \(input): \(note)") }
    output(MIDIFileSummary(file).text(name: input), terminator: "")
  }
}
