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
/// A thread that asks again for a lock it holds (a `PersistedFile` used from inside its own
/// `update` transform) would wait for itself forever; that is refused with ``Reentered`` instead.
struct FileLock {
    /// The calling thread already holds this lock.
    struct Reentered: Error {}

    private static let heldKey = "ReSwiftPersistence.FileLock.held"

    private let fd: Int32
    private let path: String

    /// Waits for and takes the exclusive lock on the file at `path`, creating the file if needed.
    ///
    /// - Throws: ``POSIX/Failure`` when the lock file can't be opened or locked; ``Reentered`` when
    ///   the calling thread already holds it.
    static func lock(atPath path: String) throws -> FileLock {
        var held = Thread.current.threadDictionary[heldKey] as? Set<String> ?? []
        if held.contains(path) { throw Reentered() }
        let fd = try POSIX.open(path, O_RDWR | O_CREAT)
        while flock(fd, LOCK_EX) != 0 {
            let code = errno
            if code != EINTR {
                _ = close(fd)
                throw POSIX.Failure(operation: "flock", path: path, code: code)
            }
        }
        held.insert(path)
        Thread.current.threadDictionary[heldKey] = held
        return FileLock(fd: fd, path: path)
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
