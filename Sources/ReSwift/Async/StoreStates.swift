/// An asynchronous sequence of a store's states, or of a selection from them.
///
/// Get one from ``Store/states`` or ``Store/states(_:bufferingPolicy:)-(KeyPath<State,Selection>,_)``
/// and iterate it in a task:
///
/// ```swift
/// for await count in store.states(\.count) {
///     print("count is now", count)
/// }
/// ```
///
/// Each iteration subscribes to the store when it starts and first produces the current state
/// (or selection), then each new one.
///
/// **Buffering.** By default an iteration keeps only the newest value it hasn't consumed yet
/// (``StatesBufferingPolicy/newest``): a consumer slower than the store skips intermediate
/// values and always continues with the latest one, and memory stays bounded. Pass
/// ``StatesBufferingPolicy/unbounded`` to receive every value, in order, at the cost of an
/// unbounded buffer while the consumer lags.
///
/// **Repeats.** Selections of `Equatable` values never produce a value equal to the previous
/// one, whichever the buffering.
///
/// **Ending.** The iteration ends (`next()` returns `nil`) when the store is deallocated, or when
/// the consuming task is cancelled. Leaving the loop, or dropping the iterator, ends the
/// subscription; the sequence and its iterators never keep the store alive.
///
/// Values are produced on the thread that dispatched the action and cross to the consuming task,
/// so they must be `Sendable`. The selector runs in the store's notification, like a
/// subscriber's transform: keep it fast and free of side effects.
public struct StoreStates<Element: Sendable>: AsyncSequence, Sendable {
    /// Starts a subscription that delivers values to `deliver`; returns `nil` if the store is gone.
    let subscribe: @Sendable (_ deliver: @escaping @Sendable (Element) -> Void) -> SubscriptionToken?
    let bufferingPolicy: StatesBufferingPolicy
    let isRepeat: (@Sendable (Element, Element) -> Bool)?

    /// Starts a subscription to the store and returns an iterator over its values.
    ///
    /// - Returns: An iterator whose first value is the current state (or selection); one that
    ///   is already finished if the store is gone.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: bufferingPolicy.streamPolicy(for: Element.self))
        // The store holds the finisher through its subscription closure: when the store is
        // deallocated, so is the finisher, which finishes the stream.
        let finisher = StreamFinisher(continuation)
        let token = subscribe { finisher.continuation.yield($0) }
        if token == nil { continuation.finish() }
        return Iterator(base: stream.makeAsyncIterator(), subscription: token, isRepeat: isRepeat)
    }

    /// Iterates a ``StoreStates`` sequence.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Element>.Iterator
        /// The iteration's store subscription: it ends when the iteration does, or when the
        /// iterator is dropped (a token cancels itself when deallocated).
        let subscription: SubscriptionToken?
        let isRepeat: (@Sendable (Element, Element) -> Bool)?
        var last: Element?

        /// The next state or selection, waiting for the store to produce one.
        ///
        /// - Returns: The next value, or `nil` when the store is gone or the task was cancelled.
        public mutating func next() async -> Element? {
            while let value = await base.next() {
                if let last, let isRepeat, isRepeat(last, value) { continue }
                last = value
                return value
            }
            subscription?.cancel()
            return nil
        }
    }
}

/// How many unconsumed values a ``StoreStates`` iteration keeps.
public enum StatesBufferingPolicy: Sendable, Hashable {
    /// Keep only the newest value: a slow consumer skips to the latest state. The default.
    case newest
    /// Keep every value, in order: a slow consumer sees each state, and the buffer grows while
    /// it lags.
    case unbounded

    func streamPolicy<Element>(for _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
        switch self {
        case .newest: return .bufferingNewest(1)
        case .unbounded: return .unbounded
        }
    }
}

/// Finishes a stream when it is deallocated, that is when the store that holds it is.
final class StreamFinisher<Element: Sendable>: Sendable {
    let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }
}
