import Foundation
@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP server on 127.0.0.1 that answers every connection with the same raw bytes, whatever was
/// asked, then closes it: for testing what an HTTP client says when the answer isn't HTTP at all
/// (``LoopbackHTTPServer`` always answers with a status line).
///
/// ```swift
/// let server = try LoopbackRawServer(reply: Data("SSH-2.0-OpenSSH_9.6\r\n".utf8))
/// defer { server.stop() }
/// // … point the client at server.baseURL …
/// ```
///
/// It reads the request's head (up to the blank line, at most 64 KB, for at most 5 s) before it
/// answers. It stops when ``stop()`` is called or it is deallocated.
public final class LoopbackRawServer: Sendable {
    /// The port the server listens on.
    public let port: UInt16
    private let listenFD: Int32
    private let reply: Data
    private let stopped = Locked(false)
    private let loopFinished = DispatchSemaphore(value: 0)

    /// The server's address as an http URL, `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts a server listening on a free port that answers every connection with `reply`.
    /// - Throws: ``TestSupportError`` when the socket can't be set up.
    public init(reply: Data) throws {
        self.reply = reply
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestSupportError("socket() failed (errno \(errno)).") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard listening else {
            let code = errno
            close(fd)
            throw TestSupportError("Could not listen on 127.0.0.1 (errno \(code)).")
        }
        listenFD = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serveUntilStopped() }
    }

    deinit {
        stop()
    }

    /// Stops listening. Calling it again does nothing.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        // The loop looks every 20 ms; past the deadline it is stuck, so leak the descriptor.
        guard loopFinished.wait(timeout: .now() + 10) == .success else { return }
        close(listenFD)
    }

    private func serveUntilStopped() {
        while !stopped.current {
            var pfd = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 20) > 0 else { continue }
            let connection = accept(listenFD, nil, nil)
            guard connection >= 0 else { continue }
            readHead(connection)
            reply.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let sent = send(connection, bytes.baseAddress! + offset, bytes.count - offset, sendFlags)
                    guard sent > 0 else { break }
                    offset += sent
                }
            }
            close(connection)
        }
        loopFinished.signal()
    }

    /// Reads from `connection` until the blank line that ends a request's head, 64 KB, or 5 s.
    private func readHead(_ connection: Int32) {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(5)
        while head.count < 65_536, Date() < deadline, !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            var pfd = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 20) > 0 else { continue }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            head += buffer[..<count]
        }
    }

    private var sendFlags: Int32 {
        #if canImport(Glibc)
            Int32(MSG_NOSIGNAL)
        #else
            0
        #endif
    }
}

extension LoopbackHTTPServer.Response {
    /// This response with one more header line of `bytes` bytes (`X-Padding: aaa…`), for testing
    /// what a client says of headers larger than it accepts.
    public func withHeaderPadding(bytes: Int) -> Self {
        var padded = self
        padded.headers["X-Padding"] = String(repeating: "a", count: bytes)
        return padded
    }
}
