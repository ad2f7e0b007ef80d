import Foundation
import InternalReSwiftUtilities

/// Resumes a continuation exactly once, whichever comes first: the transfer's end or the
/// caller's cancellation.
final class Completion<Value: Sendable>: Sendable {
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

    private let state = Locked(State.idle)

    /// Hands over the continuation; resumes it at once when an outcome is already known.
    func wait(with continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            switch state {
            case .idle:
                state = .waiting(continuation)
                return nil
            case .resolvedEarly(let result):
                state = .finished
                return result
            case .waiting, .finished:
                preconditionFailure("Internal inconsistency: a completion was waited on twice.")
            }
        }
        if let early { continuation.resume(with: early) }
    }

    /// Resumes the waiting caller with `result`, unless it was resumed already.
    func resolve(_ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .idle:
                state = .resolvedEarly(result)
                return nil
            case .waiting(let continuation):
                state = .finished
                return continuation
            case .resolvedEarly, .finished:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
