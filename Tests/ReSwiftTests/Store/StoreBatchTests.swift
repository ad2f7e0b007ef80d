import TestSupport
import Testing

@testable import ReSwift

private struct Add: Action { var amount: Int }
private struct Echo: Action { var tag: String }

private struct Counter: Equatable {
    var total = 0
    var log: [String] = []
}

private func reduceCounter(_ action: Action, _ state: inout Counter) {
    switch action {
    case let add as Add:
        state.total += add.amount
        state.log.append("+\(add.amount)")
    case let echo as Echo:
        state.log.append(echo.tag)
    default:
        break
    }
}

/// Records what each step of a dispatch saw, in order.
private final class Journal: @unchecked Sendable {
    // @unchecked Sendable: used on the test's thread only.
    var entries: [String] = []
}

private func recordingMiddleware(_ journal: Journal) -> Middleware<Counter> {
    { _, _ in
        { next in
            { action in
                journal.entries.append("middleware \(describe(action))")
                next(action)
            }
        }
    }
}

private func describe(_ action: Action) -> String {
    switch action {
    case let add as Add: "+\(add.amount)"
    case let echo as Echo: echo.tag
    default: "\(type(of: action))"
    }
}

private final class TotalSubscriber: StoreSubscriber {
    let journal: Journal
    var onState: ((Counter) -> Void)?
    init(_ journal: Journal) { self.journal = journal }
    func newState(state: Counter) {
        journal.entries.append("newState \(state.total) \(state.log.joined(separator: ","))")
        onState?(state)
    }
}

/// `store.batch { }` (issue 22 §5): middleware and the reducer see each action, subscribers see
/// the final state once, and the ordering rules for nested dispatches still hold.
@Suite struct StoreBatchTests {
    private func makeStore(_ journal: Journal) -> Store<Counter> {
        Store(reducer: reduceCounter, state: Counter(), middleware: [recordingMiddleware(journal)])
    }

    @Test func middlewareSeesEveryActionInOrderAndSubscribersTheFinalStateOnce() {
        let journal = Journal()
        let store = makeStore(journal)
        let subscriber = TotalSubscriber(journal)
        store.subscribe(subscriber)
        journal.entries.removeAll()

        store.batch {
            store.dispatch(Add(amount: 1))
            store.dispatch(Add(amount: 2))
            store.dispatch(Add(amount: 3))
        }

        #expect(
            journal.entries == [
                "middleware +1", "middleware +2", "middleware +3", "newState 6 +1,+2,+3",
            ])
        #expect(store.state.total == 6)
    }

    @Test func theReducedStateIsReadableInsideTheBatch() {
        let journal = Journal()
        let store = makeStore(journal)
        let totals = store.batch { () -> [Int] in
            store.dispatch(Add(amount: 4))
            let first = store.state.total
            store.dispatch(Add(amount: 5))
            return [first, store.state.total]
        }
        #expect(totals == [4, 9])
    }

    @Test func nestedBatchesNotifyOnceWhenTheOutermostEnds() {
        let journal = Journal()
        let store = makeStore(journal)
        let subscriber = TotalSubscriber(journal)
        store.subscribe(subscriber)
        journal.entries.removeAll()

        store.batch {
            store.dispatch(Add(amount: 1))
            store.batch { store.dispatch(Add(amount: 2)) }
            journal.entries.append("inner batch ended")
            store.dispatch(Add(amount: 3))
        }

        #expect(
            journal.entries == [
                "middleware +1", "middleware +2", "inner batch ended", "middleware +3",
                "newState 6 +1,+2,+3",
            ])
    }

    @Test func aBatchThatDispatchesNothingNotifiesNoOne() {
        let journal = Journal()
        let store = makeStore(journal)
        let subscriber = TotalSubscriber(journal)
        store.subscribe(subscriber)
        journal.entries.removeAll()

        store.batch {}

        #expect(journal.entries.isEmpty)
    }

    @Test func anEmptyBatchAfterOneThatReducedNotifiesNoOne() {
        let journal = Journal()
        let store = makeStore(journal)
        let subscriber = TotalSubscriber(journal)
        store.subscribe(subscriber)
        // Told of every notification, equal states included: an empty batch that notified would
        // reach it even where skipping repeats hides that from `subscriber`.
        struct Total { var value: Int }  // not Equatable: nothing is skipped
        let everyNotification = store.subscribe(transform: { $0.select { Total(value: $0.total) } }) {
            journal.entries.append("notified \($0.value)")
        }
        store.dispatch(Add(amount: 1))
        store.batch { store.dispatch(Add(amount: 2)) }
        #expect(journal.entries.suffix(2) == ["newState 3 +1,+2", "notified 3"])
        journal.entries.removeAll()

        store.batch {}
        store.batch { store.batch {} }

        #expect(journal.entries.isEmpty)
        everyNotification.cancel()
    }

    @Test func aThrowingBatchStillNotifiesWhatItReducedAndRethrows() {
        struct Stop: Error {}
        let journal = Journal()
        let store = makeStore(journal)
        let subscriber = TotalSubscriber(journal)
        store.subscribe(subscriber)
        journal.entries.removeAll()

        #expect(throws: Stop.self) {
            try store.batch {
                store.dispatch(Add(amount: 7))
                throw Stop()
            }
        }

        #expect(journal.entries == ["middleware +7", "newState 7 +7"])
    }

    @Test func anActionDispatchedFromNewStateComesAfterEverySubscriberSawTheBatch() {
        let journal = Journal()
        let store = makeStore(journal)
        let first = TotalSubscriber(journal)
        let second = TotalSubscriber(journal)
        first.onState = { state in
            if state.total == 3, !state.log.contains("reacted") { store.dispatch(Echo(tag: "reacted")) }
        }
        store.subscribe(first)
        store.subscribe(second)
        journal.entries.removeAll()

        store.batch {
            store.dispatch(Add(amount: 1))
            store.dispatch(Add(amount: 2))
        }

        #expect(
            journal.entries == [
                "middleware +1", "middleware +2",
                "newState 3 +1,+2", "newState 3 +1,+2",
                "middleware reacted",
                "newState 3 +1,+2,reacted", "newState 3 +1,+2,reacted",
            ])
    }

    /// In a child process (`storeDeferralScenario`): a store that ran the deferred batch while
    /// still notifying would stop on its internal precondition, and take this process with it.
    @Test(.timeLimit(.minutes(3))) func aBatchOpenedInNewStateRunsAsOneBatchAfterTheNotification() throws {
        #expect(
            try storeDeferralScenario("batch-then-one") == [
                "middleware ReSwiftInit", "first 0", "second 0", "dispatch",
                "middleware Increment", "first 1", "second 1",
                // The batch opened by the first subscriber at 1: both actions pass the middleware,
                // then one notification.
                "middleware Echo a", "middleware Echo b", "first 1 a,b", "second 1 a,b",
                // The action dispatched after the batch: its own notification.
                "middleware Echo after", "first 1 a,b,after", "second 1 a,b,after",
                "returned 1 a,b,after",
            ])
    }

    @Test func selectionSubscribersSkipABatchWhoseSelectionEndsWhereItStarted() {
        let store = Store(reducer: reduceCounter, state: Counter())
        let totals = Journal()
        let subscription = store.subscribe(transform: { $0.select(\.total) }) { total in
            totals.entries.append("\(total)")
        }
        store.batch {
            store.dispatch(Add(amount: 5))
            store.dispatch(Add(amount: -5))
        }
        store.batch { store.dispatch(Add(amount: 2)) }
        #expect(totals.entries == ["0", "2"])
        subscription.cancel()
    }
}
