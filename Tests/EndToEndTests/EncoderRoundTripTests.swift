import Foundation
import TestSupport
import Testing
import TextEncoders

/// What each encoder writes, read back by the format's own parser: Python's `html.parser` (with
/// `json` for the script's data) and `ElementTree`, webvtt-py and srt for captions, and rpp for a
/// REAPER project. Each text must come back as written (after the documented changes: line breaks
/// made one, forbidden scalars U+FFFD), in the one element, cue or marker it was written into.
@Suite("encoders read back by each format's parser")
struct EncoderRoundTripTests {
  struct Read: Decodable {
    struct Page: Decodable {
      var tags: [String]
      var attribute: String?
      var text: String
      var json: String
    }
    struct Document: Decodable {
      var elements: [String]
      var attribute: String?
      var text: String
      var comment: String
    }
    var html: [Page]
    var xml: [Document]
    var vtt: [String]
    var srt: [String]
    var reaper: [String]
  }

  @Test func everyTextComesBackAsWritten() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases: [[String: String]] = hostileTexts.map { text in
      let json = try! JSONSerialization.data(withJSONObject: ["t": text])
      return [
        "htmlText": HTMLText.text(text), "htmlAttribute": HTMLText.attribute(text),
        "scriptJSON": HTMLText.scriptJSON(String(decoding: json, as: UTF8.self)),
        "xmlText": XMLText.text(text), "xmlAttribute": XMLText.attribute(text),
        "xmlComment": XMLText.comment(text), "vtt": CueText.webVTT(text),
        "srt": CueText.srt(text), "reaper": ReaperText.quoted(text),
      ]
    }
    let input = folder.appendingPathComponent("cases.json")
    try JSONSerialization.data(withJSONObject: cases).write(to: input)
    let script = """
      import runpy, sys
      sys.argv = sys.argv[1:]
      runpy.run_path(sys.argv[0], run_name="__main__")
      """
    let result = try runPython(
      script,
      [
        projectRoot.appendingPathComponent("Scripts/encoder-round-trip.py").path, input.path,
        folder.path,
      ])
    #expect(result.status == 0)
    let read = try JSONDecoder().decode(Read.self, from: Data(result.output.utf8))
    try #require(read.html.count == hostileTexts.count && read.xml.count == hostileTexts.count)
    let cued = hostileTexts.filter { !CueText.webVTT($0).isEmpty }
    try #require(read.vtt.count == cued.count, "a cue was added or lost: \(read.vtt)")
    try #require(read.srt.count == cued.count, "a cue was added or lost: \(read.srt)")
    try #require(read.reaper.count == hostileTexts.count, "a marker was added or lost")

    for (index, text) in hostileTexts.enumerated() {
      let page = read.html[index]
      #expect(page.tags == ["html", "body", "p", "script"], "\(text.debugDescription)")
      #expect(page.attribute == expectedCleaned(text, lineBreak: " "), "\(text.debugDescription)")
      #expect(page.text == expectedCleaned(text), "\(text.debugDescription)")
      // JSON's escapes carry every scalar, those HTML would not take among them.
      #expect(page.json == text, "\(text.debugDescription)")

      let document = read.xml[index]
      #expect(document.elements == ["doc", "t"], "\(text.debugDescription)")
      #expect(
        document.attribute == expectedCleaned(text, lineBreak: " ", tab: " "),
        "\(text.debugDescription)")
      #expect(document.text == expectedCleaned(text), "\(text.debugDescription)")
      // A comment reads as the text on one line, with a space inside each "--" and after a last
      // "-".
      var comment = expectedCleaned(text, lineBreak: " ", tab: " ")
      while comment.contains("--") {
        comment = comment.replacingOccurrences(of: "--", with: "- -")
      }
      if comment.hasSuffix("-") { comment += " " }
      #expect(document.comment == comment, "\(text.debugDescription)")

      let expectedREAPER = expectedCleaned(text, lineBreak: " ", tab: " ")
      let allQuotes = ["\"", "'", "`"].allSatisfy { expectedREAPER.contains($0) }
      #expect(
        read.reaper[index]
          == (allQuotes ? expectedREAPER.replacingOccurrences(of: "`", with: "'") : expectedREAPER),
        "\(text.debugDescription)")
    }
    for (index, text) in cued.enumerated() {
      // A cue's lines are the text's lines, none blank; tabs are spaces.
      let lines = expectedCleaned(text, tab: " ").split(separator: "\n").joined(separator: "\n")
      #expect(read.vtt[index] == lines, "\(text.debugDescription)")
      // SubRip's reader sees `-->` as an arrow and no word joiner (which shows nothing).
      let srt = read.srt[index].replacingOccurrences(of: "\u{2060}", with: "")
      var arrowed = lines
      while arrowed.contains("-->") {
        arrowed = arrowed.replacingOccurrences(of: "-->", with: "\u{2192}")
      }
      #expect(srt == arrowed, "\(text.debugDescription)")
    }
  }
}
