import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIInput
import Chart2MIDISonification
import Foundation
import TextEncoders

/// The DAW and editorial session formats an export writes, by the file's extension.
package enum SessionFormat: String, Hashable, Sendable, CaseIterable {
  /// A REAPER project (`.rpp`).
  case reaper = "rpp"
  /// An OpenTimelineIO timeline (`.otio`), which editors and DAWs import through its adapters.
  case openTimelineIO = "otio"

  /// The format a file name's extension names, or nil.
  package init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
  }
}

/// An export's audio laid out as a session: a track per stem (the narration's among them), each
/// holding its WAV file from the programme's start; the spoken sentences as regions and the WAV
/// cues as markers; the tempo, the time signature, and the programme's start as the session's.
/// Times are in seconds from the audio files' first sample.
struct Session {
  /// A spoken sentence: a region.
  struct Region {
    var start: Double
    var end: Double
    var text: String
  }

  var title: String
  var sampleRate: Int
  /// Each stem's length, in sample frames (all stems have the mix's).
  var frames: Int
  /// Each stem's track name and file.
  var stems: [(name: String, file: URL)]
  var regions: [Region]
  /// The cues that are not sentences.
  var markers: [(time: Double, label: String)]
  var tempo: Double
  var timeSignature: TimeSignature
  /// Where the audio's first sample lies on the programme's timeline; nil for 00:00:00:00.
  var start: Timecode?
  /// The rate the programme's timecode counts in.
  var frameRate: FrameRate
  /// Whether an OpenTimelineIO timeline names its media by paths relative to its folder, rather
  /// than by absolute `file://` URLs.
  var relativeMedia = false
  /// The MIDI file's channel messages (as it holds them, with their times in seconds from the
  /// audio's first sample), for a REAPER project's MIDI item; none for none.
  var midi: (name: String, events: [(time: Double, bytes: [UInt8])])?
  /// Where a sentence is said over the graph, in seconds: a REAPER project ducks the graph's
  /// tracks under it.
  var ducks: [ClosedRange<Double>] = []
  /// The name of the narration's stem, which is not ducked.
  var voiceStem = "Narration"

  /// The gain of the graph under a sentence said over it: -6 dB.
  static let duckGain = 0.5
  /// The ramp to it and back, in seconds.
  static let duckRamp = 0.3

  /// The session as a file at `url`, in the format its extension names: a REAPER project's paths
  /// relative to the file's folder, an OpenTimelineIO timeline's absolute (or relative, with
  /// `relativeMedia`).
  func text(for url: URL) -> String {
    let folder = url.deletingLastPathComponent()
    switch SessionFormat(fileExtension: url.pathExtension) {
    case .reaper?: return reaper(in: folder)
    case .openTimelineIO?, nil: return openTimelineIO(in: folder)
    }
  }

  /// The seconds of audio.
  var duration: Double { Double(frames) / Double(sampleRate) }

  /// `file`'s path from `folder`, with `..` where it lies outside it.
  static func relativePath(of file: URL, from folder: URL) -> String {
    let target = file.standardizedFileURL.pathComponents
    let base = folder.standardizedFileURL.pathComponents
    var shared = 0
    while shared < min(target.count, base.count), target[shared] == base[shared] { shared += 1 }
    let up = Array(repeating: "..", count: base.count - shared)
    return (up + target[shared...]).joined(separator: "/")
  }

  // MARK: REAPER

