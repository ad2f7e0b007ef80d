@_spi(ReSwiftInternal) import InternalReSwiftUtilities

/// Values handed over from any thread, kept in the order they arrived: what a handler, a sink or
/// an output received during a test.
///
/// ```swift
/// let problems = Collected<PersistenceError>()
/// let file = PersistedFile<[Todo]>(url: url, errorHandler: problems.append)
/// #expect(problems.all.isEmpty)
/// ```
public final class Collected<Element>: Sendable {
    private let elements = Locked<[Element]>([])

    /// Creates an empty collection.
    public init() {}

    /// Adds an element at the end. Thread-safe.
    ///
    /// - Parameter element: The element.
    public func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    /// Every element so far, in order.
    public var all: [Element] { elements.current }

    /// How many elements arrived so far.
    public var count: Int { elements.withLock { $0.count } }
}
