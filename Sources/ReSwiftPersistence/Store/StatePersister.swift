import Foundation
import ReSwift

/// Keeps a selected slice of a store's state in a ``PersistedFile``.
///
/// The persister subscribes to the store and receives the slice after every action that changes
/// it. It never writes from the reducer or the dispatching thread: it notes the new slice and, once
/// no new one has arrived for the quiet period (200 ms by default), writes the latest on a background
/// queue. A burst of actions therefore costs one write, of its last value; a stream that never
/// pauses is still written at least every ten quiet periods. Slices equal to what was last written
/// aren't written again. Write errors go to the file's problem handler.
///
/// With an in-place store (`Store(reducer:state:)` with a `MutatingReducer`), changes to the rest
/// of the state copy nothing. The persister keeps the slice it persists (the latest one, until it
/// is written, and the one last written, to skip repeats), so a change of the persisted slice
/// copies what it changes, as any holder of a copy makes it do: persist the slice that must
/// survive a restart, not the whole state.
///
/// ```swift
/// let file = PersistedFile<[Todo]>(url: todosURL, schemaVersion: 1, whenUnusable: .refuse)
/// let store = Store<AppState>(reducer: appReducer, state: AppState(todos: try file.load() ?? []))
/// let persister = StatePersister(store: store, file: file, select: \.todos)
/// // …
/// persister.flush()   // before exiting, to write a change made in the last 200 ms
/// ```
///
/// Keep the persister for as long as the store should be persisted; when it goes away it stops
/// observing the store and writes whatever is still pending. By default it also flushes when the
/// process exits through `exit` or by returning from `main` (not when killed by a signal).
///
/// ### iOS, tvOS and watchOS: flush when the app moves to the background
/// These systems don't call `exit` for an app: they suspend it in the background and may end it
/// later without running any of its code, so the exit flush never happens there. Call
/// ``flush()`` when the app moves to the background; it is safe to call any number of times:
///
/// ```swift
/// func sceneDidEnterBackground(_ scene: UIScene) {   // UIKit; SwiftUI: scenePhase == .background
///     persister.flush()
/// }
/// ```
///
/// ### Other processes writing the same file
/// By default each write replaces the file with the store's slice. When another process may change
/// the file too, pass `merge`: each write then runs as a ``PersistedFile/update(_:)`` under the
/// file's lock, and if the file no longer holds what this persister last wrote (or started from),
/// `merge` combines the three versions in a ``PersistenceConflict`` into the value to write:
///
/// ```swift
/// let persister = StatePersister(store: store, file: file, select: \.todos, merge: { conflict in
///     let base = conflict.base ?? []
///     let added = conflict.ours.filter { !base.contains($0) }
///     let removed = base.filter { !conflict.ours.contains($0) }
///     let merged = (conflict.theirs ?? []).filter { !removed.contains($0) } + added
///     DispatchQueue.main.async { store.dispatch(ReplaceTodos(merged)) }   // show it; it isn't written again
///     return merged
/// })
/// ```
///
/// `merge` runs on the persister's background queue while it holds the file's lock: keep it quick,
/// and show the merged value by dispatching it *asynchronously* (on your UI thread), as above. A
/// synchronous dispatch from `merge` would deadlock with a ``flush()`` called during a dispatch.
/// The merged slice, once in the store, isn't written again.
public final class StatePersister<State, Slice: Codable & Equatable & Sendable>: Sendable, ExitFlushable {
    /// The file the slice is written to.
    public let file: PersistedFile<Slice>

    private let writer: CoalescingWriter<Slice>
    private let token: SubscriptionToken

