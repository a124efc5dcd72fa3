import Chart2MIDIAudio
import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDIOutputs
import Chart2MIDISonification
import Foundation
import Synchronization
import TestSupport
import Testing

/// The exports for async code: the same files as the blocking calls, on threads of their own,
/// stopped by the task's cancellation and held to the call's limits, leaving nothing behind.
@Suite("Exports from async code", .serialized)
struct AsyncExportTests {
  /// Threads of the suite's own: its calls start at once, whatever other suites have queued on
  /// the library's.
  static let threads = WorkThreads(count: 2)

  /// A chart of a few points whose audio lasts `seconds`.
  static func chart(lasting seconds: Double, points: Int = 40) -> ChartDescriptor {
    var chart = ChartDescriptor(
      title: "Load", xAxis: .numeric(NumericAxis(title: "Minute", range: 0...Double(points - 1))),
      yAxis: NumericAxis(title: "Requests", range: 0...100),
      series: [
        DataSeries(
          name: "Requests", isContinuous: false,
          dataPoints: (0..<points).map {
            DataPoint(x: .number(Double($0)), y: 50 + 40 * sin(Double($0) / 3))
          })
      ])
    chart.sonification = .object([("totalDuration", .number(seconds))])
    return chart
  }

  /// The blocking call, from a function that is not async.
  static func blockingExport(_ chart: ChartDescriptor, settings: ExportSettings) throws
    -> ExportReport
  {
    try ChartExport.export(chart, settings: settings)
  }

