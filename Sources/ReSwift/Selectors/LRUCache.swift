/// A map of at most `capacity` entries that drops the least recently used entry to make room.
///
/// The entries form a doubly linked list from the most to the least recently used, threaded
/// through an array by index, so that a lookup, an insertion and an eviction are O(1).
struct LRUCache<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        /// The index of the next more recently used node, or -1.
        var newer: Int
        /// The index of the next less recently used node, or -1.
        var older: Int
    }

    let capacity: Int
    private var nodes: [Node] = []
    private var indices: [Key: Int] = [:]
    /// The most recently used node's index, or -1 when empty.
    private var newest = -1
    /// The least recently used node's index, or -1 when empty.
    private var oldest = -1

    init(capacity: Int) {
        precondition(capacity >= 1, "Internal inconsistency: an LRU cache of capacity \(capacity)")
        self.capacity = capacity
    }

    /// The number of entries.
    var count: Int { nodes.count }

    /// The keys from the most to the least recently used.
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var index = newest
        while index >= 0 {
            keys.append(nodes[index].key)
            index = nodes[index].older
        }
        return keys
    }

    /// The value for `key`, which becomes the most recently used, if it is there.
    mutating func value(for key: Key) -> Value? {
        guard let index = indices[key] else { return nil }
        moveToNewest(index)
        return nodes[index].value
    }

    /// Adds an entry for a key that isn't there, as the most recently used, dropping the least
    /// recently used entry if the cache is full.
    ///
    /// - Returns: The key of the dropped entry, if one was dropped.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key) -> Key? {
        precondition(indices[key] == nil, "Internal inconsistency: inserting a key the cache holds")
        guard nodes.count == capacity else {
            nodes.append(Node(key: key, value: value, newer: -1, older: -1))
            let index = nodes.count - 1
            indices[key] = index
            link(asNewest: index)
            return nil
        }
        // Reuse the least recently used node.
        let index = oldest
        let evicted = nodes[index].key
        unlink(index)
        indices[evicted] = nil
        nodes[index] = Node(key: key, value: value, newer: -1, older: -1)
        indices[key] = index
        link(asNewest: index)
        return evicted
    }

    private mutating func moveToNewest(_ index: Int) {
        guard index != newest else { return }
        unlink(index)
        link(asNewest: index)
    }

    private mutating func unlink(_ index: Int) {
        let newer = nodes[index].newer
        let older = nodes[index].older
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
        nodes[index].newer = -1
        nodes[index].older = -1
    }

    private mutating func link(asNewest index: Int) {
        nodes[index].older = newest
        nodes[index].newer = -1
        if newest >= 0 { nodes[newest].newer = index }
        newest = index
        if oldest < 0 { oldest = index }
    }
}
