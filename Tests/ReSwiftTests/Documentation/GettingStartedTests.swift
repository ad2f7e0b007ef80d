import ReSwift
import Testing

// The code of Sources/ReSwift/ReSwift.docc/Articles/GettingStarted.md, run as written.
// Keep the two in step: a change to the article's code belongs here too.

struct CounterState: Equatable {
    var count = 0
    var history: [String] = []
}

struct IncrementAction: Action {}
struct DecrementAction: Action {}
struct ResetAction: Action { let reason: String }

func counterReducer(action: Action, state: CounterState?) -> CounterState {
    var state = state ?? CounterState()
    switch action {
    case is IncrementAction:
        state.count += 1
    case is DecrementAction:
        state.count -= 1
    case let reset as ResetAction:
        state.count = 0
        state.history.append(reset.reason)
    default:
        break
    }
    return state
}

final class CountLabel: StoreSubscriber {
    private(set) var text = ""

    func newState(state: Int) {
        text = "Count: \(state)"
    }
}

struct MenuState: Equatable { var selected = 0 }
struct AppState: Equatable {
    var menu = MenuState()
    var counter = CounterState()
}
struct SelectMenuItem: Action { let index: Int }

func menuReducer(action: Action, state: MenuState?) -> MenuState {
    var state = state ?? MenuState()
    if let select = action as? SelectMenuItem { state.selected = select.index }
    return state
}

@Suite struct GettingStartedTests {
    @Test func theGuideRunsAsWritten() {
        let store = Store<CounterState>(reducer: counterReducer, state: nil)
        store.dispatch(IncrementAction())
        store.dispatch(IncrementAction())
        #expect(store.state.count == 2)

        let label = CountLabel()
        store.subscribe(label) { $0.select(\.count) }
        store.dispatch(DecrementAction())
        #expect(label.text == "Count: 1")
        store.unsubscribe(label)

        var resets: [String] = []
        let token = store.subscribe(transform: { $0.select(\.history) }) { history in
            resets = history
        }
        store.dispatch(ResetAction(reason: "new game"))
        #expect(resets == ["new game"])
        token.cancel()

        var log: [String] = []
        let logging: Middleware<CounterState> = { dispatch, getState in
            return { next in
                return { action in
                    next(action)
                    log.append("\(type(of: action)) → \(getState()?.count ?? 0)")
                }
            }
        }
        let loggedStore = Store<CounterState>(
            reducer: counterReducer, state: nil, middleware: [logging])
        loggedStore.dispatch(IncrementAction())
        #expect(log == ["ReSwiftInit → 0", "IncrementAction → 1"])

        let appReducer: Reducer<AppState> = combineReducers(
            initialState: AppState(),
            .slice(\.menu, menuReducer),
            .slice(\.counter, counterReducer)
        )
        let appStore = Store<AppState>(reducer: appReducer, state: nil)
        appStore.dispatch(SelectMenuItem(index: 2))
        #expect(appStore.state.menu.selected == 2)
    }
}
