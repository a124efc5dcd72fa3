import Descriptor
import Foundation
import MIDIMap
import Synth

/// The audio files of an export: the mix, the stems, the page's audio and documents, the sessions.
extension ChartExport {
  /// Writes the mix, the stems and the page `renderer.settings` name, with `performance`'s title
  /// and markers and `moreMarkers` as their cues; the page is `production`'s chart's.
  static func stageAudio(
    _ rendering: AssembledAudio, of performance: Performance, _ renderer: Renderer,
    into batch: inout AtomicFileBatch, report: inout ExportReport,
    moreMarkers: [Score.Marker] = [], production: Production? = nil
  ) throws {
    let settings = renderer.settings
    report.soundFont = renderer.synth.soundFont
    report.audioSeconds = Double(rendering.mix.frames) / Double(rendering.sampleRate)
    report.warnings += rendering.warnings
    report.loudness = rendering.loudness
    var metadata = WAVMetadata(description: performance.title)
    metadata.loudness = rendering.loudness?.reached
    metadata.originationDate = try ExportSettings.originationDate()
    // A start that is not padded is where the first sample lies on the programme's timeline.
    if let start = performance.start, performance.leadIn == 0 {
      metadata.timeReference = Int((start.secondsValue * Double(rendering.sampleRate)).rounded())
      metadata.timecode = start
    }
    metadata.cues = cues(performance.markers, moreMarkers, performance, rendering.sampleRate)
    // The mix and the stems are written side by side.
    let scratch = renderer.scratchFolder ?? URL(fileURLWithPath: ".")
    func writer(_ audio: LayeredAudio, stem: String? = nil, format: AudioFormat) throws
      -> AtomicFileBatch.Writer
    {
      var described = metadata
      if let stem {
        described.description = "\(performance.title): \(stem)"
        described.trackName = stem
        // The markers are the mix's; a stem carries them when asked.
        if !settings.stemCues { described.cues = [] }
        // A stem's bext holds its own loudness, measured as written, never the mix's.
        described.loudness =
          rendering.loudness == nil || format != .wav
          ? nil : try Loudness(of: audio, sampleRate: rendering.sampleRate, detail: .full)
      }
      let (sampleRate, sampleFormat) = (rendering.sampleRate, settings.sampleFormat)
      return { [described] output in
        if format == .wav {
          try WAVEncoder.write(
            audio, sampleRate: sampleRate, format: sampleFormat, metadata: described, to: output)
        } else {
          // Encoding needs a scratch file on the outputs' disk, in a folder that exists.
          try CompressedAudioEncoder.write(
            audio, sampleRate: sampleRate, format: format, sampleFormat: sampleFormat,
            metadata: described, scratchFolder: scratch, to: output)
        }
      }
    }
    var files: [(destination: URL, write: AtomicFileBatch.Writer)] = []
    let format = settings.effectiveAudioFormat
    if let mix = settings.mix { files.append((mix, try writer(rendering.mix, format: format))) }
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
        files.append((url, try writer(stem.audio, stem: stem.name, format: format)))
        report.stemFiles.append(url)
        report.stemNames.append(stem.name)
      }
    }
    // The stems replace the stems folder whole, so that it holds exactly this render's stems.
    try batch.stage(files, folder: settings.stems)
    // A page takes the same mix, and the series' stems, in its own format; its folder is
    // replaced whole.
    if let page = settings.page, let production {
      let chart = production.given
      let score = production.score
      let format = settings.pageAudioFormat
      let audio = page.folder.appendingPathComponent("audio")
      var pageFiles: [(destination: URL, write: AtomicFileBatch.Writer)] = []
      let mix = page.mix ?? audio.appendingPathComponent("mix.\(format.fileExtension)")
      if page.mix == nil { pageFiles.append((mix, try writer(rendering.mix, format: format))) }
      let series = Set(chart.series.map(\.name))
      let played = rendering.stems.filter { series.contains($0.name) }
      let names = StemNaming.fileNames(for: played.map(\.name), extension: format.fileExtension)
      var stems: [String: URL] = [:]
      for (stem, name) in zip(played, names) {
        let url = audio.appendingPathComponent("stems").appendingPathComponent(name)
        pageFiles.append((url, try writer(stem.audio, stem: stem.name, format: format)))
        stems[stem.name] = url
      }
      let facts = production.facts(
        in: page.language ?? DescriptionLanguage(voice: settings.narration.voice))
      var data = ChartPage.pageData(
        facts, score: score, settings: settings, folder: page.base ?? page.folder, mix: mix,
        stems: stems)
      if page.quiz { data = data.forQuiz() }
      if page.writesDocuments {
        for (url, bytes) in ChartPage.documents(
          facts, page: page, data: data, score: score, settings: settings)
        {
          pageFiles.append((url, { output in try bytes.withUnsafeBytes(output) }))
        }
      }
      try batch.stage(pageFiles, folder: page.folder)
      report.pageStemCount = stems.count
      report.pageData = data
    }
    // The sessions lay the stems out, the sentences as regions and the other cues as markers.
    if !settings.sessions.isEmpty {
      let rate = Double(rendering.sampleRate)
      var markers = metadata.cues.map { (time: Double($0.frame) / rate, label: $0.label) }
      // A sentence's region starts at its cue (the marker on the MIDI file's tick), and lasts
      // as long as it is spoken.
      let regions = report.narration.map { sentence in
        let start = performance.leadIn + sentence.start
        let cue = markers.firstIndex { abs($0.time - start) < 0.002 && $0.label == sentence.text }
        let at = cue.map { markers[$0].time } ?? start
        if let cue { markers.remove(at: cue) }
        return Session.Region(
          start: at, end: at + sentence.end - sentence.start, text: sentence.text)
      }
      let score = report.score
      let session = Session(
        title: performance.title, sampleRate: rendering.sampleRate, frames: rendering.mix.frames,
        stems: zip(rendering.stems.map(\.name), report.stemFiles).map { ($0, $1) },
        regions: regions, markers: markers, tempo: score?.tempo ?? 120,
        timeSignature: score?.timeSignature ?? .common,
        start: performance.leadIn == 0 ? performance.start : nil,
        frameRate: performance.start?.frameRate ?? settings.sonification.frameRate)
      for url in settings.sessions {
        try batch.stage(Data(session.text(for: url).utf8), at: url)
        report.sessionFiles.append(url)
      }
    }
  }
}
