import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The platform calls the inspector makes on Unix domain sockets, in one place.
///
/// Every descriptor is close-on-exec and non-blocking, and writing to a socket whose peer went
/// away returns `EPIPE` instead of raising `SIGPIPE` (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on
/// Apple platforms), so a disconnecting inspector can't kill the app.
enum UnixSocket {
    /// The longest path a socket address holds, without its terminating zero.
    static var maximumPathLength: Int {
        MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
    }

    /// Creates a stream socket, bound to `path` and listening, with mode `0600`.
    static func listen(at path: String) throws(InspectorError) -> Int32 {
        let fd = try makeSocket()
        do throws(InspectorError) {
            if try withAddress(path, { bind(fd, $0, $1) }) != 0 {
                throw InspectorError.system("bind \(path)", errno)
            }
            if chmod(path, 0o600) != 0 { throw InspectorError.system("chmod \(path)", errno) }
            if systemListen(fd, 16) != 0 { throw InspectorError.system("listen \(path)", errno) }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Connects a stream socket to `path`; the returned descriptor is blocking (for tools).
    static func connect(to path: String) throws(InspectorError) -> Int32 {
        let fd = try makeSocket()
        do throws(InspectorError) {
            if try withAddress(path, { systemConnect(fd, $0, $1) }) != 0 {
                throw InspectorError.system("connect \(path)", errno)
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// What accepting a connection gave.
    enum Accepted: Equatable {
        /// A connection, non-blocking and close-on-exec.
        case accepted(Int32)
        /// None is waiting (or one gave up while waiting).
        case none
        /// `accept` failed with this `errno`: `EMFILE` or `ENFILE` when no descriptor is left.
        case failed(Int32)
    }

    /// Accepts one pending connection.
    static func accept(from listener: Int32) -> Accepted {
        while true {
            let fd = systemAccept(listener, nil, nil)
            if fd >= 0 {
                configure(fd)
                return .accepted(fd)
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK, ECONNABORTED: return .none
            case let code: return .failed(code)
            }
        }
    }

    /// The user id of the process at the other end of a connected socket.
    static func peerUserID(of fd: Int32) -> uid_t? {
        #if canImport(Darwin)
            var uid: uid_t = 0
            var gid: gid_t = 0
            return getpeereid(fd, &uid, &gid) == 0 ? uid : nil
        #else
            // `struct ucred` (pid, uid, gid), which the Glibc module doesn't import.
            var credentials: (pid: Int32, uid: uid_t, gid: gid_t) = (0, 0, 0)
            var length = socklen_t(MemoryLayout<(Int32, uid_t, gid_t)>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
            return credentials.uid
        #endif
    }

    /// The result of a non-blocking send or receive.
    enum Transfer: Equatable {
        /// This many bytes went through.
        case bytes(Int)
        /// The call would block; try again when the socket is ready.
        case wouldBlock
        /// The peer went away or the socket failed.
        case closed
    }

    /// Sends bytes without blocking and without `SIGPIPE`.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Transfer {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .bytes(0) }
        #if canImport(Darwin)
            let flags: Int32 = 0
        #else
            let flags = Int32(MSG_NOSIGNAL)
        #endif
        let sent = systemSend(fd, base, bytes.count, flags)
        if sent >= 0 { return .bytes(sent) }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock : .closed
    }

    /// Receives what is available without blocking; `.bytes(0)` never happens (end of stream is
    /// `.closed`).
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        let count = read(fd, buffer.baseAddress, buffer.count)
        if count > 0 { return .bytes(count) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .wouldBlock }
        return .closed
    }

    private static func makeSocket() throws(InspectorError) -> Int32 {
        #if canImport(Darwin)
            let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #else
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw InspectorError.system("socket", errno) }
        configure(fd)
        return fd
    }

    private static func configure(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            var on: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Calls `body` with the socket address of `path`, and returns what it returns.
    private static func withAddress(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) throws(InspectorError) -> Int32 {
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength else {
            throw InspectorError.pathTooLong(path, limit: maximumPathLength)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}

// The C functions whose names the enum's own methods shadow.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
private func systemAccept(
    _ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 {
    accept(fd, address, length)
}
private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}
