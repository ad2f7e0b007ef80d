import ReSwift

extension QueryEndpoint {
    /// The endpoint's reducer: applies its ``QueryAction``s to its slice, in place. Each action
    /// changes one entry, so reducing costs the same whatever the number of entries.
    ///
    /// ```swift
    /// let reducer: MutatingReducer<AppState> = combineReducers(.slice(\.albums, albums.reduce))
    /// ```
    ///
    /// An answer or failure for an entry that isn't fetching (removed, cancelled) changes nothing.
    ///
    /// - Parameters:
    ///   - action: Any action; those of other endpoints and other types change nothing.
    ///   - state: The endpoint's slice.
    public func reduce(_ action: Action, _ state: inout QueryState<Argument, Value>) {
        guard let action = action as? QueryAction<Argument, Value>, action.endpoint == name else { return }
        state.apply(action.event, to: action.argument)
    }
}

extension QueryState {
    /// Applies one event to the entry of `argument`, in place.
    mutating func apply(_ event: QueryAction<Argument, Value>.Event, to argument: Argument) {
        switch event {
        case .want:
            entries[argument, default: QueryEntry()].wantedBy += 1
        case .unwant:
            guard let wantedBy = entries[argument]?.wantedBy else { return }
            entries[argument]?.wantedBy = max(0, wantedBy - 1)
        case .refetch, .cancel:
            break
        case .started:
            let hasValue = entries[argument]?.value != nil
            entries[argument, default: QueryEntry()].status = hasValue ? .refreshing : .loading
        case .loaded(let value, let timestamp):
            guard entries[argument]?.isFetching == true else { return }
            entries[argument]?.value = value
            entries[argument]?.status = .loaded
            entries[argument]?.error = nil
            entries[argument]?.fetched = timestamp
            entries[argument]?.isInvalidated = false
        case .failed(let error):
            guard entries[argument]?.isFetching == true else { return }
            entries[argument]?.status = .failed
            entries[argument]?.error = error
        case .retrying(let error, _):
            guard entries[argument]?.isFetching == true else { return }
            entries[argument]?.error = error
        case .cancelled:
            guard let entry = entries[argument], entry.isFetching else { return }
            entries[argument]?.status = entry.value != nil ? .loaded : (entry.error != nil ? .failed : .idle)
        case .invalidated:
            entries[argument]?.isInvalidated = true
        case .removed:
            guard entries[argument]?.wantedBy == 0 else { return }
            entries[argument] = nil
        case .updated(let value):
            entries[argument]?.value = value
        case .rolledBack(let value, let error):
            entries[argument]?.value = value
            entries[argument]?.error = error
        }
    }
}
