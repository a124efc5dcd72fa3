import Chart2MIDIBase
import Chart2MIDIChart
import Chart2MIDISMFReader
import Foundation

/// The exports for async code: the blocking work (mapping, rendering, speaking, writing) runs on
/// an executor's threads, never on the cooperative pool, and stops when the calling task is
/// cancelled.
extension ChartExport {
  /// Maps a chart as `settings` say and writes the files they name, as
  /// `export(_:settings:progress:)` does, on `executor`'s threads.
  ///
  /// Cancelling the calling task stops the work within a second of audio or a stretch of speech
  /// (tens of milliseconds), removes what was staged and throws `CancellationError`: no file is written, none is
  /// replaced. `settings.exportLimits` holds it to its points, seconds, bytes and CPU time.
  ///
  /// - Parameters:
  ///   - chart: the chart.
  ///   - settings: the mapping, the files to write and the call's limits.
  ///   - executor: where the work runs: the library's own threads by default.
  ///   - progress: called now and then while audio renders, with the part done, 0 to 1.
  /// - Throws: what `export(_:settings:progress:)` throws; `CancellationError` once cancelled.
  public static func export(
    _ chart: ChartDescriptor, settings: ExportSettings,
    on executor: any BlockingExecutor = WorkThreads.shared,
    progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> ExportReport {
    try await run(settings, on: executor) {
      try export(chart, settings: settings, progress: progress)
    }
  }

  /// Renders a Standard MIDI File to the mix and stems `settings` name, as
  /// `export(_:settings:progress:)` does, on `executor`'s threads; cancelled as the chart's export
  /// is.
  public static func export(
    _ file: MIDIFile, settings: ExportSettings,
    on executor: any BlockingExecutor = WorkThreads.shared,
    progress: (@Sendable (Double) -> Void)? = nil
  ) async throws -> ExportReport {
    try await run(settings, on: executor) {
      try export(file, settings: settings, progress: progress)
    }
  }

  /// Runs `work` on `executor` under a control of the settings' CPU time, cancelled with the
  /// calling task.
  static func run<T: Sendable>(
    _ settings: ExportSettings, on executor: any BlockingExecutor,
    _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await run(settings.exportLimits.renderCPUSeconds, on: executor, work)
  }

  /// Runs `work` (reading a chart, say) on `executor` under a control of `cpuSeconds` of CPU time,
  /// cancelled with the calling task: work past the limit is refused as a render past it is, the
  /// refusal saying what the work was (`doing`: "rendering", "reading the chart").
  ///
  /// - Throws: what `work` throws; `ExportError` past the CPU time; `CancellationError`.
  package static func run<T: Sendable>(
    _ cpuSeconds: Double?, doing what: String = "rendering", on executor: any BlockingExecutor,
    _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    let control = WorkControl(cpuSeconds: cpuSeconds)
    do {
      return try await executor.run(under: control, work)
    } catch let exceeded as CPUTimeExceeded {
      throw ExportLimits.refusal(exceeded, doing: what)
    }
  }
}
