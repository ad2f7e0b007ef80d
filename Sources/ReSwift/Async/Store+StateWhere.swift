@_spi(ReSwiftInternal) import InternalReSwiftUtilities

extension Store where State: Sendable {
    /// Waits until the store's state satisfies a condition, and returns that state.
    ///
    /// Checks the current state first, so it returns at once if the condition already holds.
    ///
    /// ```swift
    /// store.dispatch(loadBooks)
    /// let loaded = try await store.state(where: { !$0.isLoading })
    /// ```
    ///
    /// - Parameter predicate: The condition. It runs in the store's notification, on the
    ///   dispatching thread: keep it fast and free of side effects.
    /// - Returns: The first state, current or future, for which `predicate` returns `true`.
    /// - Throws: `CancellationError` when the waiting task is cancelled; the store subscription
    ///   ends then too.
    public func state(where predicate: @escaping (State) -> Bool) async throws -> State {
        let waiter = StateWaiter<State>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard waiter.wait(with: continuation) else { return }
                let token = subscribe { state in
                    if predicate(state) { waiter.finish(with: .success(state)) }
                }
                waiter.hold(token)
            }
        } onCancel: {
            waiter.finish(with: .failure(CancellationError()))
        }
    }
}

/// One `state(where:)` call: its continuation, resumed exactly once, and its subscription.
final class StateWaiter<State: Sendable>: Sendable {
    private enum Phase {
        /// The call hasn't installed its continuation yet.
        case starting
        /// Waiting for a matching state; the token is `nil` until the subscription is made.
        case waiting(CheckedContinuation<State, any Error>, SubscriptionToken?)
        /// Resumed (or cancelled before it started); tokens arriving now are cancelled.
        case finished
    }

    private let phase = Locked(Phase.starting)

    /// Installs the continuation.
    ///
    /// - Returns: `false` if the task was cancelled before (the continuation is resumed then).
    func wait(with continuation: CheckedContinuation<State, any Error>) -> Bool {
        let installed = phase.withLock { phase -> Bool in
            guard case .starting = phase else { return false }
            phase = .waiting(continuation, nil)
            return true
        }
        if !installed { continuation.resume(throwing: CancellationError()) }
        return installed
    }

    /// Keeps the subscription's token, or cancels it if the call already finished.
    func hold(_ token: SubscriptionToken) {
        let keep = phase.withLock { phase -> Bool in
            guard case .waiting(let continuation, nil) = phase else { return false }
            phase = .waiting(continuation, token)
            return true
        }
        if !keep { token.cancel() }
    }

    /// Resumes the call once; later calls do nothing. The continuation is resumed and the token
    /// cancelled outside the lock, so this can't deadlock against a store notification.
    func finish(with result: Result<State, any Error>) {
        let waiting = phase.withLock {
            phase -> (CheckedContinuation<State, any Error>, SubscriptionToken?)? in
            defer { phase = .finished }
            if case .waiting(let continuation, let token) = phase { return (continuation, token) }
            return nil
        }
        guard let (continuation, token) = waiting else { return }
        token?.cancel()
        continuation.resume(with: result)
    }
}
