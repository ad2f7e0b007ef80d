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

/// A state that is not Encodable, so the inspector describes it.
private struct Opaque: Equatable {
    var count = 0
}

/// An action that is not Encodable, so the inspector describes it.
private struct Bump: Action {
    var by: Int
}

@Suite(.serialized, .timeLimit(.minutes(5))) struct InspectorEndpointTests {
    @Test func sendsHelloThenOneEventPerActionWithPayloadDurationAndDiff() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try makeInspectedStore(sandbox)
        #expect(endpoint.socketPath == sandbox.directory + "/\(getpid()).sock")

        let client = try InspectorTestClient(path: endpoint.socketPath)
        let hello = try client.next()
        #expect(hello["type"] as? String == "hello")
        #expect(hello["app"] as? String == "demo")
        #expect(hello["pid"] as? Int == Int(getpid()))
        #expect(hello["protocol"] as? Int == 1)
        #expect(hello["stateType"] as? String == "ReSwiftDevToolsTests.TodoState")
        #expect(hello["timeTravel"] as? Bool == false)

        store.dispatch(AddTodo(title: "milk"))
        store.dispatch(Refresh())
        let add = try client.next()
        #expect(add["type"] as? String == "action")
        #expect(add["seq"] as? Int == 2)  // ReSwiftInit was the first
        #expect(add["action"] as? String == "AddTodo")
        #expect(add["actionType"] as? String == "ReSwiftDevToolsTests.AddTodo")
        #expect((add["payload"] as? [String: Any])?["title"] as? String == "milk")
        #expect((add["durationNs"] as? Int ?? -1) >= 0)
        #expect(abs((add["time"] as? Double ?? 0) - Date().timeIntervalSince1970) < 60)
        let diff = add["diff"] as? [[String: Any]]
        #expect(diff?.count == 1)
        #expect(diff?.first?["path"] as? String == "todos[0]")
        #expect(diff?.first?["after"] as? String == #"Todo(title: "milk", isDone: false)"#)
        #expect(diff?.first?["before"] == nil)

        let refresh = try client.next()
        #expect(refresh["seq"] as? Int == 3)
        #expect(refresh["action"] as? String == "Refresh")
        #expect(refresh["payload"] == nil)
        #expect(refresh["description"] as? String == "Refresh()")
        #expect((refresh["diff"] as? [Any])?.isEmpty == true)
    }

    @Test func actionsDispatchedWithACallSiteCarryIt() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try makeInspectedStore(sandbox)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")

        store.dispatch(AddTodo(title: "milk"), file: "Shop/ListView.swift", line: 42)
        store.dispatch(Refresh())
        let add = try client.next("action")
        #expect(add["action"] as? String == "AddTodo")
        #expect(add["callSite"] as? String == "Shop/ListView.swift:42")
        let refresh = try client.next("action")
        #expect(refresh["action"] as? String == "Refresh")
        #expect(refresh["callSite"] == nil)
    }

    @Test func describesActionsAndStatesThatAreNotEncodable() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<Opaque> = makeInspectorMiddleware(
            app: "opaque", environment: sandbox.environment
        ) { started.append($0) }
        let store = Store<Opaque>(
            reducer: { action, state in
                var state = state ?? Opaque()
                if let bump = action as? Bump { state.count += bump.by }
                return state
            }, state: nil, middleware: [middleware])
        let endpoint = try #require(started.all.first)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")

        store.dispatch(Bump(by: 3))
        let event = try client.next("action")
        #expect(event["description"] as? String == "Bump(by: 3)")
        #expect((event["diff"] as? [[String: Any]])?.first?["path"] as? String == "count")
        #expect((event["diff"] as? [[String: Any]])?.first?["after"] as? String == "3")

        client.send(#"{"command":"state"}"#)
        let state = try client.next("state")
        #expect(state["description"] as? String == "Opaque(count: 3)")
        #expect(state["state"] == nil)
    }

    @Test func sendsTheFullStateOnRequestAndWithEachActionWhenAsked() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try makeInspectedStore(sandbox)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")
        store.dispatch(AddTodo(title: "milk"))
        _ = try client.next("action")

        client.send(#"{"command":"state"}"#)
        let reply = try client.next("state")
        #expect(reply["seq"] as? Int == 2)
        let state = try #require(reply["state"] as? [String: Any])
        #expect(state["filter"] as? String == "all")
        #expect(((state["todos"] as? [[String: Any]])?.first)?["title"] as? String == "milk")

        client.send(#"{"command":"states","on":true}"#)
        #expect(try client.next("states")["on"] as? Bool == true)
        store.dispatch(SetFilter(filter: "done"))
        let event = try client.next("action")
        #expect((event["state"] as? [String: Any])?["filter"] as? String == "done")
    }

    @Test func pausedConnectionsGetNoActionEventsUntilResumed() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try makeInspectedStore(sandbox)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")

        client.send(#"{"command":"pause"}"#)
        #expect(try client.next()["type"] as? String == "paused")
        store.dispatch(AddTodo(title: "unseen"))
        client.send(#"{"command":"resume"}"#)
        #expect(try client.next()["type"] as? String == "resumed")
        store.dispatch(AddTodo(title: "seen"))

        let event = try client.next()
        #expect(event["type"] as? String == "action")
        #expect(event["seq"] as? Int == 3)  // ReSwiftInit, then the unseen one, were counted
        #expect((event["payload"] as? [String: Any])?["title"] as? String == "seen")
        #expect(store.state.todos.count == 2)
    }

    @Test func answersUnknownCommandsAndJumpsWithoutTimeTravelWithAnError() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (_, endpoint) = try makeInspectedStore(sandbox)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")
        client.send(#"{"command":"explode"}"#)
        #expect((try client.next("error")["message"] as? String)?.contains("explode") == true)
        client.send(#"{"command":"jump","index":0}"#)
        #expect((try client.next("error")["message"] as? String)?.contains("timeTravelReducer") == true)
        client.send("not json")
        #expect((try client.next("error")["message"] as? String)?.contains("Not a command") == true)
    }

    @Test func jumpsInTheHistoryOfATimeTravelStore() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<TimeTravelState<TodoState>> = makeInspectorMiddleware(
            app: "travel", environment: sandbox.environment
        ) { started.append($0) }
        let store = Store(reducer: timeTravelReducer(todoReducer), state: nil, middleware: [middleware])
        let endpoint = try #require(started.all.first)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        #expect(try client.next("hello")["timeTravel"] as? Bool == true)
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))

        client.send(#"{"command":"jump","index":1}"#)
        var event = try client.next("action")
        while event["action"] as? String != "JumpToStep" {
            event = try client.next("action")
        }
        #expect((event["payload"] as? [String: Any])?["number"] as? Int == 1)
        try await eventually("the store shows step 1") { store.state.currentIndex == 1 }
        #expect(store.state.current.todos.map(\.title) == ["a"])
    }

    /// A bounded history drops its oldest steps; the step an action event names still jumps to
    /// the state after that action (a position in the history would land later), and a step
    /// already dropped is answered with an error instead of the oldest state.
    @Test func jumpsLandOnTheActionsStateAfterTheHistoryWasTrimmed() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<TimeTravelState<TodoState>> = makeInspectorMiddleware(
            app: "travel", environment: sandbox.environment
        ) { started.append($0) }
        let store = Store(
            reducer: timeTravelReducer(todoReducer, historyLimit: 500), state: nil, middleware: [middleware])
        let endpoint = try #require(started.all.first)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")
        var stepOf: [String: Int] = [:]
        for number in 1...700 {
            store.dispatch(AddTodo(title: "\(number)"))
            let event = try client.next("action")
            let title = (event["payload"] as? [String: Any])?["title"] as? String
            stepOf[title ?? "?"] = event["historyIndex"] as? Int
        }
        #expect(store.state.steps.count == 500)
        #expect(store.state.firstStepNumber == 201)

        let step = try #require(stepOf["600"])
        client.send(#"{"command":"jump","index":\#(step)}"#)
        try await eventually("the store shows the state after the 600th action") {
            store.state.current.todos.last?.title == "600"
        }
        #expect(store.state.current.todos.count == 600)

        let dropped = try #require(stepOf["100"])
        client.send(#"{"command":"jump","index":\#(dropped)}"#)
        let error = try client.next("error")
        #expect((error["message"] as? String)?.contains("no longer in the app's history") == true, "\(error)")
        #expect(store.state.current.todos.count == 600, "a dropped step changes nothing")
    }

    @Test func aTimeTravelStoreShowsItsPresentStateAndWhereEachActionLeftItsHistory() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let started = Collected<InspectorEndpoint>()
        let middleware: Middleware<TimeTravelState<TodoState>> = makeInspectorMiddleware(
            app: "travel", environment: sandbox.environment
        ) { started.append($0) }
        let store = Store(reducer: timeTravelReducer(todoReducer), state: nil, middleware: [middleware])
        let endpoint = try #require(started.all.first)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")
        store.dispatch(AddTodo(title: "a"))
        store.dispatch(AddTodo(title: "b"))
        let first = try client.next("action")
        #expect(first["historyIndex"] as? Int == 1)
        let diff = first["diff"] as? [[String: Any]]
        #expect(diff?.map { $0["path"] as? String } == ["todos[0]"])
        #expect(try client.next("action")["historyIndex"] as? Int == 2)

        store.dispatch(JumpToState(index: 1))
        let jump = try client.next("action")
        #expect(jump["historyIndex"] as? Int == 1)
        #expect(
            (jump["diff"] as? [[String: Any]])?.map { $0["before"] as? String } == [
                #"Todo(title: "b", isDone: false)"#
            ])

        client.send(#"{"command":"state"}"#)
        let state = try client.next("state")
        #expect(state["historyIndex"] as? Int == 1)
        #expect(((state["state"] as? [String: Any])?["todos"] as? [Any])?.count == 1)
    }

    @Test func aStoppedReaderLosesEventsAsAGapAndNeverBlocksDispatch() throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let limits = InspectorEndpoint.Limits()
        let (store, endpoint) = try makeInspectedStore(sandbox, limits: limits)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")

        // The client reads nothing while the app dispatches.
        let memoryBefore = residentMemory()
        for index in 0..<100_000 {
            store.dispatch(ToggleTodo(index: index))
        }
        let memoryAfter = residentMemory()
        let statistics = endpoint.statistics
        #expect(statistics.lost > 0)
        #expect(statistics.peakBufferedBytes <= limits.bufferedBytes)
        #expect(statistics.peakPendingEvents <= limits.pendingEvents)
        if let memoryBefore, let memoryAfter {
            print(
                """
                inspector: 100,000 actions to a stopped reader: resident memory \(memoryBefore / 1024) KiB → \
                \(memoryAfter / 1024) KiB (+\((memoryAfter - memoryBefore) / 1024) KiB); \
                peak buffer \(statistics.peakBufferedBytes) bytes, peak pending \(statistics.peakPendingEvents), \
                lost \(statistics.lost)
                """)
        }

        // The reader catches up: a state request is answered after everything buffered.
        var received = 0
        var reportedLost: UInt64 = 0
        client.send(#"{"command":"state"}"#)
        while true {
            let event = try client.next()
            if event["type"] as? String == "state" { break }
            if event["type"] as? String == "action" { received += 1 }
            if event["type"] as? String == "gap" { reportedLost += UInt64(event["lost"] as? Int ?? 0) }
        }
        // The next event comes after a gap that counts what was lost.
        store.dispatch(AddTodo(title: "after"))
        var lastSeq = 0
        while lastSeq != 100_002 {  // ReSwiftInit was 1
            let event = try client.next()
            switch event["type"] as? String {
            case "action":
                received += 1
                lastSeq = event["seq"] as? Int ?? 0
            case "gap":
                reportedLost += UInt64(event["lost"] as? Int ?? 0)
            default:
                break
            }
        }
        #expect(reportedLost > 0)
        #expect(UInt64(received) + reportedLost == 100_001)
        #expect(reportedLost == endpoint.statistics.lost)
    }

    @Test func aDisconnectingInspectorIsDroppedAndTheAppKeepsDispatching() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let (store, endpoint) = try makeInspectedStore(sandbox)
        let client = try InspectorTestClient(path: endpoint.socketPath)
        _ = try client.next("hello")
        store.dispatch(AddTodo(title: "before"))
        client.close()
        for index in 0..<5_000 {
            store.dispatch(ToggleTodo(index: index % 1))
        }
        try await eventually("the endpoint dropped the connection") { endpoint.statistics.connections == 0 }
        store.dispatch(AddTodo(title: "after"))
        #expect(store.state.todos.map(\.title) == ["before", "after"])

        // A new inspector can attach afterwards.
        let second = try InspectorTestClient(path: endpoint.socketPath)
        _ = try second.next("hello")
        store.dispatch(AddTodo(title: "again"))
        #expect((try second.next("action")["payload"] as? [String: Any])?["title"] as? String == "again")
    }
}
