import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, error-checked wrappers around the system calls the persisted files need.
enum POSIX {
    /// A failed system call: which operation on which path, and `errno`.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32

        var description: String { "\(operation) \(path): \(String(cString: strerror(code))) (errno \(code))" }
        var isNoSuchFile: Bool { code == ENOENT || code == ENOTDIR }
        var isPermissionDenied: Bool { code == EACCES || code == EPERM }
        /// Permission denied, or a read-only file system: the folder can't be written.
        var isNotWritable: Bool { isPermissionDenied || code == EROFS }
        var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
    }

    /// A path that names something other than a regular file when it was opened, e.g. a pipe that
    /// took the place of the file after it was checked.
    struct NotARegularFile: Error, CustomStringConvertible {
        var path: String
        /// What it is, e.g. `"a pipe"`.
        var kind: String

        var description: String { "\(path) is \(kind), not a file" }
    }

    /// Something other than a folder where a folder on the way to a file must be (`XDG_DATA_HOME`
    /// pointing at a file, say).
    struct FileInTheWay: Error, CustomStringConvertible {
        /// The path of what is in the way.
        var path: String
        /// What it is, e.g. `"a file"`.
        var kind: String

        var description: String { "\(path) is \(kind), not a folder" }
    }

    /// What stands where `folder` or a folder above it should be, when that is not a folder: the
    /// nearest existing one of them, if it isn't a directory (links followed); `nil` otherwise.
    static func fileInTheWay(ofFolder folder: String) -> FileInTheWay? {
        var current = URL(fileURLWithPath: folder)
        while current.path != "/" {
            var status = stat()
            if stat(current.path, &status) == 0 {
                guard status.st_mode & S_IFMT != S_IFDIR else { return nil }
                let kind = nonFileKind(mode: status.st_mode) ?? "a file"
                return FileInTheWay(path: current.path, kind: kind)
            }
            current.deleteLastPathComponent()
        }
        return nil
    }

    /// What sits at `path` (not following a symbolic link) when it is something other than a
    /// regular file, e.g. `"a directory"`; `nil` for a regular file or nothing at all.
    static func nonFileKind(atPath path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return nonFileKind(mode: info.st_mode)
    }

    /// What a file of mode `mode` is when it isn't a regular file, e.g. `"a pipe"`; `nil` for a
    /// regular file.
    static func nonFileKind(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// Whether `uid` is the user's own (the effective user id).
    static func isOwnUser(_ uid: uid_t) -> Bool { uid == geteuid() }

    /// Whether a file owned by `uid` may be trusted as the user's: theirs, or root's.
    static func isOwnUserOrRoot(_ uid: uid_t) -> Bool { uid == geteuid() || uid == 0 }

    /// Opens `path`, retrying when interrupted.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = newFileMode) throws(Failure) -> Int32 {
        if let code = FaultHooks.injectedOpenFailure(path, flags) {
            throw Failure(operation: "open", path: path, code: code)
        }
        while true {
            let fd = systemOpen(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw Failure(operation: "open", path: path, code: errno) }
        }
    }

    /// The flags every path from the user is opened with, whatever else is asked: a symbolic link
    /// put in its place isn't followed (`ELOOP`), and a pipe or device doesn't make the open wait.
    /// What was opened is then checked with `fstat`.
    static let safeOpenFlags = O_NOFOLLOW | O_NONBLOCK

    /// The whole contents of the regular file at `path`, or `nil` when there is no such file.
    ///
    /// Opened `O_NOFOLLOW | O_NONBLOCK` and checked with `fstat` before anything is read, so a pipe,
    /// device or link that took the file's place after an earlier check neither blocks nor is read.
    ///
    /// - Throws: ``Failure`` when it can't be opened or read; ``NotARegularFile`` when it isn't a
    ///   regular file (a symbolic link included).
    static func readFile(atPath path: String) throws -> Data? {
        let opened = Result { () throws(Failure) in try open(path, O_RDONLY | safeOpenFlags) }
        let fd: Int32
        switch opened {
        case .success(let descriptor):
            fd = descriptor
        case .failure(let failure) where failure.isNoSuchFile:
            return nil
        case .failure(let failure) where failure.code == ELOOP:
            throw NotARegularFile(path: path, kind: "a symbolic link")
        case .failure(let failure):
            throw failure
        }
        defer { _ = close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(operation: "fstat", path: path, code: errno) }
        if let kind = nonFileKind(mode: status.st_mode) { throw NotARegularFile(path: path, kind: kind) }
        switch FileDescriptorIO.readToEnd(fd) {
        case .success(let bytes): return Data(bytes)
        case .failure(let failure): throw Failure(operation: "read", path: path, code: failure.code)
        }
    }

    /// Writes all of `data` to `fd`.
    static func writeAll(_ fd: Int32, _ data: Data, path: String) throws(Failure) {
        let code = data.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
        if code != 0 { throw Failure(operation: "write", path: path, code: code) }
    }

    /// Flushes `fd`'s data to the storage device (`F_FULLFSYNC` where the platform has it), then
    /// runs ``PersistenceFaultHooks/afterSync`` with `path`.
    static func sync(_ fd: Int32, path: String) throws(Failure) {
        #if canImport(Darwin)
            if fcntl(fd, F_FULLFSYNC) == 0 {
                FaultHooks.runAfterSync(path)
                return
            }
        #endif
        while fsync(fd) != 0 {
            if errno != EINTR { throw Failure(operation: "fsync", path: path, code: errno) }
        }
        FaultHooks.runAfterSync(path)
    }

    /// Flushes a directory's entries (a rename in it), ignoring file systems that can't, then runs
    /// ``PersistenceFaultHooks/afterSync`` with `path`.
    static func syncDirectory(atPath path: String) {
        guard let fd = try? open(path, O_RDONLY | O_DIRECTORY | safeOpenFlags) else { return }
        _ = fsync(fd)
        _ = close(fd)
        FaultHooks.runAfterSync(path)
    }

    /// The mode of new data, lock and temporary files: read and write for the owner only.
    static let newFileMode: mode_t = 0o600

    /// Replaces `path` (a resolved path, see ``resolvedFilePath(_:)``) with `data` atomically:
    /// readers see either the old file or the new one, and a crash or a failed write leaves the old
    /// one in place.
    ///
    /// The data goes to a new temporary file in the same directory, is flushed to disk, and is renamed
    /// over `path`; the directory is flushed too. A new file is `0600`; a replaced file keeps its
    /// mode (and, where permitted, its owner). The temporary file is `flock`ed from its creation
    /// until the rename, so ``sweepTemporaryFiles(of:olderThan:)`` can tell a live write from a dead
    /// one. A signal that ends the process meanwhile leaves the old file whole, and the temporary
    /// file is swept later; the library installs no signal handlers (an app that wants a save to
    /// finish first turns signals into events of its own loop, as the todo app does).
    static func writeAtomically(_ data: Data, toPath path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = "\(directory)/\(temporaryFileName(forFileNamed: url.lastPathComponent))"
        var mode = newFileMode
        var existing = stat()
        let replacing = lstat(path, &existing) == 0
        if replacing { mode = existing.st_mode & 0o7777 }
        let fd = try open(temporary, O_WRONLY | O_CREAT | O_EXCL | safeOpenFlags, mode: newFileMode)
        _ = flock(fd, LOCK_EX | LOCK_NB)  // a fresh file: no one else can hold it
        do throws(Failure) {
            if replacing && (existing.st_uid != geteuid() || existing.st_gid != getegid()) {
                _ = fchown(fd, existing.st_uid, existing.st_gid)  // best effort: only root may
            }
            if fchmod(fd, mode) != 0 { throw Failure(operation: "fchmod", path: temporary, code: errno) }
            try writeAll(fd, data, path: temporary)
            FaultHooks.runBeforeRename(path)
            try sync(fd, path: temporary)
            if rename(temporary, path) != 0 {
                throw Failure(operation: "rename", path: path, code: errno)
            }
        } catch {
            _ = unlink(temporary)
            _ = close(fd)
            throw error
        }
        _ = close(fd)  // after the rename: the data is already on disk (fsync)
        syncDirectory(atPath: directory)
    }

    /// Removes the temporary files of `path`'s saves that were never finished (their process died),
    /// ignoring any failure: leftovers are clutter, not data. Only writers call it: a read never
    /// changes the disk.
    ///
    /// Only files this package wrote are candidates: named exactly as a save names its temporary
    /// file (``temporaryFileName(forFileNamed:)``, a UUID between the file's name and `.tmp`),
    /// regular files, and the user's own. Such a file is stale when no process holds its `flock` (a
    /// live save holds it from creation to rename) and it was last modified more than `age`
    /// seconds ago (which covers the instant between a save creating the file and locking it).
    ///
    /// - Returns: The names of the files removed.
    @discardableResult
    static func sweepTemporaryFiles(of path: String, olderThan age: TimeInterval) -> [String] {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let fileName = url.lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        let now = Date().timeIntervalSince1970
        for name in names where isTemporaryFileName(name, forFileNamed: fileName) {
            let candidate = "\(directory)/\(name)"
            guard let fd = try? open(candidate, O_RDONLY | safeOpenFlags) else { continue }
            defer { _ = close(fd) }
            var status = stat()
            guard fstat(fd, &status) == 0, nonFileKind(mode: status.st_mode) == nil, isOwnUser(status.st_uid)
            else { continue }
            #if canImport(Darwin)
                let modified = TimeInterval(status.st_mtimespec.tv_sec)
            #else
                let modified = TimeInterval(status.st_mtim.tv_sec)
            #endif
            guard now - modified > age, flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            // The name may have been given to another file since it was opened: remove it only if it
            // still names the file checked and locked.
            var current = stat()
            guard lstat(candidate, &current) == 0, current.st_dev == status.st_dev,
                current.st_ino == status.st_ino
            else { continue }
            if unlink(candidate) == 0 { removed.append(name) }
        }
        return removed
    }

    /// How many names the file at `path` has (hard links), or `nil` when there is no such file.
    static func linkCount(atPath path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_nlink)
    }

    /// How the temporary files of a save of `name` begin: hidden, and named after the file.
    static func temporaryFilePrefix(forFileNamed name: String) -> String { ".\(name)." }

    /// A new name for the temporary file of a save of `name`: `.name.<UUID>.tmp`.
    static func temporaryFileName(forFileNamed name: String) -> String {
        temporaryFilePrefix(forFileNamed: name) + UUID().uuidString + temporaryFileSuffix
    }

    /// Whether `candidate` is exactly what ``temporaryFileName(forFileNamed:)`` makes for `name`:
    /// the prefix, a UUID as `UUID.uuidString` writes it, and the suffix. A user's own
    /// `.name.notes.tmp` is not.
    static func isTemporaryFileName(_ candidate: String, forFileNamed name: String) -> Bool {
        let prefix = temporaryFilePrefix(forFileNamed: name)
        guard candidate.hasPrefix(prefix), candidate.hasSuffix(temporaryFileSuffix),
            candidate.count > prefix.count + temporaryFileSuffix.count
        else { return false }
        let middle = String(candidate.dropFirst(prefix.count).dropLast(temporaryFileSuffix.count))
        return UUID(uuidString: middle)?.uuidString == middle
    }

    /// How long a temporary file that no process has locked must have gone unmodified before it is
    /// taken for a dead save's: far longer than the instant between a save creating it and locking it.
    static let staleTemporaryFileAge: TimeInterval = 10

    /// How the temporary files of a save end.
    static let temporaryFileSuffix = ".tmp"

    /// The file a path really names: symbolic links of the last component followed (so a save
    /// replaces the target, not the link), and the folder's own links and `..` resolved, so every
    /// path that reaches one file gives the same result (and so the same lock).
    ///
    /// Only links of the user's or root's are followed (see ``resolvingSymbolicLink(_:)``); the
    /// result names a symbolic link when one wasn't followed, which the caller refuses.
    static func resolvedFilePath(_ path: String) -> String {
        let followed = resolvingSymbolicLink(path)
        let url = URL(fileURLWithPath: followed)
        let name = url.lastPathComponent
        let directory = url.deletingLastPathComponent().path
        guard let real = realpath(directory, nil) else { return followed }
        defer { free(real) }
        let resolvedDirectory = String(cString: real)
        return resolvedDirectory == "/" ? "/\(name)" : "\(resolvedDirectory)/\(name)"
    }

    /// The file a symbolic link at `path` points to, or `path` itself.
    ///
    /// A link that belongs to another user (not the user, not root) is not followed, and is
    /// returned itself: another user's link in a shared folder must never make the app read or
    /// replace a file it points to. A cycle of links gives up and returns `path`.
    static func resolvingSymbolicLink(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
                isOwnUserOrRoot(status.st_uid)
            else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return path }
            let destination = String(
                decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(
                    destination
                ).path
        }
        return path
    }

    /// Removes the file at `path`; no file is fine.
    static func removeFile(atPath path: String) throws(Failure) {
        if unlink(path) != 0 && errno != ENOENT {
            throw Failure(operation: "unlink", path: path, code: errno)
        }
    }

    /// Moves `path` to `destination` without ever replacing an existing `destination`.
    ///
    /// - Returns: `false` when `destination` already exists (nothing moved).
    static func moveWithoutReplacing(_ path: String, to destination: String) throws(Failure) -> Bool {
        // link + unlink can't replace anything; directories and some file systems don't support
        // hard links, and then a checked rename is the best available (the caller holds the lock).
        if link(path, destination) == 0 {
            if unlink(path) != 0 { throw Failure(operation: "unlink", path: path, code: errno) }
            return true
        }
        if errno == EEXIST { return false }
        var status = stat()
        if lstat(destination, &status) == 0 { return false }
        if rename(path, destination) != 0 { throw Failure(operation: "rename", path: path, code: errno) }
        return true
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Darwin)
            return Darwin.open(path, flags, mode)
        #elseif canImport(Glibc)
            return Glibc.open(path, flags, mode)
        #else
            return Musl.open(path, flags, mode)
        #endif
    }
#endif
