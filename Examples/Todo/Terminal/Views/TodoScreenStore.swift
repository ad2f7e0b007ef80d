import ReSwift
import ReSwiftDevTools
import TodoModel

/// What the interactive list needs of its store: the app's state, a way to dispatch, and a way
/// to be told of each new state.
///
/// The interactive list runs on a store of ``TodoAppState`` or, when the app is inspected
/// (`RESWIFT_INSPECT=1`), on a store whose reducer is wrapped in time travel, of
/// `TimeTravelState<TodoAppState>`; the views see ``TodoAppState`` either way (the state the
/// history shows now), so they are the same code for both.
struct TodoScreenStore {
    /// The app's state now.
    let state: () -> TodoAppState
    /// Dispatches an action with the call site that sent it.
    let dispatch: (_ action: Action, _ file: StaticString, _ line: UInt) -> Void
    /// Calls the closure with the current state, then with each new one, until the token goes.
    let subscribe: (_ onNewState: @escaping (TodoAppState) -> Void) -> SubscriptionToken

    /// The store itself: its dispatches go through `store.dispatchFunction`, so a test that
    /// replaces it sees what the views send.
    init(_ store: Store<TodoAppState>) {
        state = { store.state }
        dispatch = { store.dispatch($0, file: $1, line: $2) }
        subscribe = { store.subscribe($0) }
    }

    /// A store that travels in time: the views show the state the history is at and dispatch to
    /// the store, which reduces their actions from that state.
    init(travelling store: Store<TimeTravelState<TodoAppState>>) {
        state = { store.state.current }
        dispatch = { store.dispatch($0, file: $1, line: $2) }
        subscribe = { onNewState in store.subscribe { onNewState($0.current) } }
    }
}
