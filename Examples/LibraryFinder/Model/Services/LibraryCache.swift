import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftPersistence

/// A list of libraries as the cache keeps it: the server and request it answers and when it was
/// fetched.
package struct CachedLibraryList: Codable, Equatable, Sendable {
    /// The version of this type's encoded form, kept in the file's envelope.
    package static let schemaVersion = 1

    /// The server that answered (see ``LibraryCache/serverKey(for:)``); `nil` in files written
    /// before the cache was keyed by server, which are therefore never taken as an answer.
    package var server: String?
    /// The request's parameters, e.g. `pref=秋田県&limit=5`, to tell apart queries whose file
    /// names collide.
    package var request: String
    /// When the list was fetched from the service.
    package var fetchedAt: Date
    /// The libraries as the service sent them (before the category filter and limit).
    package var libraries: [Library]
}

/// The last good answer for each query to one server, kept on disk to show when that server
/// can't be reached.
///
/// One file per server and query in the cache directory (`$XDG_CACHE_HOME/library-finder`, else
/// `~/.cache/library-finder`; `~/Library/Caches/library-finder` on Apple platforms), each a
/// ReSwiftPersistence `PersistedFile`: written atomically, `0600` in a `0700` folder. A file with
/// bad contents is set aside (`….moved-<time>`) and the cache rebuilt from the next good answer,
/// with a notice naming where the old file went; a file that can't be read, or comes from a newer
/// version, is reported and left alone. Either way it is a cache miss. A file written before the
/// cache was keyed by server (no `server` in it) is a silent miss, left as it is.
package struct LibraryCache: Sendable {
    /// The directory holding the files.
    package let directory: URL
    /// The server whose answers this cache keeps (`--api-base`): an answer from one server is never
    /// shown for another.
    package let server: URL
    /// Receives the notices: a bad file set aside (its message names where it went), or a file
    /// that couldn't be used. `nil` writes them to standard error.
    package let problemHandler: (@Sendable (PersistenceError) -> Void)?

    /// A cache in `directory` for the answers of `server`.
    ///
    /// - Parameters:
    ///   - directory: The folder holding the files; created on the first save.
    ///   - server: The server the answers come from (`--api-base`).
    ///   - problemHandler: Receives the notices; `nil` writes them to standard error.
    package init(
        directory: URL, server: URL = CalilClient.defaultBaseURL,
        problemHandler: (@Sendable (PersistenceError) -> Void)? = nil
    ) {
        self.directory = directory
        self.server = server
        self.problemHandler = problemHandler
    }

    /// The same cache, with its notices going to `problemHandler`.
    package func reporting(to problemHandler: @escaping @Sendable (PersistenceError) -> Void) -> LibraryCache
    {
        LibraryCache(directory: directory, server: server, problemHandler: problemHandler)
    }

    /// The default directory for an environment: ReSwiftPersistence's cache folder for
    /// `library-finder` (`$XDG_CACHE_HOME/library-finder`, else `~/.cache/library-finder`, on
    /// Linux; `~/Library/Caches/library-finder` on Apple platforms).
    package static func defaultDirectory(environment: [String: String]) -> URL {
        PersistenceDirectories.cache(appName: "library-finder", environment: environment)
    }

    /// The cached list for a query, or `nil` when there is none (or it can't be used, which is
    /// reported).
    package func load(for query: LibraryQuery) -> CachedLibraryList? {
        let key = Self.requestKey(for: query)
        let file = persistedFile(forKey: key)
        do {
            // A file of another server or query (a name collision), or of the version before the
            // server was part of the key, is a miss; the next good answer replaces it.
            guard let cached = try file.load(), cached.request == key, cached.server == serverKey else {
                return nil
            }
            return cached
        } catch let problem as PersistenceError {
            (problemHandler ?? PersistenceHooks.errorHandler)(problem)
            return nil
        } catch {
            return nil
        }
    }

    /// Stores the list for a query, replacing the previous one atomically (a bad file is set aside
    /// first, with a notice).
    ///
    /// - Throws: `PersistenceError` when the file can't be written, or can't be replaced (it can't
    ///   be read, or comes from a newer version).
    package func save(_ libraries: [Library], for query: LibraryQuery, fetchedAt: Date) throws {
        let key = Self.requestKey(for: query)
        let entry = CachedLibraryList(
            server: serverKey, request: key, fetchedAt: fetchedAt, libraries: libraries)
        try persistedFile(forKey: key).save(entry)
    }

    /// The persisted file for a request key.
    package func persistedFile(forKey key: String) -> PersistedFile<CachedLibraryList> {
        PersistedFile(
            url: fileURL(forKey: key), schemaVersion: CachedLibraryList.schemaVersion,
            whenUnusable: .setAsideAndRebuild, lockTimeout: 2, errorHandler: problemHandler)
    }

    /// The file for a request key to this cache's server: a stable 64-bit FNV-1a hash of both, in
    /// hex.
    package func fileURL(forKey key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (serverKey + "\n" + key).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        // `.v2`: the files before ReSwiftPersistence had no envelope; new names leave them unread
        // rather than set aside with a notice the user can do nothing about.
        let name = "libraries-" + String(repeating: "0", count: 16 - hex.count) + hex + ".v2.json"
        return directory.appendingPathComponent(name)
    }

    /// This cache's server as ``serverKey(for:)`` writes it.
    package var serverKey: String { Self.serverKey(for: server) }

    /// A server as the cache tells servers apart: scheme, host (lower case), port and path, without
    /// a trailing `/`. User name, password, query and fragment are left out: they may hold
    /// secrets, which never go into a cache file or its name.
    package static func serverKey(for url: URL) -> String {
        let scheme = (url.scheme ?? "https").lowercased()
        var key = scheme + "://" + (url.host ?? "").lowercased()
        if let port = url.port, port != (scheme == "http" ? 80 : 443) { key += ":\(port)" }
        var path = url.path
        while path.hasSuffix("/") { path.removeLast() }
        return key + path
    }

    /// The request parameters that decide the service's answer, as one string.
    package static func requestKey(for query: LibraryQuery) -> String {
        query.requestParameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }
}

/// Cache notices kept while the terminal is in raw mode, to print once it is given back.
package final class PendingNotices: Sendable {
    private let messages = Locked<[String]>([])

    /// Creates an empty list of notices.
    package init() {}

    /// Keeps a problem's message.
    package func append(_ problem: PersistenceError) {
        messages.withLock { $0.append(problem.message) }
    }

    /// The messages kept so far, which are then forgotten.
    package func take() -> [String] {
        messages.withLock { messages in
            defer { messages = [] }
            return messages
        }
    }
}
