@_spi(ReSwiftInternal) import ReSwift
import ReSwiftThunk
import TestSupport
import Testing

private struct LoadFailed: Error, Equatable {}

/// Dispatches from synchronous code: the plain `Action` overload, fire and forget.
private func startFromSynchronousCode(_ thunk: AsyncThunk<CounterState, Int>, on store: Store<CounterState>) {
    store.dispatch(thunk)
}

@Suite(.timeLimit(.minutes(3))) struct AsyncThunkTests {
    @Test func awaitingDispatchReturnsTheBodysValue() async throws {
        let store = makeCounterStore()
        let thunk = AsyncThunk<CounterState, String> { _, _ in "done" }
        let value: String = try await store.dispatch(thunk)
        #expect(value == "done")
    }

    @Test func bodySeesCurrentStateAndItsDispatchesAreReducedAtOnce() async throws {
        let store = makeCounterStore()
        store.dispatch(Increment())
        let seen = try await store.dispatch(
            AsyncThunk<CounterState, [Int?]> { dispatch, getState in
                var seen = [getState()?.count]
                dispatch(Increment())
                seen.append(getState()?.count)
                await Task.yield()
                dispatch(Increment())
                seen.append(getState()?.count)
                return seen
            })
        #expect(seen == [1, 2, 3])
        #expect(store.state.count == 3)
    }

    @Test func thunksChainOnReturnedValues() async throws {
        let store = makeCounterStore()
        let load = AsyncThunk<CounterState, [String]> { _, _ in ["a", "b"] }
        let labels = try await store.dispatch(load)
        for label in labels {
            try await store.dispatch(
                AsyncThunk<CounterState, Void> { dispatch, _ in dispatch(AddLabel(label: label)) })
        }
        #expect(store.state.labels == ["a", "b"])
    }

    @Test func awaitingDispatchRethrowsTheBodysError() async {
        let reported = Locked<[String]>([])
        let store = makeCounterStore(middleware: [
            createThunkMiddleware { failure in reported.withLock { $0.append("\(failure)") } }
        ])
        await #expect(throws: LoadFailed.self) {
            try await store.dispatch(AsyncThunk<CounterState, Int> { _, _ in throw LoadFailed() })
        }
        // An awaited thunk's error goes to its awaiter only.
        #expect(reported.withLock { $0 }.isEmpty)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheBody() async throws {
        let store = makeCounterStore()
        let started = OneShotSignal()
        let bodySawCancellation = OneShotSignal()
        let awaiting = Task {
            try await store.dispatch(
                AsyncThunk<CounterState, Int> { _, _ in
                    started.fire()
                    do {
                        // Only cancellation ends this wait in time; the deadline ends it with the test.
                        try await withDeadline("the test to cancel the thunk") {
                            try await Task.sleep(nanoseconds: 60_000_000_000)
                        }
                    } catch is CancellationError {
                        bodySawCancellation.fire()
                        throw CancellationError()
                    }
                    return 1
                })
        }
        await started.wait(for: "the thunk to start")
        awaiting.cancel()
        await bodySawCancellation.wait(for: "the thunk body to see the cancellation")
        await #expect(throws: CancellationError.self) {
            try await awaiting.value(waitingFor: "the cancelled dispatch to throw")
        }
    }

    @Test func alreadyCancelledTaskDoesNotStartTheThunk() async {
        let store = makeCounterStore()
        let ran = Locked(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.dispatch(
                AsyncThunk<CounterState, Void> { _, _ in ran.withLock { $0 = true } })
        }
        await #expect(throws: CancellationError.self) {
            try await task.value(waitingFor: "the cancelled dispatch")
        }
        #expect(ran.withLock { $0 } == false)
    }

    @Test func synchronousDispatchStartsTheThunkAndReturnsAtOnce() async {
        let store = makeCounterStore()
        let release = OneShotSignal()
        let finished = OneShotSignal()
        let thunk = AsyncThunk<CounterState, Int> { dispatch, _ in
            await release.wait(for: "the test to release the thunk")
            dispatch(Increment())
            finished.fire()
            return 1
        }
        startFromSynchronousCode(thunk, on: store)
        // Returned while the body is still waiting.
        #expect(store.state.count == 0)
        release.fire()
        await finished.wait(for: "the thunk to finish")
        #expect(store.state.count == 1)
    }

    @Test func explicitActionOverloadFiresAndForgetsInAsyncCode() async {
        let store = makeCounterStore()
        let finished = OneShotSignal()
        // `as Action` picks the synchronous overload: no `await`, no value.
        store.dispatch(AsyncThunk<CounterState, Void> { _, _ in finished.fire() } as Action)
        await finished.wait(for: "the thunk to finish")
    }

    @Test func aSynchronousClosureInAsyncCodeFiresAndForgets() async {
        let store = makeCounterStore()
        let finished = OneShotSignal()
        let thunk = AsyncThunk<CounterState, Int> { dispatch, _ in
            dispatch(Increment())
            finished.fire()
            return 1
        }
        // Like a button action: not `async`, so the plain `Action` overload runs.
        let onTap: () -> Void = { store.dispatch(thunk) }
        onTap()
        await finished.wait(for: "the thunk to finish")
        #expect(store.state.count == 1)
    }

    @Test func fireAndForgetErrorsGoToTheMiddlewaresHandler() async {
        let reported = Locked<[UnhandledThunkError]>([])
        let delivered = OneShotSignal()
        let store = makeCounterStore(middleware: [
            createThunkMiddleware { failure in
                reported.withLock { $0.append(failure) }
                delivered.fire()
            }
        ])
        let line: UInt = #line + 1
        let thunk = AsyncThunk<CounterState, Int> { _, _ in throw LoadFailed() }
        startFromSynchronousCode(thunk, on: store)
        await delivered.wait(for: "the error to be delivered")
        let failures = reported.withLock { $0 }
        #expect(failures.count == 1)
        #expect(failures.first?.error as? LoadFailed == LoadFailed())
        #expect(failures.first?.line == line)
        #expect(failures.first?.fileID == #fileID)
        #expect(failures.first?.thunkType == "AsyncThunk<CounterState, Int>")
        #expect(failures.first?.description.contains("try await store.dispatch(thunk)") == true)
    }

    @Test func fireAndForgetErrorsGoToTheProcessWideHookByDefault() async {
        // The hook is process-wide: only this file's failures count, and the previous hook
        // keeps receiving everyone else's.
        let previous = ThunkHooks.errorHandler
        let delivered = OneShotSignal()
        let reported = Locked<[UnhandledThunkError]>([])
        ThunkHooks.errorHandler = { failure in
            guard failure.fileID == #fileID else { return previous(failure) }
            reported.withLock { $0.append(failure) }
            delivered.fire()
        }
        defer { ThunkHooks.errorHandler = previous }
        let store = makeCounterStore()
        startFromSynchronousCode(AsyncThunk { _, _ in throw LoadFailed() }, on: store)
        await delivered.wait(for: "the error to be delivered")
        #expect(reported.withLock { $0.count } == 1)
    }

    @Test func withoutThunkMiddlewareAwaitingDispatchThrowsAHelpfulError() async {
        let store = makeCounterStore(middleware: [])
        do {
            try await store.dispatch(AsyncThunk<CounterState, Void> { _, _ in })
            Issue.record("dispatch should have thrown")
        } catch let error as AsyncThunkError {
            #expect("\(error)".contains("Add createThunkMiddleware()"))
            #expect("\(error)".contains("AsyncThunk<CounterState, ()>"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func storeAndFinishedThunkAreReleased() async throws {
        final class Payload: Sendable {}
        var store: Store<CounterState>? = makeCounterStore()
        let weakStore = WeakReference(store)
        weak var weakPayload: Payload?
        do {
            let payload = Payload()
            weakPayload = payload
            let value = try await store!.dispatch(
                AsyncThunk<CounterState, Int> { dispatch, _ in
                    _ = payload
                    dispatch(Increment())
                    return 2
                })
            #expect(value == 2)
        }
        store = nil
        #expect(weakStore.object == nil)
        #expect(weakPayload == nil)
    }

    @Test func runningThunkDoesNotKeepTheStoreAlive() async {
        var store: Store<CounterState>? = makeCounterStore()
        let weakStore = WeakReference(store)
        let release = OneShotSignal()
        let finished = OneShotSignal()
        let stateAfterRelease = Locked<CounterState??>(nil)
        startFromSynchronousCode(
            AsyncThunk<CounterState, Int> { dispatch, getState in
                await release.wait(for: "the test to release the thunk")
                dispatch(Increment())
                stateAfterRelease.withLock { $0 = .some(getState()) }
                finished.fire()
                return 0
            },
            on: store!)
        store = nil
        #expect(weakStore.object == nil)
        release.fire()
        await finished.wait(for: "the thunk to finish")
        #expect(stateAfterRelease.withLock { $0 } == .some(nil))
    }
}
