import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftDevTools
import ReSwiftThunk
import TestSupport
import Testing

/// The action type and call site of each dispatch a store reports.
private final class OriginLog: StoreInstrumentation {
    let origins = Locked<[(action: String, callSite: CallSite?)]>([])

    func storeDidDispatch(_ measurement: DispatchMeasurement) {
        origins.withLock { $0.append((measurement.actionTypeName, measurement.origin.callSite)) }
    }
}

/// A helper a thunk's body hands its `dispatch` to.
private func addLabels(_ labels: [String], dispatch: AsyncThunkDispatch) -> [UInt] {
    var lines: [UInt] = []
    for label in labels {
        lines.append(#line + 1)
        dispatch(AddLabel(label: label))
    }
    return lines
}

/// The line of `labelThunk(_:)`'s dispatch.
private let labelThunkLine: UInt = #line + 5

/// A thunk made the usual way, by a function, with a one-expression body.
private func labelThunk(_ label: String) -> AsyncThunk<CounterState, Void> {
    AsyncThunk { dispatch, _ in
        dispatch(AddLabel(label: label))
    }
}

/// A helper written before call sites, taking `dispatch` as a function.
private func incrementTwice(dispatch: @Sendable (Action) -> Void) {
    dispatch(Increment())
    dispatch(Increment())
}

@Suite(.timeLimit(.minutes(3))) struct AsyncThunkCallSiteTests {
    @Test func eachDispatchInTheBodyCarriesTheLineOfThatCall() async throws {
        let log = CallSiteLog<CounterState>()
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware])
        let lines = try await store.dispatch(
            AsyncThunk<CounterState, [UInt]> { dispatch, _ in
                let first: UInt = #line + 1
                dispatch(Increment())
                await Task.yield()
                let second: UInt = #line + 1
                dispatch(AddLabel(label: "a"))
                return [first, second]
            })
        #expect(log.callSites == lines.map { CallSite(line: $0) })
        #expect(store.state == CounterState(count: 1, labels: ["a"]))
    }

    @Test func theStoresInstrumentationReceivesTheBodysCallSite() async throws {
        let instrumentation = OriginLog()
        let store = makeCounterStore()
        store.instrumentation = instrumentation
        let line = try await store.dispatch(
            AsyncThunk<CounterState, UInt> { dispatch, _ in
                dispatch(Increment())
                return #line - 1
            })
        let origins = instrumentation.origins.withLock { $0 }
        #expect(origins.filter { $0.action == "Increment" }.map(\.callSite) == [CallSite(line: line)])
        // The thunk itself was dispatched by `store.dispatch(_:) async`, without a call site.
        #expect(origins.filter { $0.action.hasPrefix("AsyncThunk<") }.map(\.callSite) == [nil])
    }

    @Test func aOneExpressionBodyMadeByAFunctionRecordsItsLine() async throws {
        let log = CallSiteLog<CounterState>()
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware])
        try await store.dispatch(labelThunk("a"))
        #expect(log.callSites == [CallSite(line: labelThunkLine)])
    }

    @Test func aHelperTakingTheThunkDispatchRecordsItsOwnLines() async throws {
        let log = CallSiteLog<CounterState>()
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware])
        let lines = try await store.dispatch(
            AsyncThunk<CounterState, [UInt]> { dispatch, _ in
                addLabels(["a", "b"], dispatch: dispatch)
            })
        #expect(lines.count == 2)
        #expect(log.callSites == lines.map { CallSite(line: $0) })
        #expect(store.state.labels == ["a", "b"])
    }

    @Test func aBodyThatPassesDispatchAsAFunctionStillCompilesAndRuns() async throws {
        let log = CallSiteLog<CounterState>()
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware])
        try await store.dispatch(
            AsyncThunk<CounterState, Void> { dispatch, _ in
                incrementTwice(dispatch: dispatch)
            })
        #expect(store.state.count == 2)
        // That body gets a plain function: nothing to take a line from.
        #expect(log.callSites == [nil, nil])
    }

    @Test func theCallSiteGoesOnlyWithTheActionDispatchedAtThatLine() async throws {
        let log = CallSiteLog<CounterState>()
        // A middleware that answers each AddLabel with an Increment of its own.
        let followUp: Middleware<CounterState> = { dispatch, _ in
            { next in
                { action in
                    next(action)
                    if action is AddLabel { dispatch(Increment()) }
                }
            }
        }
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware, followUp])
        let line = try await store.dispatch(
            AsyncThunk<CounterState, UInt> { dispatch, _ in
                dispatch(AddLabel(label: "a"))
                return #line - 1
            })
        #expect(log.actions == ["AddLabel", "Increment"])
        #expect(log.callSites == [CallSite(line: line), nil])
    }

    @Test func aMockDispatchReceivesTheActionsWithoutAStore() async throws {
        let received = Locked<[String]>([])
        let dispatch = AsyncThunkDispatch { action in received.withLock { $0.append("\(type(of: action))") } }
        _ = addLabels(["x"], dispatch: dispatch)
        dispatch(Increment())
        #expect(received.withLock { $0 } == ["AddLabel", "Increment"])
    }
}

/// A helper written for ReSwift-Thunk: it takes `dispatch` as a `DispatchFunction`.
private func incrementOnce(dispatch: DispatchFunction) {
    dispatch(Increment())
}

@Suite(.timeLimit(.minutes(3))) struct ThunkCallSiteTests {
    @Test func eachDispatchInTheBodyCarriesTheLineOfThatCall() {
        let log = CallSiteLog<CounterState>()
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware])
        var lines: [UInt] = []
        store.dispatch(
            Thunk<CounterState> { dispatch, getState in
                lines.append(#line + 1)
                dispatch(Increment())
                lines.append(#line + 1)
                dispatch(AddLabel(label: "\(getState()?.count ?? 0)"))
            })
        #expect(lines.count == 2)
        #expect(log.callSites == lines.map { CallSite(line: $0) })
        #expect(store.state == CounterState(count: 1, labels: ["1"]))
    }

    @Test func aDispatchFromAnotherThreadCarriesItsLineToo() async {
        let log = CallSiteLog<CounterState>()
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware])
        let line = Locked<UInt>(0)
        let done = OneShotSignal()
        store.dispatch(
            Thunk<CounterState> { dispatch, _ in
                Thread.detachNewThread {
                    line.withLock { $0 = #line + 1 }
                    dispatch(Increment())
                    done.fire()
                }
            })
        await done.wait(for: "the other thread's dispatch")
        #expect(log.callSites == [CallSite(line: line.withLock { $0 })])
    }

    @Test func aBodyThatPassesDispatchAsADispatchFunctionStillCompilesAndRuns() {
        let log = CallSiteLog<CounterState>()
        let store = makeCounterStore(middleware: [createThunkMiddleware(), log.middleware])
        store.dispatch(Thunk<CounterState> { dispatch, _ in incrementOnce(dispatch: dispatch) })
        #expect(store.state.count == 1)
        #expect(log.callSites == [nil])
    }
}
