import Foundation

/// Resumes a continuation exactly once, whichever comes first: the transfer's end or the
/// caller's cancellation.
final class Completion<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `state` is only read and written while `lock` is held.
    private enum State {
        /// Neither the continuation nor an outcome has arrived.
        case idle
        /// The caller waits on the continuation.
        case waiting(CheckedContinuation<Value, any Error>)
        /// An outcome (a cancellation) arrived before the continuation; it resumes at once.
        case resolvedEarly(Result<Value, any Error>)
        /// The continuation was resumed; later outcomes are dropped.
        case finished
    }

    private let lock = NSLock()
    private var state = State.idle

    /// Hands over the continuation; resumes it at once when an outcome is already known.
    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        lock.lock()
        switch state {
        case .idle:
            state = .waiting(continuation)
            lock.unlock()
        case .resolvedEarly(let result):
            state = .finished
            lock.unlock()
            continuation.resume(with: result)
        case .waiting, .finished:
            lock.unlock()
            preconditionFailure("Internal inconsistency: a completion was waited on twice.")
        }
    }

    /// Resumes the waiting caller with `result`, unless it was resumed already.
    func resolve(_ result: Result<Value, any Error>) {
        lock.lock()
        switch state {
        case .idle:
            state = .resolvedEarly(result)
            lock.unlock()
        case .waiting(let continuation):
            state = .finished
            lock.unlock()
            continuation.resume(with: result)
        case .resolvedEarly, .finished:
            lock.unlock()
        }
    }
}