  /// A REAPER project: `PROJOFFS` puts the start on the timeline, `TIMEMODE` sets the project's
  /// frame rate (and, with a start, shows timecode on the ruler), `TEMPO` the tempo and time
  /// signature; a `MARKER` pair with the region flag for each sentence, a `MARKER` for each cue; a
  /// `TRACK` per stem with one `ITEM` at 0, its `SOURCE WAVE` the stem's file.
  func reaper(in folder: URL) -> String {
    let quoted = ReaperText.quoted
    func number(_ value: Double) -> String { String(format: "%.6f", value) }
    var lines = ["<REAPER_PROJECT 0.1 \"6.0\" 0"]
    lines.append("  TEMPO \(number(tempo)) \(timeSignature.beats) \(timeSignature.noteValue)")
    lines.append("  PROJOFFS \(number(start?.secondsValue ?? 0)) 0 0")
    lines.append(reaperTimeMode)
    lines.append("  SAMPLERATE \(sampleRate) 0 0")
    var index = 0
    for region in regions {
      index += 1
      lines.append("  MARKER \(index) \(number(region.start)) \(quoted(region.text)) 1")
      lines.append("  MARKER \(index) \(number(region.end)) \"\" 1")
    }
    for marker in markers {
      index += 1
      lines.append("  MARKER \(index) \(number(marker.time)) \(quoted(marker.label)) 0")
    }
    for stem in stems {
      lines += ["  <TRACK", "    NAME \(quoted(stem.name))"]
      if stem.name != voiceStem, !ducks.isEmpty { lines += volumeEnvelope() }
      lines += [
        "    <ITEM", "      POSITION 0",
        "      LENGTH \(number(duration))", "      NAME \(quoted(stem.file.lastPathComponent))",
        "      <SOURCE WAVE",
        "        FILE \(quoted(Self.relativePath(of: stem.file, from: folder)))",
        "      >", "    >", "  >",
      ]
    }
    if let midi { lines += midiTrack(midi) }
    lines.append(">")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `TIMEMODE` line: the ruler's time unit (5, hours:minutes:seconds:frames, for a
  /// programme with a start; else REAPER's default, 1), the transport's (5), then the project's
  /// frame rate as REAPER keeps it: the nominal rate (24, 25, 30, 50, 60) and its kind (0 whole,
  /// 1 drop-frame, 2 the 1000/1001 rate counted without dropping).
  var reaperTimeMode: String {
    let kind = frameRate.isDropFrame ? 1 : frameRate.isPulledDown ? 2 : 0
    return "  TIMEMODE \(start == nil ? 1 : 5) 5 -1 \(frameRate.nominal) \(kind) 0 -1"
  }

  /// A volume envelope that lowers a track to `duckGain` under each sentence said over the
  /// graph, with `duckRamp` seconds to it and back.
  func volumeEnvelope() -> [String] {
    func point(_ time: Double, _ gain: Double) -> String {
      String(format: "      PT %.6f %g 0", max(0, time), gain)
    }
    var lines = [
      "    <VOLENV2", "      ACT 1 -1", "      VIS 1 1 1", "      LANEHEIGHT 0 0", "      ARM 0",
      "      DEFSHAPE 0 -1 -1", point(0, 1),
    ]
    for duck in ducks {
      lines += [
        point(duck.lowerBound - Self.duckRamp, 1), point(duck.lowerBound, Self.duckGain),
        point(duck.upperBound, Self.duckGain), point(duck.upperBound + Self.duckRamp, 1),
      ]
    }
    return lines + ["    >"]
  }

  /// The MIDI file as an item on a muted track of its own (the stems already play it): its
  /// channel messages in a REAPER MIDI source, at 960 ticks a quarter note of the project's
  /// tempo.
  func midiTrack(_ midi: (name: String, events: [(time: Double, bytes: [UInt8])])) -> [String] {
    let quoted = ReaperText.quoted
    var lines = [
      "  <TRACK", "    NAME \(quoted("MIDI: " + midi.name))", "    MUTESOLO 1 0 0", "    <ITEM",
      "      POSITION 0", String(format: "      LENGTH %.6f", duration),
      "      NAME \(quoted(midi.name))", "      <SOURCE MIDI", "        HASDATA 1 960 QN",
    ]
    var last = 0
    for event in midi.events.sorted(by: { $0.time < $1.time }) {
      let tick = Int((event.time * tempo / 60 * 960).rounded())
      let bytes = (event.bytes + [0, 0, 0]).prefix(3).map { String(format: "%02x", $0) }
      lines.append("        E \(tick - last) \(bytes.joined(separator: " "))")
      last = tick
    }
    // All notes off at the end, as REAPER ends a source.
    let end = Int((duration * tempo / 60 * 960).rounded())
    lines.append("        E \(max(0, end - last)) b0 7b 00")
    return lines + ["      >", "    >", "  >"]
  }

  // MARK: OpenTimelineIO

  /// An OpenTimelineIO timeline: the programme's start as its global start time at the frame
  /// rate; a stack of audio tracks, one per stem, each one clip of the stem's file over its whole
  /// length (in samples); the sentences as markers over their time and the cues as markers at
  /// theirs, on the stack.
  func openTimelineIO(in folder: URL) -> String {
    let rate = Double(sampleRate)
    func time(_ value: Double, _ rate: Double) -> [String: Any] {
      ["OTIO_SCHEMA": "RationalTime.1", "rate": rate, "value": value]
    }
    func range(_ start: Double, _ duration: Double) -> [String: Any] {
      [
        "OTIO_SCHEMA": "TimeRange.1", "start_time": time((start * rate).rounded(), rate),
        "duration": time((duration * rate).rounded(), rate),
      ]
    }
    func marker(_ name: String, _ start: Double, _ duration: Double, _ color: String)
      -> [String: Any]
    {
      [
        "OTIO_SCHEMA": "Marker.2", "name": name, "metadata": [String: Any](), "color": color,
        "marked_range": range(start, duration), "comment": "",
      ]
    }
    let whole = range(0, duration)
    let tracks: [[String: Any]] = stems.map { stem in
      let reference: [String: Any] = [
        "OTIO_SCHEMA": "ExternalReference.1", "name": stem.file.lastPathComponent,
        "metadata": [String: Any](),
        "target_url": relativeMedia
          ? Self.relativePath(of: stem.file, from: folder)
          : stem.file.standardizedFileURL.absoluteURL.absoluteString,
        "available_range": whole, "available_image_bounds": NSNull(),
      ]
      let clip: [String: Any] = [
        "OTIO_SCHEMA": "Clip.2", "name": stem.file.lastPathComponent,
        "metadata": [String: Any](), "source_range": whole, "effects": [Any](),
        "markers": [Any](), "enabled": true, "media_references": ["DEFAULT_MEDIA": reference],
        "active_media_reference_key": "DEFAULT_MEDIA",
      ]
      return [
        "OTIO_SCHEMA": "Track.1", "name": stem.name, "kind": "Audio",
        "metadata": [String: Any](), "source_range": NSNull(), "effects": [Any](),
        "markers": [Any](), "enabled": true, "children": [clip],
      ]
    }
    let markers =
      regions.map { marker($0.text, $0.start, $0.end - $0.start, "GREEN") }
      + self.markers.map { marker($0.label, $0.time, 0, "RED") }
    let frames = (start?.secondsValue ?? 0) * frameRate.framesPerSecond
    let timeline: [String: Any] = [
      "OTIO_SCHEMA": "Timeline.1", "name": title,
      "metadata": ["chart2midi": ["tempo": tempo, "timeSignature": timeSignature.description]],
      "global_start_time": time(frames.rounded(), frameRate.framesPerSecond),
      "tracks": [
        "OTIO_SCHEMA": "Stack.1", "name": "tracks", "metadata": [String: Any](),
        "source_range": NSNull(), "effects": [Any](), "markers": markers, "enabled": true,
        "children": tracks,
      ] as [String: Any],
    ]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: timeline, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
