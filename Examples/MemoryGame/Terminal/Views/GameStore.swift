import MemoryGameModel
import ReSwift
import ReSwiftDevTools

/// The app's store as the screens and the intent dispatcher use it: the app's state, dispatch,
/// and subscriptions to a slice of it.
///
/// The game runs on a store of `AppState` or, when it is inspected (`RESWIFT_INSPECT=1`), on
/// one whose reducer is wrapped in time travel, of `TimeTravelState<AppState>`; through this the
/// views see `AppState` either way (the state the history shows now), so they are the same
/// code for both.
public final class GameStore: Sendable {
    private let focus: any GameStoreFocus

    /// The store itself.
    public init(_ store: Store<AppState>) {
        focus = Focus(store: store, part: \.self)
    }

    /// A store that travels in time: the views show the state the history is at.
    public init(travelling store: Store<TimeTravelState<AppState>>) {
        focus = Focus(store: store, part: \.current)
    }

    /// The app's state now.
    public var state: AppState { focus.state }

    /// Dispatches `action` (a thunk too) with the call site that sent it.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - file: The dispatching file.
    ///   - line: The dispatching line.
    public func dispatch(_ action: Action, file: StaticString, line: UInt) {
        focus.dispatch(action, file: file, line: line)
    }

    /// Calls `onNewState` with the slice `select` picks of the current state, then of each new
    /// state whose slice differs.
    ///
    /// - Returns: The token that keeps the subscription alive.
    public func subscribe<Selected: Equatable>(
        select: @escaping (AppState) -> Selected, _ onNewState: @escaping (Selected) -> Void
    ) -> SubscriptionToken {
        focus.subscribe(select: select, onNewState)
    }
}

/// A store whose state holds the app's state at `part`.
private protocol GameStoreFocus: Sendable {
    var state: AppState { get }
    func dispatch(_ action: Action, file: StaticString, line: UInt)
    func subscribe<Selected: Equatable>(
        select: @escaping (AppState) -> Selected, _ onNewState: @escaping (Selected) -> Void
    ) -> SubscriptionToken
}

// @unchecked Sendable: a `Store` may be used from any thread (the store's contract), and a key
// path is an immutable value.
private final class Focus<Root>: GameStoreFocus, @unchecked Sendable {
    let store: Store<Root>
    let part: KeyPath<Root, AppState>

    init(store: Store<Root>, part: KeyPath<Root, AppState>) {
        self.store = store
        self.part = part
    }

    var state: AppState { store.state[keyPath: part] }

    func dispatch(_ action: Action, file: StaticString, line: UInt) {
        store.dispatch(action, file: file, line: line)
    }

    func subscribe<Selected: Equatable>(
        select: @escaping (AppState) -> Selected, _ onNewState: @escaping (Selected) -> Void
    ) -> SubscriptionToken {
        let part = self.part
        return store.subscribe(transform: { $0.select { select($0[keyPath: part]) } }, onNewState)
    }
}
