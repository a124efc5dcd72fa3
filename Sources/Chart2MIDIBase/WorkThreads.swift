import Foundation
import Synchronization

/// Where a library call's blocking work runs when it is called from async code: on threads that
/// may block for seconds (rendering, speaking, writing files), never on the cooperative pool that
/// the caller's tasks share. `WorkThreads.shared` is the library's own; a server may pass its own
/// pool instead (SwiftNIO's `NIOThreadPool`, in a few lines).
public protocol BlockingExecutor: Sendable {
  /// Runs `work` on a thread that may block.
  func execute(_ work: @escaping @Sendable () -> Void)
}

/// A fixed number of threads that take blocking work in the order it is given: as many calls run
/// at once as there are threads, and the rest wait their turn.
public final class WorkThreads: BlockingExecutor {
  /// One thread per core, for the whole process.
  public static let shared = WorkThreads(count: ProcessInfo.processInfo.activeProcessorCount)

  /// The work waiting and whether the threads should end, guarded by its condition.
  private final class Queue: @unchecked Sendable {
    let condition = NSCondition()
    var waiting: [@Sendable () -> Void] = []
    var head = 0
    var closed = false

    /// Takes the next work, waiting for one; nil once closed and empty.
    func next() -> (@Sendable () -> Void)? {
      condition.lock()
      defer { condition.unlock() }
      while head == waiting.count {
        if closed { return nil }
        condition.wait()
      }
      let work = waiting[head]
      head += 1
      if head == waiting.count { (waiting, head) = ([], 0) }
      return work
    }
  }

  private let queue = Queue()

  /// The number of threads.
  package let count: Int

  /// Starts `count` threads (at least one).
  public init(count: Int) {
    self.count = max(1, count)
    for index in 0..<self.count {
      let thread = Thread { [queue] in
        while let work = queue.next() { work() }
      }
      thread.name = "chart2midi work \(index + 1)"
      thread.start()
    }
  }

  /// The threads end once the work given before has run.
  deinit {
    queue.condition.lock()
    queue.closed = true
    queue.condition.broadcast()
    queue.condition.unlock()
  }

  /// Runs `work` on the next free thread.
  public func execute(_ work: @escaping @Sendable () -> Void) {
    queue.condition.lock()
    queue.waiting.append(work)
    queue.condition.signal()
    queue.condition.unlock()
  }

  /// The number of calls given and not yet started.
  package var waitingCount: Int {
    queue.condition.lock()
    defer { queue.condition.unlock() }
    return queue.waiting.count - queue.head
  }
}

extension BlockingExecutor {
  /// Runs `work` on one of the executor's threads under `control`, and waits without blocking the
  /// caller's thread. Cancelling the calling task cancels `control`: work under way stops at its
  /// next check and throws `CancellationError`; work still waiting for a thread is dropped, and the
  /// call throws `CancellationError` at once.
  package func run<T: Sendable>(
    under control: WorkControl, _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try Task.checkCancellation()
    let call = BlockingCall<T>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard call.wait(continuation) else { return }
        execute {
          guard call.start() else { return }
          call.finish(Result { try control.run(work) })
        }
      }
    } onCancel: {
      control.cancel()
      call.cancel()
    }
  }
}

/// One call's way through an executor: waiting for a thread, running, or ended; whichever of its
/// end and its cancellation comes first resumes the caller, once.
private final class BlockingCall<T: Sendable>: Sendable {
  private enum State {
    case new
    case waiting(CheckedContinuation<T, any Error>)
    case running(CheckedContinuation<T, any Error>)
    case ended
  }
  private let state = Mutex(State.new)

  /// Keeps the caller's continuation; false when the call was cancelled before (the caller is
  /// resumed with `CancellationError` then).
  func wait(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
    let cancelled = state.withLock { state -> Bool in
      guard case .new = state else { return true }
      state = .waiting(continuation)
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
    return !cancelled
  }

  /// Whether the work should start: not when it was cancelled while it waited.
  func start() -> Bool {
    state.withLock { state in
      guard case .waiting(let continuation) = state else { return false }
      state = .running(continuation)
      return true
    }
  }

  /// Resumes the caller with what the work gave.
  func finish(_ result: Result<T, any Error>) {
    let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
      guard case .running(let continuation) = state else { return nil }
      state = .ended
      return continuation
    }
    continuation?.resume(with: result)
  }

  /// Resumes the caller at once when its work has not started; work under way ends by itself.
  func cancel() {
    let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
      switch state {
      case .new:
        state = .ended
        return nil
      case .waiting(let continuation):
        state = .ended
        return continuation
      case .running, .ended: return nil
      }
    }
    continuation?.resume(throwing: CancellationError())
  }
}
