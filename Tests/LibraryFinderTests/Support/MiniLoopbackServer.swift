import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A throwaway HTTP/1.1 server on 127.0.0.1 for the client tests, used only until TestSupport's
/// `LoopbackHTTPServer` is on main (the repository keeps one test server: this file then goes).
final class MiniLoopbackServer: Sendable {
    struct Response: Sendable {
        var status = 200
        var body = ""
        var delay: Double = 0
    }

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private var responses: [Response]
    // Guarded by `lock`.
    nonisolated(unsafe) private var requestTargets: [String] = []

    /// Starts serving; the responses are given out in order, the last one repeating. With
    /// `listening: false` the port is reserved but refuses connections.
    init(_ responses: [Response], listening: Bool = true) throws {
        self.responses = responses
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && (!listening || listen(fd, 16) == 0)
                    && getsockname(fd, $0, &length) == 0
            }
        }
        guard fd >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        if listening {
            Thread { [self] in acceptLoop() }.start()
        }
    }

    /// Stops accepting connections (the accepting thread holds the server until then). The
    /// accepting thread closes the socket itself once `accept` fails, so that its descriptor
    /// can't be reused by another test's server while this thread still accepts on it.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Closes a server made with `listening: false`.
    func closeReservedPort() {
        close(listener)
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request targets (path and query) received so far.
    var requests: [String] { lock.withLock { requestTargets } }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                close(listener)
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(subsequence: [13, 10, 13, 10]) {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            received += buffer[0..<count]
        }
        let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let target = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        let response = lock.withLock {
            requestTargets.append(target)
            return responses.count > 1 ? responses.removeFirst() : responses[0]
        }
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let body = Array(response.body.utf8)
        let head =
            "HTTP/1.1 \(response.status) Status\r\nContent-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)  // the client may have given up (timeout test): no SIGPIPE
        #else
            var on: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            let flags: Int32 = 0
        #endif
        _ = bytes.withUnsafeBufferPointer { send(client, $0.baseAddress, $0.count, flags) }
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard count >= subsequence.count else { return false }
        return (0...(count - subsequence.count)).contains {
            Array(self[$0..<$0 + subsequence.count]) == subsequence
        }
    }
}
