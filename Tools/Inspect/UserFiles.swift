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

    /// Opens a file the user named with `--to` (`record`'s session, `gen-test`'s test), from its
    /// start: a new file, created `0600`, or a regular file of the user's with no other link,
    /// emptied (it keeps its mode). A symbolic link, a FIFO, a device or someone else's file is
    /// refused untouched.
    ///
    /// - Parameters:
    ///   - path: The path the user gave.
    ///   - contents: What the file will hold ("the recording", "the test"), for the messages.
    /// - Returns: A blocking, close-on-exec descriptor, and whether the file is new.
    /// - Throws: ``InspectError`` saying why the file can't be used.
    static func openForWriting(_ path: String, contents: String) throws -> (fd: Int32, isNew: Bool) {
        let flags = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var fd = openFile(path, flags | O_CREAT | O_EXCL, 0o600)
        let isNew = fd >= 0
        if !isNew && errno == EEXIST {
            fd = openFile(path, flags, 0)
        }
        do {
            guard fd >= 0 else { throw refusal(errno) }
            try check(fd, forWriting: contents)
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

    /// Replaces the file at `path` (`gen-test --to`) with `bytes`, atomically: they are written to
    /// a new `0600` file beside it, flushed, given the old file's mode, and renamed over it, so a
    /// failed write leaves the old file whole. Only a new path or a regular file of the user's
    /// with no other link is replaced: a symbolic link, a FIFO, a device or someone else's file
    /// is refused untouched, as ``openForWriting(_:contents:)`` refuses it.
    ///
    /// - Throws: ``InspectError`` saying why the file can't be written.
    static func replace(_ path: String, with bytes: some Collection<UInt8>, contents: String) throws {
        func failure(_ reason: String, advice: String = "") -> InspectError {
            InspectError(description: "Can't write \(path): \(reason).\(advice)")
        }
        var mode: mode_t = 0o600
        var status = stat()
        if lstat(path, &status) == 0 {
            do {
                try check(status, forWriting: contents)
            } catch {
                throw failure(
                    (error as? Refusal)?.reason ?? "\(error)",
                    advice: " Give --to a new file, or a regular file of yours.")
            }
            mode = status.st_mode & 0o7777
        } else if errno != ENOENT {
            throw failure(String(cString: strerror(errno)))
        }
        let url = URL(fileURLWithPath: path)
        var template = Array(
            url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".XXXXXX")
                .path
                .utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(writeFailure(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do {
            defer { closeFile(fd) }
            try writeAll(fd, bytes)
            guard fsync(fd) == 0, fchmod(fd, mode) == 0 else { throw Refusal(reason: writeFailure(errno)) }
        } catch {
            unlink(temporary)
            throw failure((error as? Refusal)?.reason ?? "\(error)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = writeFailure(errno)
            unlink(temporary)
            throw failure(reason)
        }
    }

    /// Writes every byte of `bytes` to `fd`: a short write is followed by another for the rest,
    /// and an interrupted one is tried again.
    ///
    /// - Parameters:
    ///   - write: The system call (tests pass one that fails as a full disk does).
    /// - Throws: ``Refusal`` saying why the bytes couldn't all be written: "the disk is full" when
    ///   the system says there is no space left (or the user's quota is used up).
    static func writeAll(
        _ fd: Int32, _ bytes: some Collection<UInt8>,
        write: (Int32, UnsafeRawPointer?, Int) -> Int = { systemWrite($0, $1, $2) }
    ) throws {
        try Array(bytes).withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written < 0 ? errno : EIO  // a write of 0 bytes would loop forever
                if code == EINTR { continue }
                throw Refusal(reason: writeFailure(code))
            }
        }
    }

    /// Why a write failed, in words: a full disk says so (strerror's text follows in brackets).
    static func writeFailure(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        switch code {
        case ENOSPC: return "the disk is full (\(text))"
        case EDQUOT: return "your disk quota is used up (\(text))"
        default: return text
        }
    }

    /// The contents of a regular file of the user's.
    ///
    /// - Throws: ``Refusal`` saying why the file can't be read.
    static func contents(of path: String) throws -> Data {
        let fd = openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
        guard fd >= 0 else { throw refusal(errno) }
        defer { closeFile(fd) }
        try check(fd, forWriting: nil)
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

    /// - Parameter forWriting: What the file will hold when it is opened for writing, else `nil`.
    private static func check(_ fd: Int32, forWriting: String?) throws {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Refusal(reason: String(cString: strerror(errno))) }
        try check(status, forWriting: forWriting)
    }

    private static func check(_ status: stat, forWriting: String?) throws {
        if status.st_mode & S_IFMT == S_IFLNK { throw Refusal(reason: "it is a symbolic link") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO: throw Refusal(reason: "it is not a regular file (a FIFO)")
        case S_IFCHR, S_IFBLK: throw Refusal(reason: "it is not a regular file (a device)")
        case S_IFDIR: throw Refusal(reason: "it is not a regular file (a folder)")
        default: throw Refusal(reason: "it is not a regular file")
        }
        guard status.st_uid == geteuid() else {
            throw Refusal(
                reason: forWriting.map {
                    "it belongs to user \(status.st_uid), not to you, so others could read \($0)"
                }
                    ?? "it belongs to user \(status.st_uid), not to you")
        }
        if let contents = forWriting, status.st_nlink > 1 {
            throw Refusal(reason: "it has another hard link, so \(contents) would be written there too")
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

private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, bytes, count)
}
