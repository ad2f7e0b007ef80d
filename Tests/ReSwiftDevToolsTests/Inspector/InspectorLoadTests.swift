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

/// An inspector attached to a large state that changes fast holds up neither the app nor another
/// inspector: a new one is greeted at once, whatever the first one costs.
@Suite(.serialized, .timeLimit(.minutes(3))) struct InspectorLoadTests {
    /// How long a new inspector may wait for its hello; the goal is well under a second, and the
    /// bound leaves room for a loaded machine.
    private static let helloDeadline = 5

    /// A 3,000-item list, built before any inspector attaches, so that building it costs nothing.
    private func largeStore(_ sandbox: InspectorSandbox) throws -> (Store<TodoState>, InspectorEndpoint) {
        let (store, endpoint) = try makeInspectedStore(sandbox)
        for index in 0..<3_000 {
            store.dispatch(AddTodo(title: "item \(index)"))
        }
        return (store, endpoint)
    }

    /// Toggles items, one every `interval` microseconds, until stopped: a list being scrolled and
    /// edited as fast as keys repeat, and faster.
    private final class Changer: Sendable {
        private let isRunning = Locked(true)
        private let finished = DispatchSemaphore(value: 0)
        private let count = Locked(0)

        init(_ store: Store<TodoState>, interval: UInt32 = 2_000) {
            let (isRunning, finished, count) = (isRunning, finished, count)
            let box = StoreBox(store: store)
            Thread.detachNewThread {
                var index = 0
                while isRunning.withLock({ $0 }) {
                    box.store.dispatch(ToggleTodo(index: index % 3_000))
                    index += 1
                    count.withLock { $0 = index }
                    usleep(interval)
                }
                finished.signal()
            }
        }

        var dispatched: Int { count.withLock { $0 } }

        func stop() throws {
            isRunning.withLock { $0 = false }
            guard finished.wait(timeout: .now() + 60) == .success else {
                throw InspectorTestError("the changing thread did not stop within 60 s")
            }
        }
    }

    /// Reads and discards events on a thread of its own until the connection closes.
    private func drainInBackground(_ client: InspectorTestClient) {
        let box = ClientBox(client: client)
        Thread.detachNewThread {
            while (try? box.client.next()) != nil {}
        }
    }

    /// Connects a new inspector and waits for its hello, failing past ``helloDeadline``: the bound
    /// these tests assert (how long it takes is the benchmark's business, not theirs).
    private func expectHello(at path: String) throws {
        let client = try InspectorTestClient(path: path, timeout: Self.helloDeadline)
        defer { client.close() }
        do {
            _ = try client.next("hello")
        } catch {
            throw InspectorTestError(
                "no hello within \(Self.helloDeadline) s while another inspector is attached: \(error)")
        }
    }

    @Test func aSecondInspectorIsGreetedWhileTheFirstWatchesALargeStateChangeFast() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try largeStore(sandbox)
        let first = try InspectorTestClient(path: endpoint.socketPath)
        _ = try first.next("hello")
        drainInBackground(first)

        let changer = Changer(store)
        try await eventually("the first inspector's events queue up", seconds: 30) {
            changer.dispatched >= 300
        }
        try expectHello(at: endpoint.socketPath)
        try changer.stop()
        first.shutDown()
    }

    @Test func aSecondInspectorIsGreetedWhileTheFirstReadsNothing() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try largeStore(sandbox)
        let first = try InspectorTestClient(path: endpoint.socketPath)
        _ = try first.next("hello")

        let changer = Changer(store)
        try await eventually("the first inspector's events queue up", seconds: 30) {
            changer.dispatched >= 300
        }
        try expectHello(at: endpoint.socketPath)
        try changer.stop()
    }
}

/// A store, which the store's contract lets any thread dispatch to.
// @unchecked Sendable: `Store.dispatch` may be called from any thread (the store's contract).
private struct StoreBox: @unchecked Sendable {
    let store: Store<TodoState>
}

/// A test client read by one thread only, the one it is handed to.
// @unchecked Sendable: after the hand-over only the reading thread touches the client, except
// `shutDown()`, a system call on an immutable descriptor, which ends the reading.
private struct ClientBox: @unchecked Sendable {
    let client: InspectorTestClient
}
