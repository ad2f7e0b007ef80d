import Foundation

/// A list of libraries as the cache keeps it: the request it answers and when it was fetched.
struct CachedLibraryList: Codable, Equatable, Sendable {
    /// The file format's version; files of another version are ignored.
    static let currentVersion = 1

    var version = CachedLibraryList.currentVersion
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
/// One JSON file per query in the cache directory (`$XDG_CACHE_HOME/library-finder`, else
/// `~/.cache/library-finder`; `~/Library/Caches/library-finder` on Apple platforms), written
/// atomically. A missing, unreadable or foreign file is a cache miss.
struct LibraryCache: Sendable {
    /// The directory holding the files.
    let directory: URL

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

    /// The cached list for a query, or `nil` when there is none (or it can't be read).
    func load(for query: LibraryQuery) -> CachedLibraryList? {
        let key = Self.requestKey(for: query)
        guard let data = try? Data(contentsOf: fileURL(forKey: key)),
            let cached = try? Self.decoder.decode(CachedLibraryList.self, from: data),
            cached.version == CachedLibraryList.currentVersion, cached.request == key
        else { return nil }
        return cached
    }

    /// Stores the list for a query, replacing the previous one atomically.
    ///
    /// - Throws: A file system error when the directory can't be created or the file written.
    func save(_ libraries: [Library], for query: LibraryQuery, fetchedAt: Date) throws {
        let key = Self.requestKey(for: query)
        let entry = CachedLibraryList(request: key, fetchedAt: fetchedAt, libraries: libraries)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.encoder.encode(entry).write(to: fileURL(forKey: key), options: .atomic)
    }

    /// The file for a request key: a stable 64-bit FNV-1a hash of it, in hex.
    func fileURL(forKey key: String) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let name = "libraries-" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
        return directory.appendingPathComponent(name)
    }

    /// The request parameters that decide the service's answer, as one string.
    static func requestKey(for query: LibraryQuery) -> String {
        query.requestParameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
