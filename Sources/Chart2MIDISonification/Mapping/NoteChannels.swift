import Chart2MIDIChart
import Chart2MIDICore

/// The channels of exact-pitch notes. Pitch bend acts on a whole channel, so a note at a fractional
/// pitch needs a channel whose bend no other note changes while it sounds, or while its release
/// fades: as in MIDI Polyphonic Expression (MPE), each sounding note has a channel of its own.
///
/// A channel takes a new bend only once every note on it has ended and `releaseTicks` have passed.
/// A note may join a channel that still sounds when the channel's bend is already the one it
/// needs. When none of its track's channels can take it, the note falls back: it plays, without a
/// bend, the key nearest its pitch under the bend a channel already has, never more than half a
/// semitone off.
enum NoteChannels {
  /// How long a note's release is taken to sound after its note-off: half a second (480 ticks).
  /// A soundfont's release time is the time its level takes to fall 100 dB; the General MIDI
  /// soundfonts' pianos, mallets and strings, and the project's own, take about a second or
  /// less, so half a second later a release is 50 dB down or gone, and a new bend on its channel
  /// is not heard.
  static let releaseTicks = 480
  /// The most member channels an MPE Lower Zone holds here: eight, so that a zone whose manager
  /// is channel 1 (index 0) never reaches channel 10, the percussion channel.
  static let maximumZoneMembers = 8

  /// The most channels the notes could use at once: the most that sound (or fade) together, at
  /// least 1.
  static func needed(for notes: [Note]) -> Int {
    var changes: [(tick: Int, step: Int)] = []
    changes.reserveCapacity(notes.count * 2)
    for note in notes {
      changes.append((note.on, 1))
      changes.append((note.off + releaseTicks, -1))
    }
    // At one tick, a channel that comes free serves the note that starts there.
    changes.sort { ($0.tick, $0.step) < ($1.tick, $1.step) }
    var sounding = 0
    var most = 1
    for change in changes {
      sounding += change.step
      most = max(most, sounding)
    }
    return most
  }

  /// How many notes fall back to the nearest pitch the channels' bends allow when the notes have
  /// `channels` channels.
  static func fallbacks(for notes: [Note], channels: Int, bendRange: Int) -> Int {
    var copy = notes
    let slots = (0..<channels).map { UInt4(exactly: $0 % 16)! }
    return assign(&copy, to: slots, bendRange: bendRange)
  }

  /// Shares `available` channels among tracks of exact-pitch notes: each its `needed(for:)` when
  /// they all fit; otherwise each at least one, and every further channel to the track it spares
  /// the most fallbacks. Nil when not even one channel each is available.
  static func share(_ available: Int, among tracks: [[Note]], bendRange: Int) -> [Int]? {
    guard available >= tracks.count else { return nil }
    let needs = tracks.map(needed(for:))
    if needs.reduce(0, +) <= available { return needs }
    var counts = [Int](repeating: 1, count: tracks.count)
    // The fallbacks of each track at each count of channels, worked out when first asked.
    var known = [[Int: Int]](repeating: [:], count: tracks.count)
    func cost(_ track: Int, _ channels: Int) -> Int {
      if channels >= needs[track] { return 0 }
      if let value = known[track][channels] { return value }
      let value = fallbacks(for: tracks[track], channels: channels, bendRange: bendRange)
      known[track][channels] = value
      return value
    }
    for _ in 0..<(available - tracks.count) {
      let best = tracks.indices.max { a, b in
        let gainA = cost(a, counts[a]) - cost(a, counts[a] + 1)
        let gainB = cost(b, counts[b]) - cost(b, counts[b] + 1)
        // Equal gains: the track with the most still to gain, then the first.
        return (gainA, cost(a, counts[a]), b) < (gainB, cost(b, counts[b]), a)
      }!
      counts[best] += 1
    }
    return counts
  }

  /// What a channel is doing while notes are given out.
  private struct ChannelState {
    var bend = UInt14.center
    /// The tick from which the channel may take a new bend: after its last note and release.
    var quietFrom = Int.min
    /// The index of the latest note of each key on the channel, with its end.
    var lastOfKey: [UInt8: (note: Int, off: Int)] = [:]
  }

  /// Gives each note (in order of onset) a channel of `members`, and returns how many fell back.
  /// A note takes, in order of preference: a channel that already has its bend and is not
  /// sounding its key; the quiet channel that came quiet the latest (sending its bend there: so
  /// the channels that came quiet earlier stay for notes that start sooner, which keeps the
  /// fallbacks fewest, as in scheduling intervals on several machines);
  /// else it falls back to the channel whose bend brings its nearest key closest to its pitch,
  /// its bend removed and its key moved. A note's bend is dropped when its channel already has it.
  @discardableResult
  static func assign(_ notes: inout [Note], to members: [UInt4], bendRange: Int) -> Int {
    var states = [ChannelState](repeating: ChannelState(), count: members.count)
    var fallbacks = 0
    func isSounding(_ key: UInt8, on channel: Int, at tick: Int) -> Bool {
      states[channel].lastOfKey[key].map { $0.off > tick } ?? false
    }
    for index in notes.indices {
      let note = notes[index]
      let bend = note.bend ?? .center
      var chosen: Int?
      if let same = states.indices.first(where: {
        states[$0].bend == bend && !isSounding(note.pitch, on: $0, at: note.on)
      }) {
        chosen = same
        notes[index].bend = nil
      } else if let quiet = states.indices.filter({ states[$0].quietFrom <= note.on })
        .max(by: { states[$0].quietFrom < states[$1].quietFrom })
      {
        chosen = quiet
        states[quiet].bend = bend
      } else {
        // The pitch the note should sound, then the nearest key each channel's bend allows. The
        // note goes where it keeps a channel busy the least time longer: first a channel busy
        // past its release anyway (the nearest pitch among them), else the one busy longest.
        let pitch = Double(note.pitch) + bend.semitones(range: bendRange)
        let busyUntil = note.off + releaseTicks
        var best: (channel: Int, key: UInt8, error: Double)?
        func rank(_ channel: Int, _ error: Double) -> (Int, Double) {
          let quiet = states[channel].quietFrom
          return quiet >= busyUntil ? (0, error) : (busyUntil - quiet, error)
        }
        for channel in states.indices {
          let offset = states[channel].bend.semitones(range: bendRange)
          let key = UInt8(clamping: min(127, max(0, Int((pitch - offset).rounded()))))
          let error = abs(Double(key) + offset - pitch)
          let isBetter = best.map { rank(channel, error) < rank($0.channel, $0.error) } ?? true
          if isBetter, !isSounding(key, on: channel, at: note.on) {
            best = (channel, key, error)
          }
        }
        if best == nil {
          // Every channel sounds the key: the one that frees first ends its note here.
          let channel = states.indices.min { states[$0].quietFrom < states[$1].quietFrom }!
          let offset = states[channel].bend.semitones(range: bendRange)
          let key = UInt8(clamping: min(127, max(0, Int((pitch - offset).rounded()))))
          if let sounding = states[channel].lastOfKey[key] {
            notes[sounding.note].off = max(notes[sounding.note].on + 1, note.on)
          }
          best = (channel, key, 0)
        }
        chosen = best!.channel
        notes[index].pitch = best!.key
        notes[index].bend = nil
        fallbacks += 1
      }
      let channel = chosen!
      notes[index].channel = members[channel]
      states[channel].lastOfKey[notes[index].pitch] = (index, note.off)
      states[channel].quietFrom = max(states[channel].quietFrom, note.off + releaseTicks)
    }
    return fallbacks
  }
}
