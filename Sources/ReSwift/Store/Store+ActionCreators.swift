// The types of ReSwift's action creators, deprecated in favour of thunks (the open methods that
// take them are in Store.swift).

extension Store {
    /// A function that may compute an action from the state. Deprecated: use a thunk.
    public typealias ActionCreator = (_ state: State, _ store: Store) -> Action?

    /// A function that computes an action creator asynchronously. Deprecated: use a thunk.
    public typealias AsyncActionCreator = (
        _ state: State, _ store: Store, _ actionCreatorCallback: @escaping ((ActionCreator) -> Void)
    ) -> Void

    /// A callback run with the state after an async action creator's action was reduced.
    public typealias DispatchCallback = (State) -> Void
}
