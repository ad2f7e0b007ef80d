@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import Testing

/// A thunk that needs the answer itself waits for the entry to settle, with one fetch at most.
@Suite(.timeLimit(.minutes(3)))
struct QuerySettledEntryTests {
    /// Deals from the settled entry of `genre`, recording what it got.
    private func deal(
        _ albums: QueryEndpoint<String, [String]>, _ genre: String, into got: Locked<[[String]?]>
    ) -> AsyncThunk<AppState, Void> {
        AsyncThunk { dispatch, _ in
            let entry = await albums.settledEntry(genre, dispatch: dispatch)
            got.withLock { $0.append(entry?.value) }
        }
    }

    @Test func twoThunksWaitingForOneEntryShareOneFetchAndAFreshOneFetchesNothing() async {
        // The deals wait for the entry, not for the clock, which an advance can't tell from work
        // still running: it waits its settle timeout for them, so keep that short.
        let clock = TestClock(settleTimeout: 0.1)
        let server = FakeServer()
        let albums = albumsEndpoint(server, policy: QueryPolicy(freshFor: .seconds(600)))
        let store = makeStore(albums, clock: clock)
        let got = Locked<[[String]?]>([])
        store.dispatch(deal(albums, "Rock", into: got) as Action)
        store.dispatch(deal(albums, "Rock", into: got) as Action)
        await clock.advance(by: .seconds(1))
        #expect(got.withLock { $0 } == [["Rock 1"], ["Rock 1"]])
        store.dispatch(deal(albums, "Rock", into: got) as Action)
        await clock.advance(by: .zero)
        #expect(got.withLock { $0.count } == 3)
        #expect(server.calls == ["Rock"])
        #expect(store.state.albums["Rock"]?.wantedBy == 0)
    }

    @Test func withoutTheEndpointsMiddlewareTheWaitEndsWithNothing() async throws {
        let albums = albumsEndpoint(FakeServer())
        let store = Store<AppState>(
            reducer: { action, state in albums.reduce(action, &state.albums) }, state: AppState(),
            middleware: [createThunkMiddleware()])
        let got = Locked<[[String]?]>([])
        try await store.dispatch(deal(albums, "Rock", into: got))
        #expect(got.withLock { $0 } == [nil])
    }
}
