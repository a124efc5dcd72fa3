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
    /// At which x value a series is lowest.
    case lowestValue
    /// In which month a series with a yearly season is usually highest, or lowest.
    case season
    /// Which of two series sounds higher at one named x value.
    case compareAt
    /// Whether two series rise and fall together, go opposite ways, or are not linked.
    case together
    /// About what value a series reaches: a number, right within a tolerance.
    case estimate
    /// A question of the teacher's own.
    case own
  }

  /// The answer to a question answered with a number: right from `value - tolerance` to
  /// `value + tolerance`.
  package struct NumericAnswer: Hashable, Sendable {
    /// The value.
    package var value: Double
    /// How far from it an answer still counts.
    package var tolerance: Double

    /// An answer of `value`, right within `tolerance`.
    package init(value: Double, tolerance: Double) {
      self.value = value
      self.tolerance = tolerance
    }
  }

  /// What it asks about.
  public var kind: Kind
  /// The question, in the chart's own words.
  public var prompt: String
  /// The choices, in the order shown; none for a question answered with a number.
  public var choices: [String]
  /// The index of the right choice; 0 for a question answered with a number.
  public var answer: Int
  /// The number that answers it, for a question answered with one (`Kind.estimate`).
  public var number: Double?
  /// How far from `number` an answer still counts.
  public var tolerance: Double?

  /// The number that answers it and its tolerance, for a question answered with one.
  package var numeric: NumericAnswer? {
    guard let number, let tolerance else { return nil }
    return NumericAnswer(value: number, tolerance: tolerance)
  }
  /// The facts behind the answer, in the axes' formats.
  public var explanation: String
  /// Where in the audio to listen for it, in seconds from the start of the file, when one place
  /// shows it.
  public var listenAt: Double?
  /// What its answer tells about the chart ("peak-0": where series 0 is highest), so that no
  /// two questions of an item give each other away: questions that share a fact are not asked
  /// together.
  var facts: [String] = []
  /// Whether its choices have an order of their own (in time, rises before falls): else they
  /// are shuffled when the question is chosen.
  var isOrdered = true

  enum CodingKeys: String, CodingKey {
    case kind, prompt, choices, answer, number, tolerance, explanation, listenAt
  }

  /// A question.
  package init(
    kind: Kind, prompt: String, choices: [String], answer: Int, explanation: String,
    listenAt: Double? = nil, facts: [String] = [], isOrdered: Bool = true
  ) {
    self.kind = kind
    self.prompt = prompt
    self.choices = choices
    self.answer = answer
    self.explanation = explanation
    self.listenAt = listenAt
    self.facts = facts
    self.isOrdered = isOrdered
  }

  /// A question answered with a number.
  package init(
    kind: Kind, prompt: String, numeric: NumericAnswer, explanation: String,
    listenAt: Double? = nil, facts: [String] = []
  ) {
    self.init(
      kind: kind, prompt: prompt, choices: [], answer: 0, explanation: explanation,
      listenAt: listenAt, facts: facts)
    number = numeric.value
    tolerance = numeric.tolerance
  }

  /// The right choice's text, or the number, as written.
  package var rightChoice: String {
    if let numeric { return Self.number(numeric.value) }
    return choices[answer]
  }

  /// A number as a quiz reads it: at most six decimals, no trailing zeros, "." for the point.
  package static func number(_ value: Double) -> String {
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// A time in the audio: "0:07.5" (see `DescriptionLanguage.clock(_:)`).
  package static func clock(_ seconds: Double) -> String { DescriptionLanguage.clock(seconds) }

  /// A time in the audio in a language's number format: "0:07,5" in German.
  package static func clock(_ seconds: Double, in language: DescriptionLanguage) -> String {
    language.clock(seconds)
  }
}
