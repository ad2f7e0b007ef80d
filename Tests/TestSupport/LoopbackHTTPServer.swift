import Foundation
import HTTPTransport
@_spi(ReSwiftInternal) import InternalReSwiftUtilities
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1, on a port the system picks, answering with scripted
/// responses: for testing HTTP clients (URLSession included) without the internet.
///
/// Script a response per path (the part of the URL before `?`), point the client at ``baseURL``,
/// then check what was asked in ``requests``:
///
/// ```swift
/// let server = try LoopbackHTTPServer()
/// defer { server.stop() }
/// server.setResponse(.json(#"{"results": []}"#), for: "/search")
/// server.setResponses([.text("busy", status: 503), .json("{}")], for: "/retry")   // in turn
/// server.setResponse(.json("{}").delayed(by: 2), for: "/slow")                    // for timeouts
/// server.setResponse(.closeWithoutResponse, for: "/broken")
/// server.setResponse(.neverAnswer, for: "/silent")                                // holds the line
/// server.setHandler(for: "/echo") { .text($0.target) }                             // echoes the request
/// // … run the client against server.baseURL …
/// #expect(server.requests(for: "/search").first?.queryValue("term") == "rock")
/// ```
///
/// Each connection serves one request and is closed (`Connection: close`); a path with no script
/// gets a 404 whose body names the path. The server stops when ``stop()`` is called or it is
/// deallocated.
public final class LoopbackHTTPServer: Sendable {
    /// A scripted answer.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// Header fields to send besides `Content-Length` and `Connection: close`.
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// Seconds to wait before answering (to make a client time out).
        public var delay: TimeInterval
        /// Close the connection without answering at all.
        public var closesWithoutResponse: Bool
        /// Keep the connection open without answering until the client closes it or the server stops.
        public var neverAnswers: Bool
        /// Bytes sent as they are in place of an HTTP answer (no status line, headers or body).
        public var rawReply: Data?

        /// Creates a response.
        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.closesWithoutResponse = false
            self.neverAnswers = false
            self.rawReply = nil
        }

        /// A UTF-8 text body.
        public static func text(_ text: String, status: Int = 200) -> Response {
            Response(
                status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
        }

        /// A JSON body, given as text.
        public static func json(_ json: String, status: Int = 200) -> Response {
            Response(
                status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
                body: Data(json.utf8))
        }

        /// No answer: the server reads the request and closes the connection.
        public static var closeWithoutResponse: Response {
            var response = Response()
            response.closesWithoutResponse = true
            return response
        }

        /// No answer ever: the server reads the request and holds the connection open, idle, until
        /// the client gives up or the server stops (for measuring what a client does while it waits).
        public static var neverAnswer: Response {
            var response = Response()
            response.neverAnswers = true
            return response
        }

        /// A redirect to `location` (absolute or relative), with status 302 unless told.
        public static func redirect(to location: String, status: Int = 302) -> Response {
            Response(status: status, headers: ["Location": location])
        }

        /// An answer that isn't HTTP at all: `bytes` as they are, then the connection closes (for
        /// testing what a client says of a server that speaks another protocol).
        public static func notHTTP(_ bytes: Data) -> Response {
            var response = Response()
            response.rawReply = bytes
            return response
        }

        /// This response with one more header line of `bytes` bytes (`X-Padding: aaa…`), for
        /// testing what a client says of headers larger than it accepts.
        public func withHeaderPadding(bytes: Int) -> Response {
            var padded = self
            padded.headers["X-Padding"] = String(repeating: "a", count: bytes)
            return padded
        }

        /// This response, sent after `seconds`.
        public func delayed(by seconds: TimeInterval) -> Response {
            var response = self
            response.delay = seconds
            return response
        }
    }

    /// A request the server received.
    public struct Request: Sendable, CustomStringConvertible {
        /// The method, e.g. `GET`.
        public var method: String
        /// The path, without the query, percent-decoded.
        public var path: String
        /// The request target exactly as sent (path and query, still percent-encoded).
        public var target: String
        /// The query items, decoded, in order.
        public var queryItems: [URLQueryItem]
        /// The header fields, by lowercased name.
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// The first value of the query item `name`.
        public func queryValue(_ name: String) -> String? {
            queryItems.first { $0.name == name }?.value
        }

        /// "GET /path?a=1".
        public var description: String {
            let query = queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
            return "\(method) \(path)" + (query.isEmpty ? "" : "?\(query)")
        }
    }

    /// The port the server listens on.
    public var port: UInt16 { core.port }
    private let core: Core

    /// The server's address, `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts a server listening on 127.0.0.1 on a free port.
    /// - Throws: ``TestSupportError`` when the socket can't be set up.
    public init() throws {
        core = try Core()
    }

    deinit {
        core.stop()
    }

    /// Answers every request for `path` with `response`.
    public func setResponse(_ response: Response, for path: String) {
        core.setResponses([response], for: path)
    }

    /// Answers requests for `path` with `responses` in turn; the last one answers all later requests.
    public func setResponses(_ responses: [Response], for path: String) {
        precondition(!responses.isEmpty, "setResponses needs at least one response for \(path).")
        core.setResponses(responses, for: path)
    }

    /// Answers requests for `path` with whatever `handler` returns for each (called on a server thread).
    public func setHandler(for path: String, _ handler: @escaping @Sendable (Request) -> Response) {
        core.setHandler(for: path, handler)
    }

    /// Every request received so far, in order of arrival.
    public var requests: [Request] {
        core.requests
    }

    /// The requests received so far for `path`.
    public func requests(for path: String) -> [Request] {
        requests.filter { $0.path == path }
    }

    /// Stops listening and closes open connections. Calling it again does nothing.
    public func stop() {
        core.stop()
    }
}

