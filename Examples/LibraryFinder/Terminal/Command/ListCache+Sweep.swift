import Foundation
import LibraryFinderModel
import ReSwiftPersistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The list cache's folder kept tidy: a damaged cache is a cache, set aside and fetched again,
/// and what earlier versions left there is removed.
extension ListCache {
    /// What to tell the user about a problem with the list cache: a damaged file is set aside and
    /// the lists are fetched again, so there is nothing in it to recover.
    ///
    /// - Parameter problem: What ReSwiftPersistence reported.
    /// - Returns: The notice.
    static func notice(for problem: PersistenceError) -> String {
        guard let moved = problem.movedAsideTo else { return problem.message }
        return
            "The cached library lists in \(problem.fileURL.path) were unreadable (\(problem.reason)), so they "
            + "are being fetched again from the service. The damaged file was moved to \(moved.path); only the "
            + "latest damaged copy is kept, and you may delete it."
    }

    /// Removes from the cache folder, `directory`, what this app no longer reads: the former
    /// per-request cache (`libraries-` 16 hex digits `.v2.json`, with its lock file and set-aside
    /// copies) and every set-aside `libraries.json.moved-…` but the latest. Only regular files of
    /// the user's whose names match exactly are removed; anything else is left alone, and a file
    /// that can't be removed is left for the next run.
    ///
    /// - Parameter directory: The app's cache folder (`LibraryList.defaultDirectory(environment:)`).
    /// - Returns: The names removed.
    @discardableResult
    static func sweep(directory: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return []
        }
        let setAside = names.compactMap { name in movedSuffix(name, of: "libraries.json").map { (name, $0) } }
        let latest = setAside.max { ($0.1.time, $0.1.copy) < ($1.1.time, $1.1.copy) }?.0
        let swept = names.filter { name in
            name != latest && (isFormerCacheFile(name) || movedSuffix(name, of: "libraries.json") != nil)
        }
        return swept.filter { removeIfOwnRegularFile(directory.appendingPathComponent($0).path) }
    }

    /// Whether `name` is one of the former cache's files: `libraries-<16 hex>.v2.json`, its
    /// `.lock`, or a set-aside copy of it.
    static func isFormerCacheFile(_ name: String) -> Bool {
        let prefix = "libraries-"
        let stem = ".v2.json"
        guard name.hasPrefix(prefix) else { return false }
        let hex = name.dropFirst(prefix.count).prefix(16)
        guard hex.count == 16, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return false }
        let file = prefix + hex + stem
        return name == file || name == file + ".lock" || movedSuffix(name, of: file) != nil
    }

    /// The time and number a set-aside copy of `file` carries (`file.moved-20261204T231500.123Z`,
    /// then `-2`, `-3`… for copies made in the same millisecond), in an order that sorts them by
    /// age; `nil` when `name` isn't one.
    static func movedSuffix(_ name: String, of file: String) -> (time: String, copy: Int)? {
        let marker = file + ".moved-"
        guard name.hasPrefix(marker) else { return nil }
        let rest = name.dropFirst(marker.count)
        let pattern = Array("ddddddddTdddddd.dddZ")  // yyyyMMddTHHmmss.SSSZ, d a digit
        let stamp = rest.prefix(pattern.count)
        guard stamp.count == pattern.count,
            zip(stamp, pattern).allSatisfy({ $1 == "d" ? $0.isASCII && $0.isNumber : $0 == $1 })
        else { return nil }
        let number = rest.dropFirst(stamp.count)
        if number.isEmpty { return (String(stamp), 1) }
        guard number.hasPrefix("-"), let copy = Int(number.dropFirst()), copy >= 2,
            number.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return (String(stamp), copy)
    }

    /// Removes the file at `path` if it is a regular file (not a link) of the user's.
    private static func removeIfOwnRegularFile(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid()
        else { return false }
        return unlink(path) == 0
    }
}
