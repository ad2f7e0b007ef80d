import Foundation
import ReSwift
import ReSwiftPersistence
import ReSwiftQuery

/// The albums of a category, as a query: fresh for 10 minutes (a New Game deals a new shuffle of
/// them without asking iTunes again), kept for the whole run, and persisted, so that offline the
/// game plays the last albums it fetched.
public enum AlbumQuery {
    /// The endpoint, its fetch left to ``endpoint(_:)``; the reducer needs only its name.
    public static let declaration = QueryEndpoint<MusicCategory, [Album]>(
        "albums", policy: QueryPolicy(freshFor: .seconds(600), keepFor: nil),
        isTransient: { ($0 as? AlbumSourceError)?.isConnectivityProblem == true },
        describe: { error in
            guard let error = error as? AlbumSourceError else { return "\(error)" }
            return error.isConnectivityProblem ? error.shortReason : error.description
        }
    ) { _ in throw AlbumSourceError(.unreachable(detail: "no album source")) }

    /// The endpoint fetching from `source`.
    ///
    /// - Parameter source: The live service.
    /// - Returns: The endpoint.
    public static func endpoint(_ source: any AlbumSource) -> QueryEndpoint<MusicCategory, [Album]> {
        declaration.replacingFetch { try await source.albums(for: $0) }
    }

    /// The middleware that fetches albums for the store.
    ///
    /// - Parameter source: The live service; `nil` when the game plays offline only.
    /// - Returns: The middleware.
    public static func middleware(_ source: (any AlbumSource)?) -> Middleware<AppState> {
        (source.map(endpoint) ?? declaration).middleware(\AppState.albums)
    }

    /// The albums saved by earlier runs, and a notice for the player when the file can't be used
    /// (written by a newer version, unreadable): then it is left as it is, and isn't saved over.
    ///
    /// - Parameter file: The file from ``cacheFile(environment:problemHandler:)``.
    /// - Returns: The slice to start with, and the notice, if any.
    public static func restore(
        from file: PersistedFile<QuerySnapshot<MusicCategory, [Album]>>
    ) -> (albums: QueryState<MusicCategory, [Album]>, notice: String?) {
        do {
            return (try file.load().map(QueryState.init(restoring:)) ?? QueryState(), nil)
        } catch {
            let problem = error as? PersistenceError
            let why =
                problem?.kind == .newerVersion
                ? "is from a newer memory-game" : "can't be used (\(problem?.reason ?? "\(error)"))"
            return (
                QueryState(restoreProblem: "\(error)"),
                "Saved albums not used: \(file.url.path) \(why) (kept as it is; albums fetched now aren't saved)."
            )
        }
    }

    /// The file of the last good albums per category: `memory-game/albums.json` in the user's
    /// data folder. A damaged one is set aside; one from a newer version is left alone.
    ///
    /// - Parameters:
    ///   - environment: The environment to read `XDG_DATA_HOME` from.
    ///   - problemHandler: Receives a file that was set aside, or a failed save.
    /// - Returns: The file.
    public static func cacheFile(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        problemHandler: (@Sendable (PersistenceError) -> Void)? = nil
    ) -> PersistedFile<QuerySnapshot<MusicCategory, [Album]>> {
        PersistedFile(
            url: PersistenceDirectories.data(appName: "memory-game", environment: environment)
                .appendingPathComponent("albums.json", isDirectory: false),
            schemaVersion: 1, whenUnusable: .setAsideAndRebuild, errorHandler: problemHandler)
    }
}
