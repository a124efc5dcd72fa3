import Chart2MIDIAudio
import Chart2MIDIChart
import Foundation

/// What a spoken narration says around an audio graph, and how: set by the `narrate`, `voice`,
/// `speechRate` and `narrationPause` settings.
public struct NarrationSettings: Hashable, Sendable {
  /// The parts of a narration.
  public enum Parts: String, Hashable, Sendable, CaseIterable {
    /// Before the graph: the title, the axes, what each series sounds like, how to read it.
    case intro
    /// After the graph: the summary, and per series the extremes, the trend and the outliers.
    case details
    /// Both.
    case both
    /// Both, the longer form: the whole summary and each axis's range before the graph.
    case full

    /// Whether the intro is spoken.
    package var hasIntro: Bool { self != .details }
    /// Whether the details are spoken.
    package var hasDetails: Bool { self != .intro }
  }

  /// Which parts are spoken; nil for no narration.
  public var parts: Parts?
  /// The eSpeak NG voice: an identifier or a language such as "en" or "de"; the narration's words
  /// are in its language (see `DescriptionLanguage`). With another engine, the language alone
  /// (a Piper voice's is its model's).
  public var voice = "en"
  /// What speaks: eSpeak NG (the default), a Piper voice, or a command. Set by the operator of a
  /// run, never by a chart.
  public var engine = SpeechEngine.espeak
  /// The speaking rate in words a minute, 80 to 450.
  public var speechRate = 175
  /// Seconds of silence between the narration and the audio graph, on either side.
  public var pause = 0.75
  /// A narration script to say instead of the one made from the chart (see `ScriptFile`): edited
  /// sentences, parts and recordings.
  public var script: URL?
  /// Short cues during the graph: a series' name before it plays, when series play one after
  /// another (the gap between them grows to fit it), and a threshold's name and value where a
  /// series first crosses it.
  public var cues = false
  /// Pronunciations to apply to the words spoken (see `Lexicon`).
  public var lexicon: URL?

  /// No narration, with the default voice, rate and pause.
  public init(parts: Parts? = nil) { self.parts = parts }
}
