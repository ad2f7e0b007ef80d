import TestSupport
import Testing

/// Subscribers that dispatch from `newState`: the dispatch waits until every subscriber saw the
/// current state, and runs before the outer dispatch returns.
///
/// Each scenario runs in a child process (`storeDeferralScenario`, Tests/Fixtures/StoreDeferral)
/// with a deadline: a store that processes a deferred action while still notifying stops on its
/// internal precondition, which here fails the test with the child's status and what it said,
/// instead of ending the test process (and every test in it) or stalling it while the crash
/// report is written.
@Suite(.timeLimit(.minutes(3))) struct NestedDispatchTests {
    @Test func deferredDispatchesRunAfterEverySubscriberSawTheStateAndBeforeTheDispatchReturns() throws {
        #expect(
            try storeDeferralScenario("deferral-and-batch") == [
                "middleware ReSwiftInit", "first 0", "second 0", "dispatch",
                "middleware Increment", "first 1", "second 1",
                // The first subscriber's dispatch at 1 waited for the second to see 1, and went
                // through the middleware.
                "middleware Increment", "first 2", "second 2",
                // A batch dispatched from newState runs as one batch: one notification.
                "middleware Batched", "middleware Batched", "first 4", "second 4",
                "returned 4",
            ])
    }

    @Test func noSubscriberSeesAnOlderStateAfterANewerOne() throws {
        let lines = try storeDeferralScenario("many-subscribers")
        let final = try #require(lines.last?.split(separator: " ").last.flatMap { Int($0) })
        #expect(final >= 6)
        let seen = lines.dropLast()
        #expect(seen.count == 5)
        for line in seen {
            let values = line.split(separator: " ").dropFirst(3).compactMap { Int($0) }
            #expect(values == values.sorted(), "a subscriber saw states out of order: \(line)")
            #expect(values.last == final, "a subscriber didn't see the last state, \(final): \(line)")
        }
    }

    @Test func deferredActionsGoThroughMiddleware() throws {
        #expect(
            try storeDeferralScenario("through-middleware") == [
                "middleware ReSwiftInit", "middleware Increment", "middleware SetName",
                "names counter counter one", "returned one",
            ])
    }

    @Test func anActionSentThroughTheDispatchFunctionFromNewStateReachesMiddlewareOnce() throws {
        #expect(
            try storeDeferralScenario("dispatch-function") == [
                "middleware ReSwiftInit", "middleware Increment", "middleware SetName",
                "names counter counter one", "returned one",
            ])
    }

    @Test func deferredDispatchesAreProcessedBeforeTheOuterDispatchReturns() throws {
        #expect(try storeDeferralScenario("up-to-ten") == ["returned 10", "saw 0 1 2 3 4 5 6 7 8 9 10"])
    }

    @Test func anUnknownScenarioIsRefusedWithTheNames() throws {
        let run = try runProduct("store-deferral-fixture", arguments: ["nope"], timeout: 30)
        #expect(run.status == 2)
        #expect(run.standardError.contains("no scenario 'nope'"), "\(run.standardError)")
    }
}
