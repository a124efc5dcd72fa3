import Chart2MIDIChart
import Foundation
import TestSupport
import Testing

@testable import Chart2MIDIOutputs

/// What eSpeak NG is given to say: money, signs and temperatures in words, in each language.
@Suite("Numbers as a listener expects them")
struct SpokenFormsTests {
  @Test(arguments: [
    (
      DescriptionLanguage.Code.english, "from $0.00 to $12.50",
      "from 0 dollars to 12 dollars and 50 cents"
    ),
    (.english, "a price of $120,000 and $1", "a price of 120,000 dollars and 1 dollar"),
    (
      .english, "lowest -4 °C, highest 3°F",
      "lowest minus 4 degrees Celsius, highest 3 degrees Fahrenheit"
    ),
    (
      .english, "prices 2000-2010 fell by -$3.25",
      "prices 2000-2010 fell by minus 3 dollars and 25 cents"
    ),
    (.english, "down 4.5% to -0.5", "down 4.5% to minus 0.5"),
    (.german, "von 0,00 $ bis $120.000", "von 0 Dollar bis 120.000 Dollar"),
    (.german, "am niedrigsten mit -4 °C", "am niedrigsten mit minus 4 Grad Celsius"),
    (.french, "de -4 °C à 120 000 €", "de moins 4 degrés Celsius à 120 000 euros"),
    (.spanish, "de -0,5 a $12,50", "de menos 0,5 a 12 dólares con 50"),
  ])
  func moneySignsAndTemperaturesAreSaidInWords(
    code: DescriptionLanguage.Code, written: String, said: String
  ) {
    #expect(SpokenForms(language: DescriptionLanguage(code)).spoken(written) == said)
  }

  @Test func aLexiconSaysWordsAndPatternsOtherwise() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("lexicon.txt")
    try Data(
      """
      # tickers
      MSFT = Microsoft
      /\\bQ([1-4])\\b/ = quarter $1
      a/b = a over b

      """.utf8
    ).write(to: url)
    let lexicon = try Lexicon(contentsOf: url)
    #expect(
      try lexicon.applied(to: "MSFT rose in Q3, MSFTX did not; a/b")
        == "Microsoft rose in quarter 3, MSFTX did not; a over b")
  }

  @Test(arguments: [
    (
      "MSFT Microsoft",
      "line 1: expected `word = how to say it` or `/pattern/ = how to say it`, found \"MSFT Microsoft\""
    ),
    ("ok = fine\n/(/ = x", "line 2: /(/ is not a regular expression"),
    (" = nothing", "line 1: nothing before \"=\" to say otherwise"),
  ])
  func aLexiconLineThatDoesNotParseIsNamed(text: String, message: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("lexicon.txt")
    try Data(text.utf8).write(to: url)
    #expect(throws: ExportError.self) { try Lexicon(contentsOf: url) }
    do {
      _ = try Lexicon(contentsOf: url)
    } catch let error as ExportError {
      #expect(error.message == "\(url.relativePath) \(message)")
    }
  }
}
