import Foundation
@_spi(ReSwiftInternal) import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `InspectorClient`, the tools' side of the socket: lines are bounded, and found in one pass.
@Suite(.serialized, .timeLimit(.minutes(3))) struct InspectorClientTests {
    /// A listening socket that accepts one client and writes `bytes` to it, then holds the
    /// connection open until `finish()`.
    private final class FakeApp: @unchecked Sendable {
        // @unchecked Sendable: `listener` is immutable; `peer` is guarded by `lock`.
        let path: String
        private let listener: Int32
        private let peer = Locked<Int32?>(nil)
        private let written = DispatchSemaphore(value: 0)

        init(path: String, sending bytes: [UInt8]) throws {
            self.path = path
            listener = try UnixSocket.listen(at: path)
            let (listener, peer, written) = (listener, peer, written)
            Thread.detachNewThread {
                var accepted = UnixSocket.accept(from: listener)
                try? eventually("a client", seconds: 30, checkingEvery: 0.001) {
                    if accepted == .none { accepted = UnixSocket.accept(from: listener) }
                    return accepted != .none
                }
                guard case .accepted(let fd) = accepted else { return }
                peer.withLock { $0 = fd }
                var offset = 0
                try? eventually("the client to read every byte", seconds: 30, checkingEvery: 0.001) {
                    switch bytes[offset...].withUnsafeBytes({ UnixSocket.send(fd, $0) }) {
                    case .bytes(let count): offset += count
                    case .wouldBlock: break
                    case .closed: offset = bytes.count
                    }
                    return offset >= bytes.count
                }
                written.signal()
            }
        }

        /// Ends the connection, so a client blocked reading returns.
        func finish() {
            peer.withLock { fd in
                if let fd { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            }
        }

        deinit {
            finish()
            peer.withLock { fd in if let fd { closeDescriptor(fd) } }
            closeDescriptor(listener)
            unlink(path)
        }
    }

    @Test func aLineLongerThanTheProtocolsBoundIsAnErrorNotUnboundedMemory() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let limit = InspectorProtocol.maximumLineLength
        let app = try FakeApp(
            path: sandbox.runtime + "/fake.sock",
            sending: Array(repeating: UInt8(ascii: "x"), count: limit + 4096))
        let client = try InspectorClient(socketPath: app.path)
        let outcome = Locked<Result<Data?, InspectorError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let box = ClientBox(client: client)
        Thread.detachNewThread {
            let result = Result { () throws(InspectorError) -> Data? in try box.client.nextLine() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        let answered = done.wait(timeout: .now() + 30) == .success
        app.finish()
        if !answered { _ = done.wait(timeout: .now() + 30) }
        #expect(answered, "nextLine kept reading a line with no end")
        switch outcome.withLock({ $0 }) {
        case .failure(let error)?:
            #expect(error.description.contains("longer than"), "\(error)")
        case let other:
            Issue.record("expected an error for a line over \(limit) bytes, got \(String(describing: other))")
        }
    }

    @Test func manyLinesInOneReadComeOutInOrderAndAPartialLastLineWaitsForItsEnd() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let lines = (0..<5_000).map { #"{"seq":\#($0)}"# }
        let app = try FakeApp(
            path: sandbox.runtime + "/fake.sock",
            sending: Array((lines.joined(separator: "\n") + "\n{\"par").utf8))
        let client = try InspectorClient(socketPath: app.path)
        for line in lines {
            #expect(try client.nextLine().map { String(decoding: $0, as: UTF8.self) } == line)
        }
        app.finish()
        #expect(try client.nextLine() == nil)  // the unfinished line is no line
    }
}

/// A client used by one thread at a time: the test hands it to a reader and waits for it.
// @unchecked Sendable: the test thread doesn't touch the client while the reader has it.
private struct ClientBox: @unchecked Sendable {
    let client: InspectorClient
}

private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