  /// What is in `folder`, temporaries and locks included.
  static func everything(in folder: URL) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted() ?? []
  }

  @Test func anAsyncExportWritesWhatTheBlockingOneWrites() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = Self.chart(lasting: 4)
    var settings = try ExportSettings(chart: chart)
    settings.midi = folder.appendingPathComponent("async.mid")
    settings.mix = folder.appendingPathComponent("async.wav")
    settings.originationDate = Date(timeIntervalSince1970: 1_700_000_000)
    let report = try await ChartExport.export(chart, settings: settings, on: Self.threads)
    #expect(report.audioSeconds ?? 0 > 4)
    var blocking = settings
    blocking.midi = folder.appendingPathComponent("blocking.mid")
    blocking.mix = folder.appendingPathComponent("blocking.wav")
    _ = try Self.blockingExport(chart, settings: blocking)
    for name in ["mid", "wav"] {
      let a = try Data(contentsOf: folder.appendingPathComponent("async.\(name)"))
      let b = try Data(contentsOf: folder.appendingPathComponent("blocking.\(name)"))
      #expect(a == b, "the \(name) files differ")
    }
  }

  /// The test: an hour of audio, cancelled at 1 s, stops within 0.5 s and writes nothing.
  @Test func anHourLongExportCancelledAtOneSecondStopsAndLeavesNothing() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = Self.chart(lasting: 3590)
    var settings = try ExportSettings(chart: chart)
    settings.midi = folder.appendingPathComponent("hour.mid")
    settings.mix = folder.appendingPathComponent("hour.wav")
    settings.stems = folder.appendingPathComponent("stems")
    let stopped = try await Self.cancel(
      chart, settings, after: .seconds(1), in: folder, whileRendering: true)
    print("an hour-long export stopped \(Int(stopped * 1000)) ms after its cancellation")
  }

  /// Exports `chart` from a task cancelled `after` a while (and, `whileRendering`, once the music
  /// is rendering): checks that its work stops within 0.5 s, that the call throws
  /// `CancellationError` and that `folder` is left empty; how long the work took to stop.
  ///
  /// The work's end is timed on its own thread: when the call returns to the test depends on the
  /// cooperative pool, which the other suites' blocking tests share.
  static func cancel(
    _ chart: ChartDescriptor, _ settings: ExportSettings, after delay: Duration, in folder: URL,
    whileRendering: Bool = false
  ) async throws -> Double {
    let clock = ContinuousClock()
    let rendered = Mutex(0.0)
    let timed = TimedExecutor(threads)
    let work = Task {
      try await ChartExport.export(chart, settings: settings, on: timed) { part in
        rendered.withLock { $0 = part }
      }
    }
    // `delay` counts from the start of the work on its thread.
    let deadline = clock.now + .seconds(120)
    while timed.started.withLock({ $0 }) == nil, clock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    try await Task.sleep(for: delay)
    if whileRendering {
      // Cancelled while the music renders, not while it is mapped or waits for a thread.
      while rendered.withLock({ $0 }) == 0, clock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(rendered.withLock { $0 } > 0, "the render had not begun after two minutes")
    }
    let cancelled = clock.now
    work.cancel()
    let outcome = await work.result
    let returned = (clock.now - cancelled) / .seconds(1)
    let ended = try #require(try await timed.end(), "the work never ended")
    let stopped = (ended - cancelled) / .seconds(1)
    #expect(throws: CancellationError.self) { try outcome.get() }
    #expect(stopped < 0.5, "stopped \(stopped) s after its cancellation")
    #expect(everything(in: folder).isEmpty, "\(everything(in: folder))")
    print(
      "cancelled: the work stopped after \(Int(stopped * 1000)) ms, the call returned after \(Int(returned * 1000)) ms"
    )
    return stopped
  }

  @Test func aNarratedExportIsCancelledWhileItSpeaks() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var chart = Self.chart(lasting: 600)
    chart.summary = String(repeating: "Requests rise in the morning and fall at night. ", count: 60)
    var settings = try ExportSettings(chart: chart)
    settings.narration.parts = .both
    settings.mix = folder.appendingPathComponent("spoken.wav")
    _ = try await Self.cancel(chart, settings, after: .milliseconds(700), in: folder)
  }

  @Test func aCallCancelledBeforeItsTurnReturnsAtOnceAndStartsNothing() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = Self.chart(lasting: 2)
    var settings = try ExportSettings(chart: chart)
    settings.mix = folder.appendingPathComponent("never.wav")
    // One thread, kept busy: the second call waits its turn, and is cancelled meanwhile.
    let threads = WorkThreads(count: 1)
    let gate = DispatchSemaphore(value: 0)
    threads.execute { gate.wait() }
    let work = Task { try await ChartExport.export(chart, settings: settings, on: threads) }
    try await Task.sleep(for: .milliseconds(100))
    #expect(threads.waitingCount == 1)
    // Cancelled, it returns at once, while the thread is still busy.
    work.cancel()
    await #expect(throws: CancellationError.self) { try await work.value }
    #expect(threads.waitingCount == 1)
    gate.signal()
    // Its turn comes, and nothing is started.
    while threads.waitingCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
    try await Task.sleep(for: .milliseconds(200))
    #expect(Self.everything(in: folder).isEmpty)
  }

  @Test func theCallersOwnExecutorRunsTheWork() async throws {
    /// An executor that counts what it runs, on threads of Dispatch's.
    final class Counting: BlockingExecutor {
      let count = Mutex(0)
      func execute(_ work: @escaping @Sendable () -> Void) {
        count.withLock { $0 += 1 }
        DispatchQueue.global().async(execute: work)
      }
    }
    let executor = Counting()
    var settings = ExportSettings()
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    settings.midi = folder.appendingPathComponent("own.mid")
    _ = try await ChartExport.export(Self.chart(lasting: 2), settings: settings, on: executor)
    #expect(executor.count.withLock { $0 } == 1)
    #expect(FileManager.default.fileExists(atPath: settings.midi!.path))
  }
}

/// Each limit refuses what passes it, before the work where it can, with a coded error about the
/// input, and writes nothing.
@Suite("The limits of one export", .serialized)
struct ExportLimitTests {
  /// Exports `chart` with `limits` into a new folder; the error, how long the work took (the
  /// wall-clock and CPU time of its thread), and what the folder holds after.
  static func refusal(
    _ chart: ChartDescriptor, _ limits: ExportLimits, narrated: Bool = false,
    mix: String = "out.wav", stems: Bool = false
  ) async throws -> (
    error: ExportError?, synth: SynthError?, seconds: Double, cpuSeconds: Double, left: [String]
  ) {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var settings = try ExportSettings(chart: chart)
    settings.midi = folder.appendingPathComponent("out.mid")
    settings.mix = folder.appendingPathComponent(mix)
    if stems { settings.stems = folder.appendingPathComponent("stems") }
    if narrated { settings.narration.parts = .both }
    settings.exportLimits = limits
    let timed = TimedExecutor(AsyncExportTests.threads)
    var (export, synth): (ExportError?, SynthError?) = (nil, nil)
    do {
      _ = try await ChartExport.export(chart, settings: settings, on: timed)
    } catch let error as ExportError {
      export = error
    } catch let error as SynthError {
      synth = error
    }
    _ = try #require(try await timed.end(), "the work never ended")
    return (
      export, synth, timed.seconds ?? .infinity, timed.cpuSeconds.withLock { $0 } ?? .infinity,
      AsyncExportTests.everything(in: folder)
    )
  }

