// Run after README.md's ReSwiftDevTools program (GuideProgramTests): the session it recorded
// replays to the state the store reached (the log its comment shows, the test reads).
import Foundation
import ReSwift
import ReSwiftDevTools
import Testing

@MainActor @Test func theRecordedSessionReplaysToTheStoresState() throws {
    let session = try RecordedSession(contentsOf: sessionURL, registry: registry)
    #expect(session.skipped.isEmpty)
    #expect(session.replayedStore(reducer: appReducer).state == store.state)
    #expect(store.state.todos == [Todo(title: "milk")])
}
