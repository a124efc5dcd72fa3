import Foundation

/// What `chart2midi inspect` prints about a MIDI file: per track its name, channels, programs, note
/// count, pitch range and first and last onset; the markers; the length.
public struct MIDIFileSummary: Hashable, Sendable {
  /// One track's facts.
  public struct TrackFacts: Hashable, Sendable {
    public var name: String?
    public var channels: [Int]
    public var programs: [Int]
    public var noteCount: Int
    public var lowestNote: Int?
    public var highestNote: Int?
    public var firstOnset: Double?
    public var lastOnset: Double?
    public var port: Int
  }

  public var format: Int
  public var ticksPerQuarterNote: Int
  public var tracks: [TrackFacts]
  /// Marker texts with their times, in time order.
  public var markers: [(time: Double, text: String)]
  /// The length in seconds.
  public var lengthSeconds: Double

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.format == rhs.format && lhs.tracks == rhs.tracks && lhs.lengthSeconds == rhs.lengthSeconds
      && lhs.markers.map(\.text) == rhs.markers.map(\.text)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(tracks) }

  /// Gathers the facts of a file.
  public init(_ file: MIDIFile) {
    format = file.format
    ticksPerQuarterNote = file.ticksPerQuarterNote
    lengthSeconds = file.lengthSeconds
    var markers: [(Double, String)] = []
    tracks = file.tracks.map { track in
      var facts = TrackFacts(
        name: track.name, channels: [], programs: [], noteCount: 0, port: 0)
      for event in track.events {
        if event.isMeta(0x21), event.bytes.count >= 4 { facts.port = Int(event.bytes[3]) }
        if event.isMeta(0x06), let text = event.text { markers.append((event.seconds, text)) }
        guard let channel = event.channel else { continue }
        if !facts.channels.contains(channel) { facts.channels.append(channel) }
        let kind = event.bytes[0] & 0xF0
        if kind == 0xC0, event.bytes.count > 1, !facts.programs.contains(Int(event.bytes[1])) {
          facts.programs.append(Int(event.bytes[1]))
        }
        if kind == 0x90, event.bytes.count > 2, event.bytes[2] > 0 {
          let note = Int(event.bytes[1])
          facts.noteCount += 1
          facts.lowestNote = min(facts.lowestNote ?? note, note)
          facts.highestNote = max(facts.highestNote ?? note, note)
          facts.firstOnset = facts.firstOnset ?? event.seconds
          facts.lastOnset = event.seconds
        }
      }
      return facts
    }
    self.markers = markers.sorted { $0.0 < $1.0 }
  }

  /// The report as lines of text.
  public func text(name: String) -> String {
    var lines: [String] = []
    let notes = tracks.reduce(0) { $0 + $1.noteCount }
    lines.append(
      "\(name): SMF format \(format), \(ticksPerQuarterNote) ticks per quarter note, \(tracks.count) tracks, \(notes) notes, \(seconds(lengthSeconds)) long"
    )
    for (index, track) in tracks.enumerated() {
      var parts = ["track \(index) \"\(track.name ?? "")\""]
      if !track.channels.isEmpty {
        let channels = track.channels.map { String($0 + 1) }.joined(separator: ", ")
        parts.append("channel \(channels)\(track.port > 0 ? " (port \(track.port))" : "")")
      }
      if !track.programs.isEmpty {
        let isDrums = track.channels == [9]
        parts.append(
          track.programs.map {
            isDrums
              ? "drum kit \($0)" : "program \($0) \(Instruments.name(of: UInt7(clamping: $0)))"
          }
          .joined(separator: ", "))
      }
      if track.noteCount > 0, let low = track.lowestNote, let high = track.highestNote,
        let first = track.firstOnset, let last = track.lastOnset
      {
        parts.append(
          "\(track.noteCount) notes, pitch \(low)-\(high), onsets \(seconds(first)) to \(seconds(last))"
        )
      } else if index == 0 || track.channels.isEmpty {
        parts.append("no notes")
      }
      lines.append("  " + parts.joined(separator: ": "))
    }
    if !markers.isEmpty {
      lines.append("markers (\(markers.count)):")
      for marker in markers.prefix(50) { lines.append("  \(seconds(marker.time))  \(marker.text)") }
      if markers.count > 50 { lines.append("  … \(markers.count - 50) more") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
}
