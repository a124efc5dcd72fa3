import Foundation
import TextEncoders

/// A narration as a W3C DAPT script (Dubbing and Audio description Profiles of TTML2, content
/// profile `dapt1.0/content`): the document says it represents what is seen but not said
/// (`visual.nonText`, the audio graph here) in its language; each sentence is a script event, a
/// `div` with its identifier and times holding one text, a `p` in the document's language; with
/// the narration's audio, each text holds its recording (a clip of the narration stem, or the
/// recorded take the edited script names), and the script is `asRecorded`, else `preRecording`.
/// A sentence said while the graph plays carries the audio mixing instructions that lower the
/// programme (the graph) under it by `duckGain`, with 0.3 s ramps (a third of a shorter one).
enum DAPTScript {
  /// A script event.
  struct Event {
    /// When it is said, in seconds on the document's timeline.
    var start: Double
    var end: Double
    /// What is said.
    var text: String
    /// Its recording: a file (relative to the script) and the stretch of it, in seconds.
    var audio: (source: String, begin: Double, end: Double)?
    /// Whether the graph plays under it.
    var overGraph: Bool
  }

  /// The gain of the programme under a sentence said over it: -6 dB.
  static let duckGain = 0.5
  /// The ramp to and from it, in seconds.
  static let ramp = 0.3

  /// The DAPT document of `events`, in `language` (a BCP 47 tag), titled `title`.
  static func document(_ events: [Event], language: String, title: String) -> String {
    let recorded = !events.isEmpty && events.allSatisfy { $0.audio != nil }
    let lang = XMLText.attribute(language)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter"
          xmlns:tta="http://www.w3.org/ns/ttml#audio" xmlns:ttm="http://www.w3.org/ns/ttml#metadata"
          xmlns:daptm="http://www.w3.org/ns/ttml/profile/dapt#metadata"
          ttp:contentProfiles="http://www.w3.org/ns/ttml/profile/dapt1.0/content"
          ttp:timeBase="media" xml:lang="\(lang)" daptm:langSrc="\(lang)"
          daptm:scriptRepresents="visual.nonText"
          daptm:scriptType="\(recorded ? "asRecorded" : "preRecording")">
        <head>
          <metadata>
            <ttm:title>\(XMLText.text(title))</ttm:title>
          </metadata>
        </head>
        <body>

      """
    for (number, event) in events.enumerated() {
      let length = max(0, event.end - event.start)
      text +=
        "    <div xml:id=\"se\(number + 1)\" begin=\"\(clock(event.start))\" end=\"\(clock(event.end))\" daptm:represents=\"visual.nonText\">\n"
      text += "      <p>\n"
      if event.overGraph, length > 0 {
        // A short sentence ramps over a third of its length each way.
        let ramp = min(Self.ramp, length / 3)
        text +=
          "        <animate begin=\"0s\" end=\"\(seconds(ramp))\" tta:gain=\"1;\(seconds(duckGain, unit: ""))\" fill=\"freeze\"/>\n"
        text +=
          "        <animate begin=\"\(seconds(length - ramp))\" end=\"\(seconds(length))\" tta:gain=\"\(seconds(duckGain, unit: ""));1\"/>\n"
      }
      let body = XMLText.text(event.text)
      if let audio = event.audio {
        text +=
          "        <span><audio src=\"\(XMLText.attribute(audio.source))\" clipBegin=\"\(seconds(audio.begin))\" clipEnd=\"\(seconds(audio.end))\"/>\(body)</span>\n"
      } else {
        text += "        <span>\(body)</span>\n"
      }
      text += "      </p>\n    </div>\n"
    }
    text += "  </body>\n</tt>\n"
    return text
  }

  /// `HH:MM:SS.mmm`.
  static func clock(_ time: Double) -> String { CaptionMaker.timestamp(time, ".") }

  /// Seconds to the millisecond, as TTML's offset time (`2.5s`), or a plain number.
  static func seconds(_ value: Double, unit: String = "s") -> String {
    var text = String(format: "%.3f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text + unit
  }
}
