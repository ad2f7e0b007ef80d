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
struct FileLock {
    private let fd: Int32

    /// Waits for and takes the exclusive lock on the file at `path`, creating the file if needed.
    ///
    /// - Throws: ``POSIX/Failure`` when the lock file can't be opened or locked.
    static func lock(atPath path: String) throws(POSIX.Failure) -> FileLock {
        let fd = try POSIX.open(path, O_RDWR | O_CREAT)
        while flock(fd, LOCK_EX) != 0 {
            let code = errno
            if code != EINTR {
                _ = close(fd)
                throw POSIX.Failure(operation: "flock", path: path, code: code)
            }
        }
        return FileLock(fd: fd)
    }

    /// Releases the lock.
    func unlock() {
        _ = flock(fd, LOCK_UN)
        _ = close(fd)
    }
}
