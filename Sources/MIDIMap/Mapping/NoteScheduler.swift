/// A note in ticks, before it becomes two events (three with a pitch bend).
struct Note {
  var on: Int
  var off: Int
  var pitch: UInt8
  var velocity: UInt8
  /// The pitch bend sent just before the note, for exact pitch.
  var bend: UInt14?
  /// The channel the note plays on when it is not its track's (a member channel).
  var channel: UInt4?
}

/// Turns notes into note-on and note-off events in time order.
enum NoteScheduler {
  /// The shortest note written: 48 ticks, 50 ms. Players and notation programs drop or mangle
  /// shorter ones, and no listener hears a pitch in less.
  static let minimumTicks = 48

  /// Appends the notes' events. No note is shorter than `minimumTicks`. Notes of one pitch never
  /// overlap: an earlier note ends where the next one of the same pitch begins, and notes of one
  /// pitch that start within `minimumTicks` of each other sound as one (until the later end, at
  /// the louder velocity). At one tick, note-offs come before note-ons.
  static func append(_ input: [Note], to events: inout [ScoreEvent]) {
    emit(schedule(input), to: &events)
  }

  /// The notes as they will sound: in order of onset, none shorter than `minimumTicks`, none
  /// overlapping another of its pitch.
  static func schedule(_ input: [Note]) -> [Note] {
    var notes = input
    let inOrder = zip(notes, notes.dropFirst()).allSatisfy {
      ($0.on, $0.pitch) <= ($1.on, $1.pitch)
    }
    if !inOrder {
      notes.sort { ($0.on, $0.pitch) < ($1.on, $1.pitch) }
    }
    var kept: [Note] = []
    kept.reserveCapacity(notes.count)
    // The index in `kept` of the latest note of each pitch.
    var lastOfPitch = [Int?](repeating: nil, count: 128)
    for var note in notes {
      note.off = max(note.off, note.on + minimumTicks)
      if let previous = lastOfPitch[Int(note.pitch)], kept[previous].off > note.on {
        if note.on - kept[previous].on < minimumTicks {
          kept[previous].off = max(kept[previous].off, note.off)
          kept[previous].velocity = max(kept[previous].velocity, note.velocity)
          continue
        }
        kept[previous].off = note.on
      }
      lastOfPitch[Int(note.pitch)] = kept.count
      kept.append(note)
    }
    return kept
  }

  /// Appends the events of scheduled notes, each on its own channel when it has one.
  static func emit(_ kept: [Note], to events: inout [ScoreEvent]) {
    var offs = kept.map { (tick: $0.off, pitch: $0.pitch, channel: $0.channel) }
    offs.sort { $0.tick < $1.tick }
    events.reserveCapacity(events.count + kept.count * 2)
    func noteOff(_ off: (tick: Int, pitch: UInt8, channel: UInt4?)) -> ScoreEvent {
      ScoreEvent(
        time: Timebase.seconds(off.tick), message: .noteOff(note: UInt7(clamping: Int(off.pitch))),
        channel: off.channel)
    }
    var nextOff = 0
    for note in kept {
      while nextOff < offs.count, offs[nextOff].tick <= note.on {
        events.append(noteOff(offs[nextOff]))
        nextOff += 1
      }
      let time = Timebase.seconds(note.on)
      if let bend = note.bend {
        events.append(ScoreEvent(time: time, message: .pitchBend(bend), channel: note.channel))
      }
      events.append(
        ScoreEvent(
          time: time,
          message: .noteOn(
            note: UInt7(clamping: Int(note.pitch)), velocity: UInt7(clamping: Int(note.velocity))),
          channel: note.channel))
    }
    for off in offs[nextOff...] { events.append(noteOff(off)) }
  }
}
