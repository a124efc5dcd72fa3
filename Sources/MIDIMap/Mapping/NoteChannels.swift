/// Every sounding note of an exact-pitch track on a channel of its own, as MIDI Polyphonic
/// Expression (MPE) does: pitch bend acts on a whole channel, so a note that shared a channel with
/// a later one would be retuned by the later note's bend while it sounds.
enum NoteChannels {
  /// The most member channels a track takes: eight, so that a zone from channel 1 (index 0) never
  /// reaches channel 10, the percussion channel.
  static let maximumMembers = 8
  /// How long a channel stays with a note after its note-off, while its release still sounds:
  /// half a second (480 ticks).
  static let releaseTicks = 480

  /// How many channels the notes need so that no two share one while they (or their releases)
  /// sound: the most that overlap, from 1 to `maximumMembers`.
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
    return min(most, maximumMembers)
  }

  /// Gives each note (in order of onset) the member channel that has been free the longest; when
  /// more notes overlap than there are members, the one that became free first, or will.
  static func assign(_ notes: inout [Note], to members: [UInt4]) {
    var freeAt = [Int](repeating: Int.min, count: members.count)
    for index in notes.indices {
      let chosen = freeAt.indices.min { freeAt[$0] < freeAt[$1] }!
      notes[index].channel = members[chosen]
      freeAt[chosen] = notes[index].off + releaseTicks
    }
  }
}
