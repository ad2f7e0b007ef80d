import Foundation
import ReSwiftPersistence

/// A list of libraries as the cache keeps it: the request it answers and when it was fetched.
struct CachedLibraryList: Codable, Equatable, Sendable {
    /// The version of this type's encoded form, kept in the file's envelope.
    static let schemaVersion = 1

    /// The request's parameters, e.g. `pref=秋田県&limit=5`, to tell apart queries whose file
    /// names collide.
    var request: String
    /// When the list was fetched from the service.
    var fetchedAt: Date
    /// The libraries as the service sent them (before the category filter and limit).
    var libraries: [Library]
}

/// The last good answer for each query, kept on disk to show when the service can't be reached.
///
/// One file per query in the cache directory (`$XDG_CACHE_HOME/library-finder`, else
/// `~/.cache/library-finder`; `~/Library/Caches/library-finder` on Apple platforms), each a
/// ReSwiftPersistence `PersistedFile`: written atomically, `0600` in a `0700` folder. A file with
/// bad contents is set aside (`….moved-<time>`) and the cache rebuilt from the next good answer,
/// with a notice naming where the old file went; a file that can't be read, or comes from a newer
/// version, is reported and left alone. Either way it is a cache miss.
struct LibraryCache: Sendable {
    /// The directory holding the files.
    let directory: URL
    /// Receives the notices: a bad file set aside (its message names where it went), or a file
    /// that couldn't be used. `nil` writes them to standard error.
    let problemHandler: (@Sendable (PersistenceError) -> Void)?

    /// A cache in `directory`.
    ///
    /// - Parameters:
    ///   - directory: The folder holding the files; created on the first save.
    ///   - problemHandler: Receives the notices; `nil` writes them to standard error.
    init(directory: URL, problemHandler: (@Sendable (PersistenceError) -> Void)? = nil) {
        self.directory = directory
        self.problemHandler = problemHandler
    }

    /// The same cache, with its notices going to `problemHandler`.
    func reporting(to problemHandler: @escaping @Sendable (PersistenceError) -> Void) -> LibraryCache {
        LibraryCache(directory: directory, problemHandler: problemHandler)
    }

    /// The default directory for an environment, or `nil` when neither `XDG_CACHE_HOME` nor `HOME`
    /// says where it is.
    static func defaultDirectory(environment: [String: String]) -> URL? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("library-finder")
        }
        #if canImport(Darwin)
            if let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first {
                return caches.appendingPathComponent("library-finder")
            }
        #endif
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".cache/library-finder")
    }

    /// The cached list for a query, or `nil` when there is none (or it can't be used, which is
    /// reported).
    func load(for query: LibraryQuery) -> CachedLibraryList? {
        let key = Self.requestKey(for: query)
        let file = persistedFile(forKey: key)
        do {
            guard let cached = try file.load(), cached.request == key else { return nil }
            return cached
        } catch let problem as PersistenceError {
            (problemHandler ?? PersistenceHooks.problemHandler)(problem)
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
    func save(_ libraries: [Library], for query: LibraryQuery, fetchedAt: Date) throws {
        let key = Self.requestKey(for: query)
        let entry = CachedLibraryList(request: key, fetchedAt: fetchedAt, libraries: libraries)
        try persistedFile(forKey: key).save(entry)
    }

    /// The persisted file for a request key.
    func persistedFile(forKey key: String) -> PersistedFile<CachedLibraryList> {
        PersistedFile(
            url: fileURL(forKey: key), schemaVersion: CachedLibraryList.schemaVersion,
            whenUnusable: .setAsideAndRebuild, lockTimeout: 2, problemHandler: problemHandler)
    }

    /// The file for a request key: a stable 64-bit FNV-1a hash of it, in hex.
    func fileURL(forKey key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        // `.v2`: the files before ReSwiftPersistence had no envelope; new names leave them unread
        // rather than set aside with a notice the user can do nothing about.
        let name = "libraries-" + String(repeating: "0", count: 16 - hex.count) + hex + ".v2.json"
        return directory.appendingPathComponent(name)
    }

    /// The request parameters that decide the service's answer, as one string.
    static func requestKey(for query: LibraryQuery) -> String {
        query.requestParameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }
}

/// Cache notices kept while the terminal is in raw mode, to print once it is given back.
final class PendingNotices: Sendable {
    private let lock = NSLock()
    // nonisolated(unsafe): read and written only while holding `lock`.
    nonisolated(unsafe) private var messages: [String] = []

    /// Keeps a problem's message.
    func append(_ problem: PersistenceError) {
        lock.withLock { messages.append(problem.message) }
    }

    /// The messages kept so far, which are then forgotten.
    func take() -> [String] {
        lock.withLock {
            defer { messages = [] }
            return messages
        }
    }
}
