import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore

/// A note in ticks, before it becomes two events (three with a pitch bend). It takes 16 bytes: a
/// million-point chart holds a million of them at once.
struct Note {
  /// The ticks are held in 32 bits: a score lasts at most `ChartMapper.maximumDuration`, 83
  /// million ticks.
  private var onTick: Int32
  private var offTick: Int32
  var pitch: UInt8
  var velocity: UInt8
  /// The pitch bend sent just before the note, for exact pitch.
  var bend: UInt14?
  /// The channel the note plays on when it is not its track's (a member channel).
  var channel: UInt4?

  @inline(__always)
  init(on: Int, off: Int, pitch: UInt8, velocity: UInt8, bend: UInt14? = nil, channel: UInt4? = nil)
  {
    onTick = Int32(clamping: on)
    offTick = Int32(clamping: off)
    self.pitch = pitch
    self.velocity = velocity
    self.bend = bend
    self.channel = channel
  }

  /// The tick the note starts on.
  var on: Int {
    @inline(__always) get { Int(onTick) }
    set { onTick = Int32(clamping: newValue) }
  }

  /// The tick the note ends on.
  var off: Int {
    @inline(__always) get { Int(offTick) }
    set { offTick = Int32(clamping: newValue) }
  }
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
  static func append(_ input: consuming [Note], to events: inout [ScoreEvent]) {
    emit(schedule(input), to: &events)
  }

  /// The notes as they will sound: in order of onset, none shorter than `minimumTicks`, none
  /// overlapping another of its pitch.
  static func schedule(_ input: consuming [Note]) -> [Note] {
    var notes = input
    var inOrder = true
    for index in notes.indices.dropFirst()
    where (notes[index - 1].on, notes[index - 1].pitch) > (notes[index].on, notes[index].pitch) {
      inOrder = false
      break
    }
    if !inOrder {
      notes.sort { ($0.on, $0.pitch) < ($1.on, $1.pitch) }
    }
    // The notes kept are gathered at the front of the same array.
    var kept = 0
    // The index of the latest kept note of each pitch.
    var lastOfPitch = [Int?](repeating: nil, count: 128)
    for index in notes.indices {
      var note = notes[index]
      note.off = max(note.off, note.on + minimumTicks)
      if let previous = lastOfPitch[Int(note.pitch)], notes[previous].off > note.on {
        if note.on - notes[previous].on < minimumTicks {
          notes[previous].off = max(notes[previous].off, note.off)
          notes[previous].velocity = max(notes[previous].velocity, note.velocity)
          continue
        }
        notes[previous].off = note.on
      }
      lastOfPitch[Int(note.pitch)] = kept
      notes[kept] = note
      kept += 1
    }
    notes.removeLast(notes.count - kept)
    return notes
  }

  /// A note-off waiting for its time.
  private struct PendingOff {
    var tick: Int
    var order: Int
    var pitch: UInt8
    var channel: UInt4?

    /// Whether this note-off is sent before `other`: the earlier first, and at one tick in the
    /// notes' order.
    @inline(__always)
    func precedes(_ other: PendingOff) -> Bool { (tick, order) < (other.tick, other.order) }
  }

  /// Appends the events of scheduled notes, each on its own channel when it has one. The note-offs
  /// still to come wait in an array sorted latest first, so that the next one is the last: it
  /// holds only the notes sounding at once, at most one a pitch (the notes are scheduled), and a
  /// new note's end is usually among the latest, so keeping it sorted costs less than a heap.
  static func emit(_ kept: [Note], to events: inout [ScoreEvent]) {
    events.reserveCapacity(events.count + kept.count * 2)
    HugePages.advise(capacityOf: &events)
    func noteOff(_ off: PendingOff) -> ScoreEvent {
      ScoreEvent(
        time: Timebase.seconds(off.tick), message: .noteOff(note: UInt7(clamping: Int(off.pitch))),
        channel: off.channel)
    }
    var pending: [PendingOff] = []
    pending.reserveCapacity(128)
    for (order, note) in kept.enumerated() {
      while let next = pending.last, next.tick <= note.on {
        events.append(noteOff(next))
        pending.removeLast()
      }
      // The new note-off goes after every later one: the earlier ones move up a place.
      let off = PendingOff(tick: note.off, order: order, pitch: note.pitch, channel: note.channel)
      pending.append(off)
      pending.withUnsafeMutableBufferPointer { pending in
        var place = pending.count - 1
        while place > 0, pending[place - 1].precedes(off) {
          pending[place] = pending[place - 1]
          place -= 1
        }
        pending[place] = off
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
    while let off = pending.popLast() { events.append(noteOff(off)) }
  }
}
