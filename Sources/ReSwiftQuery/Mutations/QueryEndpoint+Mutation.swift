import ReSwift
import ReSwiftThunk

extension QueryEndpoint {
    /// A write whose effect on `argument`'s entry shows at once: `change` is applied to the
    /// entry's value (``QueryAction/Event/updated(_:)``), then `write` runs; if it throws, the
    /// value goes back to what it was (``QueryAction/Event/rolledBack(_:_:)``, with the error)
    /// and the thunk throws the error. After a successful write, the entries of
    /// `invalidating` are invalidated (``InvalidateQueries``).
    ///
    /// ```swift
    /// try await store.dispatch(
    ///     todos.mutation(updating: "home", in: \.todos, change: { $0.append("Milk") }) {
    ///         try await api.add("Milk", to: "home")
    ///     })
    /// ```
    ///
    /// An entry with no value yet isn't changed; the write still runs.
    ///
    /// - Parameters:
    ///   - argument: The entry the write changes.
    ///   - select: Where the endpoint's slice is in the state.
    ///   - invalidating: Tags to invalidate once the write succeeded; none by default.
    ///   - change: The change to show at once.
    ///   - write: The write itself.
    /// - Returns: The async thunk to dispatch.
    public func mutation<State>(
        updating argument: Argument,
        in select: @escaping @Sendable (State) -> QueryState<Argument, Value>,
        invalidating: Set<String> = [],
        change: @escaping @Sendable (inout Value) -> Void,
        write: @escaping @Sendable () async throws -> Void
    ) -> AsyncThunk<State, Void> {
        AsyncThunk { dispatch, getState in
            let before = getState().map(select)?[argument]?.value
            if var changed = before {
                change(&changed)
                dispatch(action(argument, .updated(changed)))
            }
            do {
                try await write()
            } catch {
                if let before {
                    dispatch(action(argument, .rolledBack(before, queryError(error))))
                }
                throw error
            }
            if !invalidating.isEmpty {
                dispatch(InvalidateQueries(tags: invalidating))
            }
        }
    }
}