/// The server's sockets and threads. The threads hold the core, not the public server, so the
/// server can be deallocated (which stops the core).
private final class Core: Sendable {
    typealias Response = LoopbackHTTPServer.Response
    typealias Request = LoopbackHTTPServer.Request

    private enum Script {
        case responses([Response])
        case handler(@Sendable (Request) -> Response)
    }

    private struct State {
        var scripts: [String: Script] = [:]
        var served: [String: Int] = [:]
        var requests: [Request] = []
        var connections: Set<Int32> = []
        var stopped = false
    }

    let port: UInt16
    private let listenFD: Int32
    private let state = Locked(State())
    private let acceptLoopFinished = DispatchSemaphore(value: 0)

    init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestSupportError("socket() failed (errno \(errno)).") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let code = errno
            close(fd)
            throw TestSupportError("Could not listen on 127.0.0.1 (errno \(code)).")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listenFD = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func setResponses(_ responses: [Response], for path: String) {
        state.withLock {
            $0.scripts[path] = .responses(responses)
            $0.served[path] = 0
        }
    }

    func setHandler(for path: String, _ handler: @escaping @Sendable (Request) -> Response) {
        state.withLock { $0.scripts[path] = .handler(handler) }
    }

    var requests: [Request] {
        state.withLock { $0.requests }
    }

    // MARK: - Stopping

    func stop() {
        let wasStopped = state.withLock { state -> Bool in
            defer { state.stopped = true }
            guard !state.stopped else { return true }
            // Under the lock, so a connection thread can't close (and the system reuse) the descriptor.
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            return false
        }
        guard !wasStopped else { return }
        // The loop looks at `stopped` every 20 ms; past the deadline it is stuck, and closing the
        // descriptor under it could close a reused one: leak it and say so.
        guard acceptLoopFinished.wait(timeout: .now() + 10) == .success else {
            Issue.record("LoopbackHTTPServer: the accept loop did not stop within 10 s of stop()")
            return
        }
        close(listenFD)
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    // MARK: - Serving

    private func acceptLoop() {
        while !isStopped {
            var pfd = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 20) > 0 else { continue }
            let connection = accept(listenFD, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
                var yes: Int32 = 1
                _ = setsockopt(
                    connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                break
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                state.withLock {
                    $0.connections.remove(connection)
                    close(connection)
                }
            }
        }
        acceptLoopFinished.signal()
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        let response = state.withLock { state -> Response? in
            state.requests.append(request)
            switch state.scripts[request.path] {
            case .responses(let responses):
                let index = min(state.served[request.path, default: 0], responses.count - 1)
                state.served[request.path] = index + 1
                return responses[index]
            case .handler:
                return nil
            case nil:
                return .text("No scripted response for \(request.path)\n", status: 404)
            }
        }
        let resolved: Response
        if let response {
            resolved = response
        } else if case .handler(let handler) = state.withLock({ $0.scripts[request.path] }) {
            resolved = handler(request)
        } else {
            resolved = .text("No scripted response for \(request.path)\n", status: 404)
        }
        if resolved.delay > 0 {
            // The delay ends early when the server stops; its end is the usual way out.
            try? eventually("the server to stop", seconds: resolved.delay, checkingEvery: 0.005) { isStopped }
        }
        if resolved.neverAnswers { waitForClose(connection) }
        guard !resolved.closesWithoutResponse, !resolved.neverAnswers, !isStopped else { return }
        if let raw = resolved.rawReply {
            Self.sendAll(connection, raw)
            return
        }
        var head = "HTTP/1.1 \(resolved.status) \(HTTPStatus.reasonPhrase(for: resolved.status))\r\n"
        var headers = resolved.headers
        headers["Content-Length"] = String(resolved.body.count)
        headers["Connection"] = "close"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if request.method != "HEAD" { bytes.append(resolved.body) }
        Self.sendAll(connection, bytes)
    }

    /// Blocks until the peer closes `connection` or the server stops, reading and dropping
    /// anything more the peer sends.
    private func waitForClose(_ connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !isStopped {
            var pfd = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
        }
    }

    /// Reads one request: the head up to the blank line, then `Content-Length` bytes of body.
    private func readRequest(_ connection: Int32) -> Request? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        var bodyLength = 0
        var request: Request?
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !isStopped {
            if let headEnd, received.count >= headEnd + bodyLength {
                request?.body = Data(received[headEnd..<(headEnd + bodyLength)])
                return request
            }
            var pfd = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 20) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            received += buffer[0..<count]
            if headEnd == nil, let range = Self.firstRange(of: separator, in: received) {
                headEnd = range.upperBound
                request = Self.parseHead(String(decoding: received[0..<range.lowerBound], as: UTF8.self))
                guard request != nil else { return nil }
                bodyLength = Int(request?.headers["content-length"] ?? "") ?? 0
                if request?.headers["expect"]?.lowercased() == "100-continue" {
                    Self.sendAll(connection, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
                }
            }
        }
        return nil
    }

    private static func firstRange(of pattern: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count)
        where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start..<(start + pattern.count)
        }
        return nil
    }

    private static func parseHead(_ head: String) -> Request? {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        let target = String(parts[1])
        let components = URLComponents(string: "http://127.0.0.1" + target)
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(
            method: String(parts[0]), path: components?.path ?? target, target: target,
            queryItems: components?.queryItems ?? [],
            headers: headers, body: Data())
    }

    private static func sendAll(_ connection: Int32, _ data: Data) {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, flags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += sent
            }
        }
    }
}
