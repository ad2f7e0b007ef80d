// Run after the "Time travel" program of ReSwiftDevTools' "Inspecting a Running App"
// (GuideProgramTests), with RESWIFT_INSPECT=1 and a runtime folder of the test's: a tool finds the
// store, and a jump command takes it back to the state after an action, then to the present.
import Foundation
import ReSwift
import ReSwiftDevTools
import TestSupport
import Testing

@MainActor @Test func aToolFindsTheStoreAndJumpsInTime() async throws {
    let process = try #require(try InspectableProcess.all().first { $0.pid == getpid() })
    #expect(process.app == "todo")

    // "Writing a tool": what reswift-inspect does when you press t.
    let client = try InspectorClient(socketPath: process.socketPath)
    let hello = try #require(try client.nextLine())
    #expect(String(decoding: hello, as: UTF8.self).contains(#""timeTravel":true"#))
    store.dispatch(SetTitles(titles: ["milk"]))
    store.dispatch(SetTitles(titles: ["milk", "eggs"]))
    try client.send(#"{"command":"jump","index":1}"#)
    try await eventually("the store is back after milk") { store.state.current.titles == ["milk"] }
    try client.send(#"{"command":"jump","index":\#(Int.max)}"#)
    try await eventually("the store is at the present") { store.state.current.titles.count == 2 }
}
