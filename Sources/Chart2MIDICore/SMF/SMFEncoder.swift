import Chart2MIDIBase

/// Writes a `Score` as a Standard MIDI File, format 1, in time linear in the number of events.
///
/// Layout: `MThd` (length 6, format 1, track count, the division of the score's tempo: 480 ticks
/// per quarter note at 120 bpm, see `FileTimebase`), then a conductor track (sequence name, the
/// SMPTE offset of a start, tempo, time signature, the key signature of a chosen scale, texts and
/// markers), then one track per `ScoreTrack` (track name, MIDI port when not 0, then its events). Every track ends with
/// End of Track at the same tick, the end of the piece. Channel messages use running status, which
/// "is cancelled by any meta event" (SMF 1.0), so a meta event always resets it. Names longer than
/// `TextChunks.limit` bytes are cut short (see `TextChunks`).
public struct SMFEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// The file's bytes. The same score gives the same bytes.
  public func encode(_ score: Score) -> [UInt8] {
    let timebase = FileTimebase(tempo: score.tempo, grid: score.grid)
    let endTick =
      score.tracks.compactMap { $0.events.last.map { timebase.tick($0.time) } }.max() ?? 0
    let conductorEvents = score.conductorEvents
    let lastConductorTick = conductorEvents.last.map { timebase.tick($0.time) } ?? 0
    let end = max(endTick, lastConductorTick)
    // The bytes are written straight into one buffer, as large as the file could be.
    return [UInt8](
      unsafeUninitializedCapacity: Self.sizeBound(of: score, conductorEvents: conductorEvents)
    ) { buffer, count in
      HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
      var file = ByteWriter(buffer)
      // Header chunk: "MThd", length 6, format 1, number of tracks, division.
      file.append(contentsOf: "MThd".utf8)
      file.append32(6)
      file.append16(1)
      file.append16(UInt16(score.tracks.count + 1))
      file.append16(timebase.ticksPerQuarterNote)

      // Conductor track.
      writeTrack(to: &file, timebase: timebase, end: end) { writer in
        writer.meta(.trackName, TextChunks.truncate(score.title).utf8)
        // "Before any nonzero delta-times" (SMF 1.0).
        if let start = score.timeline.start { writer.meta(.smpteOffset, start.bytes) }
        let tempo = timebase.microsecondsPerQuarterNote
        writer.meta(.tempo, [UInt8(tempo >> 16), UInt8((tempo >> 8) & 0xFF), UInt8(tempo & 0xFF)])
        writer.meta(.timeSignature, score.timeSignature.bytes)
        if let key = score.keySignature { writer.meta(.keySignature, key.bytes) }
        for event in conductorEvents { writer.event(event, channel: 0) }
      }
      let titled = score.notationTitle.flatMap { _ in
        score.tracks.firstIndex { !$0.isPercussion && $0.noteCount > 0 }
      }
      for (index, track) in score.tracks.enumerated() {
        writeTrack(to: &file, timebase: timebase, end: end) { writer in
          writer.meta(.trackName, TextChunks.truncate(track.name).utf8)
          if index == titled, let title = score.notationTitle {
            writer.meta(.notationTitle, TextChunks.truncate(title).utf8)
          }
          if track.port > 0 { writer.meta(.midiPort, CollectionOfOne(UInt8(clamping: track.port))) }
          for event in track.events { writer.event(event, channel: track.channel) }
        }
      }
      count = file.count
    }
  }

  /// The most bytes a score's file can take: a channel message takes at most 7 (a four-byte delta
  /// time, a status and two data bytes), a meta event at most 10 and its text.
  static func sizeBound(of score: Score, conductorEvents: [ScoreEvent]) -> Int {
    func bound(_ events: [ScoreEvent]) -> Int {
      events.reduce(0) { sum, event in
        switch event.packed {
        case .meta(let meta): sum + 10 + meta.text.utf8.count
        case .channel: sum + 7
        }
      }
    }
    // Per track: the chunk's head, the name, the port and the end; the conductor's tempo, time
    // signature, key signature and SMPTE offset.
    let conductor =
      128 + score.title.utf8.count + (score.notationTitle?.utf8.count ?? 0) + bound(conductorEvents)
    return score.tracks.reduce(14 + conductor) { $0 + 64 + $1.name.utf8.count + bound($1.events) }
  }

  private func writeTrack(
    to file: inout ByteWriter, timebase: FileTimebase, end: Int, _ body: (inout TrackWriter) -> Void
  ) {
    file.append(contentsOf: "MTrk".utf8)
    let lengthOffset = file.count
    file.append32(0)
    var writer = TrackWriter(file: file, timebase: timebase)
    body(&writer)
    writer.meta(.endOfTrack, EmptyCollection(), at: max(end, writer.tick))
    file = writer.file
    file.patch32(UInt32(file.count - lengthOffset - 4), at: lengthOffset)
  }
}

