@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Observation)
    import Observation

    /// An `Observable` object holding one slice of a store's state, updated only when that slice
    /// changes.
    ///
    /// A SwiftUI view (or anything using `withObservationTracking`) that reads ``value`` is
    /// invalidated only when the slice it reads changes, not on every action the store reduces:
    ///
    /// ```swift
    /// @State private var score = store.observe(\.game.score)
    ///
    /// var body: some View {
    ///     Text("Score: \(score.value)")
    /// }
    /// ```
    ///
    /// The object subscribes to the store when it is created and unsubscribes when it is
    /// deallocated; it doesn't keep the store alive (once the store is gone, ``value`` keeps the
    /// last slice). It is updated on the thread that dispatched the action, like any
    /// subscriber, so a SwiftUI app dispatches on the main thread. Reading ``value`` is
    /// thread-safe.
    ///
    /// It conforms to `Observable` by hand instead of through the `@Observable` macro, so that
    /// its value is read and written under a lock.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public final class ObservedSlice<Value>: Observable {
        private let registrar = ObservationRegistrar()
        private let storage: Locked<Value>
        /// Keeps the store subscription while this object lives (a token cancels itself when
        /// deallocated). Set once, in `init`.
        private var subscription: SubscriptionToken?

        /// The current slice of the store's state. Reading it inside an observation tracks it.
        public var value: Value {
            registrar.access(self, keyPath: \.value)
            return storage.withLock { $0 }
        }

        /// Creates an object holding the slice `select` computes from the store's state.
        ///
        /// - Parameters:
        ///   - store: The store to follow.
        ///   - select: Computes the slice from a state. It runs in the store's notification:
        ///     keep it fast and free of side effects.
        ///   - isRepeat: Whether two slices are the same, in which case observers aren't told.
        public init<State>(
            store: Store<State>,
            select: @escaping (State) -> Value,
            isRepeat: @escaping (Value, Value) -> Bool
        ) {
            storage = Locked(select(store.state))
            // The subscription skips repeats, so each slice it delivers is a change (its first is
            // the slice just stored, told to an object nobody can observe yet).
            subscription = store.subscribe(transform: { $0.select(select).skipRepeats(isRepeat) }) {
                [weak self] slice in
                self?.update(slice)
            }
        }

        /// Creates an object holding the slice of the store's state at `keyPath`, telling
        /// observers only when it changes.
        ///
        /// - Parameters:
        ///   - store: The store to follow.
        ///   - keyPath: The slice of the state.
        public convenience init<State>(store: Store<State>, _ keyPath: KeyPath<State, Value>)
        where Value: Equatable {
            self.init(store: store, select: { $0[keyPath: keyPath] }, isRepeat: ==)
        }

        private func update(_ slice: Value) {
            registrar.withMutation(of: self, keyPath: \.value) {
                storage.withLock { $0 = slice }
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    // @unchecked Sendable: the value is only touched under `storage`'s lock, the token only by
    // `init`, and the registrar is thread-safe.
    extension ObservedSlice: @unchecked Sendable where Value: Sendable {}

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Store {
        /// An `Observable` object holding the slice of the state at `keyPath`, whose observers
        /// are told only when that slice changes.
        ///
        /// ```swift
        /// let score = store.observe(\.game.score)
        /// withObservationTracking { print(score.value) } onChange: { print("score changed") }
        /// ```
        ///
        /// - Parameter keyPath: The slice of the state.
        /// - Returns: An ``ObservedSlice`` following the store; keep it as long as you observe it.
        public func observe<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> ObservedSlice<Value> {
            ObservedSlice(store: self, keyPath)
        }

        /// An `Observable` object holding the slice `select` computes, whose observers are told
        /// only when `isRepeat` says it changed.
        ///
        /// - Parameters:
        ///   - select: Computes the slice from a state; keep it fast and free of side effects.
        ///   - isRepeat: Whether two slices are the same.
        /// - Returns: An ``ObservedSlice`` following the store; keep it as long as you observe it.
        public func observe<Value>(
            _ select: @escaping (State) -> Value,
            isRepeat: @escaping (Value, Value) -> Bool
        ) -> ObservedSlice<Value> {
            ObservedSlice(store: self, select: select, isRepeat: isRepeat)
        }

        /// An `Observable` object holding the `Equatable` slice `select` computes, whose
        /// observers are told only when it changes.
        ///
        /// - Parameter select: Computes the slice from a state; keep it fast and free of side
        ///   effects.
        /// - Returns: An ``ObservedSlice`` following the store; keep it as long as you observe it.
        public func observe<Value: Equatable>(_ select: @escaping (State) -> Value) -> ObservedSlice<Value> {
            ObservedSlice(store: self, select: select, isRepeat: ==)
        }
    }
#endif