  @Test func tooManyPointsAreRefusedBeforeAnyWork() async throws {
    let refused = try await Self.refusal(
      AsyncExportTests.chart(lasting: 4, points: 200), ExportLimits(points: 100))
    let error = try #require(refused.error)
    #expect(error.code == .exceedsLimits && error.source == .input)
    #expect(error.message == "the chart has 200 points, more than the 100 this export allows")
    #expect(refused.left.isEmpty)
  }

  @Test func audioLongerThanAllowedIsRefusedBeforeItRenders() async throws {
    let refused = try await Self.refusal(
      AsyncExportTests.chart(lasting: 3000), ExportLimits(audioSeconds: 60))
    let error = try #require(refused.error)
    #expect(error.code == .exceedsLimits && error.source == .input)
    #expect(error.message.hasPrefix("the audio would last 3000"), "\(error.message)")
    #expect(error.message.hasSuffix("longer than the 60 s this export allows"))
    // Refused from the score: an hour's render would take seconds of CPU time.
    #expect(refused.cpuSeconds < 0.5, "\(refused.cpuSeconds) s of CPU, \(refused.seconds) s")
    #expect(refused.left.isEmpty)
  }

  @Test func aNarrationLongerThanAllowedIsRefusedFromItsWords() async throws {
    var chart = AsyncExportTests.chart(lasting: 4)
    chart.summary = String(repeating: "Requests rise in the morning and fall at night. ", count: 20)
    let refused = try await Self.refusal(chart, ExportLimits(narrationSeconds: 10), narrated: true)
    let error = try #require(refused.synth)
    #expect(error.code == .narrationTooLong && error.source == .input)
    #expect(error.message.contains("10 s this export allows"), "\(error.message)")
    #expect(refused.left.isEmpty)
  }

  @Test func outputsLargerThanAllowedAreRefused() async throws {
    // A WAV's size is known from the score: refused before the render.
    let wav = try await Self.refusal(
      AsyncExportTests.chart(lasting: 30), ExportLimits(outputBytes: 1_000_000), stems: true)
    let before = try #require(wav.error)
    #expect(before.code == .exceedsLimits)
    #expect(before.message.hasPrefix("the outputs would hold at least "), "\(before.message)")
    #expect(wav.left.isEmpty)
    // A FLAC's only once written: refused before its files are put in place.
    let flac = try await Self.refusal(
      AsyncExportTests.chart(lasting: 30), ExportLimits(outputBytes: 20_000), mix: "out.flac")
    let after = try #require(flac.error)
    #expect(after.code == .exceedsLimits)
    #expect(after.message.hasPrefix("the outputs would hold "), "\(after.message)")
    #expect(!after.message.contains("at least"))
    #expect(flac.left.isEmpty, "\(flac.left)")
  }

  @Test func renderingPastItsCPUTimeIsStopped() async throws {
    let refused = try await Self.refusal(
      AsyncExportTests.chart(lasting: 3000), ExportLimits(renderCPUSeconds: 0.3))
    let error = try #require(refused.error)
    #expect(error.code == .exceedsLimits)
    #expect(
      error.message == "rendering took more than the 0.3 s of CPU time this export allows")
    // Stopped at the check after the limit was passed: a second of audio, a small part of
    // the hour's render (its own thread's share of the CPU time; the machine may be busy).
    #expect(refused.cpuSeconds < 1, "\(refused.cpuSeconds) s of CPU, \(refused.seconds) s")
    print(
      "the CPU limit of 0.3 s stopped a render after \(refused.cpuSeconds) s of CPU on its thread")
    #expect(refused.left.isEmpty)
  }

  @Test func theBlockingCallKeepsTheCPULimitToo() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chart = AsyncExportTests.chart(lasting: 3000)
    var settings = try ExportSettings(chart: chart)
    settings.mix = folder.appendingPathComponent("out.wav")
    settings.exportLimits.renderCPUSeconds = 0.3
    #expect(throws: ExportError.self) { try ChartExport.export(chart, settings: settings) }
    #expect(AsyncExportTests.everything(in: folder).isEmpty)
  }

  @Test func withinItsLimitsAnExportIsWritten() async throws {
    let within = try await Self.refusal(
      AsyncExportTests.chart(lasting: 4),
      ExportLimits(
        points: 40, audioSeconds: 10, narrationSeconds: 60, outputBytes: 10_000_000,
        renderCPUSeconds: 30))
    #expect(within.error == nil && within.synth == nil)
    #expect(within.left == ["out.mid", "out.wav"])
  }
}

