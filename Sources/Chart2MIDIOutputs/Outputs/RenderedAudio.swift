import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDICore
import Chart2MIDIInput
import Chart2MIDISMFReader
import Chart2MIDISonification
import Foundation

/// The audio of an export, assembled and described: the mix and stems with the WAV metadata
/// (title, loudness, time reference, cues) every audio output shares, and a writer for each in
/// any format. The mix and stems, the page and the sessions are written from it.
struct RenderedAudio {
  /// The mix and the stems, as rendered and assembled with the narration.
  let rendering: AssembledAudio
  /// What was played.
  let performance: Performance
  /// The renderer, with the settings.
  let renderer: ChartExport.Renderer
  /// The metadata of the mix; a stem's is made from it.
  let metadata: WAVMetadata

  /// The audio of `performance`, with its title and markers and `moreMarkers` as the cues.
  ///
  /// - Throws: `ExportError` when `SOURCE_DATE_EPOCH` is set to anything but whole seconds.
  init(
    _ rendering: AssembledAudio, of performance: Performance, _ renderer: ChartExport.Renderer,
    moreMarkers: [Score.Marker] = []
  ) throws {
    self.rendering = rendering
    self.performance = performance
    self.renderer = renderer
    var metadata = WAVMetadata(description: performance.title)
    metadata.loudness = rendering.loudness?.reached
    metadata.originationDate = try renderer.settings.bextDate()
    // A start that is not padded is where the first sample lies on the programme's timeline.
    if let start = performance.start, performance.leadIn == 0 {
      metadata.timeReference = Int((start.secondsValue * Double(rendering.sampleRate)).rounded())
      metadata.timecode = start
    }
    metadata.cues = ChartExport.cues(
      performance.markers, moreMarkers, performance, rendering.sampleRate)
    self.metadata = metadata
  }

  /// What the audio adds to the report: the soundfont, the length, the loudness and warnings.
  func report(into report: inout ExportReport) {
    report.soundFont = renderer.synth.soundFont
    report.audioSeconds = Double(rendering.mix.frames) / Double(rendering.sampleRate)
    report.warnings += rendering.warnings
    report.loudness = rendering.loudness
  }

  /// Writes `audio` (the mix, or the stem named `stem`) in `format`, with its metadata.
  func writer(_ audio: LayeredAudio, stem: String? = nil, format: AudioFormat) throws
    -> AtomicFileBatch.Writer
  {
    let settings = renderer.settings
    var described = metadata
    if let stem {
      described.description = "\(performance.title): \(stem)"
      described.trackName = stem
      // The markers are the mix's; a stem carries them when asked.
      if !settings.stemCues { described.cues = [] }
      // A stem's bext holds its own loudness, measured as written, never the mix's: for a
      // loudness target chosen for delivery (the standard one leaves it out, as a measure a
      // stem would cost almost as much as rendering it).
      let chosen = rendering.loudness.map { !$0.target.isStandard } ?? false
      described.loudness =
        !chosen || format != .wav
        ? nil : try Loudness(of: audio, sampleRate: rendering.sampleRate, detail: .full)
    }
    let (sampleRate, sampleFormat) = (rendering.sampleRate, settings.sampleFormat)
    let quality = settings.lossyQuality
    // Encoding needs a scratch file on the outputs' disk, in a folder that exists.
    let scratch = renderer.scratchFolder ?? URL(fileURLWithPath: ".")
    return { [described] output in
      if format == .wav {
        try WAVEncoder.write(
          audio, sampleRate: sampleRate, format: sampleFormat, metadata: described, to: output)
      } else {
        try CompressedAudioEncoder.write(
          audio, sampleRate: sampleRate, format: format, sampleFormat: sampleFormat,
          metadata: described, scratchFolder: scratch, quality: quality, to: output)
      }
    }
  }
}

/// The mix and the stems, written side by side; the stems replace the stems folder whole, so that
/// it holds exactly this render's stems.
enum AudioOutput {
  /// Stages the mix and the stems the settings name.
  static func stage(
    _ audio: RenderedAudio, into batch: inout AtomicFileBatch, report: inout ExportReport
  ) throws {
    let settings = audio.renderer.settings
    let rendering = audio.rendering
    var files: [(destination: URL, write: AtomicFileBatch.Writer)] = []
    let format = settings.effectiveAudioFormat
    if let mix = settings.mix {
      files.append((mix, try audio.writer(rendering.mix, format: format)))
    }
    if let folder = settings.stems {
      let names = StemNaming.fileNames(
        for: rendering.stems.map(\.name), extension: format.fileExtension)
      // A stem where another output goes would be replaced by it, or replace it.
      let others = [settings.midi, settings.mix, settings.captions].compactMap {
        $0?.standardizedFileURL
      }
      for (stem, name) in zip(rendering.stems, names) {
        let url = folder.appendingPathComponent(name)
        if others.contains(url.standardizedFileURL) {
          throw ExportError(
            "cannot write \(url.relativePath): it is both a stem and another output; name another file",
            file: url.relativePath, code: .outputConflict)
        }
        files.append((url, try audio.writer(stem.audio, stem: stem.name, format: format)))
        report.stemFiles.append(url)
        report.stemNames.append(stem.name)
      }
    }
    try batch.stage(files, folder: settings.stems)
  }
}

