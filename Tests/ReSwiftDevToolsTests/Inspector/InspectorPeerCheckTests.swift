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

/// The endpoint takes connections from its own user only. The peer's user id comes from a lookup
/// the test replaces, so refusing another user is tested without root. (InspectCommandTests'
/// `anotherUserIsRefusedEvenWhenTheSocketIsReachable` checks the real `SO_PEERCRED` end to end,
/// as root.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct InspectorPeerCheckTests {
    // (The list is a function's, not a closure in the attribute: Swift 6.0.3 crashes on a closure
    // inside `@Test(arguments:)`.)
    @Test(arguments: usersOtherThanThisOne())
    func aPeerOfAnotherUserIsClosedWithoutAWord(peer: uid_t) throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try makeInspectedStore(sandbox, peerUserID: { _ in peer })
        let client = try InspectorTestClient(path: endpoint.socketPath)
        store.dispatch(AddTodo(title: "secret"))
        #expect(try client.eventsUntilClosed().isEmpty)
        #expect(endpoint.statistics.refused == 1)
        #expect(endpoint.statistics.connections == 0)
    }

    @Test func aPeerWhoseUserCantBeLearnedIsClosed() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (_, endpoint) = try makeInspectedStore(sandbox, peerUserID: { _ in nil })
        let client = try InspectorTestClient(path: endpoint.socketPath)
        #expect(try client.eventsUntilClosed().isEmpty)
        #expect(endpoint.statistics.refused == 1)
    }

    @Test func thePeersOwnDescriptorIsLookedUpAndTheSameUserIsGreeted() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let asked = Locked<[Int32]>([])
        let (_, endpoint) = try makeInspectedStore(
            sandbox,
            peerUserID: { fd in
                asked.withLock { $0.append(fd) }
                return UnixSocket.peerUserID(of: fd)
            })
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")
        #expect(asked.withLock { $0.count } == 1)
        #expect(endpoint.statistics.refused == 0)
    }
}

/// Peer user ids that aren't this process's: the next uid, root's, and ``otherUserID``.
private func usersOtherThanThisOne() -> [uid_t] {
    [geteuid() &+ 1, 0, otherUserID].filter { $0 != geteuid() }
}
