import Foundation
import ReSwift
import ReSwiftPersistence

/// The file that holds the list (``TodoState``, undo history included), written through
/// ReSwiftPersistence: versioned JSON, replaced atomically, and changed only under an exclusive
/// inter-process lock, so two `todo` processes changing the list at once both keep their change.
///
/// The list is data the user typed in, so a file whose contents are bad (not JSON, not a list, a
/// failed migration) is refused by every command, read-only ones included, and left as it is; the
/// way out is ``setAside()`` (`todo reset-file`). Reading (`todo list`) takes no lock and creates
/// nothing. A list whose ids are damaged is repaired (see ``TodoState/repairingIDs()``) and the
/// repair reported; the repaired list is saved by the next change.
package struct TodoFile: Sendable {
    /// The version of the file's layout; raise it (with a migration in ``migrations``) when
    /// ``TodoState``'s encoded form changes. Version 2 keeps undo steps instead of copies of the
    /// list.
    static let schemaVersion = 2

    /// The file name inside the data directory.
    static let defaultFileName = "todo.json"

    /// The persisted file.
    package let persisted: PersistedFile<TodoState>

    /// Told, in a sentence, about something worth knowing that didn't stop the command (a repair).
    private let notice: @Sendable (String) -> Void

    /// Where the list lives.
    package var url: URL { persisted.url }

    /// How long a command waits for another process that holds the list's lock.
    package static let commandLockTimeout: TimeInterval = 5
    /// How long the interactive list waits for the lock before saying the list is busy: short, so
    /// that a key never freezes the screen (and `q` quits at once) while another process holds it.
    package static let interactiveLockTimeout: TimeInterval = 0.2

    /// Opens (without reading) the list at `url`.
    ///
    /// - Parameters:
    ///   - url: The file's location.
    ///   - lockTimeout: How long a change waits for another process holding the lock before it
    ///     fails as busy, naming the holder.
    ///   - notice: Told about repairs made to the list as read, in a sentence.
    package init(
        url: URL, lockTimeout: TimeInterval = commandLockTimeout, notice: @escaping @Sendable (String) -> Void
    ) {
        self.notice = notice
        persisted = PersistedFile(
            url: url, schemaVersion: Self.schemaVersion, migrations: Self.migrations, whenUnusable: .refuse,
            lockTimeout: lockTimeout, errorHandler: { notice($0.message) })
    }

    /// The default location: `todo.json` in the app's data directory.
    package static func defaultURL(environment: [String: String]) -> URL {
        PersistenceDirectories.data(appName: "todo", environment: environment)
            .appendingPathComponent(defaultFileName, isDirectory: false)
    }

    /// The saved list, with damaged ids repaired in memory; an empty list when there is no file yet.
    ///
    /// Changes nothing on disk, takes no lock and needs no write access to the folder.
    ///
    /// - Throws: `PersistenceError` when the file can't be read, its contents are bad, or it was
    ///   written by a newer version of `todo`.
    package func read() throws -> TodoState {
        let (list, repairs) = repaired(try persisted.read())
        report(repairs, saved: false)
        return list
    }

    /// Moves the file aside (next to itself, with a timestamped suffix), so the list starts empty.
    ///
    /// - Returns: Where the file went, or `nil` when there was no file.
    /// - Throws: `PersistenceError` when the file can't be read or comes from a newer version (it
    ///   is left where it is), or when it couldn't be locked or moved.
    package func setAside() throws -> URL? {
        try persisted.setAside()
    }

    /// Runs a list-changing command: under the file's lock, loads the list, lets the command
    /// decide what to do with it (`planning`), dispatches that through a store, and saves the store's
    /// list.
    ///
    /// When the command is rejected (`planning` throws, which it does when the command would change
    /// nothing), nothing is written.
    ///
    /// - Parameter planning: Decides, given the list as saved now, the action and the report.
    /// - Returns: The line to show the user.
    /// - Throws: What `planning` throws when the command doesn't fit the list, or a
    ///   `PersistenceError` when the file can't be used, locked or written.
    package func perform(_ planning: (TodoState) throws -> TodoCommandPlan) throws -> String {
        var report = ""
        var repairs: [String] = []
        var wrote = false
        defer { self.report(repairs, saved: wrote) }
        do {
            try persisted.update { saved in
                let list: TodoState
                (list, repairs) = repaired(saved)
                let store = Store<TodoAppState>(reducer: reduceTodoApp, state: TodoAppState(list: list))
                let plan = try planning(store.state.list)
                store.dispatch(plan.action)
                report = plan.report(store.state.list)
                guard store.state.list != saved else { throw Unchanged() }
                saved = store.state.list
            }
            wrote = true
        } catch is Unchanged {
            // Nothing to write: the file stays byte for byte as it was.
        }
        return report
    }

    /// Applies one list action to the list as saved now (which may include other processes'
    /// changes), under the file's lock.
    ///
    /// Actions name items by id, so an action for an item another process removed meanwhile
    /// changes nothing.
    ///
    /// - Returns: The list as saved afterwards.
    package func apply(_ action: TodoAction) throws -> TodoState {
        var result = TodoState()
        var repairs: [String] = []
        var wrote = false
        defer { report(repairs, saved: wrote) }
        do {
            try persisted.update { saved in
                let list: TodoState
                (list, repairs) = repaired(saved)
                result = list
                reduceTodos(action, into: &result)
                guard result != saved else { throw Unchanged() }
                saved = result
            }
            wrote = true
        } catch is Unchanged {
            // The action changed nothing, so the file is left alone.
        }
        return result
    }

    /// The list as read (empty when there is no file), with its ids repaired.
    private func repaired(_ list: TodoState?) -> (TodoState, [String]) {
        list?.repairingIDs() ?? (TodoState(), [])
    }

    /// Tells about repairs made to the list as read.
    ///
    /// - Parameter saved: Whether the repaired list was written back.
    private func report(_ repairs: [String], saved: Bool) {
        guard !repairs.isEmpty else { return }
        let outcome =
            saved
            ? "every item was kept, and the repaired list was saved"
            : "every item was kept; the file is unchanged until a change to the list saves the repair"
        notice("\(url.path) had damaged ids, repaired: \(repairs.joined(separator: "; ")) (\(outcome)).")
    }

    /// Thrown out of an update to leave the file untouched.
    private struct Unchanged: Error {}
}
