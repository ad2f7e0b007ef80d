import Foundation
@_spi(ReSwiftInternal) import ReSwift
import ReSwiftQuery
import ReSwiftThunk
import Testing

/// Each policy of the query middleware, on a TestClock.
@Suite(.timeLimit(.minutes(3)))
struct QueryPolicyTests {
    @Test func manyWantsOfOneKeyMakeOneFetch() async {
        let app = AlbumsApp()
        for _ in 0..<1000 { app.want("Rock") }
        app.refetch("Rock")  // the user's reload while loading sends nothing new
        #expect(app.store.state.albums["Rock"]?.status == .loading)
        #expect(app.store.state.albums["Rock"]?.wantedBy == 1000)
        await app.advance(by: .seconds(1))
        #expect(app.server.calls == ["Rock"])
        #expect(app.store.state.albums["Rock"]?.status == .loaded)
        #expect(app.store.state.albums["Rock"]?.value == ["Rock 1"])
    }

    @Test func wantsThatComeWhileTheAnswerArrivesMakeNoSecondFetch() async {
        // The answer comes at once, on the worker's task, while wants keep coming on this one:
        // in between the worker's end and its answer's reduction, a want must not fetch again.
        for _ in 0..<100 {
            let clock = TestClock()
            let server = FakeServer(latency: .zero)
            let albums = albumsEndpoint(server, policy: QueryPolicy(freshFor: .seconds(60)))
            let store = makeStore(albums, clock: clock)
            for _ in 0..<300 { store.dispatch(albums.want("Rock")) }
            await clock.advance(by: .zero)
            #expect(server.calls == ["Rock"])
            if server.calls.count > 1 { break }
        }
    }

