import Foundation
import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder where inspectable apps put their sockets, one per process: `<app>.<pid>.sock`.
///
/// It is `$XDG_RUNTIME_DIR/reswift-inspect` when `XDG_RUNTIME_DIR` is set, else
/// `reswift-inspect-<uid>` in the temporary folder (`TMPDIR`, else `/tmp`). It is created with
/// mode `0700` and refused when it is a symbolic link, belongs to another user, or is open to
/// group or others.
enum InspectorDirectory {
    static func path(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return (runtime as NSString).appendingPathComponent("reswift-inspect")
        }
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return (temporary as NSString).appendingPathComponent("reswift-inspect-\(geteuid())")
    }

    /// Creates the folder if needed, and checks that it is the user's alone.
    static func prepare(_ path: String) throws(InspectorError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw InspectorError.system("mkdir \(path)", errno)
        }
        try check(path)
    }

    /// Checks, without following a symbolic link, that the folder is the user's alone.
    static func check(_ path: String) throws(InspectorError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw InspectorError.system("lstat \(path)", errno) }
        let type = status.st_mode & S_IFMT
        if type == S_IFLNK { throw InspectorError.unsafeDirectory(path, "is a symbolic link") }
        if type != S_IFDIR { throw InspectorError.unsafeDirectory(path, "is not a folder") }
        if status.st_uid != geteuid() {
            throw InspectorError.unsafeDirectory(path, "belongs to user \(status.st_uid), not \(geteuid())")
        }
        if status.st_mode & 0o077 != 0 {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw InspectorError.unsafeDirectory(path, "has mode \(mode), not 700")
        }
    }

    /// Keeps an app name to letters, digits, `-` and `_`, so it can't change the folder or the
    /// name's parts.
    static func sanitized(_ app: String) -> String {
        let kept = app.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                ? Character(scalar) : "_"
        }
        let name = String(kept.prefix(40))
        return name.isEmpty ? "app" : name
    }

    /// The parts of a socket's file name: `<app>.<pid>.sock` or `<app>.<pid>.<n>.sock` for a
    /// process's second and later stores.
    static func parse(_ name: String) -> (app: String, pid: Int32, instance: Int)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 4, parts.last == "sock", !parts[0].isEmpty,
            let pid = Int32(parts[1]), pid > 0
        else { return nil }
        var instance = 1
        if parts.count == 4 {
            guard let number = Int(parts[2]), number > 1 else { return nil }
            instance = number
        }
        return (String(parts[0]), pid, instance)
    }

    static func fileName(app: String, pid: Int32, instance: Int) -> String {
        instance == 1 ? "\(app).\(pid).sock" : "\(app).\(pid).\(instance).sock"
    }

    /// Whether a process with this id exists (`kill(pid, 0)` says "no such process" otherwise).
    static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the sockets of processes that no longer exist.
    static func removeStaleSockets(in path: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            guard let parsed = parse(name), !isAlive(parsed.pid) else { continue }
            unlink((path as NSString).appendingPathComponent(name))
        }
    }
}

/// The sockets this process listens on, removed when it exits normally.
enum InspectorSocketCleanup {
    private static let paths = Locked<Set<String>>([])
    private static let registerOnce: Void = {
        atexit {
            for path in InspectorSocketCleanup.paths.withLock({ $0 }) {
                unlink(path)
            }
        }
    }()

    /// Picks the socket path for a new endpoint of this process: `<app>.<pid>.sock`, or
    /// `<app>.<pid>.<n>.sock` while another store of this process uses that, and registers it
    /// for removal at exit. A file already there can only be a dead process's with the same pid,
    /// so it is removed.
    static func claim(in directory: String, app: String) -> String {
        _ = registerOnce
        return paths.withLock { paths in
            var instance = 1
            while true {
                let name = InspectorDirectory.fileName(app: app, pid: getpid(), instance: instance)
                let path = (directory as NSString).appendingPathComponent(name)
                if !paths.contains(path) {
                    paths.insert(path)
                    unlink(path)
                    return path
                }
                instance += 1
            }
        }
    }

    static func remove(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
        unlink(path)
    }
}
