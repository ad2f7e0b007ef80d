import Foundation
import ReSwift
import TestSupport
import Testing

@testable import ReSwiftDevTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What bounds an inspector connection: a cap on connections, and a bound on one command line
/// (not on everything a peer sent at once).
@Suite(.serialized, .timeLimit(.minutes(5))) struct InspectorConnectionLimitsTests {
    @Test func aBurstOfShortCommandsInOneWriteIsAnsweredInFull() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (_, endpoint) = try makeInspectedStore(sandbox)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")

        // 4,000 commands, 84 KB, more than the 64 KiB one line may hold, in one write.
        let burst = Array(String(repeating: #"{"command":"resume"}"# + "\n", count: 4_000).utf8)
        #expect(burst.count > 64 << 10)
        client.send(bytes: burst)
        var replies = 0
        while replies < 4_000 {
            let event = try client.next()
            #expect(event["type"] as? String == "resumed")
            replies += 1
        }
        #expect(endpoint.statistics.connections == 1)
    }

    @Test func aCommandLineLongerThanTheBoundIsAnsweredWithAnErrorAndTheConnectionGoesOn() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (_, endpoint) = try makeInspectedStore(sandbox)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")

        client.send(bytes: Array(repeating: UInt8(ascii: "x"), count: 200 << 10) + [0x0A])
        client.send(#"{"command":"state"}"#)
        let error = try client.next()
        #expect(error["type"] as? String == "error")
        #expect((error["message"] as? String)?.contains("longer than 64 KiB") == true)
        #expect(try client.next()["type"] as? String == "state")
    }

    @Test func connectionsBeyondTheCapAreToldWhyAndClosed() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try makeInspectedStore(sandbox)
        let cap = InspectorEndpoint.Limits().connections
        #expect(cap == 16)
        var attached: [InspectorTestClient] = []
        for _ in 0..<cap {
            let client = try InspectorTestClient(path: endpoint.socketPath)
            _ = try client.next("hello")
            attached.append(client)
        }
        let extra = try InspectorTestClient(path: endpoint.socketPath)
        let events = try extra.eventsUntilClosed()
        #expect(events.count == 1)
        #expect(events.first?["type"] as? String == "error")
        #expect((events.first?["message"] as? String)?.contains("16 inspectors") == true)
        #expect(endpoint.statistics.connections == cap)
        #expect(endpoint.statistics.refused == 1)

        // The attached ones still stream, and a place freed is taken again.
        store.dispatch(AddTodo(title: "milk"))
        #expect(try attached[0].next("action")["action"] as? String == "AddTodo")
        attached.removeLast().close()
        try await eventually("the endpoint dropped the closed connection") {
            endpoint.statistics.connections == cap - 1
        }
        let again = try InspectorTestClient(path: endpoint.socketPath)
        _ = try again.next("hello")
    }
}
