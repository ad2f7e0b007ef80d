/// A map of at most `capacity` entries that drops the least recently used entry to make room.
///
/// Each entry remembers when it was last used, and making room drops the one used longest ago:
/// a lookup is O(1), an insertion into a full cache O(`capacity`). The cache is small (ReSwift's
/// `ParameterizedSelector` keeps 16 selectors by default), and an insertion comes with making
/// a selector, which costs more.
package struct LRUCache<Key: Hashable, Value> {
    package let capacity: Int
    private var entries: [Key: (value: Value, lastUse: UInt64)] = [:]
    /// Counts the uses: an entry's `lastUse` is the count at its latest.
    private var uses: UInt64 = 0

    package init(capacity: Int) {
        precondition(capacity >= 1, "Internal inconsistency: an LRU cache of capacity \(capacity)")
        self.capacity = capacity
    }

    /// The number of entries.
    package var count: Int { entries.count }

    /// The value for `key`, which becomes the most recently used, if it is there.
    package mutating func value(for key: Key) -> Value? {
        guard let value = entries[key]?.value else { return nil }
        uses += 1
        entries[key]?.lastUse = uses
        return value
    }

    /// Adds an entry for a key that isn't there, as the most recently used, dropping the least
    /// recently used entry if the cache is full.
    package mutating func insert(_ value: Value, for key: Key) {
        if entries.count == capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        uses += 1
        entries[key] = (value, uses)
    }
}
