import Foundation
import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

/// Runs the code of the article "Inspecting a Running App", so that the guide keeps working.
@Suite(.serialized, .timeLimit(.minutes(3))) struct InspectorGuideTests {
    private let appReducer = todoReducer

    @Test func installingTheInspectorChangesNothingWithoutRESWIFT_INSPECT() throws {
        // The article's store, as written; the tests run without RESWIFT_INSPECT.
        #expect(ProcessInfo.processInfo.environment["RESWIFT_INSPECT"] != "1")
        let store = Store(
            reducer: appReducer,
            state: nil,
            middleware: [createInspectorMiddleware(app: "todo")]
        )
        store.dispatch(AddTodo(title: "milk"))
        #expect(store.state.todos.map(\.title) == ["milk"])
        #expect(try InspectableProcess.all().allSatisfy { $0.pid != getpid() || $0.app != "todo" })
    }

    @Test func aTimeTravelStoreIsFoundAndJumpsOnCommand() async throws {
        let sandbox = try InspectorSandbox()
        defer { sandbox.remove() }
        let store = Store(
            reducer: timeTravelReducer(appReducer),
            state: nil,
            middleware: [createInspectorMiddleware(app: "todo", environment: sandbox.environment)]
        )
        let process = try #require(try InspectableProcess.all(environment: sandbox.environment).first)
        #expect(process.app == "todo")
        #expect(process.pid == getpid())

        // "Writing a tool": what reswift-inspect does when you press t.
        let client = try InspectorClient(socketPath: process.socketPath)
        let hello = try #require(try client.nextLine())
        #expect(String(decoding: hello, as: UTF8.self).contains(#""timeTravel":true"#))
        store.dispatch(AddTodo(title: "milk"))
        store.dispatch(AddTodo(title: "eggs"))
        try client.send(#"{"command":"jump","index":1}"#)
        try await eventually("the store is back after milk") {
            store.state.current.todos.map(\.title) == ["milk"]
        }
        try client.send(#"{"command":"jump","index":\#(Int.max)}"#)
        try await eventually("the store is at the present") { store.state.current.todos.count == 2 }
    }
}
