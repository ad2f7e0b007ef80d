import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A held exclusive advisory lock (`flock`) on a lock file, shared by every process and thread.
///
/// Each acquisition opens the lock file anew, so two threads of one process exclude each other just
/// as two processes do (`flock` locks belong to the open file description). The lock file is never
/// removed: removing it would let a waiter lock an unlinked file while a newcomer locks a new one.
/// The lock goes away when ``unlock()`` closes the descriptor, and also when the process dies.
///
/// Waiting is bounded: the lock is tried without blocking, with short pauses, until the timeout;
/// then ``Busy`` says which process holds it, where the system tells (Linux's `/proc/locks`).
///
/// A thread that asks again for a lock it holds (a `PersistedFile` used from inside its own
/// `update` transform) would wait for itself forever; that is refused with ``Reentered`` instead.
///
/// The lock file sits in a folder others may write, so it is opened `O_NOFOLLOW | O_NONBLOCK` and
/// checked with `fstat` before it is used: another user's symbolic link never makes it create or
/// open a file elsewhere, a pipe never makes it wait, and a lock file that isn't a regular file of
/// the user's (or root's) is refused with ``Refused``, saying why.
struct FileLock {
    /// The calling thread already holds this lock.
    struct Reentered: Error {}

    /// The lock file isn't one to trust: a symbolic link, not a regular file, or another user's.
    struct Refused: Error, CustomStringConvertible {
        /// Why, in a phrase: "its lock file /x/list.json.lock is a pipe, not a plain file".
        var reason: String

        var description: String { reason }
    }

    /// There was no lock file and it couldn't be created (the folder can't be written, or the disk
    /// is full).
    struct CannotCreate: Error, CustomStringConvertible {
        /// The failure of creating it.
        var failure: POSIX.Failure

        var description: String { failure.description }
    }

    /// Someone else held the lock for the whole timeout.
    struct Busy: Error {
        /// The process holding the lock, when the system tells.
        var holder: LockHolder?
    }

    private static let heldKey = "ReSwiftPersistence.FileLock.held"

    private let fd: Int32
    private let path: String

    /// Takes the exclusive lock on the file at `path`, creating the file (`0600`) if needed, waiting
    /// at most `timeout` seconds for another holder to let go.
    ///
    /// - Throws: ``POSIX/Failure`` when the lock file can't be opened or locked; ``CannotCreate``
    ///   when there is none and it can't be created; ``Refused`` when it isn't a regular file of the
    ///   user's or root's; ``Busy`` when the timeout passed; ``Reentered`` when the calling thread
    ///   already holds it.
    static func lock(atPath path: String, timeout: TimeInterval) throws -> FileLock {
        var held = Thread.current.threadDictionary[heldKey] as? Set<String> ?? []
        if held.contains(path) { throw Reentered() }
        let fd = try openLockFile(atPath: path)
        let deadline = Date().addingTimeInterval(max(0, timeout))
        var pause: useconds_t = 500
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                _ = close(fd)
                throw POSIX.Failure(operation: "flock", path: path, code: code)
            }
            if Date() >= deadline {
                let holder = LockHolder.find(lockedFile: fd)
                _ = close(fd)
                throw Busy(holder: holder)
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        held.insert(path)
        Thread.current.threadDictionary[heldKey] = held
        return FileLock(fd: fd, path: path)
    }

    /// Opens (creating it `0600` if needed) the lock file, read-only when only that is allowed (as
    /// `flock` works on any descriptor), and checks that it is a regular file of the user's or root's.
    private static func openLockFile(atPath path: String) throws -> Int32 {
        let fd: Int32
        do {
            fd = try POSIX.open(path, O_RDWR | O_CREAT | POSIX.safeOpenFlags, mode: POSIX.newFileMode)
        } catch  where error.isNotWritable || error.isDiskFull {
            do {
                fd = try POSIX.open(path, O_RDONLY | POSIX.safeOpenFlags)
            } catch let readOnly where readOnly.isNoSuchFile {
                throw CannotCreate(failure: error)  // there is none, and it can't be made
            } catch let readOnly {
                throw refusal(path, readOnly) as (any Error)? ?? readOnly
            }
        } catch {
            throw refusal(path, error) as (any Error)? ?? error
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let failure = POSIX.Failure(operation: "fstat", path: path, code: errno)
            _ = close(fd)
            throw failure
        }
        if let kind = POSIX.nonFileKind(mode: status.st_mode) {
            _ = close(fd)
            throw Refused(reason: "its lock file \(path) is \(kind), not a plain file")
        }
        guard POSIX.isOwnUserOrRoot(status.st_uid) else {
            _ = close(fd)
            throw Refused(
                reason:
                    "its lock file \(path) belongs to another user (uid \(status.st_uid)), who could hold "
                    + "it forever or swap it")
        }
        return fd
    }

    /// The refusal an open of the lock file failed with, when it failed because of what is there:
    /// a symbolic link (`ELOOP` with `O_NOFOLLOW`) or a folder.
    private static func refusal(_ path: String, _ failure: POSIX.Failure) -> Refused? {
        switch failure.code {
        case ELOOP, EMLINK:
            return Refused(
                reason:
                    "its lock file \(path) is a symbolic link, and a lock file's link is never followed "
                    + "(another user could point it anywhere)")
        case EISDIR:
            return Refused(reason: "its lock file \(path) is a directory, not a plain file")
        default:
            return nil
        }
    }

    /// Releases the lock; call it on the thread that took it.
    func unlock() {
        _ = flock(fd, LOCK_UN)
        _ = close(fd)
        if var held = Thread.current.threadDictionary[Self.heldKey] as? Set<String> {
            held.remove(path)
            Thread.current.threadDictionary[Self.heldKey] = held
        }
    }
}

/// The process holding a lock, as the system reports it.
struct LockHolder: Equatable, Sendable {
    /// Its process id.
    var processID: Int32
    /// Its command name, when known (`/proc/<pid>/comm`).
    var name: String?

    /// `process 1234 (todo)`.
    var description: String {
        if processID == getpid() { return "this process (pid \(processID))" }
        return name.map { "process \(processID) (\($0))" } ?? "process \(processID)"
    }

    /// The holder of the `flock` on the file open at `fd`, from `/proc/locks`; `nil` where the
    /// system doesn't tell (not Linux), or when the lock went away meanwhile.
    static func find(lockedFile fd: Int32) -> LockHolder? {
        #if os(Linux)
            var status = stat()
            guard fstat(fd, &status) == 0,
                let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
            else { return nil }
            let device = UInt64(status.st_dev)
            let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
            let minor = (device & 0xff) | ((device >> 12) & ~0xff)
            let identity = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(status.st_ino))
            return holder(in: table, fileIdentity: identity)
        #else
            return nil
        #endif
    }

    /// The holder of the `FLOCK` write lock on `fileIdentity` (`major:minor:inode`, as
    /// `/proc/locks` writes it) in a `/proc/locks` table.
    static func holder(in table: String, fileIdentity: String) -> LockHolder? {
        for line in table.split(separator: "\n") {
            // "1: FLOCK  ADVISORY  WRITE 1234 00:2f:1234567 0 EOF"; waiters have "->" after the number.
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == fileIdentity,
                let pid = Int32(fields[4]), pid > 0
            else { continue }
            // hazard-check: ok because only find(lockedFile:)'s Linux branch finds a holder to name
            let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
            let name = comm?.trimmingCharacters(in: .whitespacesAndNewlines)
            return LockHolder(processID: pid, name: name?.isEmpty == false ? name : nil)
        }
        return nil
    }
}
