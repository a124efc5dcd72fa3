import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation
import TestSupport
import Testing

@Suite("CSV input on the command line", .serialized)
struct CSVCommandTests {
  @Test func convertACSVFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let midi = folder.appendingPathComponent("rain.mid")
    let result = try run([
      "convert", "Examples/rainfall.csv", "--x", "month", "--y", "inches", "--series-column",
      "region",
      "-o", midi.path,
    ])
    #expect(result.status == 0, "\(result.error)")
    let file = try MIDIFile(contentsOf: midi)
    #expect(file.tracks.compactMap(\.name) == ["rainfall", "Tropical", "Arid"])
  }

  @Test func aBadCellIsNamed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("bad.csv")
    try Data("a,b\n1,2\n3,oops\n".utf8).write(to: input)
    let result = try run([
      "convert", input.path, "--x", "a", "--y", "b", "-o",
      folder.appendingPathComponent("x.mid").path,
    ])
    #expect(result.status != 0)
    #expect(
      result.error
        == "Error: \(input.path): row 3, column \"b\": expected a number or an empty cell, found \"oops\"\n"
    )
    #expect(files(in: folder) == ["bad.csv"])
  }
}
