#if canImport(Observation)
    import Observation
    @_spi(ReSwiftInternal) import ReSwift
    import TestSupport
    import Testing

    @Suite struct ObservedSliceTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private func makeStore() -> Store<ScoreState> {
            Store(reducer: scoreReducer, state: ScoreState())
        }

        /// Runs `read` under observation tracking and returns a flag set when a value it read
        /// changes.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private func track(_ read: () -> Void) -> Locked<Int> {
            let changes = Locked(0)
            withObservationTracking(read) { changes.withLock { $0 += 1 } }
            return changes
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func holdsTheCurrentSliceAndFollowsTheStore() {
            let store = makeStore()
            let count = store.observe(\.count)
            #expect(count.value == 0)
            store.dispatch(ScoreAction.increment)
            store.dispatch(ScoreAction.increment)
            #expect(count.value == 2)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func observersAreToldWhenTheirSliceChanges() {
            let store = makeStore()
            let count = store.observe(\.count)
            let changes = track { _ = count.value }
            store.dispatch(ScoreAction.increment)
            #expect(changes.current == 1)
            #expect(count.value == 1)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func observersAreNotToldAboutOtherSlices() {
            let store = makeStore()
            let count = store.observe(\.count)
            let changes = track { _ = count.value }
            store.dispatch(ScoreAction.rename("other slice"))
            store.dispatch(ScoreAction.noop)
            #expect(changes.current == 0)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func eachSliceNotifiesOnlyItsOwnObservers() {
            let store = makeStore()
            let count = store.observe(\.count)
            let name = store.observe(\.name)
            let countChanges = track { _ = count.value }
            let nameChanges = track { _ = name.value }
            store.dispatch(ScoreAction.rename("x"))
            #expect(countChanges.current == 0)
            #expect(nameChanges.current == 1)
            #expect(name.value == "x")
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func customRepeatCheckDecidesWhatIsAChange() {
            let store = makeStore()
            let parity = store.observe({ $0.count }, isRepeat: { $0 % 2 == $1 % 2 })
            let changes = track { _ = parity.value }
            store.dispatch(ScoreAction.increment)
            #expect(changes.current == 1)
            #expect(parity.value == 1)
            let later = track { _ = parity.value }
            store.dispatch(ScoreAction.increment)
            store.dispatch(ScoreAction.increment)
            #expect(later.current == 1)
            #expect(parity.value == 3)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func closureSelectionOfEquatableValue() {
            let store = makeStore()
            let isPositive = store.observe { $0.count > 0 }
            let changes = track { _ = isPositive.value }
            store.dispatch(ScoreAction.rename("n"))
            #expect(changes.current == 0)
            store.dispatch(ScoreAction.increment)
            #expect(changes.current == 1)
            #expect(isPositive.value)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func theSliceDoesNotKeepTheStoreAlive() {
            var store: Store<ScoreState>? = makeStore()
            let weakStore = WeakReference(store)
            let count = store!.observe(\.count)
            store!.dispatch(ScoreAction.increment)
            store = nil
            #expect(weakStore.object == nil)
            #expect(count.value == 1)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func releasingTheSliceEndsItsSubscription() {
            let store = makeStore()
            let selections = Locked(0)
            var slice: ObservedSlice<Int>? = store.observe { state -> Int in
                selections.withLock { $0 += 1 }
                return state.count
            }
            let weakSlice = WeakReference(slice)
            #expect(slice?.value == 0)
            slice = nil
            #expect(weakSlice.object == nil)
            let before = selections.current
            store.dispatch(ScoreAction.increment)
            #expect(selections.current == before)
        }
    }
#endif
