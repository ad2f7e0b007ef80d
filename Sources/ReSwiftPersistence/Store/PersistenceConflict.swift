/// The three versions of a slice when another process changed its file since this one last wrote it.
///
/// ``StatePersister`` hands it to its `merge` function, which returns the value to write. Compare
/// ``ours`` with ``base`` to see what this process changed, and apply that to ``theirs``.
public struct PersistenceConflict<Slice: Sendable>: Sendable {
    /// What this persister last wrote, or the store's slice when it started; `nil` if there was none.
    public let base: Slice?
    /// The store's slice now: what this process wants to write.
    public let ours: Slice
    /// What the file holds now, written by someone else; `nil` when there is no usable file.
    public let theirs: Slice?

    /// Creates a conflict from its three versions.
    ///
    /// - Parameters:
    ///   - base: The common ancestor: what this side last wrote or started from.
    ///   - ours: This side's value.
    ///   - theirs: The value found in the file.
    public init(base: Slice?, ours: Slice, theirs: Slice?) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }
}

extension PersistenceConflict: Equatable where Slice: Equatable {}