    /// Starts persisting `select(state)` of `store` to `file`, with the quiet period as a `Duration`.
    ///
    /// The slice the store holds now is taken as already saved (you typically just loaded it from
    /// `file`, or started from defaults); the first change after it is written. Leave `coalescing`
    /// out to use ``init(store:file:select:quietPeriod:flushesOnExit:merge:)``'s 200 ms, which
    /// needs no `Duration` and so works on every deployment target.
    ///
    /// - Parameters:
    ///   - store: The store to observe.
    ///   - file: Where to write the slice.
    ///   - select: Picks the slice to persist from the state, for example `\.todos`.
    ///   - coalescing: How long no change must arrive before the latest slice is written.
    ///   - flushesOnExit: Whether to write a pending slice when the process exits normally.
    ///   - merge: Combines the slice with changes another process made to the file; `nil` overwrites
    ///     them. See the type's discussion.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public convenience init(
        store: Store<State>,
        file: PersistedFile<Slice>,
        select: @escaping (State) -> Slice,
        coalescing: Duration,
        flushesOnExit: Bool = true,
        merge: (@Sendable (PersistenceConflict<Slice>) -> Slice)? = nil
    ) {
        let (seconds, attoseconds) = coalescing.components
        let nanoseconds = max(0, seconds) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        self.init(
            store: store, file: file, select: select, quietPeriod: UInt64(nanoseconds),
            flushesOnExit: flushesOnExit, merge: merge, clock: nil, write: nil)
    }

    /// Starts persisting `select(state)` of `store` to `file`.
    ///
    /// The slice the store holds now is taken as already saved (you typically just loaded it from
    /// `file`, or started from defaults); the first change after it is written.
    ///
    /// ```swift
    /// let persister = StatePersister(store: store, file: file, select: \.todos)
    /// ```
    ///
    /// - Parameters:
    ///   - store: The store to observe.
    ///   - file: Where to write the slice.
    ///   - select: Picks the slice to persist from the state, for example `\.todos`.
    ///   - quietPeriod: How long, in seconds, no change must arrive before the latest slice is
    ///     written; 200 ms by default.
    ///   - flushesOnExit: Whether to write a pending slice when the process exits normally.
    ///   - merge: Combines the slice with changes another process made to the file; `nil` overwrites
    ///     them. See the type's discussion.
    public convenience init(
        store: Store<State>,
        file: PersistedFile<Slice>,
        select: @escaping (State) -> Slice,
        quietPeriod: TimeInterval = 0.2,
        flushesOnExit: Bool = true,
        merge: (@Sendable (PersistenceConflict<Slice>) -> Slice)? = nil
    ) {
        self.init(
            store: store, file: file, select: select,
            quietPeriod: UInt64(max(0, quietPeriod) * 1_000_000_000),
            flushesOnExit: flushesOnExit, merge: merge, clock: nil, write: nil)
    }

    /// The designated initializer; tests pass their own clock and write function.
    init(
        store: Store<State>,
        file: PersistedFile<Slice>,
        select: @escaping (State) -> Slice,
        quietPeriod: UInt64,
        flushesOnExit: Bool,
        merge: (@Sendable (PersistenceConflict<Slice>) -> Slice)?,
        clock: (any WriteClock)?,
        write: (@Sendable (_ slice: Slice, _ base: Slice?) throws -> Slice)?
    ) {
        self.file = file
        let queue = DispatchQueue(label: "ReSwiftPersistence.StatePersister", qos: .utility)
        writer = CoalescingWriter(
            initial: store.state.map(select),
            quietPeriod: quietPeriod,
            maximumDelay: quietPeriod.multipliedReportingOverflow(by: 10).partialValue,
            clock: clock ?? DispatchWriteClock(queue: queue),
            write: write ?? Self.writeFunction(file: file, merge: merge),
            errorHandler: { [file] error in
                let problem =
                    error as? PersistenceError
                    ?? PersistenceError(
                        .writeFailed, fileURL: file.url, reason: String(describing: error),
                        underlyingError: error)
                file.report([problem])
            })
        token = store.subscribe(transform: { $0.select(select) }) { [writer] slice in
            writer.receive(slice)
        }
        if flushesOnExit { ExitFlushRegistry.shared.register(self) }
    }

    /// Saves the slice, or, with `merge`, updates the file and merges when someone else changed it.
    private static func writeFunction(
        file: PersistedFile<Slice>, merge: (@Sendable (PersistenceConflict<Slice>) -> Slice)?
    ) -> @Sendable (Slice, Slice?) throws -> Slice {
        guard let merge else {
            return { slice, _ in
                try file.save(slice)
                return slice
            }
        }
        return { slice, base in
            var written = slice
            try file.update { stored in
                if stored != base {
                    written = merge(PersistenceConflict(base: base, ours: slice, theirs: stored))
                }
                stored = written
            }
            return written
        }
    }

    deinit {
        token.cancel()
        ExitFlushRegistry.shared.unregister(self)
        writer.flush()
    }

    /// Writes the pending slice now, if there is one, and returns once it is written (after any
    /// write already in progress). Call it before the app exits, when an iOS, tvOS or watchOS app
    /// moves to the background, and wherever a change must be on disk before going on.
    ///
    /// Safe to call any number of times, from any thread: each change is written once, and with
    /// nothing pending it returns at once without touching the disk. A write that failed (reported
    /// to the file's problem handler) is tried again by the next flush.
    public func flush() {
        writer.flush()
    }

    /// Whether a changed slice is waiting to be written.
    public var hasPendingWrite: Bool { writer.hasPendingValue }

    /// Stops observing the store and writes whatever is pending. Later changes aren't persisted.
    public func stop() {
        token.cancel()
        writer.flush()
    }
}
