/// A type to which actions can be dispatched.
public protocol DispatchingStoreType {
    /// Dispatches an action: it goes through the middleware to the reducer, and subscribers are
    /// notified of the resulting state before this method returns.
    ///
    /// - Parameter action: The action to dispatch.
    func dispatch(_ action: Action)
}

/// The interface of a store: it holds the application state, reduces dispatched actions into new
/// states, and notifies its subscribers. ``Store`` is the implementation.
public protocol StoreType: DispatchingStoreType {
    /// The type of the state the store holds.
    associatedtype State

    /// A function that may compute an action from the state. Deprecated: use a thunk.
    associatedtype ActionCreator = (_ state: State, _ store: any StoreType) -> Action?

    /// A function that computes an action creator asynchronously. Deprecated: use a thunk.
    associatedtype AsyncActionCreator =
        (_ state: State, _ store: any StoreType, _ actionCreatorCallback: (ActionCreator) -> Void) -> Void

    /// A callback run with the state after an async action creator's action was reduced.
    associatedtype DispatchCallback = (State) -> Void

    /// The current state.
    var state: State! { get }

    /// The function that `dispatch` calls: the middleware chain ending in the reducer.
    var dispatchFunction: DispatchFunction! { get }

    /// Subscribes an object to the whole state.
    func subscribe<S: StoreSubscriber>(_ subscriber: S) where S.StoreSubscriberStateType == State

    /// Subscribes an object to a transformed subscription (a selection, with skipped repeats).
    func subscribe<SelectedState, S: StoreSubscriber>(
        _ subscriber: S,
        transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState

    /// Subscribes an object to a transformed subscription of an `Equatable` selection, skipping
    /// repeated values when the store skips repeats automatically.
    func subscribe<SelectedState: Equatable, S: StoreSubscriber>(
        _ subscriber: S,
        transform: ((Subscription<State>) -> Subscription<SelectedState>)?
    ) where S.StoreSubscriberStateType == SelectedState

    /// Removes a subscriber; it receives no further states.
    func unsubscribe(_ subscriber: AnyStoreSubscriber)

    /// Dispatches the action an action creator returns, if any.
    func dispatch(_ actionCreator: ActionCreator)

    /// Runs an async action creator.
    func dispatch(_ asyncActionCreator: AsyncActionCreator)

    /// Runs an async action creator and calls `callback` after its action was reduced.
    func dispatch(_ asyncActionCreator: AsyncActionCreator, callback: DispatchCallback?)
}
