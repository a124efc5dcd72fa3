import Descriptor

/// Gives every track its channel, port, program, name and pan, and its set-up events.
struct TrackAllocation {
  /// Melodic channels, in the order tracks take them; channel index 9 is percussion.
  static let melodicChannels: [UInt4] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]

  let chart: ChartDescriptor
  let options: SonificationOptions
  let roles: AxisRoles
  /// The series played, in order.
  let selected: [Int]
  /// Each played series' place in `selected`, by its index in the chart.
  let order: [Int: Int]

  init(chart: ChartDescriptor, options: SonificationOptions, roles: AxisRoles, selected: [Int]) {
    self.chart = chart
    self.options = options
    self.roles = roles
    self.selected = selected
    order = Dictionary(
      selected.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The tracks, in series order and then category order, on the melodic channels in turn (15 per
  /// port, on as many ports as needed). A track of separate notes at exact pitch takes a channel
  /// per sounding note (see `NoteChannels`); when its channels start a port, they form an MPE Lower
  /// Zone: the first is the manager, with the MPE Configuration Message, the rest its members.
  ///
  /// - Throws: `MIDIMapError` when more channels are needed than `ChartMapper.maximumPorts` hold.
  func tracks(for contents: consuming [TrackKey: TrackContent]) throws -> [ScoreTrack] {
    let keys = contents.keys.sorted()
    let perPort = Self.melodicChannels.count
    let pans = panPositions()
    var cursor = 0  // the next free melodic slot, counted over every port
    var tracks: [ScoreTrack] = []
    for key in keys {
      let series = chart.series[key.series]
      let (name, program) = nameAndProgram(of: key)
      let pan = pans[series.name] ?? 64
      func slot(_ index: Int) -> UInt4 { Self.melodicChannels[index % perPort] }
      switch contents.removeValue(forKey: key)! {
      case .gapNoise(let notes):
        var track = ScoreTrack(
          name: "\(series.name) gaps", stem: series.name, port: cursor / perPort,
          channel: slot(cursor), program: GapNoise.program)
        cursor += 1
        track.part = .gaps
        track.events = ChannelSetup.events(program: GapNoise.program, pan: pan)
        NoteScheduler.append(notes, to: &track.events)
        tracks.append(track)
      case .glide(let points):
        var track = ScoreTrack(
          name: name, stem: series.name, port: cursor / perPort, channel: slot(cursor),
          program: program)
        track.category = category(of: key)
        cursor += 1
        track.events = ChannelSetup.events(program: program, pan: pan, bendRange: options.bendRange)
        track.events += Glide.events(
          points, range: options.bendRange, tail: Timebase.tick(options.noteDuration),
          restrike: Instruments.decays(program) ? Timebase.tick(Glide.restrikeInterval) : nil)
        tracks.append(track)
      case .notes(let notes) where options.scale != .exact:
        var track = ScoreTrack(
          name: name, stem: series.name, port: cursor / perPort, channel: slot(cursor),
          program: program)
        track.category = category(of: key)
        cursor += 1
        track.events = ChannelSetup.events(program: program, pan: pan)
        NoteScheduler.append(consume notes, to: &track.events)
        tracks.append(track)
      case .notes(let notes):
        var scheduled = NoteScheduler.schedule(consume notes)
        let members = NoteChannels.needed(for: scheduled)
        // A zone stays inside one port: a manager and its members from the port's first channel,
        // or, after other tracks, the members alone.
        let isZone = cursor % perPort == 0 || cursor % perPort + members > perPort
        if isZone, cursor % perPort != 0 { cursor += perPort - cursor % perPort }
        var track = ScoreTrack(
          name: name, stem: series.name, port: cursor / perPort, channel: slot(cursor),
          program: program)
        track.category = category(of: key)
        if isZone { cursor += 1 }
        track.memberChannels = (cursor..<(cursor + members)).map(slot)
        cursor += members
        if isZone {
          track.events = ChannelSetup.events(program: program, pan: pan)
          track.events += ChannelSetup.mpeConfiguration(members: members)
        }
        for member in track.memberChannels {
          track.events += ChannelSetup.events(
            program: program, pan: pan, bendRange: options.bendRange,
            channel: member == track.channel ? nil : member)
        }
        NoteChannels.assign(&scheduled, to: track.memberChannels)
        for index in scheduled.indices where scheduled[index].channel == track.channel {
          scheduled[index].channel = nil
        }
        NoteScheduler.emit(scheduled, to: &track.events)
        tracks.append(track)
      }
    }
    let ports = (cursor + perPort - 1) / perPort
    if ports > ChartMapper.maximumPorts {
      let limit = ChartMapper.maximumPorts * perPort
      let what =
        options.scale == .exact
        ? "\(cursor) melodic channels (a channel per sounding note at exact pitch)"
        : "\(keys.count) melodic tracks"
      throw MIDIMapError(
        "the chart needs \(what), but MIDI has room for \(limit) (\(ChartMapper.maximumPorts) ports of \(perPort) channels); choose fewer series to play"
      )
    }
    return tracks
  }

  /// The name of the category a track of `key` plays, when an instrument axis splits its series.
  func category(of key: TrackKey) -> String? {
    guard let category = key.category, let axis = roles.instrument else { return nil }
    return chart.additionalAxes[axis].categorical!.categoryOrder[category]
  }

  /// The track's name and program: the series' palette program (from the sustaining palette for
  /// a continuous series), or the category's when an instrument axis splits the series; a program
  /// chosen for the category, then one chosen for the series, overrides it.
  func nameAndProgram(of key: TrackKey) -> (String, UInt7) {
    let series = chart.series[key.series]
    // A continuous series' tones last, so it takes programs that sustain.
    let palette = series.isContinuous ? Instruments.sustainingPalette : Instruments.palette
    var name = series.name
    var program = palette[order[key.series]! % palette.count]
    if let category = key.category, let categoryName = self.category(of: key) {
      name = "\(series.name): \(categoryName)"
      program =
        options.programs[categoryName].map { UInt7(clamping: $0) }
        ?? palette[category % palette.count]
    }
    if let chosen = options.programs[series.name] { program = UInt7(clamping: chosen) }
    return (name, program)
  }

  /// Pans by series name: those the options set; the rest spread evenly from left (16) to right
  /// (111), or centred when one series plays.
  func panPositions() -> [String: Int] {
    let names = selected.map { chart.series[$0].name }
    var pans: [String: Int] = [:]
    for (index, name) in names.enumerated() {
      if let chosen = options.pans[name] {
        pans[name] = chosen
      } else if names.count > 1 {
        pans[name] = 16 + Int((Double(index) * 95 / Double(names.count - 1)).rounded())
      } else {
        pans[name] = 64
      }
    }
    return pans
  }
}
