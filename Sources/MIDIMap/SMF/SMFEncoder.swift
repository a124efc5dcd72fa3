/// Writes a `Score` as a Standard MIDI File, format 1, in time linear in the number of events.
///
/// Layout: `MThd` (length 6, format 1, track count, division 480 ticks per quarter note), then a
/// conductor track (sequence name, tempo 120 bpm, time signature 4/4, the key signature of a chosen
/// scale, texts and markers), then one
/// track per `ScoreTrack` (track name, MIDI port when not 0, then its events). Every track ends with
/// End of Track at the same tick, the end of the piece. Channel messages use running status, which
/// "is cancelled by any meta event" (SMF 1.0), so a meta event always resets it. Names longer than
/// `TextChunks.limit` bytes are cut short (see `TextChunks`).
public struct SMFEncoder: Sendable {
  /// Creates an encoder.
  public init() {}

  /// The file's bytes. The same score gives the same bytes.
  public func encode(_ score: Score) -> [UInt8] {
    let timebase = FileTimebase(tempo: score.tempo)
    let endTick =
      score.tracks.compactMap { $0.events.last.map { timebase.tick($0.time) } }.max() ?? 0
    let lastConductorTick = score.conductor.last.map { timebase.tick($0.time) } ?? 0
    let end = max(endTick, lastConductorTick)
    var file: [UInt8] = []
    let eventCount = score.tracks.reduce(score.conductor.count) { $0 + $1.events.count }
    file.reserveCapacity(64 + eventCount * 4)
    // Header chunk: "MThd", length 6, format 1, number of tracks, division.
    file.append(contentsOf: Array("MThd".utf8))
    append32(6, to: &file)
    append16(1, to: &file)
    append16(UInt16(score.tracks.count + 1), to: &file)
    append16(timebase.ticksPerQuarterNote, to: &file)

    // Conductor track.
    writeTrack(to: &file, timebase: timebase, end: end) { writer in
      writer.meta(.trackName, Array(TextChunks.truncate(score.title).utf8))
      // "Before any nonzero delta-times" (SMF 1.0).
      if let start = score.start { writer.meta(.smpteOffset, start.bytes) }
      let tempo = timebase.microsecondsPerQuarterNote
      writer.meta(.tempo, [UInt8(tempo >> 16), UInt8((tempo >> 8) & 0xFF), UInt8(tempo & 0xFF)])
      writer.meta(.timeSignature, score.timeSignature.bytes)
      if let key = score.keySignature { writer.meta(.keySignature, key.bytes) }
      for event in score.conductor { writer.event(event, channel: 0) }
    }
    for track in score.tracks {
      writeTrack(to: &file, timebase: timebase, end: end) { writer in
        writer.meta(.trackName, Array(TextChunks.truncate(track.name).utf8))
        if track.port > 0 { writer.meta(.midiPort, [UInt8(clamping: track.port)]) }
        for event in track.events { writer.event(event, channel: event.channel ?? track.channel) }
      }
    }
    return file
  }

  private func writeTrack(
    to file: inout [UInt8], timebase: FileTimebase, end: Int, _ body: (inout TrackWriter) -> Void
  ) {
    file.append(contentsOf: Array("MTrk".utf8))
    let lengthOffset = file.count
    append32(0, to: &file)
    var writer = TrackWriter(bytes: file, timebase: timebase)
    file = []
    body(&writer)
    writer.meta(.endOfTrack, [], at: max(end, writer.tick))
    file = writer.bytes
    let length = UInt32(file.count - lengthOffset - 4)
    file[lengthOffset] = UInt8(length >> 24)
    file[lengthOffset + 1] = UInt8((length >> 16) & 0xFF)
    file[lengthOffset + 2] = UInt8((length >> 8) & 0xFF)
    file[lengthOffset + 3] = UInt8(length & 0xFF)
  }
}

/// Appends events with delta times and running status.
private struct TrackWriter {
  var bytes: [UInt8]
  let timebase: FileTimebase
  var tick = 0
  var runningStatus: UInt8 = 0

  mutating func delta(to eventTick: Int) {
    let target = max(eventTick, tick)
    VariableLengthQuantity.append(UInt32(target - tick), to: &bytes)
    tick = target
  }

  mutating func meta(_ type: MetaEventType, _ data: [UInt8], at eventTick: Int? = nil) {
    delta(to: eventTick ?? tick)
    bytes.append(contentsOf: MIDIMessage.meta(type, data))
    runningStatus = 0
  }

  mutating func event(_ event: ScoreEvent, channel: UInt4) {
    let eventTick = timebase.tick(event.time)
    let message = event.message.bytes(channel: channel)
    guard event.message.isChannelMessage else {
      delta(to: eventTick)
      bytes.append(contentsOf: message)
      runningStatus = 0
      return
    }
    delta(to: eventTick)
    if message[0] == runningStatus {
      bytes.append(contentsOf: message[1...])
    } else {
      bytes.append(contentsOf: message)
      runningStatus = message[0]
    }
  }
}

private func append16(_ value: UInt16, to bytes: inout [UInt8]) {
  bytes.append(UInt8(value >> 8))
  bytes.append(UInt8(value & 0xFF))
}

private func append32(_ value: UInt32, to bytes: inout [UInt8]) {
  bytes.append(UInt8(value >> 24))
  bytes.append(UInt8((value >> 16) & 0xFF))
  bytes.append(UInt8((value >> 8) & 0xFF))
  bytes.append(UInt8(value & 0xFF))
}
