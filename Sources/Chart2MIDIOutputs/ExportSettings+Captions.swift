import Chart2MIDIChart
import Foundation

/// What the settings say of captions and sessions: how cues are timed and counted, where the
/// captions at the notes go, how a session names its media.
extension ExportSettings {
  /// How caption cues are timed.
  package enum CaptionStyle: String, Hashable, Sendable, CaseIterable {
    /// As a broadcaster's QC checks them: 5/6 s to 7 s on screen, 2 frames between cues, times on
    /// frames.
    case broadcast
    /// At least 0.8 s on screen, one after another.
    case plain
  }

  /// What a WebVTT file of a narration is for.
  package enum VTTKind: String, Hashable, Sendable, CaseIterable {
    /// Captions, as subtitlers make them.
    case captions
    /// Descriptions, one whole sentence a cue, for a player to speak or show.
    case descriptions
  }

  /// How a session names its media.
  package enum SessionPaths: String, Hashable, Sendable, CaseIterable {
    /// Absolute `file://` URLs.
    case absolute
    /// Paths relative to the session's folder.
    case relative
  }

  /// What caption times count from.
  package enum CaptionTime: String, Hashable, Sendable, CaseIterable {
    /// The audio file's first sample.
    case file
    /// The programme's timeline: the file's time plus its start.
    case programme
  }

  /// The timing of the cues: the style asked for, else broadcast for a narration, at the frame
  /// rate of the timeline.
  package var captionTiming: SubtitleRules.Timing {
    switch captionStyle ?? (narration.parts != nil ? .broadcast : .plain) {
    case .broadcast: .broadcast(sonification.frameRate)
    case .plain: .plain
    }
  }

  /// With a narration and captions, where the captions at the notes go: beside the captions,
  /// `NAME.points.EXT`.
  package var pointCaptions: URL? { captions.flatMap(pointCaptions(for:)) }

  /// With a narration, where the captions at the notes go for the caption file `captions`.
  package func pointCaptions(for captions: URL) -> URL? {
    guard narration.parts != nil else { return nil }
    let name =
      captions.deletingPathExtension().lastPathComponent + ".points."
      + captions.pathExtension
    return captions.deletingLastPathComponent().appendingPathComponent(name)
  }
}
