import Chart2MIDIBase
import Chart2MIDICore
import Chart2MIDISMFReader
import Foundation

/// What a synthesizer plays: channel messages in time order on numbered synth channels
/// (port × 16 + channel), and which channels make up each stem.
public struct Performance: Sendable {
  /// A message to send at a time.
  package struct Event: Sendable, Hashable {
    /// Seconds from the start.
    package var time: Double
    /// The synth channel: MIDI port × 16 + MIDI channel.
    package var channel: Int
    /// The message.
    package var message: MIDIMessage
  }

  /// A named group of synth channels, rendered to its own audio file.
  package struct Stem: Sendable, Hashable {
    /// The name, such as the series name.
    package var name: String
    /// The synth channels whose sound the stem holds.
    package var channels: [Int]
  }

  /// All channel messages, in time order.
  package var events: [Event]
  /// The number of synth channels, a multiple of 16.
  package var channelCount: Int
  /// The stems, in order; every sounding channel belongs to exactly one.
  package var stems: [Stem]
  /// When the music ends: notes still sounding then are released.
  package var end: Double
  /// Sound that is not synthesized, such as speech, mixed in at a time and given a stem of its own.
  package struct Recording: Sendable {
    /// The stem's name, such as "Narration".
    package var name: String
    /// Mono samples at the render's sample rate.
    package var samples: [Float]
    /// Their sample rate.
    package var sampleRate: Int
    /// When the first sample plays, in seconds on the events' timeline.
    package var start: Double

    /// A recording.
    package init(name: String, samples: [Float], sampleRate: Int, start: Double = 0) {
      self.name = name
      self.samples = samples
      self.sampleRate = sampleRate
      self.start = start
    }
  }

  /// Recordings mixed in after synthesis, at the music's peak level, each name its own stem after
  /// the others. Recordings of one name (the clips of a narration) are one stem, scaled together.
  package var recordings: [Recording] = []
  /// The title: the score's, or a file's first track name.
  package var title = ""
  /// The markers, in time order (from time 0 of the events): a score's, or a file's marker events.
  package var markers: [Score.Marker] = []
  /// Where the events' time 0 lies on a programme's timeline: a score's start; nil for none.
  package var start: Timecode?
  /// Seconds of silence the audio starts with, before the time 0 of the events: a score's start
  /// on a programme's timeline when the score pads its start, else 0.
  package var leadIn: Double = 0

  /// What a score's stems hold.
  public enum StemGrouping: String, Hashable, Sendable, CaseIterable {
    /// One stem per series: its tracks (one per instrument category) together.
    case series
    /// One stem per track: a category's instrument on its own.
    case track
    /// For a MIDI file's render, one stem per channel: tracks that share a channel share a stem.
    case channel
  }

  /// The performance of a score: one stem per series (tracks grouped by their `stem`), or one per
  /// track. A score that pads its start on a programme's timeline plays after that much silence.
  public init(score: Score, stemsBy grouping: StemGrouping = .series) {
    var events: [Event] = []
    events.reserveCapacity(score.tracks.reduce(0) { $0 + $1.events.count })
    var stems: [Stem] = []
    // A percussion track whose channel another stem already plays (the threshold earcons beside
    // the gridline ticks) renders on the percussion channel of a block of 16 of its own, so that
    // it gets a stem of its own.
    var percussionOwner: [Int: String] = [:]
    var extraBlocks = 0
    // By track, each track is a stem of its own, whatever its name: two tracks named alike (a
    // series named "Gridlines" and the gridline ticks) get "Gridlines" and "Gridlines (2)", and
    // none takes the voice's.
    let trackStems = DistinctNames.make(
      score.tracks.map(\.name), avoiding: [Narration.stemName])
    for (number, track) in score.tracks.enumerated() {
      let name = grouping == .series ? track.stem : trackStems[number]
      var block = track.port
      if track.isPercussion {
        if let owner = percussionOwner[block], owner != name {
          block = score.portCount + extraBlocks
          extraBlocks += 1
        }
        percussionOwner[block] = name
      }
      func synthChannel(_ channel: UInt4) -> Int { block * 16 + Int(channel.value) }
      let index =
        stems.firstIndex { $0.name == name }
        ?? {
          stems.append(Stem(name: name, channels: []))
          return stems.count - 1
        }()
      for channel in track.channels.map(synthChannel) where !stems[index].channels.contains(channel)
      {
        stems[index].channels.append(channel)
      }
      for event in track.events where event.message.isChannelMessage {
        events.append(
          Event(
            time: event.time, channel: synthChannel(event.channel ?? track.channel),
            message: event.message))
      }
    }
    // A stable sort keeps each track's order at equal times (note-offs before note-ons).
    events = Self.stableSorted(events)
    self.events = events
    self.channelCount = 16 * (score.portCount + extraBlocks)
    self.stems = stems
    self.end = score.duration
    self.start = score.timeline.start
    self.leadIn = score.timeline.audioLeadIn
    self.title = score.title
    self.markers = score.markers
  }