    @Test func aFreshAnswerIsNotFetchedAgainAndAStaleOneIsShownWhileItIs() async {
        let app = AlbumsApp(policy: QueryPolicy(freshFor: .seconds(600), keepFor: nil))
        app.want("Rock")
        await app.advance(by: .seconds(1))
        app.unwant("Rock")
        await app.advance(by: .seconds(300))
        app.want("Rock")
        #expect(app.server.calls == ["Rock"])
        #expect(app.store.state.albums["Rock"]?.status == .loaded)
        app.unwant("Rock")
        await app.advance(by: .seconds(300))
        app.want("Rock")
        #expect(app.store.state.albums["Rock"]?.status == .refreshing)
        #expect(app.store.state.albums["Rock"]?.value == ["Rock 1"])
        await app.advance(by: .seconds(1))
        #expect(app.server.calls == ["Rock", "Rock"])
        #expect(app.store.state.albums["Rock"]?.value == ["Rock 2"])
        #expect(
            app.store.state.albums["Rock"]?.fetched?.instant == EffectInstant(nanoseconds: 602_000_000_000))
    }

    @Test func anEntryNobodyWantsIsRemovedAfterKeepFor() async {
        let app = AlbumsApp(policy: QueryPolicy(keepFor: .seconds(60)))
        app.want("Rock")
        await app.advance(by: .seconds(1))
        app.unwant("Rock")
        await app.advance(by: .seconds(59))
        #expect(app.store.state.albums["Rock"] != nil)
        await app.advance(by: .seconds(1))
        #expect(app.store.state.albums["Rock"] == nil)
    }

    @Test func wantingAnEntryAgainKeepsItFromRemoval() async {
        let app = AlbumsApp(policy: QueryPolicy(freshFor: .seconds(600), keepFor: .seconds(60)))
        app.want("Rock")
        await app.advance(by: .seconds(1))
        app.unwant("Rock")
        await app.advance(by: .seconds(30))
        app.want("Rock")
        await app.advance(by: .seconds(120))
        #expect(app.store.state.albums["Rock"]?.value == ["Rock 1"])
        #expect(app.clock.sleeperCount == 0)
    }

    @Test func aWantedEntryPollsUntilTheAnswerIsComplete() async {
        // The third answer is complete, as Calil's /check says with `continue: 0`.
        let server = FakeServer(latency: .zero) { genre, call in call >= 3 ? ["done"] : ["\(genre) \(call)"] }
        let app = AlbumsApp(
            server, policy: QueryPolicy(pollEvery: .seconds(2)), isComplete: { $0 == ["done"] })
        app.want("Rock")
        await app.advance(by: .zero)
        #expect(app.store.state.albums["Rock"]?.value == ["Rock 1"])
        await app.advance(by: .seconds(2))
        #expect(app.store.state.albums["Rock"]?.value == ["Rock 2"])
        await app.advance(by: .seconds(2))
        #expect(app.store.state.albums["Rock"]?.value == ["done"])
        await app.advance(by: .seconds(20))
        #expect(app.server.calls.count == 3)
        #expect(app.clock.sleeperCount == 0)
    }

    @Test func eachFetchSeesTheEntrysCurrentValue() async {
        let clock = TestClock()
        let seen = Locked<[[String]?]>([])
        // Each answer goes on from the previous one, as Calil's /check polls with its session id.
        let albums = QueryEndpoint<String, [String]>(
            "albums", policy: QueryPolicy(pollEvery: .seconds(2)), isComplete: { $0.count >= 3 },
            following: { genre, current in
                seen.withLock { $0.append(current) }
                return (current ?? []) + ["\(genre) \((current?.count ?? 0) + 1)"]
            })
        let restored = QueryState<String, [String]>(
            restoring: QuerySnapshot(answers: ["Pop": .init(value: ["Pop 1"], fetched: Date())]))
        let store = makeStore(albums, clock: clock, state: AppState(albums: restored))
        store.dispatch(albums.want("Rock"))
        await clock.advance(by: .zero)
        await clock.advance(by: .seconds(2))
        await clock.advance(by: .seconds(2))
        #expect(store.state.albums["Rock"]?.value == ["Rock 1", "Rock 2", "Rock 3"])
        #expect(seen.withLock { $0 } == [nil, ["Rock 1"], ["Rock 1", "Rock 2"]])
        store.dispatch(albums.want("Pop"))
        await clock.advance(by: .zero)
        #expect(seen.withLock { $0.last } == ["Pop 1"])
        #expect(store.state.albums["Pop"]?.value == ["Pop 1", "Pop 2"])
    }

    @Test func pollingStopsWhenNobodyWantsTheEntry() async {
        let app = AlbumsApp(
            FakeServer(latency: .zero), policy: QueryPolicy(keepFor: nil, pollEvery: .seconds(2)))
        app.want("Rock")
        await app.advance(by: .seconds(2))
        #expect(app.server.calls.count == 2)
        app.unwant("Rock")
        await app.advance(by: .seconds(20))
        #expect(app.server.calls.count == 2)
        #expect(app.store.state.albums["Rock"]?.status == .loaded)
        #expect(app.clock.sleeperCount == 0)
    }

    @Test func aTransientFailureIsRetriedWithAGrowingDelay() async {
        let server = FakeServer(latency: .zero) { genre, call in
            if call < 3 { throw Unreachable() }
            return ["\(genre) \(call)"]
        }
        let app = AlbumsApp(server, policy: QueryPolicy(retry: .backoff(attempts: 3, first: .seconds(1))))
        app.want("Rock")
        await app.advance(by: .zero)
        #expect(app.server.calls.count == 1)
        #expect(app.store.state.albums["Rock"]?.status == .loading)
        #expect(app.store.state.albums["Rock"]?.error?.message == "the server can't be reached")
        await app.advance(by: .seconds(1))
        #expect(app.server.calls.count == 2)
        await app.advance(by: .seconds(1))
        #expect(app.server.calls.count == 2)  // the second wait is two seconds
        await app.advance(by: .seconds(1))
        #expect(app.server.calls.count == 3)
        #expect(app.store.state.albums["Rock"]?.status == .loaded)
        #expect(app.store.state.albums["Rock"]?.error == nil)
    }

    @Test func aFailureThatIsNotTransientFailsAtOnceAndKeepsTheOldValue() async {
        let server = FakeServer(latency: .zero) { genre, call in
            if call == 2 { throw CocoaError(.fileReadCorruptFile) }
            return ["\(genre) \(call)"]
        }
        let app = AlbumsApp(server, policy: QueryPolicy(retry: .backoff(attempts: 3, first: .seconds(1))))
        app.want("Rock")
        await app.advance(by: .zero)
        app.refetch("Rock")
        await app.advance(by: .seconds(10))
        #expect(app.server.calls.count == 2)
        let entry = app.store.state.albums["Rock"]
        #expect(entry?.status == .failed)
        #expect(entry?.value == ["Rock 1"])
        #expect(entry?.error?.isTransient == false)
    }

    @Test func aFetchIsCancelledWhenNobodyWantsItAndItsLateAnswerIsDropped() async {
        let app = AlbumsApp()
        app.want("Rock")
        await app.advance(by: .milliseconds(500))
        app.unwant("Rock")
        #expect(app.store.state.albums["Rock"]?.status == .idle)
        await app.advance(by: .seconds(1))
        #expect(app.server.cancellations == 1)
        #expect(app.store.state.albums["Rock"]?.value == nil)
    }

    @Test func aFetchIsCancelledOnRequest() async {
        let app = AlbumsApp(policy: QueryPolicy(pollEvery: .seconds(5)))
        app.want("Rock")
        await app.advance(by: .milliseconds(10))
        app.cancel("Rock")
        await app.advance(by: .seconds(30))
        #expect(app.server.cancellations == 1)
        #expect(app.server.calls.count == 1)
        #expect(app.store.state.albums["Rock"]?.status == .idle)
        #expect(app.store.state.albums["Rock"]?.wantedBy == 1)
    }

    @Test func invalidatingATagRefetchesWhatIsWantedAndDropsTheRest() async {
        let app = AlbumsApp(
            FakeServer(latency: .zero), policy: QueryPolicy(freshFor: .seconds(600), keepFor: nil))
        app.want("Rock")
        app.want("Pop")
        await app.advance(by: .zero)
        app.unwant("Pop")
        app.store.dispatch(InvalidateQueries(tags: ["albums"]))
        await app.advance(by: .zero)
        #expect(app.server.calls.sorted() == ["Pop", "Rock", "Rock"])
        #expect(app.store.state.albums["Rock"]?.status == .loaded)
        #expect(app.store.state.albums["Rock"]?.isInvalidated == false)
        #expect(app.store.state.albums["Pop"] == nil)
        app.store.dispatch(InvalidateQueries(tags: ["genre:Jazz"]))
        await app.advance(by: .zero)
        #expect(app.server.calls.count == 3)
    }
}

/// The set-up of most tests here: a TestClock, a FakeServer, the albums endpoint on it, and a
/// store with the thunk and query middleware.
private struct AlbumsApp {
    let clock = TestClock()
    let server: FakeServer
    let albums: QueryEndpoint<String, [String]>
    let store: Store<AppState>

    init(
        _ server: FakeServer = FakeServer(), policy: QueryPolicy = QueryPolicy(),
        isComplete: @escaping @Sendable ([String]) -> Bool = { _ in false }
    ) {
        self.server = server
        albums = albumsEndpoint(server, policy: policy, isComplete: isComplete)
        store = makeStore(albums, clock: clock)
    }

    func want(_ genre: String) { store.dispatch(albums.want(genre)) }
    func unwant(_ genre: String) { store.dispatch(albums.unwant(genre)) }
    func refetch(_ genre: String) { store.dispatch(albums.refetch(genre)) }
    func cancel(_ genre: String) { store.dispatch(albums.cancel(genre)) }
    func advance(by duration: EffectDuration) async { await clock.advance(by: duration) }
}
