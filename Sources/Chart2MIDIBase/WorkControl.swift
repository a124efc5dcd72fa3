import Foundation
import Synchronization

/// What stops one call's blocking work from the outside: its cancellation, and the CPU time it may
/// spend. An async entry point makes one, binds it (`current`) on the thread that does the work,
/// and cancels it when its task is cancelled; the work checks it between blocks of audio and
/// between sentences (`check`), on every thread it runs on.
package final class WorkControl: Sendable {
  /// The control of the work on this thread; nil for work no async entry point started.
  @TaskLocal package static var current: WorkControl?

  /// The most CPU time the work may spend, in nanoseconds, on all its threads together.
  package let cpuLimit: Int?
  private let cancelled = Atomic<Bool>(false)
  private let spent = Atomic<Int>(0)

  /// A control that allows `cpuSeconds` of CPU time (nil: any).
  package init(cpuSeconds: Double? = nil) {
    cpuLimit = cpuSeconds.map { Int(min($0, 1e9) * 1e9) }
  }

  /// Stops the work at its next check.
  package func cancel() { cancelled.store(true, ordering: .relaxed) }

  /// Whether the work was cancelled.
  package var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

  /// The CPU time spent so far by the threads that measured it, in seconds.
  package var cpuSeconds: Double { Double(spent.load(ordering: .relaxed)) / 1e9 }

  /// Whether the work on this thread should stop: its task or its control was cancelled.
  package static var isCancelled: Bool { Task.isCancelled || current?.isCancelled == true }

  /// Throws `CancellationError` when the work on this thread should stop.
  package static func checkCancellation() throws {
    if isCancelled { throw CancellationError() }
  }

  /// Runs `work` with this control bound on the calling thread.
  package func run<T>(_ work: () throws -> T) rethrows -> T {
    try Self.$current.withValue(self) { try work() }
  }

  /// The CPU time one thread spends on the work: made where the thread starts it, read at each
  /// check, added to the control's.
  package struct Meter {
    private let control: WorkControl?
    private var last: Int

    /// A meter of the calling thread, for the control bound on it.
    package init() {
      control = WorkControl.current
      last = control == nil ? 0 : Self.threadTime()
    }

    /// Adds the thread's CPU time since the last check, then throws `CancellationError` when the
    /// work should stop, or `CPUTimeExceeded` when all its threads have spent more than allowed.
    package mutating func check() throws {
      try WorkControl.checkCancellation()
      guard let control else { return }
      let now = Self.threadTime()
      let total = control.spent.add(now - last, ordering: .relaxed).newValue
      last = now
      if let limit = control.cpuLimit, total > limit {
        throw CPUTimeExceeded(seconds: Double(limit) / 1e9)
      }
    }

    /// The calling thread's CPU time, in nanoseconds.
    private static func threadTime() -> Int {
      var time = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
      return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
  }
}

/// Work that spent more CPU time than its call allowed.
package struct CPUTimeExceeded: Error, Hashable {
  /// The CPU time allowed, in seconds.
  package var seconds: Double
}
