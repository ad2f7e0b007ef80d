import ReSwift
import XCTest

// ReSwift 6.1's observable behaviour that third-party code relies on, written as such code is:
// XCTest, Swift 5 mode.

/// What a saga runner does: it keeps the `dispatch` its middleware was handed, in one place
/// shared by every store, "to set values, we require to dispatch any action".
final class SharedDispatch {
    var dispatch: DispatchFunction?
}

func sagaMiddleware(_ shared: SharedDispatch) -> Middleware<AppState> {
    return { dispatch, _ in
        shared.dispatch = dispatch
        return { next in { action in next(action) } }
    }
}

struct Marker: Action {}

/// Counts the `Marker`s it reduces.
final class MarkerCounter {
    var count = 0

    func reducer(action: Action, state: AppState?) -> AppState {
        if action is Marker { count += 1 }
        return appReducer(action: action, state: state)
    }
}

/// Generic code that subscribes a subscriber to a store's whole state without knowing whether the
/// state is `Equatable`: ReSwift 6.1 picks the overload that delivers every state.
func attachGenerically<S>(_ store: Store<S>, _ subscriber: Receiver<S>) {
    store.subscribe(subscriber)
}

struct Page: Equatable {
    var number = 10
}

struct ShowPage: Action { let number: Int }

func pageReducer(action: Action, state: Page?) -> Page {
    var state = state ?? Page()
    if let action = action as? ShowPage { state.number = action.number }
    return state
}

final class DropInTests: XCTestCase {
    // MARK: When a middleware's outer closure runs

    func testTheOuterClosureRunsAtTheFirstDispatchWhenTheStoreIsGivenAState() {
        var log: [String] = []
        let middleware: Middleware<AppState> = { _, _ in
            log.append("factory")
            return { next in { action in next(action) } }
        }
        log.append("before init")
        let store = Store(reducer: appReducer, state: AppState(), middleware: [middleware])
        log.append("after init")
        store.dispatch(Tick())
        log.append("after first dispatch")
        store.dispatch(Tick())
        XCTAssertEqual(log, ["before init", "after init", "factory", "after first dispatch"])
    }

    func testTheOuterClosureRunsDuringInitWhenTheStoreIsGivenNoState() {
        var log: [String] = []
        let middleware: Middleware<AppState> = { _, _ in
            log.append("factory")
            return { next in
                { action in
                    log.append("\(type(of: action))")
                    next(action)
                }
            }
        }
        log.append("before init")
        let store = Store(reducer: appReducer, state: nil, middleware: [middleware])
        log.append("after init")
        store.dispatch(Tick())
        log.append("after first dispatch")
        XCTAssertEqual(
            log, ["before init", "factory", "ReSwiftInit", "after init", "Tick", "after first dispatch"])
    }

    func testReadingTheDispatchFunctionLinksTheMiddlewareOnce() {
        var factories = 0
        let middleware: Middleware<AppState> = { _, _ in
            factories += 1
            return { next in { action in next(action) } }
        }
        let store = Store(reducer: appReducer, state: AppState(), middleware: [middleware])
        XCTAssertEqual(factories, 0)
        _ = store.dispatchFunction
        XCTAssertEqual(factories, 1)
        store.dispatch(Tick())
        store.dispatch(Tick())
        XCTAssertEqual(factories, 1)
        XCTAssertEqual(store.state.counter, 2)
    }

    func testASharedDispatchPointsAtTheStoreThatDispatchedFirst() {
        let shared = SharedDispatch()
        let first = MarkerCounter()
        let second = MarkerCounter()
        let firstStore = Store(
            reducer: first.reducer, state: AppState(), middleware: [sagaMiddleware(shared)])
        let secondStore = Store(
            reducer: second.reducer, state: AppState(), middleware: [sagaMiddleware(shared)])
        firstStore.dispatch(Tick())
        shared.dispatch?(Marker())
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(second.count, 0)
        // The second store's first dispatch hands the runner its own dispatch.
        secondStore.dispatch(Tick())
        shared.dispatch?(Marker())
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(second.count, 1)
    }

    // MARK: Whether a whole-state subscribe(_:) skips repeats

    func testGenericCodeThatSubscribesToAnEquatableStateGetsEveryState() {
        let store = Store(reducer: counterReducer, state: CounterState())
        let generic = Receiver<CounterState>()
        let concrete = Receiver<CounterState>()
        attachGenerically(store, generic)
        store.subscribe(concrete)
        store.dispatch(Relabel(label: ""))  // the same state again
        store.dispatch(Tick())
        store.dispatch(Relabel(label: ""))
        store.dispatch(Tick())
        XCTAssertEqual(generic.received.count, 5)
        XCTAssertEqual(concrete.received.count, 3)
    }

    func testAPageControllerAttachedGenericallySeesTheRepeatedPage() {
        let store = Store(reducer: pageReducer, state: Page())
        let controller = Receiver<Page>()
        attachGenerically(store, controller)
        store.dispatch(ShowPage(number: 11))
        store.dispatch(ShowPage(number: 11))
        store.dispatch(ShowPage(number: 10))
        XCTAssertEqual(controller.received.map { $0.number }, [10, 11, 11, 10])
    }

    // MARK: A nil transform for a subscriber of a slice

    func testANilTransformForASubscriberOfASliceDeliversNothing() {
        let store = Store(reducer: appReducer, state: AppState())
        let receiver = Receiver<Int>()
        store.subscribe(receiver, transform: nil)
        store.dispatch(Tick())
        XCTAssertEqual(receiver.received, [])
    }
}
