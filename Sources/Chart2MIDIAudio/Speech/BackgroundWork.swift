import Chart2MIDIBase
import Foundation

/// Work done on a thread of its own while the caller goes on with other work, such as speech
/// synthesized while the music renders. A thread, not a task: the caller may itself run on the
/// cooperative pool (`batch`), where waiting for another task could starve it.
package final class BackgroundWork<Value: Sendable>: Sendable {
  /// Guards `outcome`. A pthread condition, which ThreadSanitizer sees (as in `TemporaryFiles`).
  private let condition = NSCondition()
  nonisolated(unsafe) private var outcome: Result<Value, any Error>?

  /// Starts `work` on a new thread, under the control of the caller's call (see `WorkControl`).
  package init(_ work: @escaping @Sendable () throws -> Value) {
    let control = WorkControl.current
    Thread.detachNewThread { [self] in
      let result = Result { try WorkControl.$current.withValue(control) { try work() } }
      condition.lock()
      outcome = result
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Waits for the work to end: its value, or what it threw.
  package func value() throws -> Value {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let outcome { return try outcome.get() }
      condition.wait()
    }
  }
}
