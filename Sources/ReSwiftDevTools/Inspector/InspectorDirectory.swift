import Foundation
@_spi(ReSwiftInternal) import ReSwift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder where inspectable apps put their sockets, one per store: `<pid>.sock` (a process's
/// second and later stores: `<pid>.<n>.sock`), each beside a `<pid>.app` (`<pid>.<n>.app`) that
/// holds the app's name.
///
/// Names stay short whatever the app is called, so a socket's path fits the address a socket
/// takes (104 bytes on Apple platforms, 108 on Linux) wherever the folder fits. The folder is the
/// first of these that leaves room for the longest name:
/// - `$XDG_RUNTIME_DIR/reswift-inspect`, when `XDG_RUNTIME_DIR` is an absolute path (a relative
///   one is ignored, as the XDG Base Directory spec says and as ReSwiftPersistence does: it would
///   put the socket under whatever folder the app was started in);
/// - `reswift-inspect-<uid>` in `TMPDIR`, when it is an absolute path;
/// - `/tmp/reswift-inspect-<uid>`, where an app whose temporary folder is too deep (an iOS app's
///   container, the simulator's) listens, and where tools look too.
///
/// It is created with mode `0700` and refused when it is a symbolic link, belongs to another
/// user, or is open to group or others.
enum InspectorDirectory {
    /// The longest file name in the folder: a 10-digit pid, a 6-digit instance, `.sock`.
    static let longestName = 22

    /// The folders an app may listen in, the preferred first.
    static func candidates(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            folders.append((runtime as NSString).appendingPathComponent("reswift-inspect"))
        }
        let perUser = "reswift-inspect-\(geteuid())"
        if let temporary = environment["TMPDIR"], temporary.hasPrefix("/") {
            folders.append((temporary as NSString).appendingPathComponent(perUser))
        }
        folders.append("/tmp/" + perUser)
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// Whether a socket named in this folder fits a socket address.
    static func fits(_ folder: String) -> Bool {
        folder.utf8.count + 1 + longestName <= UnixSocket.maximumPathLength
    }

    /// The folder an app listens in: the first candidate a socket path fits in.
    ///
    /// - Throws: ``InspectorError`` when none fits (a `/tmp` that is a very long path).
    static func path(environment: [String: String]) throws(InspectorError) -> String {
        let folders = candidates(environment: environment)
        guard let folder = folders.first(where: fits) else {
            throw InspectorError.pathTooLong(folders.last ?? "/tmp", limit: UnixSocket.maximumPathLength)
        }
        return folder
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

    /// Keeps an app name to letters, digits, `-` and `_`, and at most 100 of them.
    static func sanitized(_ app: String) -> String {
        let kept = app.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                ? Character(scalar) : "_"
        }
        let name = String(kept.prefix(100))
        return name.isEmpty ? "app" : name
    }

    /// What a file in the folder is.
    enum Kind: Equatable {
        case socket
        case metadata
    }

    /// The parts of a file name the package writes: `<pid>.sock`, `<pid>.<n>.sock` for a
    /// process's second and later stores, and the same with `.app`; `nil` for any other name.
    static func parse(_ name: String) -> (pid: Int32, instance: Int, kind: Kind)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let last = parts.last else { return nil }
        let kind: Kind
        switch last {
        case "sock": kind = .socket
        case "app": kind = .metadata
        default: return nil
        }
        guard isNumber(parts[0]), let pid = Int32(parts[0]), pid > 0 else { return nil }
        var instance = 1
        if parts.count == 3 {
            guard isNumber(parts[1]), let number = Int(parts[1]), number > 1, number < 1_000_000 else {
                return nil
            }
            instance = number
        }
        return (pid, instance, kind)
    }

    private static func isNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    static func fileName(pid: Int32, instance: Int, kind: Kind) -> String {
        let suffix = kind == .socket ? "sock" : "app"
        return instance == 1 ? "\(pid).\(suffix)" : "\(pid).\(instance).\(suffix)"
    }

    /// Whether a process with this id exists (`kill(pid, 0)` says "no such process" otherwise).
    static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes the sockets and names of processes that no longer exist: only files whose names
    /// are the package's, and that are the user's.
    static func removeStaleFiles(in path: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            guard let parsed = parse(name), !isAlive(parsed.pid) else { continue }
            let file = (path as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(file, &status) == 0, status.st_uid == geteuid() else { continue }
            unlink(file)
        }
    }

    /// Writes the app's name beside its socket: a new file, mode `0600`, never through a link.
    static func writeName(_ app: String, to path: String) throws(InspectorError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw InspectorError.system("create \(path)", errno) }
        defer { closeFile(fd) }
        let bytes = Array(app.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw InspectorError.system("write \(path)", errno) }
    }

    /// The app name written beside a socket, or `nil` when there is none that is the user's.
    static func readName(at path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { closeFile(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return sanitized(String(decoding: bytes[0..<count], as: UTF8.self))
    }
}

/// The sockets (and names) this process listens with, removed when it exits normally.
enum InspectorSocketCleanup {
    private static let paths = Locked<Set<String>>([])
    private static let registerOnce: Void = {
        atexit {
            for path in InspectorSocketCleanup.paths.withLock({ $0 }) {
                unlink(path)
            }
        }
    }()

    /// Picks the socket path for a new endpoint of this process, `<pid>.sock`, or
    /// `<pid>.<n>.sock` while another store of this process uses that, and the path of the
    /// app's name beside it, and registers both for removal at exit. Files already there can
    /// only be a dead process's with the same pid, so they are removed.
    static func claim(in directory: String) -> (socket: String, metadata: String) {
        _ = registerOnce
        return paths.withLock { paths in
            var instance = 1
            while true {
                let socket = (directory as NSString).appendingPathComponent(
                    InspectorDirectory.fileName(pid: getpid(), instance: instance, kind: .socket))
                if !paths.contains(socket) {
                    let metadata = (directory as NSString).appendingPathComponent(
                        InspectorDirectory.fileName(pid: getpid(), instance: instance, kind: .metadata))
                    paths.insert(socket)
                    paths.insert(metadata)
                    unlink(socket)
                    unlink(metadata)
                    return (socket: socket, metadata: metadata)
                }
                instance += 1
            }
        }
    }

    static func remove(_ claimed: (socket: String, metadata: String)) {
        paths.withLock { paths in
            paths.remove(claimed.socket)
            paths.remove(claimed.metadata)
        }
        unlink(claimed.socket)
        unlink(claimed.metadata)
    }
}

private func closeFile(_ fd: Int32) {
    close(fd)
}
