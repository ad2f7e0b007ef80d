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
        // The type first: every action of the app comes this way, and a comparison costs far less
        // than a failed cast to a generic type.
        guard ObjectIdentifier(type(of: action)) == ObjectIdentifier(QueryAction<Argument, Value>.self),
            let action = action as? QueryAction<Argument, Value>, action.endpoint == name
        else { return }
        state.apply(action.event, to: action.argument) { [policy, isComplete] value in
            policy.pollEvery != nil && !isComplete(value)
        }
    }
}

extension QueryState {
    /// Applies one event to the entry of `argument`, in place: one lookup of the entry (two to
    /// remove it), whatever the number of entries. `polls` tells whether an answer is polled again.
    mutating func apply(
        _ event: QueryAction<Argument, Value>.Event, to argument: Argument,
        polls: (Value) -> Bool = { _ in false }
    ) {
        switch event {
        case .want:
            entries[argument, default: QueryEntry()].wantedBy += 1
        case .started:
            entries[argument, default: QueryEntry()].start()
        case .removed:
            guard entries[argument]?.wantedBy == 0 else { return }
            entries[argument] = nil
        case .restart:
            entries[argument]?.value = nil
            entries[argument]?.error = nil
            entries[argument]?.fetched = nil
        case .refetch, .cancel:
            break
        default:
            entries[argument]?.apply(event, polls: polls)
        }
    }
}

extension QueryEntry {
    /// A fetch started: loading, or refreshing when there is an answer to show meanwhile.
    mutating func start() {
        status = value != nil ? .refreshing : .loading
    }

    /// Applies an event that changes an existing entry. An answer or a failure for an entry
    /// that isn't fetching (cancelled meanwhile) changes nothing; `polls` tells whether an answer
    /// is polled again.
    mutating func apply<Argument>(_ event: QueryAction<Argument, Value>.Event, polls: (Value) -> Bool) {
        switch event {
        case .unwant:
            wantedBy = max(0, wantedBy - 1)
        case .loaded(let value, let timestamp):
            guard isFetching else { return }
            self.value = value
            status = .loaded
            error = nil
            fetched = timestamp
            isInvalidated = false
            isPolling = polls(value)
        case .failed(let error):
            guard isFetching else { return }
            status = .failed
            self.error = error
            isPolling = false
        case .retrying(let error, _):
            guard isFetching else { return }
            self.error = error
        case .cancelled:
            guard !isSettled else { return }
            if isFetching { status = value != nil ? .loaded : (error != nil ? .failed : .idle) }
            isPolling = false
        case .invalidated:
            isInvalidated = true
        case .updated(let value):
            self.value = value
        case .rolledBack(let value, let error):
            self.value = value
            self.error = error
        case .want, .started, .removed, .refetch, .restart, .cancel:
            break
        }
    }
}
