import TestSupport
import Testing

@testable import TextEncoders

@Suite("every encoder, by table")
struct EncoderTableTests {
  @Test(
    "HTML and XML text and attributes",
    arguments: [
      ("a & b < c > d", "a &amp; b &lt; c &gt; d", "a &amp; b &lt; c &gt; d"),
      ("\"\u{301} x=\"", "\"\u{301} x=\"", "&quot;\u{301} x=&quot;"),
      ("'\u{301}", "'\u{301}", "&#39;\u{301}"),
      ("a\r\nb\rc\u{B}d", "a\nb\nc\nd", "a b c d"),
      ("x\u{FFFE}y\u{0}z\u{1FFFF}", "x\u{FFFD}y\u{FFFD}z\u{FFFD}", "x\u{FFFD}y\u{FFFD}z\u{FFFD}"),
      ("]]> -->", "]]&gt; --&gt;", "]]&gt; --&gt;"),
      ("e\u{301}👍🏽", "e\u{301}👍🏽", "e\u{301}👍🏽"),
    ])
  func markup(input: String, text: String, attribute: String) {
    #expect(HTMLText.text(input) == text)
    #expect(HTMLText.attribute(input) == attribute)
    #expect(XMLText.text(input) == text)
    // An XML attribute also makes a tab a space, as an XML reader would.
    #expect(XMLText.attribute(input) == attribute)
    #expect(XMLText.attribute("a\tb") == "a b")
    #expect(HTMLText.attribute("a\tb") == "a\tb")
  }

