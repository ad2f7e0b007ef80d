import Foundation

/// Where an app keeps its files, following each platform's conventions.
///
/// On Linux (and other non-Apple systems) this is the XDG Base Directory layout: data under
/// `$XDG_DATA_HOME` (default `~/.local/share`), caches under `$XDG_CACHE_HOME` (default `~/.cache`).
/// On Apple platforms it is the user's Application Support and Caches folders (inside the app's
/// container on iOS, tvOS and watchOS), from `FileManager`'s `urls(for:in:)`. In both cases the
/// app's own folder, named `appName`, is appended. Nothing is created on disk; ``PersistedFile``
/// creates the folder when it first saves.
///
/// ```swift
/// let todos = PersistenceDirectories.data(appName: "todo").appendingPathComponent("todos.json")
/// let responses = PersistenceDirectories.cache(appName: "library-finder")
/// ```
///
/// To let users override the location, check your own option or environment variable first
/// (`--file PATH`, `TODO_FILE`) and fall back to these.
public enum PersistenceDirectories {
    /// The folder for an app's data that must survive: `$XDG_DATA_HOME/appName` on Linux,
    /// `~/Library/Application Support/appName` on Apple platforms.
    ///
    /// - Parameters:
    ///   - appName: The app's folder name, for example `"todo"`.
    ///   - environment: The environment to read `XDG_DATA_HOME` and `HOME` from (Linux only);
    ///     tests pass their own.
    /// - Returns: The folder's URL.
    public static func data(
        appName: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        #if canImport(Darwin)
            return appleFolder(.applicationSupportDirectory, appName: appName)
        #else
            return xdgFolder(
                "XDG_DATA_HOME", fallback: ".local/share", appName: appName, environment: environment)
        #endif
    }

    /// The folder for an app's caches, which may be deleted at any time: `$XDG_CACHE_HOME/appName` on
    /// Linux, `~/Library/Caches/appName` on Apple platforms.
    ///
    /// - Parameters:
    ///   - appName: The app's folder name, for example `"library-finder"`.
    ///   - environment: The environment to read `XDG_CACHE_HOME` and `HOME` from (Linux only);
    ///     tests pass their own.
    /// - Returns: The folder's URL.
    public static func cache(
        appName: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        #if canImport(Darwin)
            return appleFolder(.cachesDirectory, appName: appName)
        #else
            return xdgFolder("XDG_CACHE_HOME", fallback: ".cache", appName: appName, environment: environment)
        #endif
    }

    #if canImport(Darwin)
        private static func appleFolder(_ directory: FileManager.SearchPathDirectory, appName: String) -> URL
        {
            // (homeDirectoryForCurrentUser is macOS-only; NSHomeDirectory works on every Apple platform.)
            let base =
                FileManager.default.urls(for: directory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
            return base.appendingPathComponent(appName, isDirectory: true)
        }
    #else
        /// `$variable/appName` when the variable holds an absolute path (the XDG spec ignores
        /// relative ones), else `$HOME/fallback/appName`. Not on Apple platforms, whose Foundation
        /// has `homeDirectoryForCurrentUser` on macOS only.
        static func xdgFolder(
            _ variable: String, fallback: String, appName: String, environment: [String: String]
        ) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent(
                    appName, isDirectory: true)
            }
            let home: URL
            if let value = environment["HOME"], value.hasPrefix("/") {
                home = URL(fileURLWithPath: value, isDirectory: true)
            } else {
                home = FileManager.default.homeDirectoryForCurrentUser
            }
            return home.appendingPathComponent(fallback, isDirectory: true)
                .appendingPathComponent(appName, isDirectory: true)
        }
    #endif
}
