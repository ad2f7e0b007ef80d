import Dispatch
import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

/// Run again under ThreadSanitizer by `.ci/run` (`swift test --sanitize=thread --filter Concurrency`).
@Suite(.timeLimit(.minutes(3))) struct StoreConcurrencyTests {
    final class CountingSubscriber: StoreSubscriber, @unchecked Sendable {
        // Sendable: the store never notifies a subscriber from two threads at once, and the test
        // reads the fields only after every dispatching thread has finished.
        var received = 0
        var lastCount = -1
        var sawOutOfOrder = false
        private var isInside = false
        var sawOverlap = false

        func newState(state: CountState) {
            if isInside { sawOverlap = true }
            isInside = true
            if state.count < lastCount { sawOutOfOrder = true }
            lastCount = state.count
            received += 1
            isInside = false
        }
    }

    @Test func concurrentDispatchesAreEachReducedExactlyOnce() {
        let store = Store(reducer: countReducer, state: CountState())
        let subscriber = CountingSubscriber()
        store.subscribe(subscriber)
        let threads = 8
        let perThread = 5_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<perThread {
                store.dispatch(Increment())
            }
        }
        #expect(store.state.count == threads * perThread)
        #expect(subscriber.received == threads * perThread + 1)
        #expect(!subscriber.sawOutOfOrder)
        #expect(!subscriber.sawOverlap)
        #expect(subscriber.lastCount == threads * perThread)
    }

    @Test func subscribingReadingAndDispatchingFromManyThreads() {
        let store = Store(reducer: countReducer, state: CountState())
        let tokens = Locked<[SubscriptionToken]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            for iteration in 0..<2_000 {
                switch (worker + iteration) % 4 {
                case 0:
                    store.dispatch(Increment())
                case 1:
                    let token = store.subscribe { _ in }
                    tokens.withLock { $0.append(token) }
                case 2:
                    let token = tokens.withLock { $0.popLast() }
                    token?.cancel()
                default:
                    _ = store.state.count
                    let subscriber = CountingSubscriber()
                    store.subscribe(subscriber)
                    store.unsubscribe(subscriber)
                }
            }
        }
        #expect(store.state.count == 6 * 500)
        tokens.withLock { $0.removeAll() }
    }

    @Test func stateIsReadableWhileASubscriberBlocksTheDispatch() throws {
        let store = Store(reducer: countReducer, state: CountState())
        let (entered, release, done) = (OneShotSignal(), OneShotSignal(), OneShotSignal())
        let token = store.subscribe(transform: { $0.select(\.count) }) { count in
            if count == 1 {
                entered.fire()
                #expect(throws: Never.self) {
                    try eventually("the test to release the subscriber") { release.hasFired }
                }
            }
        }
        DispatchQueue.global().async {
            store.dispatch(Increment())
            done.fire()
        }
        defer {
            release.fire()
            token.cancel()
        }
        try eventually("the subscriber to receive count 1") { entered.hasFired }
        // The reducer has run; the dispatch is still notifying on the other thread.
        #expect(store.state.count == 1)
        release.fire()
        try eventually("the dispatch to return") { done.hasFired }
    }
}
