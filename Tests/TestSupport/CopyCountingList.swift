import Foundation

/// How many times the storage of the ``CopyCountingList``s that share it was copied.
public final class CopyCounter: @unchecked Sendable {
    // @unchecked Sendable: `value` is used holding `lock`.
    private let lock = NSLock()
    private var value = 0

    /// A counter at zero.
    public init() {}

    /// The copies so far.
    public var current: Int { lock.withLock { value } }

    func increment() { lock.withLock { value += 1 } }
}

/// A list of flags whose storage counts the times copy-on-write had to copy it: put it in a
/// state to prove that a dispatch changes the state in place.
///
/// ```swift
/// let copies = CopyCounter()
/// let store = Store(reducer: reduce, state: AppState(list: CopyCountingList(count: 1000, copies: copies)))
/// store.dispatch(Toggle(index: 3))
/// #expect(copies.current == 0)
/// ```
public struct CopyCountingList: Equatable, Sendable {
    private final class Storage: @unchecked Sendable {
        // @unchecked Sendable: mutated only through `toggle`, by the holder of the only
        // reference (copy-on-write), as an array's storage is.
        var items: [Bool]
        let copies: CopyCounter
        init(items: [Bool], copies: CopyCounter) {
            self.items = items
            self.copies = copies
        }
    }

    private var storage: Storage

    /// A list of `count` unset flags whose copies are counted by `copies`.
    public init(count: Int, copies: CopyCounter) {
        storage = Storage(items: Array(repeating: false, count: count), copies: copies)
    }

    /// How many flags the list holds.
    public var count: Int { storage.items.count }

    /// The flag at `index`.
    public subscript(index: Int) -> Bool { storage.items[index] }

    /// Flips the flag at `index`, copying the storage first if anyone else holds it.
    public mutating func toggle(_ index: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            storage.copies.increment()
            storage = Storage(items: storage.items, copies: storage.copies)
        }
        storage.items[index].toggle()
    }

    public static func == (lhs: CopyCountingList, rhs: CopyCountingList) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.items == rhs.storage.items
    }
}
