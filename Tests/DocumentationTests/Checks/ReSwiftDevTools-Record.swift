// Run after the "Record a session" program of ReSwiftDevTools' "Debugging with DevTools"
// (GuideProgramTests, with TMPDIR a folder of the test's): the file holds a header line and a
// JSON line per action, and replays to the state the store reached.
import Foundation
import ReSwift
import ReSwiftDevTools
import Testing

@MainActor @Test func theRecordedSessionReplaysToTheSameState() throws {
    store.dispatch(AddTodo(title: "milk"))
    store.dispatch(ToggleTodo(index: 0))

    let lines = try String(contentsOf: sessionURL, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3, "a header and two actions: \(lines)")
    #expect(lines.first?.contains(#""format":"ReSwiftDevTools.session""#) == true)
    #expect(lines.dropFirst().first?.contains(#""action":{"title":"milk"}"#) == true)
    #expect(lines.dropFirst().first?.contains(#""type":"AddTodo""#) == true)

    let session = try RecordedSession(contentsOf: sessionURL, registry: registry)
    #expect(session.skipped.isEmpty)
    let replayed = session.replayedStore(reducer: appReducer)
    #expect(replayed.state == store.state)
    #expect(replayed.state.titles == ["milk"])
}
