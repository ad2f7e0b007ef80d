import ReSwift
import Testing

@Suite struct NestedDispatchTests {
    @Test func dispatchFromNewStateIsDeferredUntilEverySubscriberSawTheState() {
        let store = Store(reducer: countReducer, state: CountState())
        var log: [String] = []
        let first = Recorder<CountState>()
        let second = Recorder<CountState>()
        first.onNewState = { state in
            log.append("first \(state.count)")
            if state.count == 1 { store.dispatch(Increment()) }
        }
        second.onNewState = { state in log.append("second \(state.count)") }
        store.subscribe(first)
        store.subscribe(second)
        log.removeAll()

        store.dispatch(Increment())

        #expect(log == ["first 1", "second 1", "first 2", "second 2"])
        #expect(store.state.count == 2)
    }

    @Test func noSubscriberSeesAnOlderStateAfterANewerOne() {
        let store = Store(reducer: countReducer, state: CountState())
        let recorders = (0..<5).map { _ in Recorder<CountState>() }
        for (index, recorder) in recorders.enumerated() {
            recorder.onNewState = { state in
                // Several subscribers dispatch in reaction to the same states.
                if state.count < 6, index % 2 == 0 { store.dispatch(Increment()) }
            }
            store.subscribe(recorder)
        }
        store.dispatch(Increment())
        for recorder in recorders {
            let counts = recorder.values.map(\.count)
            #expect(counts == counts.sorted(), "a subscriber saw states out of order: \(counts)")
            #expect(counts.last == store.state.count)
        }
    }

    @Test func deferredActionsGoThroughMiddleware() {
        var middlewareSaw: [String] = []
        let logging: Middleware<CountState> = { _, _ in
            { next in
                { action in
                    middlewareSaw.append("\(type(of: action))")
                    next(action)
                }
            }
        }
        let store = Store(reducer: countReducer, state: CountState(), middleware: [logging])
        let recorder = Recorder<CountState>()
        recorder.onNewState = { state in
            if state.count == 1, state.name != "one" { store.dispatch(SetName(name: "one")) }
        }
        store.subscribe(recorder)
        store.dispatch(Increment())
        #expect(middlewareSaw == ["Increment", "SetName"])
        #expect(store.state.name == "one")
    }

    @Test func anActionSentThroughTheDispatchFunctionFromNewStateReachesMiddlewareOnce() {
        var middlewareSaw: [String] = []
        let logging: Middleware<CountState> = { _, _ in
            { next in
                { action in
                    middlewareSaw.append("\(type(of: action))")
                    next(action)
                }
            }
        }
        let store = Store(reducer: countReducer, state: CountState(), middleware: [logging])
        let recorder = Recorder<CountState>()
        recorder.onNewState = { state in
            // The chain itself, as ReSwift code calls it: the action passes the middleware now and
            // reaches the reducer while subscribers are being notified, so it waits there.
            if state.count == 1, state.name != "one" { store.dispatchFunction(SetName(name: "one")) }
        }
        store.subscribe(recorder)
        store.dispatch(Increment())
        #expect(middlewareSaw == ["Increment", "SetName"])
        #expect(store.state.name == "one")
        #expect(recorder.values.map(\.name) == ["counter", "counter", "one"])
    }

    @Test func deferredDispatchesAreProcessedBeforeTheOuterDispatchReturns() {
        let store = Store(reducer: countReducer, state: CountState())
        let recorder = Recorder<CountState>()
        recorder.onNewState = { state in
            if state.count > 0, state.count < 10 { store.dispatch(Increment()) }
        }
        store.subscribe(recorder)
        store.dispatch(Increment())
        #expect(store.state.count == 10)
        #expect(recorder.values.map(\.count) == Array(0...10))
    }
}
