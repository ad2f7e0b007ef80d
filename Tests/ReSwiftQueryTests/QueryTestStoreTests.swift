import Foundation
import ReSwift
import ReSwiftQuery
import ReSwiftTesting
import ReSwiftThunk
import Testing

/// TestStore drives a query with a stubbed endpoint, as the "Fetching data" guide shows.
@Suite(.timeLimit(.minutes(3)))
struct QueryTestStoreTests {
    @Test func aTestStoreDrivesAQueryWithAStubbedEndpoint() async {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let albums = albumsEndpoint(FakeServer(), policy: QueryPolicy(freshFor: .seconds(600)))
            .replacingFetch { genre in
                // hazard-check: ok because this is EffectClock's sleep on EffectDuration (nanoseconds), which needs no macOS 13
                try await EffectEnvironment.sleep(for: .seconds(1))
                return ["\(genre) stub"]
            }
        let effects = ThunkEffects()
        let store = TestStore(
            initialState: AppState(),
            reducer: { action, state in albums.reduce(action, &state.albums) },
            middleware: [createThunkMiddleware(effects: effects), albums.middleware(\.albums, now: { date })])

        store.send(albums.want("Rock")) {
            $0.albums.entries["Rock"] = QueryEntry(wantedBy: 1)
        }
        await store.receive(
            QueryAction<String, [String]>(endpoint: "albums", argument: "Rock", event: .started)
        ) {
            $0.albums.entries["Rock"]?.status = .loading
        }
        await store.advance(by: .seconds(1))
        await store.receive(QueryAction<String, [String]>.self) {
            $0.albums.entries["Rock"]?.status = .loaded
            $0.albums.entries["Rock"]?.value = ["Rock stub"]
            $0.albums.entries["Rock"]?.fetched = QueryTimestamp(
                instant: EffectInstant(nanoseconds: 1_000_000_000), date: date)
        }
        store.send(albums.want("Rock")) {  // fresh: no fetch
            $0.albums.entries["Rock"]?.wantedBy = 2
        }
        await store.finish(timeout: 30)  // ends when the thunks do; a busy pool starts them late
    }
}
