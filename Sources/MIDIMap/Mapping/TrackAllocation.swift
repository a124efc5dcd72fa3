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

  /// The tracks, in series order and then category order, each on its own channel: 15 melodic
  /// channels per port, on as many ports as needed.
  ///
  /// - Throws: `MIDIMapError` when more tracks are needed than `ChartMapper.maximumPorts` hold.
  func tracks(for contents: [TrackKey: TrackContent]) throws -> [ScoreTrack] {
    let keys = contents.keys.sorted()
    let channelsPerPort = Self.melodicChannels.count
    let limit = ChartMapper.maximumPorts * channelsPerPort
    if keys.count > limit {
      throw MIDIMapError(
        "the chart needs \(keys.count) melodic tracks, but MIDI has room for \(limit) (\(ChartMapper.maximumPorts) ports of \(channelsPerPort) channels); choose fewer series with --series"
      )
    }
    let pans = panPositions()
    return keys.enumerated().map { number, key in
      let series = chart.series[key.series]
      let (name, program) = nameAndProgram(of: key)
      var track = ScoreTrack(
        name: name, stem: series.name, port: number / channelsPerPort,
        channel: Self.melodicChannels[number % channelsPerPort], program: program)
      let content = contents[key]!
      var bends = options.scale == .exact
      if case .glide = content { bends = true }
      track.events = ChannelSetup.events(
        program: program, pan: pans[series.name] ?? 64, bendRange: bends ? options.bendRange : nil)
      switch content {
      case .glide(let points):
        track.events += Glide.events(
          points, range: options.bendRange, tail: Timebase.tick(options.noteDuration),
          restrike: Instruments.decays(program) ? Timebase.tick(Glide.restrikeInterval) : nil)
      case .notes(let notes):
        NoteScheduler.append(notes, to: &track.events)
      }
      return track
    }
  }

  /// The track's name and program: the series' palette program (from the sustaining palette for
  /// a continuous series), or the category's when an instrument axis splits the series; a program
  /// chosen for the category, then one chosen for the series, overrides it.
  func nameAndProgram(of key: TrackKey) -> (String, UInt7) {
    let series = chart.series[key.series]
    // A continuous series' tones last, so it takes programs that sustain.
    let palette = series.isContinuous ? Instruments.sustainingPalette : Instruments.palette
    var name = series.name
    var program = palette[selected.firstIndex(of: key.series)! % palette.count]
    if let category = key.category, let axis = roles.instrument {
      let categoryName = chart.additionalAxes[axis].categorical!.categoryOrder[category]
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