  @Test(
    "JSON inside a script element",
    arguments: [
      (#"{"t":"</script><!--<b>"}"#, #"{"t":"\u003c/script\u003e\u003c!--\u003cb\u003e"}"#),
      (#"{"t":"R&D"}"#, #"{"t":"R\u0026D"}"#),
      ("{\"t\":\"a\u{2028}b\u{2029}\"}", #"{"t":"a\u2028b\u2029"}"#),
      ("{\"t\":\"\u{FFFE}\u{1FFFE}\"}", #"{"t":"\ufffe\ud83f\udffe"}"#),
      (#"{"t":"plain é"}"#, #"{"t":"plain é"}"#),
    ])
  func scriptJSON(input: String, expected: String) {
    #expect(HTMLText.scriptJSON(input) == expected)
  }

  @Test(
    "XML comments",
    arguments: [
      ("Week 3 -- rates", "Week 3 - - rates"), ("---", "- - - "), ("ends -", "ends - "),
      ("a --> b", "a - -> b"), ("two\r\nlines", "two lines"), ("-\u{301}-", "-\u{301}- "),
    ])
  func xmlComment(input: String, expected: String) {
    #expect(XMLText.comment(input) == expected)
  }

  @Test(
    "GIFT",
    arguments: [
      ("~=#{}:\\", ##"\~\=\#\{\}\:\\"##),
      ("{=~}\u{301}\r\n::x::Q{=A}", "\\{\\=\\~\\}\u{301} \\:\\:x\\:\\:Q\\{\\=A\\}"),
      ("plain é", "plain é"), ("tab\tand\u{B}cell", "tab and cell"),
    ])
  func gift(input: String, expected: String) {
    #expect(GIFTText.text(input) == expected)
  }

  @Test func giftCategoriesAndComments() {
    #expect(GIFTText.category("Maths/Week 3\r\nx") == "Maths//Week 3 x")
    #expect(GIFTText.comment("title\n::Q::{=A}") == "title ::Q::{=A}")
  }

  @Test(
    "caption cues",
    arguments: [
      ("a --> b", "a --&gt; b", "a → b"), ("a ---> b", "a ---&gt; b", "a -→ b"),
      ("x <b>y</b> & z", "x &lt;b&gt;y&lt;/b&gt; &amp; z", "x <\u{2060}b>y<\u{2060}/b> & z"),
      ("{\\an8}top", "{\\an8}top", "{\u{2060}\\an8}top"), ("1 < 2", "1 &lt; 2", "1 < 2"),
      ("\n\nblank\n\n\r\nlines\r\n", "blank\nlines", "blank\nlines"),
      ("tab\there\u{B}cell", "tab here\ncell", "tab here\ncell"),
      ("\"\u{301}", "\"\u{301}", "\"\u{301}"),
    ])
  func cues(input: String, webVTT: String, srt: String) {
    #expect(CueText.webVTT(input) == webVTT)
    #expect(CueText.srt(input) == srt)
  }

  @Test(
    "REAPER strings",
    arguments: [
      ("plain", "\"plain\""), ("say \"hi\"", "'say \"hi\"'"), ("it's \"x\"", "`it's \"x\"`"),
      ("\"'` all", "`\"'' all`"), ("\"\u{301}\r\nTRACK", "'\"\u{301} TRACK'"), ("", "\"\""),
    ])
  func reaper(input: String, expected: String) {
    #expect(ReaperText.quoted(input) == expected)
  }

  @Test(
    "file names",
    arguments: [
      ("Cars: USA", "Cars - USA"), ("a/b\\c", "a-b-c"), ("..hidden", "hidden"),
      ("-rf", "rf"), ("Cafe\u{301}", "Cafe\u{301}"), ("\"\u{301}x", "_x"),
      ("a\u{0}b\r\nc", "a_b c"), ("  many   spaces  ", "many spaces"), ("<>|?*", "_____"),
    ])
  func fileNames(input: String, expected: String) {
    #expect(FileNameText.readable(input, maximumBytes: 100) == expected)
  }

  @Test func fileNamesAreCutBetweenScalars() {
    let long = String(repeating: "é", count: 80)  // 160 bytes
    let cut = FileNameText.readable(long, maximumBytes: 101)
    #expect(cut.utf8.count == 100)
    #expect(cut == String(repeating: "é", count: 50))
    // A character with many marks is cut inside the character, never inside a scalar.
    let stacked = "a" + String(repeating: "\u{301}", count: 200)
    #expect(FileNameText.readable(stacked, maximumBytes: 100).utf8.count <= 100)
  }

  /// Every hostile text through every encoder: what each format forbids never comes out.
  @Test("no format's forbidden text comes out", arguments: hostileTexts)
  func nothingForbidden(_ text: String) {
    let outputs = [
      HTMLText.text(text), HTMLText.attribute(text), XMLText.text(text), XMLText.attribute(text),
      XMLText.comment(text), GIFTText.text(text), CueText.webVTT(text), CueText.srt(text),
      ReaperText.quoted(text), FileNameText.readable(text, maximumBytes: 100),
    ]
    for output in outputs {
      #expect(!output.unicodeScalars.contains { ScalarText.isForbidden($0) }, "\(output)")
      #expect(!output.unicodeScalars.contains("\r"), "\(output)")
    }
    for attribute in [HTMLText.attribute(text), XMLText.attribute(text)] {
      #expect(!attribute.unicodeScalars.contains { "\"'<>\n".unicodeScalars.contains($0) })
    }
    for markup in [HTMLText.text(text), XMLText.text(text)] {
      #expect(!markup.unicodeScalars.contains { "<>".unicodeScalars.contains($0) })
    }
    #expect(!XMLText.comment(text).contains("--"))
    #expect(XMLText.comment(text).unicodeScalars.last != "-")
    for cue in [CueText.webVTT(text), CueText.srt(text)] {
      #expect(!cue.contains("-->"))
      #expect(!cue.contains("\n\n") && !cue.hasPrefix("\n") && !cue.hasSuffix("\n"))
    }
    for single in [GIFTText.text(text), GIFTText.category(text), ReaperText.quoted(text)] {
      #expect(!single.unicodeScalars.contains("\n"))
    }
    // Each GIFT special is escaped: reading the escapes back gives the text on one line.
    #expect(unescapedGIFT(GIFTText.text(text)) == expectedCleaned(text, lineBreak: " ", tab: " "))
    let name = FileNameText.readable(text, maximumBytes: 100)
    #expect(!name.unicodeScalars.contains { "/\\:\"<>|?*\n".unicodeScalars.contains($0) })
    #expect(!name.hasPrefix(".") && !name.hasPrefix("-") && !name.hasPrefix(" "))
  }

  /// GIFT's escapes read back: each `\` takes the scalar after it as it is; a special standing
  /// alone (which GIFT would read as markup) is reported.
  func unescapedGIFT(_ text: String) -> String? {
    var result = String.UnicodeScalarView()
    var escaping = false
    for scalar in text.unicodeScalars {
      if escaping {
        result.append(scalar)
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else if "~=#{}:".unicodeScalars.contains(scalar) {
        return nil
      } else {
        result.append(scalar)
      }
    }
    return escaping ? nil : String(result)
  }
}
