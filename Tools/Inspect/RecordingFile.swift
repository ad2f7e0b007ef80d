import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file `record --to` writes: a new file, created `0600`, or a regular file of the user's
/// with no other link, emptied. Nothing is opened through a symbolic link, nothing blocks on a
/// FIFO, and another user's file is never written, so a path planted in a shared folder can't
/// make the recording truncate someone else's file or land where others can read it.
enum RecordingFile {
    /// Opens `path` for writing from its start.
    ///
    /// - Returns: A blocking, close-on-exec descriptor, and whether the file is new.
    /// - Throws: ``FindError`` saying why the file can't be used.
    static func open(_ path: String) throws -> (fd: Int32, isNew: Bool) {
        let flags = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var fd = openFile(path, flags | O_CREAT | O_EXCL, 0o600)
        let isNew = fd >= 0
        if !isNew && errno == EEXIST {
            fd = openFile(path, flags, 0)
        }
        guard fd >= 0 else { throw refusal(path, errno) }
        var status = stat()
        let problem: String?
        if fstat(fd, &status) != 0 {
            problem = String(cString: strerror(errno))
        } else if status.st_mode & S_IFMT != S_IFREG {
            problem = "it is not a regular file"
        } else if status.st_uid != geteuid() {
            problem = "it belongs to user \(status.st_uid), not to you, so others could read the recording"
        } else if status.st_nlink > 1 {
            problem = "it has another hard link, so the recording would be written there too"
        } else if !isNew && ftruncate(fd, 0) != 0 {
            problem = String(cString: strerror(errno))
        } else {
            problem = nil
        }
        if let problem {
            closeFile(fd)
            throw FindError(description: "Can't write \(path): \(problem). \(advice)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, isNew)
    }

    private static let advice = "Give --to a new file, or a regular file of yours."

    private static func refusal(_ path: String, _ code: Int32) -> FindError {
        switch code {
        case ELOOP:
            return FindError(description: "Can't write \(path): it is a symbolic link. \(advice)")
        case ENXIO:
            return FindError(
                description: "Can't write \(path): it is not a regular file (a FIFO or a socket). \(advice)")
        default:
            return FindError(description: "Can't write \(path): \(String(cString: strerror(code))).")
        }
    }
}

// The C functions whose names the enum's methods shadow.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}

private func closeFile(_ fd: Int32) {
    close(fd)
}
