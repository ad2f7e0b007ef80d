/// A weak reference to an object, for tests that check something went away.
///
/// `weak let` needs Swift 6.2, and a local `weak var` that is never reassigned is a warning from
/// 6.2 on, so tests hold their weak references in this instead:
///
/// ```swift
/// let weakStore = WeakReference(store)
/// store = nil
/// #expect(weakStore.object == nil)
/// ```
public final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: the reference is only read by the test that made it.

    /// The object, or `nil` once it went away.
    public private(set) weak var object: Object?

    /// Holds `object` weakly.
    public init(_ object: Object?) {
        self.object = object
    }
}
