import Foundation
import ReSwift
import ReSwiftPersistence

/// The file that holds the list (``TodoState``, undo history included), written through
/// ReSwiftPersistence: versioned JSON, replaced atomically, and changed only under an exclusive
/// inter-process lock, so two `todo` processes changing the list at once both keep their change.
struct TodoFile: Sendable {
    /// The version of the file's layout; raise it (with a migration) when ``TodoState``'s encoded
    /// form changes.
    static let schemaVersion = 1

    /// The file name inside the data directory.
    static let defaultFileName = "todo.json"

    /// The persisted file.
    let persisted: PersistedFile<TodoState>

    /// Where the list lives.
    var url: URL { persisted.url }

    /// Opens (without reading) the list at `url`.
    ///
    /// - Parameters:
    ///   - url: The file's location.
    ///   - problemHandler: Told about a file that couldn't be used and was moved aside.
    init(url: URL, problemHandler: @escaping @Sendable (PersistenceError) -> Void) {
        persisted = PersistedFile(url: url, schemaVersion: Self.schemaVersion, problemHandler: problemHandler)
    }

    /// The default location: `todo.json` in the app's data directory.
    static func defaultURL(environment: [String: String]) -> URL {
        PersistenceDirectories.data(appName: "todo", environment: environment)
            .appendingPathComponent(defaultFileName, isDirectory: false)
    }

    /// The saved list; an empty list when there is no file yet.
    func load() throws -> TodoState {
        try persisted.load() ?? TodoState()
    }

    /// Runs a list-changing command: under the file's lock, loads the list, lets the command
    /// decide what to do with it, dispatches that through a store, and saves the store's list.
    ///
    /// When the command is rejected or changes nothing, nothing is written.
    ///
    /// - Returns: The line to show the user.
    /// - Throws: ``TodoCommandError`` when the command doesn't fit the list, or a
    ///   `PersistenceError` when the file can't be locked or written.
    func perform(_ command: TodoCommand) throws -> String {
        var report = ""
        do {
            try persisted.update { saved in
                let store = Store<TodoAppState>(
                    reducer: todoAppReducer, state: TodoAppState(list: saved ?? TodoState()))
                let plan = try command.plan(in: store.state.list)
                guard let action = plan.action else {
                    report = plan.report(store.state.list)
                    throw Unchanged()
                }
                store.dispatch(action)
                report = plan.report(store.state.list)
                guard store.state.list != saved else { throw Unchanged() }
                saved = store.state.list
            }
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
    func apply(_ action: TodoAction) throws -> TodoState {
        var result = TodoState()
        do {
            try persisted.update { saved in
                let current = saved ?? TodoState()
                result = todoReducer(action: action, state: current)
                guard result != saved else { throw Unchanged() }
                saved = result
            }
        } catch is Unchanged {
            // The action changed nothing, so the file is left alone.
        }
        return result
    }

    /// Thrown out of an update to leave the file untouched.
    private struct Unchanged: Error {}
}
