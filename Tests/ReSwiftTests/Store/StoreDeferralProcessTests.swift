import TestSupport
import Testing

/// Subscribers that dispatch from `newState`, run in a child process (`store-deferral-fixture`)
/// with a deadline: a store that processes a deferred action while still notifying stops on its
/// internal precondition, which here fails this test with the child's status instead of ending
/// the test process (and every test in it), or stalling it while the crash report is written.
@Suite(.timeLimit(.minutes(1))) struct StoreDeferralProcessTests {
    @Test func deferredDispatchesRunAfterEverySubscriberSawTheStateAndBeforeTheDispatchReturns() throws {
        let run = try runProduct(
            "store-deferral-fixture", environment: ["SWIFT_BACKTRACE": "enable=no"], timeout: 30)
        #expect(run.status == 0, "the store stopped: \(run.standardError)")
        #expect(
            run.standardOutput.split(separator: "\n") == [
                "middleware ReSwiftInit", "first 0", "second 0", "dispatch",
                "middleware Increment", "first 1", "second 1",
                "middleware Increment", "first 2", "second 2",
                "middleware Batched", "middleware Batched", "first 4", "second 4",
                "returned 4", "done",
            ])
    }
}
