import InternalReSwiftUtilities
import Testing

/// The cache behind ReSwift's `ParameterizedSelector` (whose own tests pin the selectors it keeps).
@Suite struct LRUCacheTests {
    @Test func aFullCacheDropsTheEntryUsedLongestAgo() {
        var cache = LRUCache<String, Int>(capacity: 2)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        #expect(cache.value(for: "a") == 1)  // "b" is now the least recently used
        cache.insert(3, for: "c")
        #expect(cache.count == 2)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
    }
}
