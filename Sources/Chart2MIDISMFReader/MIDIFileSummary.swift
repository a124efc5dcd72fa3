import Chart2MIDIBase
import Chart2MIDICore
import Foundation

/// What `chart2midi inspect` prints about a MIDI file: per track its name, channels, programs, note
/// count, pitch range and first and last onset; the markers; the length.
package struct MIDIFileSummary: Hashable, Sendable {
  /// One track's facts.
  package struct TrackFacts: Hashable, Sendable {
    /// The track's name, from its first track-name event.
    package var name: String?
    /// The channels (0...15) its channel messages use, in the order they first appear.
    package var channels: [Int]
    /// The programs it selects, in the order they first appear.
    package var programs: [Int]
    /// The number of note-on events with a velocity above 0.
    package var noteCount: Int
    /// The lowest note played.
    package var lowestNote: Int?
    /// The highest note played.
    package var highestNote: Int?
    /// The lowest and highest pitch sounded, in fractional semitones: a held note's key moved by
    /// its channel's pitch bend over the range RPN 0 sets (General MIDI's 2 semitones without
    /// one), at its start and at every bend while it sounds.
    package var soundingPitches: ClosedRange<Double>?
    /// The time of the first note, in seconds.
    package var firstOnset: Double?
    /// The time of the last note, in seconds.
    package var lastOnset: Double?
    /// The MIDI port of its channels (meta event 0x21), 0 when it names none.
    package var port: Int
  }

  /// A marker event's time and text.
  package struct Marker: Hashable, Sendable {
    /// Seconds from the start.
    package var time: Double
    /// The marker's text.
    package var text: String
  }

  /// The SMF format: 0, 1 or 2.
  package var format: Int
  /// The header's division.
  package var ticksPerQuarterNote: Int
  /// The facts of every track, in file order.
  package var tracks: [TrackFacts]
  /// The markers, in time order.
  package var markers: [Marker]
  /// The length in seconds.
  package var lengthSeconds: Double

  /// Gathers the facts of a file.
  package init(_ file: MIDIFile) {
    format = file.format
    ticksPerQuarterNote = file.ticksPerQuarterNote
    lengthSeconds = file.lengthSeconds
    var markers: [Marker] = []
    tracks = file.tracks.map { track in
      var facts = TrackFacts(
        name: track.name, channels: [], programs: [], noteCount: 0, port: 0)
      var bends = BendReader()
      for event in track.events {
        if let port = event.port { facts.port = port }
        if event.isMeta(.marker), let text = event.text {
          markers.append(Marker(time: event.seconds, text: text))
        }
        guard let (channel, message) = event.channelMessage else { continue }
        if !facts.channels.contains(Int(channel.value)) {
          facts.channels.append(Int(channel.value))
        }
        for pitch in bends.read(message, channel: Int(channel.value)) {
          facts.soundingPitches =
            facts.soundingPitches.map { min($0.lowerBound, pitch)...max($0.upperBound, pitch) }
            ?? pitch...pitch
        }
        switch message {
        case .programChange(let program):
          if !facts.programs.contains(Int(program.value)) {
            facts.programs.append(Int(program.value))
          }
        case .noteOn(let key, _):
          let note = Int(key.value)
          facts.noteCount += 1
          facts.lowestNote = min(facts.lowestNote ?? note, note)
          facts.highestNote = max(facts.highestNote ?? note, note)
          facts.firstOnset = facts.firstOnset ?? event.seconds
          facts.lastOnset = event.seconds
        default: break
        }
      }
      return facts
    }
    self.markers = markers.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
  }

  /// The report as lines of text.
  package func text(name: String) -> String {
    var lines: [String] = []
    let notes = tracks.reduce(0) { $0 + $1.noteCount }
    lines.append(
      "\(name): SMF format \(format), \(ticksPerQuarterNote) ticks per quarter note, \(counted(tracks.count, "track")), \(counted(notes, "note")), \(seconds(lengthSeconds)) long"
    )
    for (index, track) in tracks.enumerated() {
      var parts = ["track \(index) \"\(Self.printable(track.name ?? ""))\""]
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
        // Pitch bend that moves the sound off its keys is said.
        var bent = ""
        if let sounding = track.soundingPitches,
          abs(sounding.lowerBound - Double(low)) >= 0.005
            || abs(sounding.upperBound - Double(high)) >= 0.005
        {
          bent = String(
            format: " (sounding %.2f-%.2f with pitch bend)", sounding.lowerBound,
            sounding.upperBound)
        }
        parts.append(
          "\(counted(track.noteCount, "note")), pitch \(low)-\(high)\(bent), onsets \(seconds(first)) to \(seconds(last))"
        )
      } else if index == 0 || track.channels.isEmpty {
        parts.append("no notes")
      }
      lines.append("  " + parts.joined(separator: ": "))
    }
    if !markers.isEmpty {
      lines.append("markers (\(markers.count)):")
      for marker in markers.prefix(50) {
        lines.append("  \(seconds(marker.time))  \(Self.printable(marker.text))")
      }
      if markers.count > 50 { lines.append("  … \(markers.count - 50) more") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

  /// A file's text as it can be printed to a terminal: control characters (an escape sequence
  /// would move the cursor, recolour or retitle it) written as `\u{1B}`, the text otherwise as is.
  static func printable(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }
}

/// Each channel's pitch bend, its range (RPN 0, General MIDI's 2 semitones until set) and its held
/// keys, read message by message: the pitches that sound as they change.
private struct BendReader {
  private var range = [Double](repeating: 2, count: 16)
  private var bend = [Double](repeating: 0, count: 16)
  private var parameter = [(msb: Int, lsb: Int)](repeating: (127, 127), count: 16)
  private var held = [Set<Int>](repeating: [], count: 16)

  /// The pitches `message` makes sound on `channel`: a new note's, or every held note's after a
  /// bend.
  mutating func read(_ message: MIDIMessage, channel: Int) -> [Double] {
    switch message {
    case .noteOn(let key, _):
      held[channel].insert(Int(key.value))
      return [Double(key.value) + bend[channel] * range[channel]]
    case .noteOff(let key):
      held[channel].remove(Int(key.value))
    case .pitchBend(let value):
      bend[channel] = (Double(value.value) - 8192) / 8192
      return held[channel].map { Double($0) + bend[channel] * range[channel] }
    case .controlChange(let controller, let value):
      switch controller.value {
      case 101: parameter[channel].msb = Int(value.value)
      case 100: parameter[channel].lsb = Int(value.value)
      case 6 where parameter[channel] == (0, 0): range[channel] = Double(value.value)
      case 38 where parameter[channel] == (0, 0):
        range[channel] = range[channel].rounded(.down) + Double(value.value) / 100
      default: break
      }
    default: break
    }
    return []
  }
}
