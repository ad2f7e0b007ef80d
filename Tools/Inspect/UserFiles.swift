import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files reswift-inspect opens at paths the user gives, opened so that a path planted by
/// another user (in a shared folder such as `/tmp`) can't make it block, follow a link, or write
/// into or read from someone else's file: `O_NOFOLLOW | O_NONBLOCK`, then `fstat` (a regular
/// file of the user's with one link), and new files `O_CREAT | O_EXCL` at `0600`.
enum UserFiles {
    /// Why a path can't be used, as the end of a "Can't read/write PATH: …" message.
    struct Refusal: LocalizedError {
        var reason: String
        var errorDescription: String? { reason }
    }

    /// Opens the file `record --to` writes, from its start: a new file, created `0600`, or a
    /// regular file of the user's with no other link, emptied (it keeps its mode).
    ///
    /// - Returns: A blocking, close-on-exec descriptor, and whether the file is new.
    /// - Throws: ``InspectError`` saying why the file can't be used.
    static func openForRecording(_ path: String) throws -> (fd: Int32, isNew: Bool) {
        let flags = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var fd = openFile(path, flags | O_CREAT | O_EXCL, 0o600)
        let isNew = fd >= 0
        if !isNew && errno == EEXIST {
            fd = openFile(path, flags, 0)
        }
        do {
            guard fd >= 0 else { throw refusal(errno) }
            try check(fd, forWriting: true)
            if !isNew && ftruncate(fd, 0) != 0 { throw Refusal(reason: String(cString: strerror(errno))) }
        } catch {
            if fd >= 0 { closeFile(fd) }
            let reason = (error as? Refusal)?.reason ?? "\(error)"
            throw InspectError(
                description:
                    "Can't write \(path): \(reason). Give --to a new file, or a regular file of yours.")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return (fd, isNew)
    }

    /// The contents of a regular file of the user's.
    ///
    /// - Throws: ``Refusal`` saying why the file can't be read.
    static func contents(of path: String) throws -> Data {
        let fd = openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
        guard fd >= 0 else { throw refusal(errno) }
        defer { closeFile(fd) }
        try check(fd, forWriting: false)
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Refusal(reason: String(cString: strerror(errno))) }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    private static func check(_ fd: Int32, forWriting: Bool) throws {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Refusal(reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Refusal(reason: "it is not a regular file") }
        guard status.st_uid == geteuid() else {
            throw Refusal(
                reason: forWriting
                    ? "it belongs to user \(status.st_uid), not to you, so others could read the recording"
                    : "it belongs to user \(status.st_uid), not to you")
        }
        if forWriting && status.st_nlink > 1 {
            throw Refusal(reason: "it has another hard link, so the recording would be written there too")
        }
    }

    private static func refusal(_ code: Int32) -> Refusal {
        switch code {
        case ELOOP: return Refusal(reason: "it is a symbolic link")
        case ENXIO: return Refusal(reason: "it is not a regular file (a FIFO or a socket)")
        default: return Refusal(reason: String(cString: strerror(code)))
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
