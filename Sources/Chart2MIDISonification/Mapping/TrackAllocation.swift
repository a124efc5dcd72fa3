import Chart2MIDIChart
import Chart2MIDICore

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
  /// The stem each series plays in (see `StemNames`).
  let stems: [String]
  /// Each category's program (see `categoryPrograms(chart:roles:selected:)`).
  let categoryPrograms: [String: UInt7]

  init(chart: ChartDescriptor, options: SonificationOptions, roles: AxisRoles, selected: [Int]) {
    stems = StemNames.forSeries(chart.series.map(\.name))
    self.chart = chart
    self.options = options
    self.roles = roles
    self.selected = selected
    order = Dictionary(
      selected.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    categoryPrograms = Self.categoryPrograms(chart: chart, roles: roles, selected: selected)
  }

  /// The tracks, in series order and then category order, with how many exact-pitch notes fell
  /// back to the nearest pitch their channels allowed.
  ///
  /// Every track takes a melodic channel, in turn, 15 to a port; tracks past 15 go on further
  /// ports. A track of separate notes at exact pitch takes a channel per note sounding at once
  /// (see `NoteChannels`): the channels a port has left after its other tracks are shared among
  /// its exact-pitch tracks, so that, when they fit, one port holds everything and players that
  /// ignore ports play every note on its own series' program. When they do not fit, each track
  /// gets at least one channel and the others go where they spare the most fallbacks. The first
  /// exact-pitch track of a port forms an MPE Lower Zone when a channel is spare for its manager
  /// (channel 1, with the MPE Configuration Message) and its members fit in channels 2-9.
  ///
  /// With `SonificationOptions.ExactLayout.ports`, every exact-pitch track starts a port of its
  /// own instead, as a Lower Zone of up to 8 members.
  ///
  /// - Throws: `MIDIMapError` when more channels are needed than `ChartMapper.maximumPorts` hold.
  func tracks(for contents: consuming [TrackKey: TrackContent]) throws -> (
    tracks: [ScoreTrack], fallbacks: Int
  ) {
    let keys = contents.keys.sorted()
    let perPort = Self.melodicChannels.count
    let ownPorts = options.exactLayout == .ports
    // Exact-pitch notes are scheduled first: how many channels they need decides the ports.
    var exactNotes: [TrackKey: [Note]] = [:]
    if options.scale == .exact {
      for key in keys {
        if case .notes(let notes) = contents[key]! {
          contents[key] = .notes([])
          exactNotes[key] = NoteScheduler.schedule(notes)
        }
      }
    }
    // The tracks of each port, in order.
    var ports: [[TrackKey]] = [[]]
    var reserved = 0
    for key in keys {
      var least = 1
      if let notes = exactNotes[key], ownPorts {
        least = 1 + min(NoteChannels.needed(for: notes), NoteChannels.maximumZoneMembers)
        if !ports[ports.count - 1].isEmpty {
          ports.append([])
          reserved = 0
        }
      }
      if reserved + least > perPort {
        ports.append([])
        reserved = 0
      }
      ports[ports.count - 1].append(key)
      reserved += least
    }
    if ports.count > ChartMapper.maximumPorts {
      let limit = ChartMapper.maximumPorts * perPort
      let what =
        options.scale == .exact
        ? "more than \(limit) melodic channels (a channel per track, more with the ports exact layout)"
        : "\(keys.count) melodic tracks"
      throw MIDIMapError(
        "the chart needs \(what), but MIDI has room for \(limit) (\(ChartMapper.maximumPorts) ports of \(perPort) channels); choose fewer series to play",
        code: .exceedsMIDI
      )
    }

    let pans = panPositions()
    var tracks: [ScoreTrack] = []
    var fallbacks = 0
    for (port, portKeys) in ports.enumerated() {
      let exactKeys = portKeys.filter { exactNotes[$0] != nil }
      let others = portKeys.count - exactKeys.count
      // The channels of each exact-pitch track, and whether the first forms a zone.
      var counts: [Int] = []
      var hasZone = false
      if ownPorts, let key = exactKeys.first {
        counts = [
          min(
            NoteChannels.needed(for: exactNotes[key]!), NoteChannels.maximumZoneMembers,
            perPort - others - 1)
        ]
        hasZone = true
      } else if !exactKeys.isEmpty {
        counts =
          NoteChannels.share(
            perPort - others, among: exactKeys.map { exactNotes[$0]! },
            bendRange: options.exactBendRange) ?? []
        hasZone =
          counts.reduce(0, +) + others < perPort
          && counts[0] <= NoteChannels.maximumZoneMembers
      }
      var next = 0
      func take(_ count: Int) -> [UInt4] {
        defer { next += count }
        return (next..<(next + count)).map { Self.melodicChannels[$0] }
      }
      // The zone's manager and members come first, from channel 1.
      var exactChannels: [TrackKey: (manager: UInt4?, members: [UInt4])] = [:]
      if hasZone { exactChannels[exactKeys[0]] = (take(1)[0], take(counts[0])) }
      for key in portKeys {
        let series = chart.series[key.series]
        let (name, program) = nameAndProgram(of: key)
        let pan = pans[series.name] ?? 64
        if var notes = exactNotes.removeValue(forKey: key) {
          let place = exactKeys.firstIndex(of: key)!
          let (manager, members) = exactChannels[key] ?? (nil, take(counts[place]))
          var track = ScoreTrack(
            name: name, stem: stems[key.series], port: port, channel: manager ?? members[0],
            program: program)
          track.category = category(of: key)
          track.memberChannels = members
          if manager != nil {
            track.events = ChannelSetup.events(program: program, pan: pan)
            track.events += ChannelSetup.mpeConfiguration(members: members.count)
          }
          for member in members {
            track.events += ChannelSetup.events(
              program: program, pan: pan, bendRange: options.exactBendRange,
              channel: member == track.channel ? nil : member)
          }
          fallbacks += NoteChannels.assign(&notes, to: members, bendRange: options.exactBendRange)
          for index in notes.indices where notes[index].channel == track.channel {
            notes[index].channel = nil
          }
          NoteScheduler.emit(notes, to: &track.events)
          tracks.append(track)
          continue
        }
        let channel = take(1)[0]
        var track = ScoreTrack(
          name: name, stem: stems[key.series], port: port, channel: channel, program: program)
        track.category = category(of: key)
        switch contents.removeValue(forKey: key)! {
        case .gapNoise(let notes):
          track.name = "\(series.name) gaps"
          track.program = GapNoise.program
          track.category = nil
          track.part = .gaps
          track.events = ChannelSetup.events(program: GapNoise.program, pan: pan)
          NoteScheduler.append(notes, to: &track.events)
        case .glide(let points, let range, let step):
          track.events = ChannelSetup.events(program: program, pan: pan, bendRange: range)
          track.events += Glide.events(
            points, range: range,
            tail: Timebase.tick(
              options.timeGrid?.duration(options.noteDuration) ?? options.noteDuration),
            restrike: Instruments.decays(program) ? Timebase.tick(Glide.restrikeInterval) : nil,
            spacing: Timebase.tick(1 / options.maximumNotesPerSecond), step: step)
        case .notes(let notes):
          track.events = ChannelSetup.events(program: program, pan: pan)
          NoteScheduler.append(notes, to: &track.events)
        }
        tracks.append(track)
      }
    }
    return (tracks, fallbacks)
  }

  /// The name of the category a track of `key` plays, when an instrument axis splits its series.
  /// Each category's program, one for the whole chart: from the sustaining palette when a
  /// selected series is continuous (its tones last), else from the palette, by the category's
  /// place among the axis's categories in sorted order, so that a category sounds alike in every
  /// series of a chart, and in every chart with the same categories.
  static func categoryPrograms(chart: ChartDescriptor, roles: AxisRoles, selected: [Int])
    -> [String: UInt7]
  {
    guard let axis = roles.instrument, let categorical = chart.additionalAxes[axis].categorical
    else { return [:] }
    let palette =
      selected.contains { chart.series[$0].isContinuous }
      ? Instruments.sustainingPalette : Instruments.palette
    var programs: [String: UInt7] = [:]
    for (rank, name) in Set(categorical.categoryOrder).sorted().enumerated() {
      programs[name] = palette[rank % palette.count]
    }
    return programs
  }

  func category(of key: TrackKey) -> String? {
    guard let category = key.category, let axis = roles.instrument else { return nil }
    return chart.additionalAxes[axis].categorical!.categoryOrder[category]
  }

  /// The track's name and program: the series' palette program (from the sustaining palette for
  /// a continuous series), or the category's when an instrument axis splits the series; a program
  /// chosen for the category, then one chosen for the series, overrides it. A part's second voice
  /// is named with its number ("USA 2").
  func nameAndProgram(of key: TrackKey) -> (name: String, program: UInt7) {
    let series = chart.series[key.series]
    // A continuous series' tones last, so it takes programs that sustain.
    let palette = series.isContinuous ? Instruments.sustainingPalette : Instruments.palette
    var name = series.name
    var program = palette[order[key.series]! % palette.count]
    if key.category != nil, let categoryName = self.category(of: key) {
      name = "\(series.name): \(categoryName)"
      program =
        options.programs[categoryName].map { UInt7(clamping: $0) }
        ?? categoryPrograms[categoryName]!
    }
    if let chosen = options.programs[series.name] { program = UInt7(clamping: chosen) }
    // A second voice of an ensemble's part is a player of its own.
    if key.voice > 0 { name += " \(key.voice + 1)" }
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
