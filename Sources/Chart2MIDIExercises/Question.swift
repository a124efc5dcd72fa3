import Chart2MIDIChart
import Foundation

/// A multiple-choice question about a chart that a listener can answer from its audio graph.
public struct Question: Hashable, Sendable, Codable {
  /// What a question asks about.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Whether a series mostly rises, falls or stays level.
    case trend
    /// Whether a series' highest point comes near the beginning, in the middle or near the end.
    case peakPlace
    /// At which x value (a category, a year) a series is highest.
    case peakValue
    /// Which series' instrument sounds higher on average.
    case higherSeries
    /// Which instrument (category of an additional axis) plays the highest notes.
    case highestInstrument
    /// Whether longer notes come with higher or lower pitch.
    case durationLink
    /// Whether a note stands out, and about when.
    case outlier
  }

  /// What it asks about.
  public var kind: Kind
  /// The question, in the chart's own words.
  public var prompt: String
  /// The choices, in the order shown.
  public var choices: [String]
  /// The index of the right choice.
  public var answer: Int
  /// The facts behind the answer, in the axes' formats.
  public var explanation: String
  /// Where in the audio to listen for it, in seconds from the start of the file, when one place
  /// shows it.
  public var listenAt: Double?

  /// A question.
  package init(
    kind: Kind, prompt: String, choices: [String], answer: Int, explanation: String,
    listenAt: Double? = nil
  ) {
    self.kind = kind
    self.prompt = prompt
    self.choices = choices
    self.answer = answer
    self.explanation = explanation
    self.listenAt = listenAt
  }

  /// The right choice's text.
  package var rightChoice: String { choices[answer] }

  /// A time in the audio as minutes, seconds and tenths: "0:07.5".
  package static func clock(_ seconds: Double) -> String {
    let tenths = Int((max(0, seconds) * 10).rounded())
    let minutes = tenths / 600
    let rest = tenths % 600
    return "\(minutes):\(rest < 100 ? "0" : "")\(rest / 10).\(rest % 10)"
  }

  /// A time in the audio in a language's number format: "0:07,5" in German.
  package static func clock(_ seconds: Double, in language: DescriptionLanguage) -> String {
    language.number(clock(seconds))
  }
}
