import Foundation
import HTTPTransport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loopback server's status lines carry HTTPTransport's reason phrases, the package's one table.
@Suite(.timeLimit(.minutes(3))) struct LoopbackHTTPServerStatusLineTests {
    @Test(arguments: [200, 308, 404, 418, 503])
    func theStatusLineUsesHTTPTransportsReasonPhrase(status: Int) throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setResponse(.text("body", status: status), for: "/status")
        let line = try statusLine(port: server.port, path: "/status")
        #expect(line == "HTTP/1.1 \(status) \(HTTPStatus.reasonPhrase(for: status))")
    }

    /// Sends a GET over a plain socket and returns the first line of the answer.
    private func statusLine(port: UInt16, path: String) throws -> String {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(fd >= 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        try #require(send(fd, request, request.count, 0) == request.count)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !answer.contains(UInt8(ascii: "\n")) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        let firstLine = answer.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
        return String(decoding: firstLine, as: UTF8.self)
    }
}
