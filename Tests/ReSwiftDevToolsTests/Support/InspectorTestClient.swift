import Foundation
import ReSwift
import TestSupport

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder for an inspector test to use as `XDG_RUNTIME_DIR`, short enough for a socket path.
struct InspectorSandbox {
    let runtime: String

    init() throws {
        runtime = "/tmp/ri-" + UUID().uuidString.prefix(8).lowercased()
        guard mkdir(runtime, 0o700) == 0 else { throw InspectorTestError("mkdir \(runtime): \(errno)") }
    }

    var directory: String { runtime + "/reswift-inspect" }

    var environment: [String: String] {
        ["RESWIFT_INSPECT": "1", "XDG_RUNTIME_DIR": runtime]
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: runtime)
    }
}

struct InspectorTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Connects to an inspector endpoint the way `reswift-inspect` does, reading events with a
/// deadline on every read.
final class InspectorTestClient {
    private let fd: Int32
    private var input = Data()
    private var isClosed = false

    init(path: String, timeout: Int = 10) throws {
        fd = try UnixSocket.connect(to: path)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = closeSocket(fd)
    }

    /// Ends both directions without closing the descriptor, so a thread blocked reading it
    /// returns at once (and never reads a descriptor number reused by someone else).
    func shutDown() {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    func send(_ command: String) {
        send(bytes: Array((command + "\n").utf8))
    }

    /// Writes all of `bytes`, in as few writes as the socket takes (one, for up to its buffer),
    /// without `SIGPIPE` when the endpoint closed the connection.
    func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            switch bytes[offset...].withUnsafeBytes({ UnixSocket.send(fd, $0) }) {
            case .bytes(let count): offset += count
            case .wouldBlock: continue
            case .closed: return
            }
        }
    }

    /// The events that arrive until the endpoint closes the connection; throws when it is still
    /// open at the deadline.
    func eventsUntilClosed() throws -> [[String: Any]] {
        var events: [[String: Any]] = []
        while true {
            do {
                events.append(try next())
            } catch let error as InspectorTestError where error.description == Self.closed {
                return events
            }
        }
    }

    private static let closed = "the endpoint closed the connection"

    /// The next event, decoded; throws when none arrives before the deadline.
    func next() throws -> [String: Any] {
        while true {
            if let newline = input.firstIndex(of: 0x0A) {
                let line = input[input.startIndex..<newline]
                input.removeSubrange(input.startIndex...newline)
                guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                    throw InspectorTestError("not an object: \(String(decoding: line, as: UTF8.self))")
                }
                return object
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 { throw InspectorTestError("no event before the deadline (errno \(errno))") }
            if count == 0 { throw InspectorTestError(Self.closed) }
            input.append(contentsOf: chunk[0..<count])
        }
    }

    /// The next event of `type`, skipping others.
    func next(_ type: String) throws -> [String: Any] {
        while true {
            let event = try next()
            if event["type"] as? String == type { return event }
        }
    }
}

private func closeSocket(_ fd: Int32) -> Int32 { close(fd) }

/// Builds a store with the inspector endpoint, and returns the endpoint too.
func makeInspectedStore(
    _ sandbox: InspectorSandbox, limits: InspectorEndpoint.Limits = .init(),
    peerUserID: @escaping @Sendable (Int32) -> uid_t? = UnixSocket.peerUserID(of:)
) throws -> (Store<TodoState>, InspectorEndpoint) {
    let started = Collected<InspectorEndpoint>()
    let middleware: Middleware<TodoState> = makeInspectorMiddleware(
        app: "demo", environment: sandbox.environment, limits: limits, peerUserID: peerUserID
    ) { started.append($0) }
    let store = Store(reducer: todoReducer, state: nil, middleware: [middleware])
    guard let endpoint = started.all.first else { throw InspectorTestError("the endpoint did not start") }
    return (store, endpoint)
}

/// The process's resident memory in bytes (Linux), or `nil`.
func residentMemory() -> Int? {
    // hazard-check: ok because without /proc it returns nil, and the test then prints no memory line
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
