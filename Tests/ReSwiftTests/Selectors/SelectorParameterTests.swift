@_spi(ReSwiftInternal) import ReSwift
import Testing

@Suite struct ParameterizedSelectorTests {
    /// Matching items per query, counting how many selectors it made.
    static func makeMatching(capacity: Int, made: Locked<[String]>) -> ParameterizedSelector<
        ItemsState, String, [String]
    > {
        ParameterizedSelector(capacity: capacity) { (query: String) in
            made.withLock { $0.append(query) }
            return MemoizedSelector(\ItemsState.items) { openMatches($0, query) }
        }
    }

    @Test func theSameParameterGetsTheSameSelector() {
        let made = Locked<[String]>([])
        let matching = Self.makeMatching(capacity: 4, made: made)
        #expect(matching("a") === matching("a"))
        #expect(matching("a") !== matching("b"))
        #expect(made.current == ["a", "b"])
    }

    @Test func eachParameterKeepsItsOwnCache() {
        let store = makeItemsStore(names: ["apple", "banana", "cherry"])
        let matching = Self.makeMatching(capacity: 4, made: Locked([]))
        for _ in 0..<3 {
            #expect(matching("an", store.state) == ["banana"])
            #expect(matching("e", store.state) == ["apple", "cherry"])
        }
        #expect(matching("an").recomputations == 1)
        #expect(matching("e").recomputations == 1)
    }

    @Test func theLeastRecentlyUsedSelectorIsDroppedWhenFull() {
        let made = Locked<[String]>([])
        let matching = Self.makeMatching(capacity: 2, made: made)
        let a = matching("a")
        _ = matching("b")
        _ = matching("a")  // "b" is now the least recently used
        _ = matching("c")  // drops "b"
        #expect(matching.count == 2)
        #expect(matching("a") === a)
        #expect(made.current == ["a", "b", "c"])
        _ = matching("b")  // made again, dropping "c"
        #expect(made.current == ["a", "b", "c", "b"])
        _ = matching("a")
        #expect(made.current == ["a", "b", "c", "b"])
        _ = matching("c")
        #expect(made.current == ["a", "b", "c", "b", "c"])
        #expect(matching.count == 2)
    }

    @Test func theCacheNeverHoldsMoreThanItsCapacity() {
        let made = Locked<[String]>([])
        let matching = Self.makeMatching(capacity: 3, made: made)
        for round in 0..<4 {
            for query in 0..<10 {
                _ = matching("\(query)")
                #expect(matching.count == min(round * 10 + query + 1, 3))
            }
        }
        // Cycling through more parameters than it keeps drops each before it is used again.
        #expect(made.current.count == 40)
        #expect(matching.capacity == 3)
    }

    @Test func aDroppedSelectorStillServesItsSubscribers() {
        let store = makeItemsStore()
        let matching = Self.makeMatching(capacity: 1, made: Locked([]))
        let recorder = Recorder<[String]>()
        store.subscribe(recorder) { $0.select(matching("a")) }
        _ = matching("b")  // drops the selector for "a"
        store.dispatch(ItemAction.add("ab"))
        #expect(recorder.values == [["a"], ["a", "ab"]])
    }
}

extension ParameterizedSelectorTests {
    @Test(.timeLimit(.minutes(3))) func aSelectorMayBeMadeFromAnotherParameterOfTheSameFamily() {
        let store = makeItemsStore(names: ["an", "ant", "bee"])
        // "q+" is one more than the count for "q", from the family's own selector for "q".
        let family = Locked<ParameterizedSelector<ItemsState, String, Int>?>(nil)
        let counting = ParameterizedSelector { (query: String) -> MemoizedSelector<ItemsState, Int> in
            if query.hasSuffix("+"), let base = family.current?(String(query.dropLast())) {
                return MemoizedSelector(base) { $0 + 1 }
            }
            return MemoizedSelector(\ItemsState.items) { items in items.count { $0.name.contains(query) } }
        }
        family.withLock { $0 = counting }
        #expect(counting("an+", store.state) == 3)
        #expect(counting("an", store.state) == 2)
        #expect(counting.count == 2)
        family.withLock { $0 = nil }  // breaks the cycle through the closure
    }
}
