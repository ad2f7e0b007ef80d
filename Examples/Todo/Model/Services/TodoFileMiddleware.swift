import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftPersistence
import ReSwiftThunk

extension TodoFile {
    /// Middleware for the interactive store that keeps the screen and the file in step: each list
    /// action is applied to the file (see ``TodoFile/apply(_:)``) instead of to the store's copy,
    /// and the store then receives the list as saved, with any other process's changes.
    /// A failed save leaves the list as it was and shows the problem on the status line.
    ///
    /// It reads nothing of the store's state, so it serves a store of ``TodoAppState`` and one
    /// that travels in time alike.
    ///
    /// - Parameter watcher: Told of each list saved, so a refresh doesn't take it for another
    ///   process's change; it also words the failures.
    package func middleware<State>(watcher: TodoFileWatcher) -> Middleware<State> {
        { _, _ in
            { next in
                { action in
                    guard let listAction = action as? TodoAction else { return next(action) }
                    do {
                        let saved = try apply(listAction)
                        watcher.saw(saved)
                        next(TodoListLoaded(saved))
                    } catch {
                        next(ShowTodoMessage("Not saved: \(watcher.describe(error))"))
                    }
                }
            }
        }
    }
}

/// Picks up changes other `todo` processes make to the file while the interactive list runs.
///
/// It remembers the list as last read or saved, and hands the store a list only when the file
/// holds a different one: so a list the user travelled away from (time travel, when inspected)
/// isn't snapped back to the file's on every refresh, only when the file changes.
///
/// Looking costs next to nothing while the file stays as it was: the file's identity (device
/// and inode, which every save changes, since a save renames a new file into place), size and
/// modification time are compared with the last read's, and the file is read and decoded again
/// only when one of them changed. An idle list of 100,000 items then costs no CPU to speak of.
package final class TodoFileWatcher: Sendable {
    /// What says a file is still the one last read: which file (device, inode), its size and
    /// when it was last modified.
    struct Fingerprint: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: UInt64
        var modified: Date

        /// The fingerprint of the file at `url`, or `nil` when there is none (or it can't be
        /// looked at: then the file is read, and the read says what is wrong).
        init?(of url: URL) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value,
                let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
                let size = (attributes[.size] as? NSNumber)?.uint64Value,
                let modified = attributes[.modificationDate] as? Date
            else { return nil }
            (self.device, self.inode, self.size, self.modified) = (device, inode, size, modified)
        }
    }

    /// The file watched.
    package let file: TodoFile
    /// What the status line says to do about a damaged file (the `todo reset-file` command).
    package let resetAdvice: String
    private let lastSeen: Locked<TodoState?>
    /// The file's fingerprint when it was last read by ``refresh(dispatch:)``.
    private let lastRead = Locked<Fingerprint?>(nil)

    /// Creates a watcher of `file`.
    ///
    /// - Parameters:
    ///   - file: The file to watch.
    ///   - list: The list as read when the app started.
    ///   - resetAdvice: The way out of a damaged file, as a sentence naming the command.
    package init(file: TodoFile, list: TodoState?, resetAdvice: String) {
        self.file = file
        self.resetAdvice = resetAdvice
        self.lastSeen = Locked(list)
    }

    /// Notes that the file now holds `list` (read or saved by this process).
    package func saw(_ list: TodoState) {
        lastSeen.withLock { $0 = list }
    }

    /// Reads the file again and hands the list to `dispatch` if it changed since it was last read
    /// or saved; a file that can't be read is explained on the status line. A file whose identity,
    /// size and modification time are those of the last read isn't read again.
    package func refresh(dispatch: (Action) -> Void) {
        let fingerprint = Fingerprint(of: file.url)
        let unchanged = lastRead.withLock { last in
            defer { last = fingerprint }
            return fingerprint != nil && last == fingerprint
        }
        if unchanged { return }
        do {
            let saved = try file.read()
            let changed = lastSeen.withLock { seen in
                defer { seen = saved }
                return seen != saved
            }
            if changed { dispatch(TodoListLoaded(saved)) }
        } catch {
            lastSeen.withLock { $0 = nil }
            lastRead.withLock { $0 = nil }
            dispatch(ShowTodoMessage("Couldn't read the list: \(describe(error))"))
        }
    }

    /// How often, by default, ``refreshing(every:)`` looks at the file.
    package static let refreshInterval = EffectDuration.seconds(1)

    /// The id of the refresh effect: one runs per store (`cancelInFlight`), and
    /// `store.cancelThunks(id: TodoFileWatcher.RefreshID())` stops it.
    package struct RefreshID: Hashable, Sendable {
        /// Creates the id.
        package init() {}
    }

    /// An effect that calls ``refresh(dispatch:)`` every `interval`, on the store's effect clock
    /// (the real clock in the app, a `TestClock` that tests advance), until it is cancelled.
    ///
    /// - Parameter interval: The time between two looks at the file.
    /// - Returns: The thunk to dispatch to a store with the thunk middleware.
    package func refreshing<State>(
        every interval: EffectDuration = refreshInterval
    ) -> AsyncThunk<State, Void> {
        AsyncThunk(id: RefreshID(), cancelInFlight: true) { [self] dispatch, _ in
            while true {
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                try await EffectEnvironment.sleep(for: interval)
                refresh { dispatch($0) }
            }
        }
    }

    /// Starts ``refreshing(every:)`` on `store`, fire and forget: it runs until cancelled.
    ///
    /// - Parameters:
    ///   - store: A store with the thunk middleware.
    ///   - interval: The time between two looks at the file.
    /// - Returns: What stops it.
    package func startRefreshing<State>(
        _ store: Store<State>, every interval: EffectDuration = refreshInterval
    ) -> () -> Void {
        store.dispatch(refreshing(every: interval) as AsyncThunk<State, Void>)
        return { store.cancelThunks(id: RefreshID()) }
    }

    /// `error` in a sentence for the status line; for a file whose contents are damaged, followed
    /// by the way out (`todo reset-file`).
    package func describe(_ error: any Error) -> String {
        guard let error = error as? PersistenceError else { return "\(error)" }
        guard error.kind.isBadContents else { return error.message }
        return "\(error.message) — \(resetAdvice)"
    }
}