/// Narration in a long-lived process: the same request gives the same bytes whatever was spoken
/// before it and beside it.
extension NarrationDeterminismTests {
  /// The test: 50 identical narrated exports in one process, interleaved with others on
  /// the library's threads.
  @Test func fiftyIdenticalNarratedExportsInterleavedWithOthersGiveOneResult() async throws {
    var chart = NarrationTests.regions(1)
    chart.sonification = .object([("totalDuration", .number(2))])
    var settings = try ExportSettings(chart: chart)
    settings.narration.parts = .intro
    settings.originationDate = Date(timeIntervalSince1970: 1_700_000_000)
    // Others between them: other texts in other voices, spoken for their MIDI files' markers.
    var others: [(ChartDescriptor, ExportSettings)] = []
    for (index, voice) in ["de", "fr", "en-us"].enumerated() {
      let other = NarrationTests.regions(index + 2)
      var otherSettings = try ExportSettings(chart: other)
      otherSettings.narration.parts = .both
      otherSettings.narration.voice = voice
      others.append((other, otherSettings))
    }
    let (narrated, request, alongside) = (chart, settings, others)
    let results = try await withThrowingTaskGroup(of: Data?.self) { group in
      for index in 0..<50 {
        group.addTask {
          try await ChartExport.data(of: narrated, settings: request, as: .wav).data
        }
        let (other, otherSettings) = alongside[index % alongside.count]
        group.addTask {
          _ = try await ChartExport.data(of: other, settings: otherSettings, as: .midi)
          return nil
        }
      }
      var results: [Data] = []
      for try await result in group { if let result { results.append(result) } }
      return results
    }
    #expect(results.count == 50)
    #expect(Set(results).count == 1, "\(Set(results).count) distinct results")
    // And a narration is spoken: the mix is longer than the graph.
    let seconds = Double(results[0].count) / 44100 / 4
    #expect(seconds > settings.sonification.totalDuration + 2)
  }
}

extension NarrationDeterminismTests {
  /// Speech for several requests at once: two narrations on two threads each wait, after their
  /// first sentence, for the other's first sentence. Were speech behind one lock for the process,
  /// neither could go on.
  @Test func twoNarrationsSpeakAtTheSameTime() throws {
    let met = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let waits = try [0, 1].map { index in
      BackgroundWork { () -> Bool in
        var (first, waited) = (true, false)
        _ = try SpeechSynthesizer.speak(
          ["The first sentence of narration \(index + 1).", "And its second sentence."],
          voice: "en", rate: 175
        ) { _, _, _ in
          guard first else { return }
          first = false
          met[index].signal()
          waited = met[1 - index].wait(timeout: .now() + 30) == .success
        }
        return waited
      }
    }.map { try $0.value() }
    #expect(waits == [true, true])
  }
}

/// Runs work on other threads, and notes when it started and ended and the CPU time its thread
/// spent: what the work took, whenever the cooperative pool (which the other suites' blocking
/// tests share) lets the caller go on.
final class TimedExecutor: BlockingExecutor {
  let threads: WorkThreads
  let started = Mutex<ContinuousClock.Instant?>(nil)
  let ended = Mutex<ContinuousClock.Instant?>(nil)
  let cpuSeconds = Mutex<Double?>(nil)

  init(_ threads: WorkThreads) { self.threads = threads }

  func execute(_ work: @escaping @Sendable () -> Void) {
    threads.execute { [self] in
      started.withLock { $0 = ContinuousClock.now }
      let cpu = Self.threadTime()
      work()
      cpuSeconds.withLock { $0 = Self.threadTime() - cpu }
      ended.withLock { $0 = ContinuousClock.now }
    }
  }

  /// When the work ended: the caller is resumed from within it, so its thread notes the end just
  /// after. Nil when it did not end within `time`.
  func end(within time: Duration = .seconds(120)) async throws -> ContinuousClock.Instant? {
    let deadline = ContinuousClock.now + time
    while ended.withLock({ $0 }) == nil, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(1))
    }
    return ended.withLock { $0 }
  }

  /// The wall-clock time of the work, once it ended.
  var seconds: Double? {
    guard let start = started.withLock({ $0 }), let end = ended.withLock({ $0 }) else {
      return nil
    }
    return (end - start) / .seconds(1)
  }

  /// The calling thread's CPU time, in seconds.
  private static func threadTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
