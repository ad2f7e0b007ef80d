import ReSwift
import ReSwiftThunk
import Testing

private struct LoadFailed: Error, Equatable {}

/// Dispatches from synchronous code: the plain `Action` overload, fire and forget.
private func startFromSynchronousCode(_ thunk: AsyncThunk<CounterState, Int>, on store: Store<CounterState>) {
    store.dispatch(thunk)
}

@Suite struct AsyncThunkTests {
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
        let reported = TestLocked<[String]>([])
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
        let started = Signal()
        let bodySawCancellation = Signal()
        let awaiting = Task {
            try await store.dispatch(
                AsyncThunk<CounterState, Int> { _, _ in
                    started.fire()
                    do {
                        try await Task.sleep(nanoseconds: 60_000_000_000)
                    } catch {
                        bodySawCancellation.fire()
                        throw error
                    }
                    return 1
                })
        }
        await started.wait()
        awaiting.cancel()
        await bodySawCancellation.wait()
        await #expect(throws: CancellationError.self) { try await awaiting.value }
    }

    @Test func alreadyCancelledTaskDoesNotStartTheThunk() async {
        let store = makeCounterStore()
        let ran = TestLocked(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.dispatch(
                AsyncThunk<CounterState, Void> { _, _ in ran.withLock { $0 = true } })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ran.withLock { $0 } == false)
    }

    @Test func synchronousDispatchStartsTheThunkAndReturnsAtOnce() async {
        let store = makeCounterStore()
        let release = Signal()
        let finished = Signal()
        let thunk = AsyncThunk<CounterState, Int> { dispatch, _ in
            await release.wait()
            dispatch(Increment())
            finished.fire()
            return 1
        }
        startFromSynchronousCode(thunk, on: store)
        // Returned while the body is still waiting.
        #expect(store.state.count == 0)
        release.fire()
        await finished.wait()
        #expect(store.state.count == 1)
    }

    @Test func explicitActionOverloadFiresAndForgetsInAsyncCode() async {
        let store = makeCounterStore()
        let finished = Signal()
        // `as Action` picks the synchronous overload: no `await`, no value.
        store.dispatch(AsyncThunk<CounterState, Void> { _, _ in finished.fire() } as Action)
        await finished.wait()
    }

    @Test func fireAndForgetErrorsGoToTheMiddlewaresHandler() async {
        let reported = TestLocked<[UnhandledThunkError]>([])
        let delivered = Signal()
        let store = makeCounterStore(middleware: [
            createThunkMiddleware { failure in
                reported.withLock { $0.append(failure) }
                delivered.fire()
            }
        ])
        let line: UInt = #line + 1
        let thunk = AsyncThunk<CounterState, Int> { _, _ in throw LoadFailed() }
        startFromSynchronousCode(thunk, on: store)
        await delivered.wait()
        let failures = reported.withLock { $0 }
        #expect(failures.count == 1)
        #expect(failures.first?.error as? LoadFailed == LoadFailed())
        #expect(failures.first?.line == line)
        #expect(failures.first?.fileID == #fileID)
        #expect(failures.first?.thunkType == "AsyncThunk<CounterState, Int>")
        #expect(failures.first?.description.contains("try await store.dispatch(thunk)") == true)
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
        weak let weakStore = store
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
        #expect(weakStore == nil)
        #expect(weakPayload == nil)
    }

    @Test func runningThunkDoesNotKeepTheStoreAlive() async {
        var store: Store<CounterState>? = makeCounterStore()
        weak let weakStore = store
        let release = Signal()
        let finished = Signal()
        let stateAfterRelease = TestLocked<CounterState??>(nil)
        startFromSynchronousCode(
            AsyncThunk<CounterState, Int> { dispatch, getState in
                await release.wait()
                dispatch(Increment())
                stateAfterRelease.withLock { $0 = .some(getState()) }
                finished.fire()
                return 0
            },
            on: store!)
        store = nil
        #expect(weakStore == nil)
        release.fire()
        await finished.wait()
        #expect(stateAfterRelease.withLock { $0 } == .some(nil))
    }
}