/// Bytes written into memory the encoder has sized beforehand; writing past it stops the program
/// rather than touch memory that is not the file's.
private struct ByteWriter {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int
  var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    base = buffer.baseAddress!
    capacity = buffer.count
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    appendReserved(byte)
  }

  /// Stops the program unless `bytes` more fit, so that they can be written with
  /// `appendReserved(_:)`.
  @inline(__always)
  func reserve(_ bytes: Int) {
    precondition(count + bytes <= capacity, "the MIDI file outgrew the room reserved for it")
  }

  /// Appends a byte that `reserve(_:)` made room for.
  @inline(__always)
  mutating func appendReserved(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    for byte in bytes { append(byte) }
  }

  mutating func append16(_ value: UInt16) {
    append(UInt8(value >> 8))
    append(UInt8(value & 0xFF))
  }

  mutating func append32(_ value: UInt32) {
    append(UInt8(value >> 24))
    append(UInt8((value >> 16) & 0xFF))
    append(UInt8((value >> 8) & 0xFF))
    append(UInt8(value & 0xFF))
  }

  /// Writes a 32-bit value over four bytes already written.
  mutating func patch32(_ value: UInt32, at offset: Int) {
    precondition(offset + 4 <= count)
    base[offset] = UInt8(value >> 24)
    base[offset + 1] = UInt8((value >> 16) & 0xFF)
    base[offset + 2] = UInt8((value >> 8) & 0xFF)
    base[offset + 3] = UInt8(value & 0xFF)
  }
}

/// Appends events with delta times and running status.
private struct TrackWriter {
  var file: ByteWriter
  let timebase: FileTimebase
  var tick = 0
  var runningStatus: UInt8 = 0

  mutating func delta(to eventTick: Int) {
    let target = max(eventTick, tick)
    // At most four bytes.
    file.reserve(4)
    VariableLengthQuantity.write(UInt32(target - tick)) { file.appendReserved($0) }
    tick = target
  }

  /// A meta event: `FF type length data`.
  mutating func meta<Bytes: Collection<UInt8>>(
    _ type: MetaEventType, _ data: Bytes, at eventTick: Int? = nil
  ) {
    delta(to: eventTick ?? tick)
    MIDIMessage.writeMeta(type, data) { file.append($0) }
    runningStatus = 0
  }

  /// An event: a channel message on its own channel or else on `channel`, or a meta event.
  @inline(__always)
  mutating func event(_ event: ScoreEvent, channel: UInt4) {
    let eventTick = timebase.tick(event.time)
    switch event.packed {
    case .meta(let text):
      meta(text.isMarker ? .marker : .text, text.text.utf8, at: eventTick)
    case .channel(let bits):
      delta(to: eventTick)
      var status = UInt8(truncatingIfNeeded: bits)
      if bits & PackedMessage.ownChannel == 0 { status |= channel.value }
      // A status and two data bytes at most.
      file.reserve(3)
      if status != runningStatus {
        file.appendReserved(status)
        runningStatus = status
      }
      file.appendReserved(UInt8(truncatingIfNeeded: bits >> 8))
      if bits & PackedMessage.twoDataBytes != 0 {
        file.appendReserved(UInt8(truncatingIfNeeded: bits >> 16))
      }
    }
  }
}
