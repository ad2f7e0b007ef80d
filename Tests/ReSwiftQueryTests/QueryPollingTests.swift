import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import Testing

/// Polling until the answer is complete, as Calil's `/check` does: the spacing of polls, the
/// entry saying it is polled, a wait that lasts until the last poll, stopping, and starting over.
@Suite(.timeLimit(.minutes(3)))
struct QueryPollingTests {
    /// Polled every 2 s, complete at the third answer; each fetch takes 1 s.
    private func polled(_ server: FakeServer) -> QueryEndpoint<String, [String]> {
        albumsEndpoint(server, policy: QueryPolicy(keepFor: nil, pollEvery: .seconds(2))) { $0 == ["done"] }
    }

    private func completeAtTheThird() -> FakeServer {
        FakeServer { genre, call in call >= 3 ? ["done"] : ["\(genre) \(call)"] }
    }

    @Test func pollsStartEveryIntervalHoweverLongEachFetchTakes() async {
        let clock = TestClock()
        let server = completeAtTheThird()
        let albums = polled(server)
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(1))
        #expect(store.state.albums["Rock"]?.value == ["Rock 1"])
        // The second fetch starts 2 s after the first started, not 2 s after its answer.
        await clock.advance(by: .seconds(1))
        #expect(server.calls.count == 2)
        await clock.advance(by: .seconds(2))
        #expect(server.calls.count == 3)
        await clock.advance(by: .seconds(1))
        #expect(store.state.albums["Rock"]?.value == ["done"])
        #expect(store.state.albums["Rock"]?.fetched?.instant == EffectInstant(nanoseconds: 5_000_000_000))
    }

    @Test func theEntrySaysItIsPolledUntilTheAnswerIsComplete() async {
        let clock = TestClock()
        let albums = polled(completeAtTheThird())
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        #expect(store.state.albums["Rock"]?.isPolling == false)
        await clock.advance(by: .seconds(1))
        let between = store.state.albums["Rock"]
        #expect(between?.status == .loaded)
        #expect(between?.isPolling == true)
        #expect(between?.isSettled == false)
        await clock.advance(by: .seconds(1))
        #expect(store.state.albums["Rock"]?.status == .refreshing)
        #expect(store.state.albums["Rock"]?.isPolling == true)
        await clock.run()
        #expect(store.state.albums["Rock"]?.isPolling == false)
        #expect(store.state.albums["Rock"]?.isSettled == true)
    }

    @Test func cancellingBetweenPollsSaysSoKeepsTheAnswerAndFetchesNoMore() async {
        let clock = TestClock()
        let server = completeAtTheThird()
        let albums = polled(server)
        let actions = Locked<[String]>([])
        let recorder: Middleware<AppState> = { _, _ in
            { next in
                { action in
                    if let query = action as? QueryAction<String, [String]> {
                        actions.withLock { $0.append(query.description) }
                    }
                    next(action)
                }
            }
        }
        let store = makeStore(albums, clock: clock, extra: [recorder])
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(1.5))
        store.dispatch(albums.cancel("Rock"))
        #expect(actions.withLock { $0.last } == "albums(Rock): cancelled")
        let entry = store.state.albums["Rock"]
        #expect(entry?.isPolling == false)
        #expect(entry?.status == .loaded)
        #expect(entry?.value == ["Rock 1"])
        await clock.advance(by: .seconds(30))
        #expect(server.calls.count == 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSettledEntryOfAPolledEndpointIsItsCompleteAnswer() async {
        // The wait is for the entry, not the clock: keep the settle timeout short.
        let clock = TestClock(settleTimeout: 0.1)
        let server = completeAtTheThird()
        let albums = polled(server)
        let store = makeStore(albums, clock: clock)
        let got = Locked<[[String]?]>([])
        store.dispatch(
            AsyncThunk<AppState, Void> { dispatch, _ in
                let entry = await albums.settledEntry("Rock", dispatch: dispatch)
                got.withLock { $0.append(entry?.value) }
            } as Action)
        await clock.advance(by: .seconds(3))
        #expect(got.withLock { $0 }.isEmpty, "the wait ended before the answer was complete")
        await clock.advance(by: .seconds(2))
        #expect(got.withLock { $0 } == [["done"]])
        #expect(server.calls.count == 3)
    }

    @Test func restartingDropsTheAnswerAndFetchesFromNothingReplacingThePoll() async {
        let clock = TestClock()
        let seen = Locked<[[String]?]>([])
        let albums = QueryEndpoint<String, [String]>(
            "albums", policy: QueryPolicy(keepFor: nil, pollEvery: .seconds(2)),
            isComplete: { $0.count >= 3 },
            following: { genre, current in
                seen.withLock { $0.append(current) }
                return (current ?? []) + ["\(genre) \((current?.count ?? 0) + 1)"]
            })
        let store = makeStore(albums, clock: clock)
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .seconds(2))
        #expect(store.state.albums["Rock"]?.value == ["Rock 1", "Rock 2"])
        store.dispatch(albums.restart("Rock"))
        #expect(store.state.albums["Rock"]?.status == .loading)
        #expect(store.state.albums["Rock"]?.value == nil)
        await clock.advance(by: .zero)
        #expect(store.state.albums["Rock"]?.value == ["Rock 1"])
        #expect(seen.withLock { $0 } == [nil, ["Rock 1"], nil])
        await clock.run()
        #expect(store.state.albums["Rock"]?.value == ["Rock 1", "Rock 2", "Rock 3"])
        #expect(seen.withLock { $0.count } == 5)
    }

    @Test func anEntryEncodedBeforeIsPollingDecodesAsNotPolledAndAPolledOneKeepsIt() throws {
        let earlier = #"{"status":"loaded","value":["Rock 1"],"wantedBy":1,"isInvalidated":false}"#
        let entry = try JSONDecoder().decode(QueryEntry<[String]>.self, from: Data(earlier.utf8))
        #expect(entry == QueryEntry(status: .loaded, value: ["Rock 1"], wantedBy: 1))
        #expect(!entry.isPolling)
        var polled = entry
        polled.isPolling = true
        let decoded = try JSONDecoder().decode(QueryEntry<[String]>.self, from: JSONEncoder().encode(polled))
        #expect(decoded == polled)
    }
}