/// A page that explores the chart by ear: the same mix and the series' stems in its own format,
/// the player's data and its documents; its folder is replaced whole.
enum PageOutput {
  /// Stages the page the settings ask for.
  static func stage(
    _ audio: RenderedAudio, _ production: Production, into batch: inout AtomicFileBatch,
    report: inout ExportReport
  ) throws {
    let settings = production.settings
    guard let page = settings.page else { return }
    let format = settings.pageAudioFormat
    let folder = page.folder.appendingPathComponent("audio")
    var files: [(destination: URL, write: AtomicFileBatch.Writer)] = []
    let mix = page.mix ?? folder.appendingPathComponent("mix.\(format.fileExtension)")
    if page.mix == nil {
      files.append((mix, try audio.writer(audio.rendering.mix, format: format)))
    }
    let series = Set(production.given.series.map(\.name))
    let played = audio.rendering.stems.filter { series.contains($0.name) }
    let names = StemNaming.fileNames(for: played.map(\.name), extension: format.fileExtension)
    var stems: [String: URL] = [:]
    for (stem, name) in zip(played, names) {
      let url = folder.appendingPathComponent("stems").appendingPathComponent(name)
      files.append((url, try audio.writer(stem.audio, stem: stem.name, format: format)))
      stems[stem.name] = url
    }
    let facts = production.facts(
      in: page.language ?? DescriptionLanguage(voice: settings.narration.voice))
    var data = ChartPage.pageData(
      facts, score: production.score, settings: settings, folder: page.base ?? page.folder,
      mix: mix, stems: stems)
    if page.quiz { data = data.forQuiz() }
    if page.writesDocuments {
      for (url, bytes) in ChartPage.documents(
        facts, page: page, data: data, score: production.score, settings: settings)
      {
        files.append((url, { output in try bytes.withUnsafeBytes(output) }))
      }
    }
    try batch.stage(files, folder: page.folder)
    report.pageStemCount = stems.count
    report.pageData = data
  }
}

/// The sessions that lay the stems out for a DAW or an editor: the sentences as regions and the
/// other cues as markers.
enum SessionOutput {
  /// Where a session goes: `url` when nothing is there or the file there holds these very bytes;
  /// else the first of `NAME-2.EXT`, `NAME-3.EXT`, … that is free or holds them.
  ///
  /// - Throws: `ExportError` when a thousand versions are there already.
  static func version(of url: URL, for bytes: Data) throws -> URL {
    let name = url.deletingPathExtension().lastPathComponent
    let folder = url.deletingLastPathComponent()
    for number in 1...1000 {
      let candidate =
        number == 1
        ? url : folder.appendingPathComponent("\(name)-\(number).\(url.pathExtension)")
      var status = stat()
      guard lstat(candidate.path, &status) == 0 else { return candidate }
      if status.st_mode & S_IFMT == S_IFREG,
        let held = try? readRegularFile(candidate.path, maximumBytes: bytes.count + 1),
        Data(held) == bytes
      {
        return candidate
      }
    }
    throw ExportError(
      "cannot write the session \(url.relativePath): \(name)-2 to \(name)-1000 are all there; move the old versions away",
      file: url.relativePath, code: .outputConflict)
  }

  /// Stages the sessions the settings name (after the stems, whose files they name).
  static func stage(
    _ audio: RenderedAudio, graphDuration: Double? = nil, into batch: inout AtomicFileBatch,
    report: inout ExportReport
  ) throws {
    let settings = audio.renderer.settings
    guard !settings.sessions.isEmpty else { return }
    let (rendering, performance) = (audio.rendering, audio.performance)
    let rate = Double(rendering.sampleRate)
    var markers = audio.metadata.cues.map { (time: Double($0.frame) / rate, label: $0.label) }
    // A sentence's region starts at its cue (the marker on the MIDI file's tick), and lasts as
    // long as it is spoken.
    let regions = report.narration.map { sentence in
      let start = performance.leadIn + sentence.start
      let cue = markers.firstIndex { abs($0.time - start) < 0.002 && $0.label == sentence.text }
      let at = cue.map { markers[$0].time } ?? start
      if let cue { markers.remove(at: cue) }
      return Session.Region(start: at, end: at + sentence.end - sentence.start, text: sentence.text)
    }
    let score = report.score
    var session = Session(
      title: performance.title, sampleRate: rendering.sampleRate, frames: rendering.mix.frames,
      stems: zip(rendering.stems.map(\.name), report.stemFiles).map { ($0, $1) },
      regions: regions, markers: markers, tempo: score?.tempo ?? 120,
      timeSignature: score?.timeSignature ?? .common,
      start: performance.leadIn == 0 ? performance.start : nil,
      frameRate: performance.start?.frameRate ?? settings.sonification.frameRate,
      relativeMedia: settings.sessionPaths == .relative)
    // The MIDI file's channel messages, as libsmf reads them back, for a REAPER project's item
    // (a chart's; a MIDI file rendered on its own is not laid out again).
    if let score, graphDuration != nil, let file = try? MIDIFile(bytes: SMFEncoder().encode(score))
    {
      let events = file.tracks.flatMap(\.events).filter {
        guard let status = $0.bytes.first else { return false }
        return (0x80..<0xF0).contains(status)
      }.map { (time: $0.seconds + performance.leadIn, bytes: $0.bytes) }
      let name = settings.midi?.lastPathComponent ?? "graph.mid"
      session.midi = (name, events)
    }
    // The sentences said over the graph, under which a REAPER project ducks the graph.
    if let score, let graphDuration {
      let graphStart = performance.leadIn + score.timeline.graphStart
      let graphEnd = graphStart + graphDuration
      session.ducks = regions.map { $0.start...$0.end }.filter {
        $0.lowerBound < graphEnd && $0.upperBound > graphStart
      }
    }
    for url in settings.sessions {
      let text = Data(session.text(for: url).utf8)
      // A session already there may hold a DAW's edits: it is kept, and the new one is a version
      // beside it, unless it is the very file this render would write.
      let written = try Self.version(of: url, for: text)
      try batch.stage(text, at: written)
      report.sessionFiles.append(written)
    }
  }
}