  /// The performance of any Standard MIDI File: one stem per track that plays notes, named after
  /// the track (with all its channels: an exact-pitch track's notes each take a channel), or in a
  /// format 0 file, whose one track holds every part, one stem per channel. Tracks that share a
  /// channel each play it on a channel of their own, with every program change, controller and
  /// bend any track sends on it, so that a track's stem holds its notes alone; `stemsBy:
  /// .channel` lets them share the channel and its stem instead, but a track of percussion alone
  /// still gets a percussion channel of its own. The MIDI port meta event (0x21) moves a track's
  /// channels to port × 16 + channel.
  public init(file: MIDIFile, stemsBy grouping: StemGrouping = .track) {
    // Tracks that share a channel: where each plays instead, its notes there alone, the
    // channel's other messages copied to every track that plays on it.
    let shared = grouping == .channel || file.format == 0 ? nil : Self.sharedChannels(file)
    var events: [Event] = []
    var stems: [Stem] = []
    var channelOwner: [Int: Int] = [:]
    var highestChannel = 15
    var markers: [Score.Marker] = []
    for (number, track) in file.tracks.enumerated() {
      var port = 0
      var noteChannels: [Int] = []
      let firstEvent = events.count
      for event in track.events {
        if let named = event.port { port = named }
        if event.isMeta(.marker), let text = event.metaData {
          markers.append(
            Score.Marker(time: event.seconds, text: String(decoding: text, as: UTF8.self)))
        }
        guard let (midiChannel, message) = event.channelMessage else { continue }
        var channel = port * 16 + Int(midiChannel.value)
        if let shared, let players = shared.players[channel], players.count > 1 {
          switch message {
          case .noteOn, .noteOff, .polyphonicPressure:
            guard let mine = shared.own[number]?[channel] else { continue }
            channel = mine
          default:
            for player in players {
              let target = shared.own[player]![channel]!
              highestChannel = max(highestChannel, target)
              events.append(Event(time: event.seconds, channel: target, message: message))
            }
            continue
          }
        }
        highestChannel = max(highestChannel, channel)
        events.append(Event(time: event.seconds, channel: channel, message: message))
        if case .noteOn = message, !noteChannels.contains(channel) { noteChannels.append(channel) }
      }
      guard !noteChannels.isEmpty else { continue }
      let name = track.name.flatMap { $0.isEmpty ? nil : $0 } ?? "Track \(number + 1)"
      // A format 1 track that plays only percussion on a channel another track's notes took
      // (the threshold earcons beside the gridline ticks) renders on a percussion channel of its
      // own, and so to a stem of its own.
      if file.format != 0, noteChannels.count == 1, noteChannels[0] % 16 == 9,
        channelOwner[noteChannels[0]] != nil
      {
        let own = (highestChannel / 16 + 1) * 16 + 9
        for index in firstEvent..<events.count where events[index].channel == noteChannels[0] {
          events[index].channel = own
        }
        highestChannel = own
        noteChannels = [own]
      }
      let owners = Set(noteChannels.compactMap { channelOwner[$0] })
      if let owner = owners.min() {
        for channel in noteChannels where !stems[owner].channels.contains(channel) {
          stems[owner].channels.append(channel)
          channelOwner[channel] = owner
        }
      } else if noteChannels.count == 1 || file.format != 0 {
        for channel in noteChannels { channelOwner[channel] = stems.count }
        stems.append(Stem(name: name, channels: noteChannels))
      } else {
        // The one track of a format 0 file plays every part: a stem per channel.
        for channel in noteChannels {
          channelOwner[channel] = stems.count
          let port = channel / 16 > 0 ? ", port \(channel / 16)" : ""
          stems.append(
            Stem(name: "\(name), channel \(channel % 16 + 1)\(port)", channels: [channel]))
        }
      }
    }
    self.events = Self.stableSorted(events)
    self.channelCount = (highestChannel / 16 + 1) * 16
    self.stems = stems
    self.end = file.lengthSeconds
    self.title = file.tracks.first?.name ?? ""
    self.markers = markers.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }.map(\.element)
  }

  /// Where tracks that share a channel play instead: for each track that plays notes on a
  /// channel (port × 16 + channel) another track plays notes on too, a channel of its own (the
  /// first such track keeps the original), percussion on a percussion channel (9 of a block of
  /// 16); and which tracks play notes on each channel. Nil when no channel is shared.
  static func sharedChannels(_ file: MIDIFile) -> (
    own: [Int: [Int: Int]], players: [Int: [Int]]
  )? {
    var players: [Int: [Int]] = [:]
    var trackChannels: [[Int]] = []
    for (number, track) in file.tracks.enumerated() {
      var port = 0
      var channels: [Int] = []
      for event in track.events {
        if let named = event.port { port = named }
        guard let (channel, message) = event.channelMessage, case .noteOn = message else {
          continue
        }
        let key = port * 16 + Int(channel.value)
        if !channels.contains(key) {
          channels.append(key)
          players[key, default: []].append(number)
        }
      }
      trackChannels.append(channels)
    }
    guard players.values.contains(where: { $0.count > 1 }) else { return nil }
    var used = Set(players.keys)
    func free(percussion: Bool) -> Int {
      var candidate = 0
      while used.contains(candidate) || (candidate % 16 == 9) != percussion { candidate += 1 }
      used.insert(candidate)
      return candidate
    }
    var own: [Int: [Int: Int]] = [:]
    for (number, channels) in trackChannels.enumerated() {
      for channel in channels {
        own[number, default: [:]][channel] =
          players[channel]!.first == number ? channel : free(percussion: channel % 16 == 9)
      }
    }
    return (own, players)
  }

  private static func stableSorted(_ events: [Event]) -> [Event] {
    if zip(events, events.dropFirst()).allSatisfy({ $0.time <= $1.time }) { return events }
    return events.enumerated().sorted { a, b in
      a.element.time < b.element.time || (a.element.time == b.element.time && a.offset < b.offset)
    }.map(\.element)
  }
}
