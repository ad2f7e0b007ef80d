import Foundation
import ReSwift
import ReSwiftPersistence
import ReSwiftQuery
import ReSwiftThunk

/// What identifies one answer of the `/library` API: the server and the request's filters (the
/// category filter, and a limit applied with it, narrow the answer afterwards and are not part of
/// it). The key of the list's query entries, and of the answers persisted for offline use.
package struct LibraryListKey: Hashable, Sendable, Codable {
    /// The server as ``LibraryList/serverKey(for:)`` writes it: an answer from one server is never
    /// shown for another.
    package var server: String
    /// `pref`.
    package var prefecture: String?
    /// `city`.
    package var city: String?
    /// `systemid`.
    package var systemID: String?
    /// `geocode`.
    package var near: Coordinate?
    /// `limit`, when the server applies it (no category filter).
    package var limit: Int?

    /// The request the key stands for, with no category filter.
    package var request: LibraryQuery {
        LibraryQuery(prefecture: prefecture, city: city, systemID: systemID, near: near, limit: limit)
    }
}

extension LibraryQuery {
    /// The key of this query's answer from `server`.
    package func listKey(server: String) -> LibraryListKey {
        LibraryListKey(
            server: server, prefecture: prefecture, city: city, systemID: systemID, near: near,
            limit: categories.isEmpty ? limit : nil)
    }
}

/// The library list as a query: fetched when wanted and on `r` (never twice at once), kept for the
/// run, and its last good answer per key persisted, so that a service that can't be reached leaves
/// the previous answer in the entry, marked with its fetch time.
package enum LibraryList {
    /// The failure code of a server error (5xx), which the views tell from being offline.
    package static let serviceFailed = "serviceFailed"

    /// The endpoint, its fetch left to ``endpoint(_:)``; the reducer needs only its name.
    package static let declaration = QueryEndpoint<LibraryListKey, [Library]>(
        "libraries", policy: QueryPolicy(keepFor: nil),
        // The service couldn't be reached: the entry's previous answer stands in for it.
        isTransient: { ($0 as? CalilError)?.isServiceUnreachable == true },
        describe: { error in
            (error as? CalilError)?.description ?? "Loading failed: \(error)."
        },
        code: { ($0 as? CalilError)?.isServiceFailure == true ? serviceFailed : nil }
    ) { _ in throw CalilError(.cannotConnect(host: "", detail: "no library service")) }

    /// The endpoint asking `service`.
    package static func endpoint(_ service: any LibraryService) -> QueryEndpoint<LibraryListKey, [Library]> {
        declaration.replacingFetch { try await service.libraries(matching: $0.request) }
    }

    /// Loads the state's list and returns once it settled (loaded, or failed with the previous
    /// answer kept): the command line's one load. With the query middleware in the store.
    package static func load() -> AsyncThunk<LibraryFinderState, Void> {
        AsyncThunk { dispatch, getState in
            guard let key = getState()?.listKey else { return }
            _ = await declaration.settledEntry(key, dispatch: dispatch)
        }
    }

    /// The file of the last good answers: `libraries.json` in `directory` (the app's cache folder,
    /// see ``defaultDirectory(environment:)``), written atomically, `0600` in a `0700` folder. A
    /// damaged one is set aside (with a notice) and rebuilt; one from a newer version is left alone.
    package static func cacheFile(
        directory: URL, problemHandler: (@Sendable (PersistenceError) -> Void)? = nil
    ) -> PersistedFile<QuerySnapshot<LibraryListKey, [Library]>> {
        PersistedFile(
            url: directory.appendingPathComponent("libraries.json", isDirectory: false), schemaVersion: 1,
            whenUnusable: .setAsideAndRebuild, lockTimeout: 2, errorHandler: problemHandler)
    }

    /// ReSwiftPersistence's cache folder for `library-finder` (`$XDG_CACHE_HOME/library-finder`,
    /// else `~/.cache/library-finder`, on Linux; `~/Library/Caches/library-finder` on Apple
    /// platforms).
    package static func defaultDirectory(environment: [String: String]) -> URL {
        PersistenceDirectories.cache(appName: "library-finder", environment: environment)
    }

    /// A server as the list's keys tell servers apart: scheme, host (lower case), port and path,
    /// without a trailing `/`. User name, password, query and fragment are left out: they may hold
    /// secrets, which never go into a cache file.
    package static func serverKey(for url: URL) -> String {
        let scheme = (url.scheme ?? "https").lowercased()
        var key = scheme + "://" + (url.host ?? "").lowercased()
        if let port = url.port, port != (scheme == "http" ? 80 : 443) { key += ":\(port)" }
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        return key + path
    }
}

/// The library finder's store: the reducer with `middleware` (instrumentation, such as the
/// inspector's, which the terminal app adds), the thunk middleware, and the list's query.
///
/// - Parameters:
///   - query: What to list.
///   - server: The server the list comes from (its answers are kept apart from other servers').
///   - lists: The list's entries to start with (the persisted answers).
///   - service: Where libraries come from; `nil` fails every load as unreachable.
///   - now: The wall clock that dates each answer.
///   - availability: The book availability endpoint (``BookAvailability/endpoint(_:timeout:)``);
///     `nil` fails every book search.
///   - effects: The thunk middleware's effects, whose clock the book search polls on.
///   - middleware: Middleware before the thunk middleware, so that it sees the thunks' actions.
package func makeLibraryFinderStore(
    query: LibraryQuery, server: URL = CalilClient.defaultBaseURL,
    lists: QueryState<LibraryListKey, [Library]> = QueryState(), service: (any LibraryService)? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    availability: QueryEndpoint<BookSearch, BookAnswers> = BookAvailability.declaration,
    effects: ThunkEffects = ThunkEffects(), middleware: [Middleware<LibraryFinderState>] = []
) -> Store<LibraryFinderState> {
    var state = LibraryFinderState(query: query, server: LibraryList.serverKey(for: server))
    state.lists = lists
    let endpoint = service.map(LibraryList.endpoint) ?? LibraryList.declaration
    return Store<LibraryFinderState>(
        reducer: reduceLibraryFinder, state: state,
        middleware: middleware + [
            createThunkMiddleware(effects: effects), endpoint.middleware(\.lists, now: now),
            availability.middleware(\.books.entries),
        ])
}
