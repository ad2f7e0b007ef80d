@_spi(ReSwiftInternal) import ReSwift
import Testing

@testable import ReSwiftThunk

/// A listener's wait and the test clock: a run waiting for a state is idle for the clock only
/// once its wait is in place.
@Suite(.timeLimit(.minutes(1))) struct ListenerWaitClockTests {
    /// The run asks its condition twice before it waits: once before registering the wait and
    /// once after, for a state that changed in between. It must still count as running the
    /// second time. Counted as idle there, a `settle()` returned while the run was still asking,
    /// and the Effects guide's program ran on as if the run waited: a later run then waited
    /// for a state that had come and gone, and stayed in flight.
    @Test func aRunWaitingForAStateCountsAsRunningUntilItsWaitIsInPlace() async {
        let clock = TestClock()
        let listeners = ListenerMiddleware<CounterState>(clock: clock)
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [listeners.middleware])
        let runningWhenAsked = Locked<[Int]>([])
        listeners.startListening(for: Increment.self, policy: .first) { _, listener in
            try await listener.condition { state in
                runningWhenAsked.withLock { $0.append(clock.runningCount) }
                return state.count >= 2
            }
        }
        store.dispatch(Increment())
        await clock.settle()
        #expect(runningWhenAsked.withLock { $0 } == [1, 1], "asked by the running run, twice")
        #expect(listeners.statistics.waiting == 1)

        store.dispatch(Increment())
        await clock.settle()
        #expect(listeners.statistics.activeRuns == 0)
    }
}
