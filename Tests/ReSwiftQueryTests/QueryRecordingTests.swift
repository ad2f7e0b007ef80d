import Foundation
import ReSwift
import ReSwiftDevTools
import ReSwiftQuery
import ReSwiftThunk
import TestSupport
import Testing

/// Every transition is an action: a recorded session replays with its answers and no network.
@Suite(.timeLimit(.minutes(3)))
struct QueryRecordingTests {
    @Test func aRecordedSessionReplaysWithItsAnswersAndNoNetwork() async throws {
        let folder = try TemporaryDirectory()
        let url = folder.file("session.jsonl")
        var registry = ActionRegistry()
        registry.register(QueryAction<String, [String]>.self, as: "albums")
        registry.register(InvalidateQueries.self)
        let recorder = try SessionRecorder(url: url, registry: registry)
        let clock = TestClock()
        let server = FakeServer { genre, call in
            if genre == "Rock" && call > 2 { throw CocoaError(.fileReadCorruptFile) }
            return ["\(genre) \(call)"]
        }
        let albums = albumsEndpoint(server)
        let store = makeStore(albums, clock: clock, extra: [recorder.middleware()])
        store.dispatch(albums.want("Rock"))
        store.dispatch(albums.want("Pop"))
        await clock.advance(by: .seconds(1))
        store.dispatch(albums.refetch("Rock"))
        await clock.advance(by: .seconds(1))
        recorder.close()
        let recorded = store.state
        #expect(server.calls.count == 3)

        let session = try RecordedSession(contentsOf: url, registry: registry)
        #expect(session.skipped.isEmpty)
        let replayed = session.replayedStore(
            reducer: { action, state in
                var state = state ?? AppState()
                albums.reduce(action, &state.albums)
                return state
            })
        #expect(replayed.state == recorded)
        #expect(replayed.state.albums["Rock"]?.status == .failed)
        #expect(replayed.state.albums["Pop"]?.value != nil)
        #expect(server.calls.count == 3)
    }

    @Test func theSliceIsCodable() throws {
        var state = QueryState<String, [String]>()
        let albums = albumsEndpoint(FakeServer())
        albums.reduce(albums.want("Rock"), &state)
        albums.reduce(
            QueryAction<String, [String]>(endpoint: "albums", argument: "Rock", event: .started), &state)
        albums.reduce(
            QueryAction(
                endpoint: "albums", argument: "Rock",
                event: .loaded(
                    ["A"],
                    at: QueryTimestamp(
                        instant: EffectInstant(nanoseconds: 5), date: Date(timeIntervalSince1970: 9)))),
            &state)
        let decoded = try JSONDecoder().decode(
            QueryState<String, [String]>.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
    }

    @Test func actionsOfAnotherEndpointWithTheSameTypesChangeNothing() {
        let albums = albumsEndpoint(FakeServer())
        var state = QueryState<String, [String]>()
        albums.reduce(
            QueryAction<String, [String]>(endpoint: "artists", argument: "Rock", event: .want), &state)
        #expect(state.entries.isEmpty)
    }
}
