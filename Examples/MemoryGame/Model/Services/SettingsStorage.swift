import Foundation
import ReSwift
import ReSwiftPersistence

/// Where the game keeps its ``Settings`` between launches, with ReSwiftPersistence: restored once
/// at launch into the initial state, then saved by a `StatePersister` watching the store — never
/// from a reducer.
///
/// ```swift
/// let storage = SettingsStorage(url: SettingsStorage.defaultURL())
/// let store = Store<AppState>(reducer: makeAppReducer(), state: SettingsStorage.initialState(saved: try storage.restore()))
/// let persister = storage.persist(store)      // keep it alive; flush() before exiting
/// ```
public struct SettingsStorage: Sendable {
    /// The settings file.
    public let file: PersistedFile<Settings>

    /// Creates storage at `url`.
    ///
    /// - Parameters:
    ///   - url: The settings file's location.
    ///   - problemHandler: Receives a file with bad contents that was set aside (its message names
    ///     where it went), or a failed save; `nil` reports to standard error.
    public init(url: URL, problemHandler: (@Sendable (PersistenceError) -> Void)? = nil) {
        // Settings are only a remembered choice: a bad file is set aside and the game starts from
        // its defaults. A file it can't read, or one from a newer version, is left alone (launch
        // fails with the reason).
        file = PersistedFile(
            url: url, schemaVersion: 1, whenUnusable: .setAsideAndRebuild, errorHandler: problemHandler)
    }

    /// `memory-game/settings.json` in the user's data folder (`$XDG_DATA_HOME`, else
    /// `~/.local/share`, on Linux; Application Support on Apple platforms).
    ///
    /// - Parameter environment: The environment to read `XDG_DATA_HOME` from.
    /// - Returns: The file's URL.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL
    {
        PersistenceDirectories.data(appName: "memory-game", environment: environment)
            .appendingPathComponent("settings.json", isDirectory: false)
    }

    /// The settings saved by an earlier launch.
    ///
    /// - Returns: The settings, or `nil` when none were saved (or the file's contents were bad and
    ///   it was set aside, which the problem handler is told).
    /// - Throws: `PersistenceError` when the file can't be read, comes from a newer version, or
    ///   couldn't be set aside.
    public func restore() throws -> Settings? {
        try file.load()
    }

    /// Starts saving the store's settings whenever they change.
    ///
    /// - Parameter store: The app's store.
    /// - Returns: The persister; keep it alive, and call `flush()` before the app exits.
    public func persist(_ store: Store<AppState>) -> StatePersister<AppState, Settings> {
        persist(store, app: \.self)
    }

    /// Starts saving the settings of the app's state at `app` in the store's state (a store
    /// that travels in time, say) whenever they change.
    ///
    /// - Parameters:
    ///   - store: The app's store.
    ///   - app: Where the app's state is in the store's state.
    /// - Returns: The persister; keep it alive, and call `flush()` before the app exits.
    public func persist<Root>(_ store: Store<Root>, app: KeyPath<Root, AppState>) -> StatePersister<
        Root, Settings
    > {
        // The category changes one pick at a time: there is no burst to coalesce, so write at
        // once (on the persister's queue) and leave a SIGTERM no window to lose the pick in.
        StatePersister(store: store, file: file, select: { Settings.of($0[keyPath: app]) }, quietPeriod: 0)
    }

    /// What to tell the player about a problem the settings file reported: a file with bad
    /// contents that was set aside is said as it is; any other problem came from saving, so the
    /// notice first says what that means for the player.
    ///
    /// - Parameter problem: The problem the storage reported.
    /// - Returns: The notice for the screen's bottom rows.
    public static func notice(for problem: PersistenceError) -> String {
        if problem.kind.isBadContents { return problem.message }
        return "Your choice of category wasn't saved (it lasts until you quit). " + problem.message
    }

    /// The state a launch starts in: the category asked for on the command line, else the saved
    /// one, else the default.
    ///
    /// - Parameters:
    ///   - saved: The settings restored from the file.
    ///   - requested: The category given with `--category`.
    /// - Returns: The initial app state.
    public static func initialState(saved: Settings?, requested: MusicCategory? = nil) -> AppState {
        let category = requested ?? saved?.category ?? .defaultCategory
        return AppState(categories: CategoriesState(current: category))
    }
}
